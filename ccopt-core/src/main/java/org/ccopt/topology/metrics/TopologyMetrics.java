package org.ccopt.topology.metrics;

import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;

/**
 * The metrics {@code ccopt topo} prints, computed in one place.
 *
 * <p>Distances are over ordered pairs of distinct terminals, counted in channels (see {@link HopDistances});
 * degrees are over all nodes (terminals and switches) and count distinct neighbours; the Moore bounds use the
 * node count and maximum degree of the whole graph and are meaningful for direct networks.
 */
public record TopologyMetrics(String spec, int nodes, int terminals, int switches, long links, boolean directed,
                              int minDegree, int maxDegree, int diameter, double aspl, boolean connected,
                              BisectionWidth.Result bisection, int mooreDiameterBound, double mooreAsplBound,
                              CableModel.Result cables) {

    /** Options: worker threads for the BFS, and the search effort of the exact bisection (0 = heuristic only). */
    public record Options(int threads, long bisectionEffort, long seed, boolean computeBisection) {
        public Options {
            if (threads < 1 || bisectionEffort < 0) {
                throw new InvalidInputException("metrics need threads >= 1 and a bisection effort >= 0 search nodes, got "
                        + threads + " and " + bisectionEffort);
            }
        }

        public static Options defaults() {
            return new Options(Runtime.getRuntime().availableProcessors(), 2_000_000, 1, true);
        }
    }

    public static TopologyMetrics compute(Topology t, Options o) {
        int minDegree = Integer.MAX_VALUE;
        int maxDegree = 0;
        for (int u = 0; u < t.nodeCount(); u++) {
            int d = t.degree(u);
            minDegree = Math.min(minDegree, d);
            maxDegree = Math.max(maxDegree, d);
        }
        HopDistances.Summary s = HopDistances.summarize(t, o.threads());
        BisectionWidth.Result b = o.computeBisection() && t.terminalCount() >= 2
                ? new BisectionWidth(t).compute(o.bisectionEffort(), o.seed()) : null;
        int mooreDiameter = MooreBound.diameterLowerBound(t.nodeCount(), maxDegree);
        double mooreAspl = MooreBound.asplLowerBound(t.nodeCount(), maxDegree);
        return new TopologyMetrics(t.spec(), t.nodeCount(), t.terminalCount(), t.switchCount(), t.linkCount(),
                t.isOneWay(), minDegree, maxDegree, s.diameter(), s.aspl(), s.connected(), b, mooreDiameter,
                mooreAspl, CableModel.evaluate(t, CableModel.THESIS));
    }

    /**
     * The metrics by name, as {@code ccopt topo --json} prints them (null where a figure does not exist: distances of a
     * disconnected network, a bisection not computed, a Moore bound that does not apply).
     */
    public java.util.Map<String, Object> figures() {
        java.util.Map<String, Object> r = new java.util.LinkedHashMap<>();
        r.put("spec", spec);
        r.put("nodes", nodes);
        r.put("terminals", terminals);
        r.put("switches", switches);
        r.put("links", links);
        r.put("directed", directed);
        r.put("minDegree", minDegree);
        r.put("maxDegree", maxDegree);
        r.put("connected", connected);
        r.put("diameter", connected ? diameter : null);
        r.put("aspl", connected ? aspl : null);
        r.put("bisectionWidth", bisection == null ? null : bisection.width());
        r.put("bisectionChannels", bisection == null ? null : bisection.channels());
        r.put("bisectionExact", bisection != null && bisection.exact());
        r.put("bisectionMethod", bisection == null ? null : bisection.method());
        r.put("mooreDiameterBound", mooreDiameterBound);
        r.put("mooreAsplBound", Double.isNaN(mooreAsplBound) ? null : mooreAsplBound);
        r.put("cableTotalMetres", cables.totalLengthMetres());
        r.put("cableAverageMetres", cables.averageLengthMetres());
        r.put("costDollars", cables.totalCost());
        return r;
    }
}
