package org.ccopt.mapping;

import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.FlitRouter;
import org.ccopt.flitsim.NodeMapping;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.Workload;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.HopDistances;

/**
 * Independent re-check of a node-mapping result before it is printed: the mapping is a permutation
 * ({@link NodeMapping#apply}, the same path {@code ccopt sim --mapping} takes), the hop total recomputed with
 * reverse breadth-first searches ({@link HopDistances#distance}, not the evaluator's table), and the duration
 * re-simulated on a fresh router of the set-up (the papers' or BookSim's) with the public {@link FlitRouter#run}.
 */
public final class MappingValidator {

    private MappingValidator() {
    }

    /** Throws {@link IllegalStateException} naming the difference if {@code claimed} is not what the mapping gives. */
    public static void check(FlitSetup setup, int[][] logicalPatterns, int[] mapping, MappingScore claimed, int packets,
                             int flitsPerPacket) {
        Topology t = setup.topology();
        if (!claimed.exact()) {
            throw new IllegalStateException("the reported mapping has a pruned (inexact) score");
        }
        HopDistances hops = new HopDistances(t);
        long totalHops = 0;
        long cycles = 0;
        FlitRouter router = packets > 0 ? setup.router() : null; // a fresh one, BookSim's drawing from the evaluator's seed
        RouterConfig config = setup.uniformConfig(setup.defaultScheme());
        for (int[] pattern : logicalPatterns) {
            int[] dest = NodeMapping.apply(mapping, pattern);
            for (int p = 0; p < dest.length; p++) {
                totalHops += hops.distance(p, dest[p]);
            }
            if (router != null) {
                cycles += router.run(config, Workload.simple(dest, packets, flitsPerPacket)).durationCycles();
            }
        }
        if (totalHops != claimed.totalHops() || cycles != claimed.cycles()) {
            throw new IllegalStateException("validation failed: the mapping gives " + cycles + " cycles and " + totalHops
                    + " hops; the optimizer reported " + claimed.cycles() + " and " + claimed.totalHops());
        }
    }
}
