package org.ccopt.rank;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.ccopt.mpi.CommMatrix;
import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.rank.RankPlacement.Objective;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.util.Permutations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Rank placement of an arbitrary communication matrix (hop-bytes and message-pair contention). */
class CommMatrixPlacementTest {

    /** A dense CSV of a P x P matrix with {@code volume} at every listed (i, j). */
    private static CommMatrix matrix(int p, int[][] pairs, int volume) {
        int[][] m = new int[p][p];
        for (int[] e : pairs) {
            m[e[0]][e[1]] = volume;
        }
        StringBuilder csv = new StringBuilder();
        for (int[] row : m) {
            for (int c = 0; c < p; c++) {
                csv.append(c == 0 ? "" : ",").append(row[c]);
            }
            csv.append('\n');
        }
        return CommMatrix.parse(csv.toString(), "test");
    }

    /**
     * 64 ranks on torus:8x8, four groups of four scrambled ranks exchanging 1,000 with each other (all ordered pairs),
     * the rest silent. Four distinct nodes of a 2D grid lie at least 8 hops apart in total (a 2x2 square; a line or
     * an L costs more), so a group needs 2 x 8 x 1,000 and the optimum is 64,000, which four disjoint squares meet.
     * Two-opt from ascending must reach it, and the validator must agree.
     */
    @ParameterizedTest
    @CsvSource({"1", "2", "3"})
    void twoOptReachesTheKnownOptimumOfScrambledGroupsOnTorus8x8(long seed) {
        int[] hidden = Permutations.shuffled(64, new SplittableRandom(seed));
        java.util.List<int[]> pairs = new java.util.ArrayList<>();
        for (int g = 0; g < 4; g++) {
            for (int a = 4 * g; a < 4 * g + 4; a++) {
                for (int b = 4 * g; b < 4 * g + 4; b++) {
                    if (a != b) {
                        pairs.add(new int[] {hidden[a], hidden[b]});
                    }
                }
            }
        }
        CollectiveMix mix = CollectiveMix.of(matrix(64, pairs.toArray(int[][]::new), 1000));
        RankJob.Outcome o = RankJob.run(TopologySpec.parse("torus:8x8"), mix, ProcessMapping.CONSECUTIVE, 1,
                new RankPlacer.Settings(RankPlacement.TWO_OPT, Objective.HOPS, 200_000, seed, false, 0), true, 1);
        assertThat(o.result().initialHops()).isGreaterThan(100_000);
        assertThat(o.result().totalHops()).isEqualTo(64_000);
        assertThat(o.validation().totalHops()).isEqualTo(64_000);
    }

    /**
     * A scrambled ring on the ring network: the greedy embedding grows the chain from one rank outwards, each next
     * rank beside its placed partner, so it meets the optimum (every message one hop) before any swap.
     */
    @Test
    void theGreedyStartEmbedsARingInARing() {
        int[] hidden = Permutations.shuffled(16, new SplittableRandom(7));
        int[][] pairs = new int[32][];
        for (int i = 0; i < 16; i++) {
            pairs[2 * i] = new int[] {hidden[i], hidden[(i + 1) % 16]};
            pairs[2 * i + 1] = new int[] {hidden[(i + 1) % 16], hidden[i]};
        }
        CollectiveMix mix = CollectiveMix.of(matrix(16, pairs, 3));
        RankProblem problem = RankProblem.of(TopologySpec.parse("ring:16"), ProcessMapping.CONSECUTIVE.nodes(
                TopologySpec.parse("ring:16"), 16, 1), mix, false, 1);
        assertThat(problem.state(GreedyEmbedding.slots(mix, problem.distances()), false).totalHops()).isEqualTo(96);
        assertThat(problem.state(problem.mappingOrder(), false).totalHops()).isGreaterThan(96);
        RankPlacer.Result r = RankPlacer.place(problem, new RankPlacer.Settings(RankPlacement.TWO_OPT, Objective.HOPS, 0,
                1, false, 0).withRules(new SearchRules(SearchRules.Start.GREEDY, false)));
        assertThat(r.initialHops()).isEqualTo(96);
    }

    /**
     * A collective's own matrix gives the same hop total as the collective for any placement (the hop objective
     * ignores steps), and the matrix's contention never exceeds the collective's pair count with all its steps
     * merged into one.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"torus:8x8|64|alltoall", "torus:8x8|32|bcast",
            "random-shortcut:64:4:seed=3|64|allreduce", "dragonfly:4,2,2|24|ring-allreduce", "fattree:16|16|pairwise-alltoall"})
    void aCollectivesMatrixScoresItsHopsExactly(String spec, int procs, String cc) {
        Topology t = TopologySpec.parse(spec);
        MpiAlgorithm a = MpiAlgorithm.parse(cc);
        int[] mapped = ProcessMapping.RANDOM.nodes(t, procs, 5);
        RankProblem collective = RankProblem.of(t, mapped, CollectiveMix.parse(cc, procs), true, 1);
        RankProblem matrix = RankProblem.of(t, mapped, CollectiveMix.of(CommMatrix.of(a.transfers(procs))), true, 1);
        SplittableRandom random = new SplittableRandom(procs);
        for (int trial = 0; trial < 20; trial++) {
            int[] slots = Permutations.shuffled(procs, random);
            assertThat(matrix.state(slots, true).totalHops()).isEqualTo(collective.state(slots, true).totalHops());
            PlacementValidator.check(matrix, matrix.ranks(slots), matrix.state(slots, true).totalHops(),
                    matrix.contention(slots));
        }
    }

    /** Delta evaluation of swaps under unequal volumes agrees with recomputation after every move (check mode). */
    @Test
    void checkModeHoldsUnderUnequalVolumes() {
        Topology t = TopologySpec.parse("random-shortcut:64:4:seed=9");
        SplittableRandom random = new SplittableRandom(3);
        StringBuilder csv = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            for (int j = 0; j < 40; j++) {
                csv.append(j == 0 ? "" : ",").append(random.nextInt(4) == 0 ? random.nextInt(1, 1_000_000) : 0);
            }
            csv.append('\n');
        }
        CollectiveMix mix = CollectiveMix.of(CommMatrix.parse(csv.toString(), "test"));
        for (Objective objective : Objective.values()) {
            RankJob.Outcome o = RankJob.run(t, mix, ProcessMapping.RANDOM, 2,
                    new RankPlacer.Settings(RankPlacement.TWO_OPT, objective, 3_000, 4, true, 0), true, 1);
            assertThat(o.result().totalHops()).isLessThanOrEqualTo(o.result().initialHops());
            assertThat(o.validation().contention()).isEqualTo(o.result().contention());
        }
    }
}
