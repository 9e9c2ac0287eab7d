package org.ccopt.rank;

import static org.assertj.core.api.Assertions.assertThat;

import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Distance tables against closed forms (both entry widths), and a whole job through {@link RankJob}. */
class DistancesAndJobTest {

    /** A ring of n: the shorter way round; n = 300 needs 16-bit entries (distances up to 150). */
    @ParameterizedTest
    @CsvSource({"20, 1", "20, 2", "300, 1", "300, 2"})
    void ringDistancesAreTheShorterWayRound(int n, int threads) {
        int[] nodes = new int[n / 2];
        for (int i = 0; i < nodes.length; i++) {
            nodes[i] = 2 * i; // every other node
        }
        DistanceTable d = DistanceTable.build(TopologySpec.parse("ring:" + n), nodes, threads);
        assertThat(d.size()).isEqualTo(n / 2);
        for (int i = 0; i < nodes.length; i++) {
            for (int j = 0; j < nodes.length; j++) {
                int around = Math.abs(nodes[i] - nodes[j]);
                assertThat(d.distance(i, j)).isEqualTo(Math.min(around, n - around));
            }
        }
        assertThat(d.diameter()).isEqualTo(n / 2);
        assertThat(d.symmetric()).isTrue();
        assertThat(d.connected()).isTrue();
    }

    @Test
    void torusDistancesAreManhattanWithWrapAround() {
        Topology t = TopologySpec.parse("torus:6x5");
        int[] nodes = new int[30];
        for (int i = 0; i < 30; i++) {
            nodes[i] = i;
        }
        DistanceTable d = DistanceTable.build(t, nodes, 2);
        for (int a = 0; a < 30; a++) {
            for (int b = 0; b < 30; b++) {
                int dx = Math.abs(a % 6 - b % 6);
                int dy = Math.abs(a / 6 - b / 6);
                assertThat(d.distance(a, b)).isEqualTo(Math.min(dx, 6 - dx) + Math.min(dy, 5 - dy));
            }
        }
        assertThat(d.diameter()).isEqualTo(3 + 2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"two-opt", "sa", "cco"})
    void aJobIsValidatedReproducibleAndNoWorseThanItsStart(String placement) {
        Topology t = TopologySpec.parse("random-shortcut:64:4:seed=3");
        CollectiveMix mix = CollectiveMix.parse("allreduce,bcast", 32);
        RankPlacer.Settings s = RankPlacer.Settings.of(RankPlacement.parse(placement)).withIterations(3000).withSeed(5);
        RankJob.Outcome one = RankJob.run(t, mix, ProcessMapping.RANDOM, 2, s, true, 1);
        RankJob.Outcome two = RankJob.run(t, mix, ProcessMapping.RANDOM, 2, s, true, 2);
        assertThat(two.ranks()).isEqualTo(one.ranks());
        assertThat(one.validation().totalHops()).isEqualTo(one.result().totalHops());
        assertThat(one.contention()).isTrue();
        RankJob.Outcome start = RankJob.run(t, mix, ProcessMapping.RANDOM, 2,
                RankPlacer.Settings.of(RankPlacement.MAPPING_ORDER), true, 1);
        if (placement.equals("two-opt")) {
            assertThat(one.result().totalHops()).isLessThanOrEqualTo(start.result().totalHops());
        }
        // every rank on its own mapped terminal
        assertThat(one.ranks()).doesNotHaveDuplicates();
        assertThat(java.util.Arrays.stream(one.ranks()).sorted().toArray()).isEqualTo(one.problem().nodes());
    }

    /**
     * A problem keeps the mapped terminals sorted (slot i = the i-th lowest id): the mapping's own order is then a
     * permutation of slots that gives back the mapping, and the identity gives the ascending placement.
     */
    @Test
    void slotsAreTheSortedMappedTerminalsAndTheMappingsOrderGivesTheMappingBack() {
        Topology t = TopologySpec.parse("ring:16");
        int[] mapped = {9, 2, 14, 5};
        RankProblem p = RankProblem.of(t, mapped, CollectiveMix.parse("bcast", 4), true, 1);
        assertThat(p.nodes()).containsExactly(2, 5, 9, 14);
        assertThat(p.ranks(p.mappingOrder())).containsExactly(mapped);
        assertThat(p.ranks(new int[] {0, 1, 2, 3})).containsExactly(2, 5, 9, 14);
        assertThat(p.slotOf(9)).isEqualTo(2);
        assertThat(p.slotOf(3)).isNegative();
        assertThat(p.procs()).isEqualTo(4);
        // the binomial broadcast from rank 0 (MPICH's: the largest mask first) on terminals 9, 2, 14, 5 of the ring:
        // 0->2 (9 to 14, 5 hops), then 0->1 (9 to 2, 7) and 2->3 (14 to 5, 7 the short way round)
        assertThat(p.state(p.mappingOrder(), false).totalHops()).isEqualTo(5 + 7 + 7);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RankProblem.of(t, new int[] {1, 2}, CollectiveMix.parse("bcast", 4),
                false, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
