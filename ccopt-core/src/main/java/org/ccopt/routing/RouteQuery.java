package org.ccopt.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.job.DeclaredJob;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;

/**
 * One pair's routes: the topology's deterministic route ({@link Routings#deterministic}) and its minimal paths, or its
 * simple paths up to a few hops longer ({@link MinimalPaths}). The use case of {@code ccopt routes}.
 */
public final class RouteQuery {

    /** The most paths listed: enumerating more is work no one reads (a 20-cube has 20! minimal paths between antipodes). */
    public static final int MAX_LIMIT = 100_000;

    /** The job of {@code ccopt routes}. */
    public static final AsJob JOB = new AsJob();

    private RouteQuery() {
    }

    /** {@code ccopt routes} as a library job: the request's options and their reading. */
    public static final class AsJob extends DeclaredJob<Request, Outcome> {

        private static final JobOptions OPTIONS = JobOptions.of("routes", List.of(TopologySpec.OPTION,
                JobOption.whole("from", "NODE", "Source node id").asRequired(),
                JobOption.whole("to", "NODE", "Destination node id").asRequired(),
                JobOption.whole("limit", 16, "Most paths to list, at most " + MAX_LIMIT).withRange(1, MAX_LIMIT),
                JobOption.whole("extra-hops", 0, "Also list simple paths up to this many hops (at most "
                        + MinimalPaths.MAX_EXTRA_HOPS + ") longer than minimal").withRange(0, MinimalPaths.MAX_EXTRA_HOPS),
                JobOption.text("routing", "NAME", "Routing function, as the flit engine runs it: "
                        + String.join(", ", RoutingFunctions.DETERMINISTIC) + " (default: the network's, as the message "
                        + "and hop models route)"),
                JobOption.text("tie", "positive|negative|source-parity|half|wrap", "Torus dimension-order routing: "
                        + "direction taken when the offset is exactly k/2").withDefault("positive")
                        .withApplies(new JobOption.Applies("to dimension-order routing on a torus (a mesh or another "
                                + "function has no tie at k/2)", AsJob::torusOrder, java.util.Map.of("topology", "mesh:4x4",
                                "from", "0", "to", "5", "tie", "negative")))));

        /** {@link #tieApplies} on the values (true where the run refuses the network itself). */
        private static boolean torusOrder(JobOptions.Values v) {
            if (v.text("topology") == null) {
                return true;
            }
            try {
                return tieApplies(TopologySpec.parse(v.text("topology")), v.text("routing"));
            } catch (org.ccopt.InvalidInputException e) {
                return true;
            }
        }

        /** For {@link java.util.ServiceLoader}; use {@link RouteQuery#JOB}. */
        public AsJob() {
            super(OPTIONS, AsJob::read, RouteQuery::run, Outcome::figures);
        }

        private static Request read(JobOptions.Values v) {
            return new Request(TopologySpec.parse(v.text("topology")), v.whole("from"), v.whole("to"), v.whole("limit"),
                    v.whole("extra-hops"), v.given("tie") ? DimensionOrderRouting.Tie.class.cast(
                    org.ccopt.util.Enums.choose(DimensionOrderRouting.Tie.values(), "--tie", v.text("tie"))) : null,
                    v.text("routing"));
        }
    }

    /**
     * Whether a torus tie at k/2 decides routes on {@code t} under {@code routing} (null: the network's default):
     * dimension order ({@code dor}, {@code dor-booksim}) on a torus; a mesh or another function has no such tie.
     */
    static boolean tieApplies(Topology t, String routing) {
        boolean dimensionOrder = routing == null || routing.equals("dor") || routing.equals("dor-booksim");
        return dimensionOrder && t.geometry() instanceof org.ccopt.topology.Geometry.Grid g && g.wrap();
    }

    /**
     * What to look up.
     *
     * @param limit     the most paths to list, 1..{@link #MAX_LIMIT}
     * @param extraHops 0 for minimal paths, else simple paths up to this many hops longer (at most
     *                  {@link MinimalPaths#MAX_EXTRA_HOPS})
     * @param tie       dimension order's tie rule on a torus, or null for its default ({@link
     *                  DimensionOrderRouting.Tie#POSITIVE}); given on a network routed otherwise, it is refused
     * @param routing   a routing function of {@link RoutingFunctions#DETERMINISTIC} by name, or null for the network's
     *                  deterministic routing ({@link Routings#deterministic})
     */
    public record Request(Topology topology, int from, int to, int limit, int extraHops, DimensionOrderRouting.Tie tie,
                          String routing) {

        /** The network's deterministic routing. */
        public Request(Topology topology, int from, int to, int limit, int extraHops, DimensionOrderRouting.Tie tie) {
            this(topology, from, to, limit, extraHops, tie, null);
        }
    }

    /** The pair's hop distance, minimal-path count, deterministic route and listed paths. */
    public record Outcome(Topology topology, int from, int to, int hops, long minimalPaths, String routing, int[] route,
                          List<int[]> paths) {

        /** The figures {@code --json} prints, in order. */
        public Map<String, Object> figures() {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("topology", topology.spec());
            r.put("from", from);
            r.put("to", to);
            r.put("hops", hops);
            r.put("minimalPaths", minimalPaths);
            r.put("routing", routing);
            r.put("route", route);
            r.put("paths", paths);
            return r;
        }

        /** The outcome as text, a line each. */
        public List<String> lines() {
            List<String> lines = new ArrayList<>();
            lines.add(from + " -> " + to + " on " + topology.spec() + ": " + hops + " hops, " + minimalPaths + " minimal paths");
            lines.add("  " + routing + " route: " + Arrays.toString(route));
            for (int i = 0; i < paths.size(); i++) {
                lines.add("  path " + i + ": " + Arrays.toString(paths.get(i)));
            }
            return lines;
        }
    }

    /** Looks the pair up; one line (InvalidInputException) for a node, limit or tie that does not apply. */
    public static Outcome run(Request q) {
        Topology t = q.topology();
        for (int v : new int[] {q.from(), q.to()}) {
            if (v < 0 || v >= t.nodeCount()) {
                throw new InvalidInputException("node " + v + " is not in " + t.spec() + "; expected 0.." + (t.nodeCount() - 1));
            }
        }
        if (q.limit() < 1 || q.limit() > MAX_LIMIT || q.extraHops() < 0 || q.extraHops() > MinimalPaths.MAX_EXTRA_HOPS) {
            throw new InvalidInputException("--limit " + q.limit() + " and --extra-hops " + q.extraHops() + " are out of range; "
                    + "expected 1.." + MAX_LIMIT + " paths and 0.." + MinimalPaths.MAX_EXTRA_HOPS + " extra hops");
        }
        MinimalPaths paths = new MinimalPaths(t);
        long count = paths.count(q.from(), q.to());
        if (count == 0) {
            throw new InvalidInputException("node " + q.to() + " is unreachable from " + q.from() + " in " + t.spec()
                    + (t.isDirect() ? "" : " by a path through switches (a processor never relays)") + "; expected a "
                    + "pair that a route joins");
        }
        Routing routing = q.routing() != null ? Routings.byName(t, q.routing(), q.tie())
                : q.tie() != null && t.geometry() instanceof org.ccopt.topology.Geometry.Grid
                ? Routings.dimensionOrder(t, q.tie()) : Routings.deterministic(t, paths);
        if (q.tie() != null && !tieApplies(t, q.routing())) {
            throw new InvalidInputException("--tie applies to dimension-order routing on a torus; " + t.spec()
                    + " is routed by " + routing.name() + (t.geometry() instanceof org.ccopt.topology.Geometry.Grid g
                    && !g.wrap() ? " on a mesh, which has no tie at k/2" : "") + ", so it is refused rather than ignored");
        }
        int[] route = Routing.check(t, routing.route(q.from(), q.to()), q.from(), q.to());
        List<int[]> listed = q.extraHops() == 0 ? paths.paths(q.from(), q.to(), q.limit())
                : paths.pathsWithin(q.from(), q.to(), q.extraHops(), q.limit());
        return new Outcome(t, q.from(), q.to(), paths.length(q.from(), q.to()), count, routing.name(), route, listed);
    }
}
