package org.ccopt.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.routing.DimensionOrderRouting;
import org.ccopt.routing.MinimalPaths;
import org.ccopt.routing.Routing;
import org.ccopt.routing.Routings;
import org.ccopt.topology.Topology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ccopt routes}: the deterministic route and the minimal (or near-minimal) paths of one pair. */
@Command(name = "routes", mixinStandardHelpOptions = true,
        description = "Show the deterministic route and the minimal paths between two nodes.")
final class RoutesCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    TopologyOption topology;

    @Option(names = "--from", required = true, description = "Source node id.")
    int from;

    @Option(names = "--to", required = true, description = "Destination node id.")
    int to;

    /** The most paths listed: enumerating more is work no one reads (a 20-cube has 20! minimal paths between antipodes). */
    static final int MAX_LIMIT = 100_000;

    /** The most extra hops: the number of simple paths grows exponentially with them. */
    static final int MAX_EXTRA_HOPS = org.ccopt.routing.MinimalPaths.MAX_EXTRA_HOPS;

    @Option(names = "--limit", defaultValue = "16", description = "Most paths to list, at most 100000 (default: ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--extra-hops", defaultValue = "0",
            description = "Also list simple paths up to this many hops (at most 16) longer than minimal (default: ${DEFAULT-VALUE}).")
    int extraHops;

    @Option(names = "--tie", defaultValue = "positive", paramLabel = "positive|negative|source-parity|half|wrap",
            description = "Torus dimension-order routing: direction taken when the offset is exactly k/2 (default: ${DEFAULT-VALUE}).")
    String tie;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        Topology t = topology.build();
        for (int v : new int[] {from, to}) {
            if (v < 0 || v >= t.nodeCount()) {
                throw new InvalidInputException("node " + v + " is not in " + t.spec() + "; expected 0.." + (t.nodeCount() - 1));
            }
        }
        if (limit < 1 || limit > MAX_LIMIT || extraHops < 0 || extraHops > MAX_EXTRA_HOPS) {
            throw new InvalidInputException("--limit " + limit + " and --extra-hops " + extraHops + " are out of range; expected "
                    + "1.." + MAX_LIMIT + " paths and 0.." + MAX_EXTRA_HOPS + " extra hops");
        }
        MinimalPaths paths = new MinimalPaths(t);
        if (paths.count(from, to) == 0) {
            throw new InvalidInputException("node " + to + " is unreachable from " + from + " in " + t.spec());
        }
        Routing routing = Routings.deterministic(t, paths);
        if (routing instanceof DimensionOrderRouting) {
            routing = new DimensionOrderRouting(t, RouterModel.Reading.parse(DimensionOrderRouting.Tie.class, "--tie", tie));
        } else if (spec.commandLine().getParseResult().hasMatchedOption("--tie")) {
            throw new InvalidInputException("--tie applies to dimension-order routing on tori and meshes; " + t.spec()
                    + " is routed otherwise, so it is refused rather than ignored");
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("topology", t.spec());
        r.put("from", from);
        r.put("to", to);
        r.put("hops", paths.length(from, to));
        r.put("minimalPaths", paths.count(from, to));
        r.put("routing", routing.name());
        int[] route = Routing.check(t, routing.route(from, to), from, to);
        r.put("route", route);
        r.put("paths", extraHops == 0 ? paths.paths(from, to, limit) : paths.pathsWithin(from, to, extraHops, limit));
        var w = spec.commandLine().getOut();
        if (json) {
            w.println(Json.result(spec, r));
        } else {
            w.printf("%d -> %d on %s: %d hops, %d minimal paths%n", from, to, t.spec(), paths.length(from, to),
                    paths.count(from, to));
            w.println("  " + routing.name() + " route: " + java.util.Arrays.toString(route));
            @SuppressWarnings("unchecked")
            var list = (java.util.List<int[]>) r.get("paths");
            for (int i = 0; i < list.size(); i++) {
                w.println("  path " + i + ": " + java.util.Arrays.toString(list.get(i)));
            }
        }
        return Main.OK;
    }
}
