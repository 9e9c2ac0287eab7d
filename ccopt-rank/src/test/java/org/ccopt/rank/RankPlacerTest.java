package org.ccopt.rank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.stream.Stream;
import org.ccopt.mpi.HopCount;
import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.rank.RankPlacement.Objective;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.topology.metrics.HopDistances;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class RankPlacerTest {

    private static RankPlacer.Result run(RankProblem problem, RankPlacement placement, Objective objective, long iterations,
                                         long seed, boolean check) {
        return RankPlacer.place(problem, new RankPlacer.Settings(placement, objective, iterations, seed, check, 0));
    }

    private static int[] ranks(RankProblem problem, RankPlacer.Result r) {
        return problem.ranks(r.slots());
    }

    /** Cui 2024, Table 4.1: on G(n, log2 n) every transfer of the three collectives is one hop. */
    @ParameterizedTest
    @CsvSource({"16,16", "1024,1024", "1024,512", "1024,64", "256,8"})
    void circulantClosedForms(int n, int procs) {
        Topology t = TopologySpec.parse("circulant2:" + n);
        int log = Integer.numberOfTrailingZeros(procs);
        for (long seed = 1; seed <= 3; seed++) {
            int[] mapped = ProcessMapping.CIRCULANT.nodes(t, procs, seed);
            for (String cc : new String[] {"bcast", "allreduce", "alltoall"}) {
                RankProblem problem = RankProblem.of(t, mapped, CollectiveMix.parse(cc, procs), false, 2);
                long hops = run(problem, RankPlacement.ASCENDING, Objective.HOPS, 0, 1, false).totalHops();
                long expected = cc.equals("bcast") ? procs - 1 : (long) procs * log;
                assertThat(hops).as("%s on G(%d) with %d procs", cc, n, procs).isEqualTo(expected);
            }
        }
    }

    static Stream<Arguments> instances() {
        return Stream.of(
                Arguments.of("random-shortcut:128:6:seed=3", 64, "random", "bcast"),
                Arguments.of("random-shortcut:128:6:seed=4", 50, "tree", "allreduce"),
                Arguments.of("random-shortcut:96:5:seed=5", 96, "ring", "alltoall"),
                Arguments.of("torus:8x8", 32, "random", "alltoall:2,bcast"),
                Arguments.of("dragonfly:4,2,2", 24, "random", "ring-allreduce,pairwise-alltoall"),
                Arguments.of("omega:16", 16, "consecutive", "allreduce,alltoall"),
                Arguments.of("fattree:16", 12, "random", "bcast:3,allreduce"));
    }

    @ParameterizedTest
    @MethodSource("instances")
    void distanceTableMatchesPlainBfs(String spec, int procs, String mapping, String cc) {
        Topology t = TopologySpec.parse(spec);
        int[] mapped = ProcessMapping.parse(mapping).nodes(t, procs, 7);
        Arrays.sort(mapped);
        HopDistances reference = new HopDistances(t);
        DistanceTable one = DistanceTable.build(t, mapped, 1);
        DistanceTable two = DistanceTable.build(t, mapped, 2);
        for (int i = 0; i < procs; i++) {
            for (int j = 0; j < procs; j++) {
                assertThat(one.distance(i, j)).isEqualTo(reference.distance(mapped[i], mapped[j]));
                assertThat(two.distance(i, j)).isEqualTo(one.distance(i, j));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("instances")
    void checkModeAgreesWithRecomputationAfterEveryMove(String spec, int procs, String mapping, String cc) {
        Topology t = TopologySpec.parse(spec);
        int[] mapped = ProcessMapping.parse(mapping).nodes(t, procs, 11);
        RankProblem problem = RankProblem.of(t, mapped, CollectiveMix.parse(cc, procs), true, 1);
        for (Objective objective : Objective.values()) {
            for (RankPlacement placement : new RankPlacement[] {RankPlacement.TWO_OPT, RankPlacement.SA}) {
                RankPlacer.Result r = run(problem, placement, objective, 600, 5, true);
                PlacementValidator.check(problem, ranks(problem, r), r.totalHops(), r.contention());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("instances")
    void searchesNeverEndWorseThanTheirStartAndRepeatForASeed(String spec, int procs, String mapping, String cc) {
        Topology t = TopologySpec.parse(spec);
        int[] mapped = ProcessMapping.parse(mapping).nodes(t, procs, 13);
        RankProblem problem = RankProblem.of(t, mapped, CollectiveMix.parse(cc, procs), true, 2);
        for (Objective objective : Objective.values()) {
            for (RankPlacement placement : new RankPlacement[] {RankPlacement.TWO_OPT, RankPlacement.SA, RankPlacement.RANDOM}) {
                RankPlacer.Result a = run(problem, placement, objective, 3000, 21, false);
                RankPlacer.Result b = run(problem, placement, objective, 3000, 21, false);
                long start = objective == Objective.HOPS ? a.initialHops() : a.initialContention();
                if (placement != RankPlacement.RANDOM) {
                    assertThat(a.value()).isLessThanOrEqualTo(start);
                }
                assertThat(a.slots()).isEqualTo(b.slots());
                assertThat(a.value()).isEqualTo(b.value());
                PlacementValidator.Report report = PlacementValidator.check(problem, ranks(problem, a), a.totalHops(), a.contention());
                assertThat(report.exact()).isTrue();
            }
        }
    }

    @Test
    void twoOptImprovesTheThesisCaseOnARandomShortcutNetwork() {
        Topology t = TopologySpec.parse("random-shortcut:256:8:seed=1");
        int[] mapped = ProcessMapping.RANDOM.nodes(t, 128, 1);
        RankProblem problem = RankProblem.of(t, mapped, CollectiveMix.parse("bcast", 128), false, 2);
        RankPlacer.Result r = run(problem, RankPlacement.TWO_OPT, Objective.HOPS, 20_000, 1, false);
        assertThat(r.totalHops()).isLessThan(r.initialHops() * 9 / 10);
        // the core's hop model agrees with the placement's total
        long core = HopCount.total(MpiAlgorithm.BCAST.transfers(128), t, ranks(problem, r), new HopDistances(t));
        assertThat(core).isEqualTo(r.totalHops());
    }

    @Test
    void ccoIsThePreorderOfTheBreadthFirstTree() {
        // ring:8 from node 0: BFS tree 0-{1,7}, 1-2, 7-6, 2-3, 6-5, 3-4; preorder 0 1 2 3 4 7 6 5
        Topology t = TopologySpec.parse("ring:8");
        RankProblem problem = RankProblem.of(t, ProcessMapping.CONSECUTIVE.nodes(t, 8, 1), CollectiveMix.parse("bcast", 8), false, 1);
        RankPlacer.Result r = run(problem, RankPlacement.CCO, Objective.HOPS, 0, 1, false);
        assertThat(ranks(problem, r)).containsExactly(0, 1, 2, 3, 4, 7, 6, 5);
    }

    @Test
    void validatorCatchesPlantedErrors() {
        Topology t = TopologySpec.parse("random-shortcut:64:4:seed=2");
        int[] mapped = ProcessMapping.RANDOM.nodes(t, 32, 3);
        RankProblem problem = RankProblem.of(t, mapped, CollectiveMix.parse("alltoall,bcast:2", 32), true, 1);
        RankPlacer.Result r = run(problem, RankPlacement.TWO_OPT, Objective.CONTENTION, 500, 1, false);
        int[] ranks = ranks(problem, r);
        PlacementValidator.check(problem, ranks, r.totalHops(), r.contention());
        assertThatThrownBy(() -> PlacementValidator.check(problem, ranks, r.totalHops() + 1, r.contention()))
                .hasMessageContaining("total hops");
        assertThatThrownBy(() -> PlacementValidator.check(problem, ranks, r.totalHops(), r.contention() - 1))
                .hasMessageContaining("contention");
        int[] duplicate = ranks.clone();
        duplicate[1] = duplicate[0];
        assertThatThrownBy(() -> PlacementValidator.check(problem, duplicate, r.totalHops(), -1))
                .hasMessageContaining("permutation");
        int[] outside = ranks.clone();
        int free = 0;
        while (contains(mapped, free)) {
            free++;
        }
        outside[0] = free;
        assertThatThrownBy(() -> PlacementValidator.check(problem, outside, r.totalHops(), -1))
                .hasMessageContaining("permutation");
    }

    private static boolean contains(int[] a, int x) {
        for (int v : a) {
            if (v == x) {
                return true;
            }
        }
        return false;
    }
}
