package org.ccopt.cupstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.traffic.TrafficPattern;
import org.ccopt.util.Checkpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

class CupStackGaTest {

    private static final Problem PROBLEM = Fixtures.problem(Fixtures.TORUS8, "shfl", 2, 8);

    private static CupStackGa.State run(CupStackGa.Settings settings, int threads, boolean prune) {
        try (CupStackRun run = new CupStackRun(Fixtures.options(Method.FULL, PROBLEM, settings, threads))) {
            CupStackGa ga = prune ? run.ga() : run.ga().withoutPruning();
            return ga.run(ga.initial(), s -> { });
        }
    }

    @Test
    void aSeedReproducesARunWhateverTheThreadCountAndPruningChangesNothing() {
        CupStackGa.Settings s = Fixtures.settings(14, 5);
        CupStackGa.State one = run(s, 1, true);
        CupStackGa.State two = run(s, 2, true);
        CupStackGa.State full = run(s, 2, false);
        for (CupStackGa.State other : List.of(two, full)) {
            assertThat(other.best().sameGenes(one.best())).isTrue();
            assertThat(other.bestScore()).isEqualTo(one.bestScore());
            assertThat(other.scores()).isEqualTo(one.scores());
            assertThat(other.signatures()).isEqualTo(one.signatures());
        }
        assertThat(one.history()).extracting(CupStackGa.Generation::prunedNew).anyMatch(n -> n > 0);
        assertThat(full.history()).extracting(CupStackGa.Generation::prunedNew).containsOnly(0);
    }

    @ParameterizedTest
    @EnumSource(value = Method.class, names = {"FULL", "PERTURB"})
    void aChromosomeThatDeadlocksIsInfeasibleAndTheRunGoesOn(Method method) {
        // brev on the 8x8 torus under VC competition among every ready VC: some random arbitration genes deadlock (a
        // scheme drawn per port; one scheme everywhere, the default reading, does not under this model)
        RouterModel ready = RouterModel.YOKOTA2023.withVcCompetition(RouterModel.VcCompetition.READY);
        Problem p = new Problem(org.ccopt.flitsim.FlitSetup.of(Fixtures.TORUS8).withModel(ready),
                TrafficPattern.parse("brev").destinations(Fixtures.TORUS8, 1), 2, 1, 8, false, false);
        CupStackGa.Settings s = new CupStackGa.Settings(12, 6, 4, 0.05, 3, 0.6, 6, CupStackGa.Tie.AGE, 0, 0, 100, 1,
                CupStackGa.InitialScheme.PORT);
        CupStackGa.State[] runs = new CupStackGa.State[2];
        for (int threads = 1; threads <= 2; threads++) {
            try (CupStackRun run = new CupStackRun(Fixtures.options(method, p, s, threads))) {
                CupStackGa ga = run.ga();
                CupStackGa.State state = ga.run(ga.initial(), x -> { });
                CupStackRun.Result r = run.finish(state); // re-checked by the validator
                assertThat(r.bestScore().deadlocked()).isFalse();
                assertThat(state.scores()).noneMatch(sc -> sc != null && sc.deadlocked());
                runs[threads - 1] = state;
            }
        }
        CupStackGa.Generation first = runs[0].history().get(0);
        if (method == Method.FULL) { // under perturbation a neighbouring interval may complete (next test)
            assertThat(first.deadlockedNew()).isPositive();
        }
        assertThat(first.reinitialized()).isEqualTo(first.deadlockedNew()); // their slots start again from random genes
        assertThat(first.exactNew() + first.deadlockedNew()).isEqualTo(s.population());
        assertThat(runs[1].bestScore()).isEqualTo(runs[0].bestScore());
        assertThat(runs[1].history()).extracting(CupStackGa.Generation::deadlockedNew)
                .isEqualTo(runs[0].history().stream().map(CupStackGa.Generation::deadlockedNew).toList());
    }

    /** Perturbation: a chromosome that deadlocks at its own V is scored at a V of its window that completes. */
    @Test
    void thePerturbationWindowLeavesOutTheIntervalsThatDeadlock() {
        Problem p = new Problem(org.ccopt.flitsim.FlitSetup.of(Fixtures.TORUS8)
                .withModel(RouterModel.YOKOTA2023.withVcCompetition(RouterModel.VcCompetition.READY)),
                TrafficPattern.parse("brev").destinations(Fixtures.TORUS8, 1), 2, 1, 8, false, false);
        try (CupStackRun run = new CupStackRun(Fixtures.options(Method.PERTURB, p, Fixtures.settings(1, 1), 1));
             Evaluator perturb = new Evaluator(p, run.space(), run.baseConfig(), SortKey.T01, 0, true, 1)) {
            int rescued = 0;
            for (int i = 0; i < 40; i++) {
                Chromosome c = run.space().initial(org.ccopt.util.SeededStreams.of(7, 0, i));
                if (perturb.deadlockOf(c) == null) {
                    continue;
                }
                Score s = perturb.evaluate(c, null);
                if (!s.deadlocked()) {
                    assertThat(s.interval()).isNotEqualTo(c.interval()).isBetween(c.interval() - 5, c.interval() + 5);
                    rescued++;
                }
            }
            assertThat(rescued).isPositive();
        }
    }

    @Test
    void theBestNeverGetsWorseAndCrossoverFollowsItsInterval() {
        CupStackGa.State s = run(Fixtures.settings(16, 2), 2, true);
        List<CupStackGa.Generation> h = s.history();
        for (int i = 1; i < h.size(); i++) {
            assertThat(h.get(i).bestObjective()).isLessThanOrEqualTo(h.get(i - 1).bestObjective());
            // training 4 generations, then every 3rd generation is a crossover generation
            int g = h.get(i).generation();
            assertThat(h.get(i).crossover()).isEqualTo(g > 4 && (g - 4) % 3 == 0);
        }
        assertThat(s.bestScore().duration()).isLessThan(h.get(0).bestDuration());
        assertThat(s.synonyms()).isNotEmpty();
        assertThat(s.synonyms().get(0).score()).usingRecursiveComparison().ignoringFields("ir", "or", "ib", "ob", "lb", "thickness", "interval")
                .isEqualTo(s.bestScore());
    }

    @Test
    void aResumedRunReachesTheUninterruptedResult(@TempDir Path dir) throws Exception {
        CupStackGa.Settings s = Fixtures.settings(12, 9);
        CupStackGa.State whole = run(s, 2, true);
        try (CupStackRun run = new CupStackRun(Fixtures.options(Method.FULL, PROBLEM, s, 2))) {
            CupStackGa ga = run.ga();
            CupStackGa.State middle = ga.initial();
            for (int g = 0; g < 7; g++) {
                middle = ga.step(middle);
            }
            new Checkpoint<>(List.of("--seed", "9"), middle).write(dir);
            CupStackGa.State restored = Checkpoint.read(dir, CupStackGa.State.class).state();
            CupStackGa.State resumed = ga.run(restored, x -> { });
            assertThat(resumed.best().sameGenes(whole.best())).isTrue();
            assertThat(resumed.bestScore()).isEqualTo(whole.bestScore());
            assertThat(Arrays.asList(resumed.scores())).isEqualTo(Arrays.asList(whole.scores()));
        }
    }

    @Test
    void lifetimeAndWatchdogReinitialiseChromosomes() {
        CupStackGa.Settings lifetime = new CupStackGa.Settings(12, 12, 4, 0.05, 3, 0.6, 6, CupStackGa.Tie.RANDOM, 5, 0, 100, 3);
        assertThat(run(lifetime, 2, true).history()).extracting(CupStackGa.Generation::reinitialized).anyMatch(n -> n >= 1);
        CupStackGa.Settings watchdog = new CupStackGa.Settings(12, 12, 4, 0.05, 3, 0.6, 6, CupStackGa.Tie.AGE, 0, 2, 100, 3);
        assertThat(run(watchdog, 2, true).history()).extracting(CupStackGa.Generation::reinitialized).anyMatch(n -> n >= 12);
        assertThatThrownBy(() -> new CupStackGa.Settings(12, 12, 4, 0.05, 3, 0.6, 6, CupStackGa.Tie.AGE, 100, 100, 10, 1))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("mutually exclusive");
    }
}
