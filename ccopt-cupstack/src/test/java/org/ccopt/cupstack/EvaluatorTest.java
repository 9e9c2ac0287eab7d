package org.ccopt.cupstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.SplittableRandom;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.SimResult;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.flitsim.Workload;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class EvaluatorTest {

    private final Problem problem = Fixtures.problem(Fixtures.TORUS8, "shfl", 2, 8);
    private final GeneSpace space = Fixtures.space(problem, EnumSet.noneOf(GeneGroup.class), 60);
    private final RouterConfig base = problem.baseConfig(VcSelection.C00);

    private SimResult direct(Chromosome c, int interval) {
        return new FlitSimulator(Fixtures.TORUS8, 3, 4).run(space.config(c, base),
                new Workload(problem.destination(), 2, 1, 8, interval, c.delay()));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void pruningAnswersExactlyOrProvesTheChromosomeWorse(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Chromosome c = space.mutate(space.initial(rnd), 0.3, rnd);
        int duration = direct(c, c.interval()).durationCycles();
        try (Evaluator ev = new Evaluator(problem, space, base, SortKey.T01, 0, false, 1)) {
            Score exact = ev.evaluate(c, null);
            assertThat(exact.duration()).isEqualTo(duration);
            assertThat(ev.evaluate(c, new Score(duration, 0, 0, 0, 0, 0, 0, 0, 0))).isEqualTo(exact);
            assertThat(ev.evaluate(c, new Score(duration - 1, 0, 0, 0, 0, 0, 0, 0, 0))).isNull();
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void perturbationKeepsTheBestIntervalWithinFiveCycles(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Chromosome c = space.initial(rnd).withInterval(20);
        try (Evaluator ev = new Evaluator(problem, space, base, SortKey.T01, 0, true, 1)) {
            Score s = ev.evaluate(c, null);
            assertThat(s.interval()).isBetween(15, 25);
            int best = Integer.MAX_VALUE;
            for (int v = 15; v <= 25; v++) {
                best = Math.min(best, direct(c, v).durationCycles());
            }
            assertThat(s.duration()).isEqualTo(best).isEqualTo(direct(c, s.interval()).durationCycles());
        }
    }

    @Test
    void roughEstimationScoresThicknessTimesSlicesMinusOnePlusSliceDuration() {
        Problem single = problem.withSlices(1);
        Chromosome c = space.initial(new SplittableRandom(3));
        try (Evaluator ev = new Evaluator(single, space, base, SortKey.T01, 4, false, 1)) {
            Score s = ev.evaluate(c, null);
            SimResult r = new FlitSimulator(Fixtures.TORUS8, 3, 4).run(space.config(c, base),
                    new Workload(problem.destination(), 1, 1, 8, 0, c.delay()));
            assertThat(s.objective()).isEqualTo(3 * r.effectiveThickness() + r.durationCycles());
        }
    }

    @Test
    void sortKeysOrderTiesBySecondaryMetrics() {
        Score a = new Score(100, 100, 40, 5, 1, 7, 2, 9, 8);
        Score b = new Score(100, 100, 30, 5, 2, 7, 1, 12, 8);
        assertThat(SortKey.T01.comparator().compare(a, b)).isZero();
        assertThat(SortKey.T02.comparator().compare(a, b)).isNegative();
        assertThat(SortKey.T03.comparator().compare(a, b)).isPositive();
        assertThat(SortKey.T04.comparator().compare(a, b)).isPositive();
        assertThat(SortKey.T05.comparator().compare(a, b)).isNegative();
        assertThat(SortKey.T06.comparator().compare(a, b)).isPositive();
        assertThat(SortKey.T07.comparator().compare(a, b)).isNegative();
        assertThat(SortKey.T09.comparator().compare(new Score(90, 90, 41, 0, 0, 0, 0, 0, 8), a)).isPositive();
    }

    @Test
    void anIntervalSweepFindsTheShortestDuration() {
        FlitSimulator sim = new FlitSimulator(Fixtures.TORUS8, 3, 4);
        int[] none = new int[64];
        Stacking.Sweep s = Stacking.sweep(sim, base, problem, none, 8, 40);
        int best = Integer.MAX_VALUE;
        int at = -1;
        for (int v = 8; v <= 40; v++) {
            int d = sim.run(base, new Workload(problem.destination(), 2, 1, 8, v, none)).durationCycles();
            if (d < best) {
                best = d;
                at = v;
            }
        }
        assertThat(s.interval()).isEqualTo(at);
        assertThat(s.score().duration()).isEqualTo(best);
    }
}
