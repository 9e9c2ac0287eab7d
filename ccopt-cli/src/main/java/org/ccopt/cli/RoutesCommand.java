package org.ccopt.cli;

import java.util.concurrent.Callable;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.routing.DimensionOrderRouting;
import org.ccopt.routing.RouteQuery;
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
        boolean tieGiven = spec.commandLine().getParseResult().hasMatchedOption("--tie");
        RouteQuery.Outcome o = RouteQuery.run(new RouteQuery.Request(topology.build(), from, to, limit, extraHops,
                tieGiven ? RouterModel.Reading.parse(DimensionOrderRouting.Tie.class, "--tie", tie) : null));
        var w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, o.figures());
        } else {
            o.lines().forEach(w::println);
        }
        return Main.OK;
    }
}
