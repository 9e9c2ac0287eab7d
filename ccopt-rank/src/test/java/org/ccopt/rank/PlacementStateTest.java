package org.ccopt.rank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Delta evaluation of rank swaps against evaluation from scratch, and collective mixes against hand counts. */
class PlacementStateTest {

    private static RankProblem problem(String spec, int procs, String collectives) {
        Topology t = TopologySpec.parse(spec);
        int[] mapped = new int[procs];
        for (int i = 0; i < procs; i++) {
            mapped[i] = i * (t.terminalCount() / procs);
        }
        return RankProblem.of(t, mapped, CollectiveMix.parse(collectives, procs), true, 1);
    }

    /** A rejected swap leaves hops and contention as they were; an accepted one gives what a fresh state computes. */
    @ParameterizedTest
    @CsvSource({"torus:4x4, 16, 'bcast,alltoall:2'", "ring:12, 6, 'allreduce'", "hypercube:5, 32, 'ring-allreduce:3,bcast'",
        "random-shortcut:32:3:seed=2, 16, 'alltoall'"})
    void swapsAcceptedOrRejectedKeepTheTotalsOfAFreshEvaluation(String spec, int procs, String collectives) {
        RankProblem p = problem(spec, procs, collectives);
        PlacementState s = p.state(p.mappingOrder(), true);
        SplittableRandom random = new SplittableRandom(7);
        for (int move = 0; move < 300; move++) {
            int a = random.nextInt(procs);
            int b = (a + 1 + random.nextInt(procs - 1)) % procs;
            long hops = s.totalHops();
            long contention = s.contention();
            long dh = s.trySwap(a, b);
            long dc = s.contentionDelta();
            if (random.nextBoolean()) {
                s.reject();
                assertThat(s.totalHops()).isEqualTo(hops);
                assertThat(s.contention()).isEqualTo(contention);
            } else {
                s.accept();
                PlacementState fresh = p.state(s.slots(), true);
                assertThat(s.totalHops()).isEqualTo(hops + dh).isEqualTo(fresh.totalHops());
                assertThat(s.contention()).isEqualTo(contention + dc).isEqualTo(fresh.contention());
            }
        }
        // and the validator, from BFS and the core's routes, agrees with the state's totals
        PlacementValidator.Report r = PlacementValidator.check(p, p.ranks(s.slots()), s.totalHops(), s.contention());
        assertThat(r.totalHops()).isEqualTo(s.totalHops());
    }

    @Test
    void aMixCountsItsTransfersAndStepsAndWeighsThem() {
        // binomial broadcast on 8 processes: 7 transfers in 3 steps; twice weighted, every hop counts twice
        CollectiveMix once = CollectiveMix.parse("bcast", 8);
        CollectiveMix twice = CollectiveMix.parse("bcast:2", 8);
        assertThat(once.transferCount()).isEqualTo(7);
        assertThat(once.steps()).isEqualTo(3);
        assertThat(twice.weight(0)).isEqualTo(2);
        RankProblem p1 = RankProblem.of(TopologySpec.parse("ring:8"), new int[] {0, 1, 2, 3, 4, 5, 6, 7}, once, false, 1);
        RankProblem p2 = RankProblem.of(TopologySpec.parse("ring:8"), new int[] {0, 1, 2, 3, 4, 5, 6, 7}, twice, false, 1);
        assertThat(p2.state(p2.mappingOrder(), false).totalHops()).isEqualTo(2 * p1.state(p1.mappingOrder(), false).totalHops());
        // a mix runs its collectives one after the other: steps add up
        assertThat(CollectiveMix.parse("bcast,bcast", 8).steps()).isEqualTo(6);
        assertThat(CollectiveMix.parse("bcast,bcast", 8).step(7)).isEqualTo(3 + once.step(0));
    }

    @Test
    void aBadWeightOrAnEmptyMixIsRefusedWithOneLine() {
        for (String bad : new String[] {"bcast:0", "bcast:x", "bcast:1000001", ",", ""}) {
            assertThatThrownBy(() -> CollectiveMix.parse(bad, 8)).as(bad).isInstanceOf(InvalidInputException.class)
                    .hasMessageNotContaining("\n");
        }
    }

    @Test
    void contentionNeedsRoutes() {
        RankProblem p = RankProblem.of(TopologySpec.parse("ring:8"), new int[] {0, 2, 4, 6}, CollectiveMix.parse("bcast", 4),
                false, 1);
        assertThat(p.contention(p.mappingOrder())).isEqualTo(-1);
        assertThatThrownBy(() -> p.state(p.mappingOrder(), true)).isInstanceOf(IllegalArgumentException.class);
    }
}
