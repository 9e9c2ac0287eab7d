package org.ccopt.cupstack;

import static org.assertj.core.api.Assertions.assertThat;

import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.net.NetworkSimulator;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Simple stacking on BookSim's router ({@link BooksimStacking}) against a sweep written out here, run by run. */
class BooksimStackingTest {

    @ParameterizedTest
    @CsvSource({"torus:4x4, brev, 2", "torus:4x4, bcmp, 4", "'kary-ntree:2,3', brot, 2", "hypercube:4, shfl, 3"})
    void theSweepKeepsTheShortestRunOfEveryIntervalFromTheSliceLengthToOneSlicesDuration(String spec, String pattern,
                                                                                           int slices) {
        Topology t = TopologySpec.parse(spec);
        FlitSetup setup = new FlitSetup(t, 3, 4, null);
        int[] dest = TrafficPattern.parse(pattern).destinations(t, 1);
        BooksimStacking.Result r = BooksimStacking.simple(setup, dest, slices, 1, 8);
        NetworkSimulator sim = setup.engine();
        int[] none = new int[dest.length];
        assertThat(r.baselineCycles()).isEqualTo(sim.runBatch(dest, 1, 8 * slices, 0).cycles());
        int td = sim.runBatch(dest, 1, 8, 0).cycles();
        assertThat(r.singleSliceCycles()).isEqualTo(td);
        int best = Integer.MAX_VALUE;
        int at = -1;
        for (int v = 8; v <= Math.max(8, td); v++) {
            int d = sim.runPlan(dest, slices, 1, 8, v, none, 0, Integer.MAX_VALUE).cycles();
            if (d < best) {
                best = d;
                at = v;
            }
        }
        assertThat(r.simpleStackingCycles()).isEqualTo(best);
        assertThat(r.interval()).isEqualTo(at);
        // S slices released V apart cannot end before the last slice's release plus one slice's zero-load time
        assertThat(best).isGreaterThan((slices - 1) * at + 8);
    }
}
