package org.ccopt.topology.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/** {@code topo}'s figures of the 4x4 torus against hand counts. */
class TopologyMetricsFiguresTest {

    @Test
    void theFourByFourTorusHasItsCountedFigures() {
        Map<String, Object> f = TopologyMetrics.compute(TopologySpec.parse("torus:4x4"),
                new TopologyMetrics.Options(2, 2_000_000, 1, true)).figures();
        assertThat(f).containsEntry("spec", "torus:4x4").containsEntry("nodes", 16).containsEntry("terminals", 16)
                .containsEntry("links", 32L).containsEntry("minDegree", 4).containsEntry("maxDegree", 4)
                .containsEntry("connected", true).containsEntry("diameter", 2 + 2);
        // every node reaches the others at 0, 1, 2, 1 hops per dimension: 4 x 4 + 4 x 4 = 32 hops over 15 others
        assertThat((double) f.get("aspl")).isCloseTo(32.0 / 15, org.assertj.core.data.Offset.offset(1e-9));
        // cut between two halves of one dimension: 4 rows x 2 wrap-around and middle links
        assertThat(f.get("bisectionWidth")).isEqualTo(8L);
        assertThat(f.get("bisectionExact")).isEqualTo(true);
        // Moore: 1 + 4 + 12 >= 16 nodes within two hops
        assertThat(f.get("mooreDiameterBound")).isEqualTo(2);
        assertThat(f.keySet()).startsWith("spec", "nodes").contains("cableTotalMetres", "costDollars");
    }

    @Test
    void withoutABisectionItsFiguresAreNull() {
        Map<String, Object> f = TopologyMetrics.compute(TopologySpec.parse("ring:6"),
                new TopologyMetrics.Options(1, 0, 1, false)).figures();
        assertThat(f).containsEntry("bisectionWidth", null).containsEntry("bisectionMethod", null)
                .containsEntry("bisectionExact", false).containsEntry("diameter", 3);
    }
}
