package org.ccopt.rank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ccopt.InvalidInputException;
import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HopsQueryTest {

    @Test
    void aBinomialBroadcastOverARingInOrderTakesOneHopForEachNeighbourlySend() {
        // ring:4, ranks 0..3 in order: the binomial tree sends 0->2 (2 hops), 0->1 and 2->3 (1 hop each)
        Topology ring = TopologySpec.parse("ring:4");
        HopsQuery.Outcome o = HopsQuery.run(new HopsQuery.Request(ring, MpiAlgorithm.parse("bcast"), null,
                ProcessMapping.parse("consecutive"), "ascending", 1));
        assertThat(o.procs()).isEqualTo(4);
        assertThat(o.transfers()).isEqualTo(3);
        assertThat(o.steps()).isEqualTo(2);
        assertThat(o.totalHops()).isEqualTo(4);
        assertThat(o.hopsPerTransfer()).isEqualTo(4.0 / 3);
        assertThat(o.figures()).containsEntry("totalHops", 4L).containsEntry("placement", "ascending");
        assertThat(o.line()).isEqualTo("bcast of 4 processes on ring:4 (consecutive mapping, ascending placement): "
                + "3 transfers in 2 steps, 4 hops (1.333 per transfer)");
    }

    @Test
    void aProcessCountOutsideTheNetworkAndAnUnknownPlacementAreRefused() {
        Topology ring = TopologySpec.parse("ring:4");
        MpiAlgorithm bcast = MpiAlgorithm.parse("bcast");
        assertThatThrownBy(() -> HopsQuery.run(new HopsQuery.Request(ring, bcast, 5, ProcessMapping.parse("consecutive"),
                "ascending", 1))).isInstanceOf(InvalidInputException.class).hasMessageStartingWith("--procs 5 is out of range");
        assertThatThrownBy(() -> HopsQuery.run(new HopsQuery.Request(ring, bcast, 4, ProcessMapping.parse("consecutive"),
                "two-opt", 1))).isInstanceOf(InvalidInputException.class).hasMessageContaining("ascending or mapping-order");
    }

    /**
     * A pairwise all-to-all over every node of the 4x4 torus sends each ordered pair once: 16 x 15 transfers and 16 x 32 hops
     * (from any node: 4 at one hop, 6 at two, 4 at three, 1 at four), whatever the mapping and placement.
     */
    @ParameterizedTest
    @CsvSource({"consecutive, ascending", "random, mapping-order", "random, ascending"})
    void anAllToAllOverEveryNodeCostsTheSameUnderAnyPlacement(String mapping, String placement) {
        Topology torus = TopologySpec.parse("torus:4x4");
        HopsQuery.Outcome o = HopsQuery.run(new HopsQuery.Request(torus, MpiAlgorithm.parse("pairwise-alltoall"), 16,
                ProcessMapping.parse(mapping), placement, 5));
        assertThat(o.transfers()).isEqualTo(16 * 15);
        assertThat(o.totalHops()).isEqualTo(16 * 32);
        assertThat(o.hopsPerTransfer()).isEqualTo(512.0 / 240);
    }
}
