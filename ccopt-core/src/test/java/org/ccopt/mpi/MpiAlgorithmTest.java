package org.ccopt.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.topology.metrics.HopDistances;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MpiAlgorithmTest {

    /** The closed form a bound reads before listing equals the list, for every algorithm and P = 1..70. */
    @Test
    void transferCountEqualsTheListsSize() {
        for (MpiAlgorithm a : MpiAlgorithm.values()) {
            for (int p = 1; p <= 70; p++) {
                assertThat(a.transferCount(p)).as("%s P=%d", a, p).isEqualTo(a.transfers(p).transfers().size());
            }
        }
    }

    /** Totals from one search per destination equal the per-transfer distances, with or without a cache. */
    @Test
    void totalEqualsTheSumOfDistances() {
        Topology t = TopologySpec.parse("kary-ntree:2,4");
        int[] placement = new int[t.terminalCount()];
        for (int r = 0; r < placement.length; r++) {
            placement[r] = (5 * r + 3) % placement.length;
        }
        for (MpiAlgorithm a : MpiAlgorithm.values()) {
            TransferList xs = a.transfers(placement.length);
            HopDistances d = new HopDistances(t);
            long expected = 0;
            for (Transfer x : xs.transfers()) {
                expected += d.distance(placement[x.source()], placement[x.destination()]);
            }
            assertThat(HopCount.total(xs, t, placement, new HopDistances(t))).as("%s", a).isEqualTo(expected);
            assertThat(HopCount.total(xs, t, placement, d)).as("%s cached", a).isEqualTo(expected);
        }
    }

    private static String pairs(TransferList l, int step) {
        StringBuilder s = new StringBuilder();
        for (Transfer t : l.transfers()) {
            if (t.step() == step) {
                s.append(t.source()).append("->").append(t.destination()).append(' ');
            }
        }
        return s.toString().trim();
    }

    @Test
    void binomialBroadcastMatchesTheThesisFigure() {
        TransferList l = MpiAlgorithm.BCAST.transfers(8);
        assertThat(pairs(l, 0)).isEqualTo("0->4");
        assertThat(pairs(l, 1)).isEqualTo("0->2 4->6");
        assertThat(pairs(l, 2)).isEqualTo("0->1 2->3 4->5 6->7");
        Transfer t46 = l.transfers().get(2);
        assertThat(t46.dependsOn()).containsExactly(0); // 4 forwards after receiving from 0
    }

    @Test
    void recursiveDoublingAndBruck() {
        TransferList rd = MpiAlgorithm.ALLREDUCE.transfers(8);
        assertThat(rd.steps()).isEqualTo(3);
        assertThat(pairs(rd, 2)).contains("0->4", "4->0", "3->7");
        TransferList bruck = MpiAlgorithm.ALLTOALL.transfers(8);
        assertThat(pairs(bruck, 1)).startsWith("0->2 1->3");
        assertThat(bruck.transfers().get(0).messageFraction()).isEqualTo(0.5);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 6, 7, 12, 100})
    void everyProcessCountIsHandled(int p) {
        TransferList b = MpiAlgorithm.BCAST.transfers(p);
        assertThat(b.transfers()).hasSize(p - 1);
        boolean[] informed = new boolean[p];
        informed[0] = true;
        for (Transfer t : b.transfers()) {
            assertThat(informed[t.source()]).as("admissible broadcast").isTrue();
            informed[t.destination()] = true;
        }
        for (boolean x : informed) {
            assertThat(x).isTrue();
        }
        // recursive doubling for non powers of two: everybody ends up depending on everybody
        TransferList rd = MpiAlgorithm.ALLREDUCE.transfers(p);
        int pof2 = Integer.highestOneBit(p);
        int rem = p - pof2;
        assertThat(rd.transfers()).hasSize(2 * rem + pof2 * Integer.numberOfTrailingZeros(pof2));
        assertThat(MpiAlgorithm.RING_ALLREDUCE.transfers(p).steps()).isEqualTo(2 * (p - 1));
        assertThat(MpiAlgorithm.PAIRWISE_ALLTOALL.transfers(p).transfers()).hasSize(p * (p - 1));
    }

    @ParameterizedTest
    @ValueSource(ints = {16, 64, 256, 1024})
    void circulantHopCountsEqualTheThesisClosedForms(int n) {
        // Cui 2024, Table 4.1: on G(n, log2 n) binomial bcast n-1, recursive doubling n log2 n, Bruck n log2 n
        Topology t = TopologySpec.parse("circulant2:" + n);
        HopDistances d = new HopDistances(t);
        int[] placement = HopCount.consecutive(t, n);
        int log = Integer.numberOfTrailingZeros(n);
        assertThat(HopCount.total(MpiAlgorithm.BCAST.transfers(n), t, placement, d)).isEqualTo(n - 1);
        assertThat(HopCount.total(MpiAlgorithm.ALLREDUCE.transfers(n), t, placement, d)).isEqualTo((long) n * log);
        assertThat(HopCount.total(MpiAlgorithm.ALLTOALL.transfers(n), t, placement, d)).isEqualTo((long) n * log);
    }
}
