package org.ccopt.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import org.ccopt.util.Checkpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeMappingGaTest {

    private static final Topology TORUS = TopologySpec.parse("torus:4x4");
    /** ccopt's own router model on it, 3 VCs of 4 flits. */
    private static final org.ccopt.flitsim.FlitSetup CCOPT = org.ccopt.flitsim.FlitSetup.of(TORUS).withModel(org.ccopt.flitsim.RouterModel.CCOPT);

    private static int[][] patterns(String... names) {
        int[][] p = new int[names.length][];
        for (int i = 0; i < names.length; i++) {
            p[i] = TrafficPattern.parse(names[i]).destinations(TORUS, 1);
        }
        return p;
    }

    private static NodeMappingGa.State run(int threads, String variant, SurvivalOrder order, int generations) {
        try (MappingEvaluator ev = new MappingEvaluator(CCOPT, patterns("bcmp", "brev"), 2, 4, threads)) {
            NodeMappingGa ga = new NodeMappingGa(ev, new NodeMappingGa.Settings(40, generations, MutationVariant.named(variant), order, 5));
            NodeMappingGa.State s = ga.run(ga.initial(), x -> { });
            MappingValidator.check(CCOPT, patterns("bcmp", "brev"), s.bestMapping(), s.bestScore(), 2, 4);
            return s;
        }
    }

    @Test
    void aSeedReproducesARunWhateverTheThreadCount() {
        NodeMappingGa.State one = run(1, "S20", SurvivalOrder.ML, 8);
        NodeMappingGa.State two = run(2, "S20", SurvivalOrder.ML, 8);
        assertThat(two.bestMapping()).isEqualTo(one.bestMapping());
        assertThat(two.bestScore()).isEqualTo(one.bestScore());
        assertThat(two.history()).extracting(NodeMappingGa.Generation::bestCycles)
                .isEqualTo(one.history().stream().map(NodeMappingGa.Generation::bestCycles).toList());
    }

    /**
     * A batch with repeated mappings simulates each distinct one once and answers the repeats from the cache, on any
     * thread count: the counters a run prints are as reproducible as its result.
     */
    @Test
    void aBatchCountsTheSameWhateverTheThreadCount() {
        int n = TORUS.terminalCount();
        int[][] batch = new int[12][];
        for (int i = 0; i < batch.length; i++) {
            batch[i] = org.ccopt.util.Permutations.shuffled(n, new java.util.SplittableRandom(i % 4)); // 4 distinct, 3 times
        }
        long[] previous = null;
        for (int threads : new int[] {1, 2, 3}) {
            try (MappingEvaluator ev = new MappingEvaluator(CCOPT, patterns("bcmp", "brev"), 2, 4, threads)) {
                MappingScore[] out = new MappingScore[batch.length];
                ev.evaluate(batch, 0, batch.length, out, null, SurvivalOrder.SC);
                for (int i = 4; i < batch.length; i++) {
                    assertThat(out[i]).isEqualTo(out[i % 4]);
                }
                long[] counts = {ev.simulations(), ev.cacheHits(), ev.pruned()};
                assertThat(counts).as("%d threads", threads).containsExactly(4 * 2, 8, 0);
                if (previous != null) {
                    assertThat(counts).isEqualTo(previous);
                }
                previous = counts;
            }
        }
    }

    @Test
    void theGaImprovesOnItsRandomStartAndNeverLosesItsBest() {
        for (SurvivalOrder order : SurvivalOrder.values()) {
            NodeMappingGa.State s = run(2, "S02", order, 10);
            var h = s.history();
            assertThat(s.bestScore().exact()).isTrue();
            assertThat(s.bestScore().cycles()).isLessThanOrEqualTo(h.get(0).bestCycles());
            if (order == SurvivalOrder.SC) {
                for (int i = 1; i < h.size(); i++) {
                    assertThat(h.get(i).bestCycles()).isLessThanOrEqualTo(h.get(i - 1).bestCycles());
                }
            }
        }
    }

    @Test
    void randomSearchKeepsNoSurvivorsButTheBestEver() {
        NodeMappingGa.State s = run(2, "S99", SurvivalOrder.SC, 5);
        assertThat(s.evaluations()).isEqualTo(40L * 6);
        long min = s.history().stream().mapToLong(NodeMappingGa.Generation::bestCycles).min().orElseThrow();
        assertThat(s.bestScore().cycles()).isEqualTo(min);
    }

    @Test
    void pruningNeverChangesTheResult() {
        // the same run with a cache-less, prune-less evaluator: every mapping scored in full
        int[][] p = patterns("bcmp", "brev");
        try (MappingEvaluator ev = new MappingEvaluator(CCOPT, p, 2, 4, 1)) {
            NodeMappingGa ga = new NodeMappingGa(ev, new NodeMappingGa.Settings(40, 8, MutationVariant.named("S20"), SurvivalOrder.ML, 5));
            NodeMappingGa.State pruned = ga.run(ga.initial(), x -> { });
            assertThat(ev.pruned()).isPositive();
            NodeMappingGa.State full = ga.withoutPruning().run(ga.withoutPruning().initial(), x -> { });
            assertThat(full.bestMapping()).isEqualTo(pruned.bestMapping());
            assertThat(full.bestScore()).isEqualTo(pruned.bestScore());
            for (int i = 0; i < 40; i++) {
                if (pruned.scores()[i].exact()) {
                    assertThat(pruned.scores()[i]).isEqualTo(full.scores()[i]);
                    assertThat(pruned.population()[i]).isEqualTo(full.population()[i]);
                }
            }
        }
    }

    @Test
    void aResumedRunEndsWhereAnUninterruptedOneDoes(@TempDir Path dir) throws Exception {
        int[][] p = patterns("bcmp", "brev");
        try (MappingEvaluator ev = new MappingEvaluator(CCOPT, p, 2, 4, 2)) {
            NodeMappingGa whole = new NodeMappingGa(ev, new NodeMappingGa.Settings(30, 6, MutationVariant.named("S01"), SurvivalOrder.SC, 9));
            NodeMappingGa.State expected = whole.run(whole.initial(), x -> { });
            NodeMappingGa half = new NodeMappingGa(ev, new NodeMappingGa.Settings(30, 3, MutationVariant.named("S01"), SurvivalOrder.SC, 9));
            NodeMappingGa.State middle = half.run(half.initial(), x -> { });
            new Checkpoint<>(List.of("--seed", "9"), middle).write(dir);
            NodeMappingGa.State restored = Checkpoint.read(dir, NodeMappingGa.State.class).state();
            NodeMappingGa.State resumed = whole.run(restored, x -> { });
            assertThat(resumed.bestMapping()).isEqualTo(expected.bestMapping());
            assertThat(resumed.bestScore()).isEqualTo(expected.bestScore());
            assertThat(resumed.population()).isDeepEqualTo(expected.population());
            assertThat(resumed.history()).extracting(NodeMappingGa.Generation::bestCycles)
                    .isEqualTo(expected.history().stream().map(NodeMappingGa.Generation::bestCycles).toList());
        }
    }

    @Test
    void hopsOnlyMappingWorksOnAnyTopologyAndRejectsGridOperatorsElsewhere() {
        Topology t = TopologySpec.parse("hypercube:4");
        int[][] p = {TrafficPattern.BREV.destinations(t, 1)};
        try (MappingEvaluator ev = new MappingEvaluator(org.ccopt.flitsim.FlitSetup.of(t), p, 0, 8, 1)) {
            NodeMappingGa ga = new NodeMappingGa(ev, new NodeMappingGa.Settings(30, 20, MutationVariant.named("S10"), SurvivalOrder.AH, 3));
            NodeMappingGa.State s = ga.run(ga.initial(), x -> { });
            assertThat(s.bestScore().cycles()).isZero();
            assertThat(s.bestScore().avgHops()).isLessThan(s.history().get(0).meanNewAvgHops());
            assertThatThrownBy(() -> new NodeMappingGa(ev, new NodeMappingGa.Settings(30, 2, MutationVariant.named("S00"), SurvivalOrder.AH, 3)))
                    .isInstanceOf(InvalidInputException.class).hasMessageContaining("need a 2-D torus or mesh");
        }
    }

    @Test
    void namedVariantsFollowTable1() {
        assertThat(MutationVariant.named("S12").survivorCount(1000)).isEqualTo(125);
        assertThat(MutationVariant.named("S21").survivorCount(1000)).isEqualTo(500);
        assertThat(MutationVariant.named("S99").survivorCount(1000)).isZero();
        assertThat(MutationVariant.named("s03").radius()).isEqualTo(MutationVariant.Radius.PATTERNS);
        assertThatThrownBy(() -> MutationVariant.named("S30")).isInstanceOf(InvalidInputException.class)
                .hasMessage("unknown mutation variant 'S30'; expected one of " + MutationVariant.NAMES);
    }
}
