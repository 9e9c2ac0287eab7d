package org.ccopt.mapping;

import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.NodeMapping;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.flitsim.Workload;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.HopDistances;

/**
 * Independent re-check of a node-mapping result before it is printed: the mapping is a permutation
 * ({@link NodeMapping#apply}, the same path {@code ccopt sim --mapping} takes), the hop total recomputed with
 * reverse breadth-first searches ({@link HopDistances#distance}, not the evaluator's table), and the duration
 * re-simulated on a fresh simulator with the validated, public {@link FlitSimulator#run} (where the evaluator ran the
 * flit engine's booksim router, {@code model} null, a fresh engine's batch).
 */
public final class MappingValidator {

    private MappingValidator() {
    }

    /** Throws {@link IllegalStateException} naming the difference if {@code claimed} is not what the mapping gives. */
    public static void check(FlitSetup setup, int[][] logicalPatterns, int[] mapping, MappingScore claimed, int packets,
                             int flitsPerPacket) {
        Topology t = setup.topology();
        RouterModel model = setup.model();
        if (!claimed.exact()) {
            throw new IllegalStateException("the reported mapping has a pruned (inexact) score");
        }
        HopDistances hops = new HopDistances(t);
        long totalHops = 0;
        long cycles = 0;
        FlitSimulator sim = packets > 0 && setup.papersRouter() ? setup.simulator() : null;
        org.ccopt.flitsim.net.NetworkSimulator engine = packets > 0 && !setup.papersRouter() ? setup.engine() : null;
        for (int[] pattern : logicalPatterns) {
            int[] dest = NodeMapping.apply(mapping, pattern);
            for (int p = 0; p < dest.length; p++) {
                totalHops += hops.distance(p, dest[p]);
            }
            if (sim != null) {
                RouterConfig config = sim.uniformConfig(model.defaultScheme(), model);
                cycles += sim.run(config, Workload.simple(dest, packets, flitsPerPacket)).durationCycles();
            }
            if (engine != null) {
                cycles += engine.runBatch(dest, packets, flitsPerPacket, 0).cycles();
            }
        }
        if (totalHops != claimed.totalHops() || cycles != claimed.cycles()) {
            throw new IllegalStateException("validation failed: the mapping gives " + cycles + " cycles and " + totalHops
                    + " hops; the optimizer reported " + claimed.cycles() + " and " + claimed.totalHops());
        }
    }
}
