package org.ccopt.collective;

import static org.assertj.core.api.Assertions.assertThat;

import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/** The minimum-cut bound for scatters between any sender and receiver sets, on hand-computed cases. */
class MinCutBoundTest {

    @Test
    void halvesOfARingCrossTwoChannels() {
        // ring:8, senders 0-3, receivers 4-7: 16 messages, and the fewest channels from {0..3} to {4..7} are 3->4 and
        // 0->7, so at least 8 steps, above the 4 of the per-node terms
        Topology t = TopologySpec.parse("ring:8");
        Collective c = Collective.of(CollectiveKind.MNS, t, new int[] {0, 1, 2, 3}, new int[] {4, 5, 6, 7});
        LowerBounds.Bound b = new LowerBounds(t, null).of(c, PortModel.parse("1"));
        assertThat(b.steps()).isEqualTo(8);
        assertThat(b.formula()).contains("minimum cut");
        assertThat(b.arguments()).anyMatch(a -> a.contains("c = 2") && a.endsWith("= 8"));
    }

    @Test
    void theFatOctagonsHalvesNeedElevenScatterSteps() {
        // the 2007 paper's Table 5 row "8 to other 8" read as terminals 0-7 to 8-15: 64 messages over a 6-channel cut
        Topology t = TopologySpec.parse("fat-octagon");
        Collective c = Collective.of(CollectiveKind.MNS, t, range(0, 8), range(8, 16));
        assertThat(new LowerBounds(t, null).of(c, PortModel.parse("1")).steps()).isEqualTo(11);
        // interleaved sets (one processor of every router to the other) have no separating cut worth more than 8
        Collective interleaved = Collective.of(CollectiveKind.MNS, t, new int[] {0, 2, 4, 6, 8, 10, 12, 14},
                new int[] {1, 3, 5, 7, 9, 11, 13, 15});
        assertThat(new LowerBounds(t, null).of(interleaved, PortModel.parse("1")).steps()).isEqualTo(8);
    }

    private static int[] range(int from, int to) {
        int[] r = new int[to - from];
        for (int i = 0; i < r.length; i++) {
            r[i] = from + i;
        }
        return r;
    }
}
