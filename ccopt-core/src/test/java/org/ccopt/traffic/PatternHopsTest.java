package org.ccopt.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

class PatternHopsTest {

    @Test
    void aPatternsHopsAreCountedOverItsSendersOnly() {
        // on the ring of 8: half the nodes cross the ring (4 hops), two send to a neighbour, two keep to themselves
        int[] dest = {4, 5, 6, 7, 5, 4, 6, 7};
        PatternHops h = PatternHops.of(TopologySpec.parse("ring:8"), dest);
        assertThat(h.senders()).isEqualTo(6);
        assertThat(h.totalHops()).isEqualTo(4 * 4 + 1 + 1);
        assertThat(h.maxHops()).isEqualTo(4);
        assertThat(h.averageHops()).isEqualTo(18.0 / 6);
        assertThat(PatternHops.of(TopologySpec.parse("ring:4"), new int[] {0, 1, 2, 3}).averageHops()).isZero();
    }

    @Test
    void bitReversalOnTheFourByFourTorusAgreesWithHandCounting() {
        var t = TopologySpec.parse("torus:4x4");
        int[] dest = TrafficPattern.parse("brev").destinations(t, 1);
        PatternHops h = PatternHops.of(t, dest);
        long total = 0;
        for (int s = 0; s < 16; s++) {
            int dx = Math.abs(s % 4 - dest[s] % 4);
            int dy = Math.abs(s / 4 - dest[s] / 4);
            total += Math.min(dx, 4 - dx) + Math.min(dy, 4 - dy);
        }
        assertThat(h.totalHops()).isEqualTo(total);
    }

    @Test
    void theReportListsEveryDestinationAndGivesASeedOnlyToARandomPattern() {
        org.ccopt.topology.Topology ring = org.ccopt.topology.spec.TopologySpec.parse("ring:4");
        PatternHops.Report r = PatternHops.report(ring, TrafficPattern.parse("bcmp"), 7);
        org.assertj.core.api.Assertions.assertThat(r.figures()).containsEntry("seed", null).containsEntry("senders", 4)
                .containsEntry("totalHops", 4L).containsEntry("maxHops", 1); // 0<->3 and 1<->2 are neighbours on the ring
        org.assertj.core.api.Assertions.assertThat(r.lines()).containsExactly(
                "bcmp on ring:4: 4 senders, 4 hops in total, 1.000 average, 1 at most", "  0->3, 1->2, 2->1, 3->0");
        org.assertj.core.api.Assertions.assertThat(PatternHops.report(ring, TrafficPattern.parse("rpar"), 7).figures())
                .containsEntry("seed", 7L);
    }
}
