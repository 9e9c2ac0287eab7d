package org.ccopt.cupstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.traffic.TrafficPattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A configuration that differs from a simulated one only in schemes C and Q orders its run never chose by runs the
 * same ({@link Evaluator#sameRun}, from {@link FlitSimulator#choices}): checked against the full simulation on random
 * configurations and moves under each preset, and the late-acceptance search that relies on it against itself
 * simulating every candidate.
 */
class KnownRunTest {

    static Stream<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        // the presets, and one reading under which VC selection also chooses among VCs blocked on credit
        for (String preset : new String[] {"ccopt", "yokota2018", "yokota2023", "yokota2023,vc-competition=ready"}) {
            for (String traffic : new String[] {"brev", "shfl", "trns", "randperm"}) {
                all.add(Arguments.of(preset, traffic));
            }
        }
        return all.stream();
    }

    /** A preset, with a reading over it after a comma. */
    private static RouterModel model(String preset) {
        String[] parts = preset.split(",");
        RouterModel m = RouterModel.preset(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            String[] kv = parts[i].split("=");
            m = m.with(kv[0], kv[1], "--" + kv[0]);
        }
        return m;
    }

    private static Problem problem(String preset, String traffic) {
        return new Problem(FlitSetup.of(Fixtures.TORUS8).withModel(model(preset)),
                TrafficPattern.parse(traffic).destinations(Fixtures.TORUS8, 1), 2, 1, 8, false, false);
    }

    private static GeneSpace space(Problem p, String preset) {
        FlitSimulator sim = p.simulator();
        return new GeneSpace(sim, sim.requestingInputs(model(preset)), p.destination(), p.sliceFlits(), 60,
                EnumSet.noneOf(GeneGroup.class), VcSelection.C00, p.sliceFlits());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void aChangeOfGenesTheRunNeverChoseByRunsAsTheConfigurationDid(String preset, String traffic) {
        Problem p = problem(preset, traffic);
        GeneSpace space = space(p, preset);
        try (Evaluator ev = new Evaluator(p, space, p.baseConfig(VcSelection.C00), SortKey.T01, 0, false, 1)) {
            SplittableRandom rnd = new SplittableRandom((preset + traffic).hashCode());
            int known = 0;
            int moves = 0;
            for (int k = 0; k < 4; k++) {
                Chromosome c = space.initial(rnd);
                Score score = ev.evaluate(c, null);
                FlitSimulator.Choices run = ev.choices();
                if (score.deadlocked()) {
                    continue;
                }
                for (int i = 0; i < 20; i++, moves++) { // one gene a move, as the late-acceptance search moves
                    Chromosome moved = space.neighbour(c, rnd);
                    if (ev.sameRun(run, c, moved)) {
                        known++;
                        assertThat(ev.evaluate(moved, null)).as("move %d of configuration %d", i, k).isEqualTo(score);
                    }
                }
                // every scheme the run never chose by changed at once
                Chromosome all = c.copy();
                for (int q = 0; q < all.scheme().length; q++) {
                    if (!run.scheme(q)) {
                        all.scheme()[q] = (byte) rnd.nextInt(VcSelection.values().length);
                    }
                }
                assertThat(ev.sameRun(run, c, all)).isTrue();
                assertThat(ev.evaluate(all, null)).isEqualTo(score);
            }
            assertThat(known).as("moves known to run the same").isPositive().isLessThan(moves);
        }
    }

    /**
     * The Q orders a run chose by matter: reordering the candidates of each such order changes the run in some, and
     * an order it never chose by (reordered the same way) changes nothing (random moves rarely hit the few orders an
     * 8x8 run consults, so they are reordered on purpose here).
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void reorderingAQueueOrderTheRunChoseByMayChangeItAndOneItNeverChoseByCannot(String preset, String traffic) {
        Problem p = problem(preset, traffic);
        GeneSpace space = space(p, preset);
        int ports = space.orderLength();
        try (Evaluator ev = new Evaluator(p, space, p.baseConfig(VcSelection.C00), SortKey.T01, 0, false, 1)) {
            Chromosome c = space.initial(new SplittableRandom(traffic.hashCode()));
            Score score = ev.evaluate(c, null);
            FlitSimulator.Choices run = ev.choices();
            int outputs = c.queueOrder().length / ports;
            int unconsulted = 0;
            SplittableRandom rnd = new SplittableRandom(preset.hashCode());
            for (int o = 0; o < outputs; o++) {
                for (int t = 0; t < (run.order(o) ? 6 : 1); t++) {
                    Chromosome shuffled = shuffled(c, o, ports, rnd);
                    if (shuffled == null) {
                        break;
                    }
                    assertThat(ev.sameRun(run, c, shuffled)).isEqualTo(!run.order(o));
                    if (run.order(o)) {
                        changed[0] += ev.evaluate(shuffled, null).equals(score) ? 0 : 1;
                    } else if (unconsulted++ < 40) { // a sample: each is a whole simulation
                        assertThat(ev.evaluate(shuffled, null)).as("output VC %d", o).isEqualTo(score);
                    }
                }
            }
        }
    }

    /** Reorderings over every case that changed their run: the record of consulted orders is not vacuous. */
    private static final int[] changed = new int[1];

    @org.junit.jupiter.api.AfterAll
    static void someSwapOfAConsultedOrderChangedItsRun() {
        assertThat(changed[0]).isPositive();
    }

    /**
     * {@code c} with the candidates of output VC o's Q order in another random order (N/A entries stay last); null
     * where it has fewer than two.
     */
    private static Chromosome shuffled(Chromosome c, int o, int ports, SplittableRandom rnd) {
        Chromosome s = c.copy();
        byte[] q = s.queueOrder();
        int m = 0;
        while (m < ports && q[o * ports + m] >= 0) {
            m++;
        }
        if (m < 2) {
            return null;
        }
        do {
            for (int j = m - 1; j > 0; j--) {
                int i = rnd.nextInt(j + 1);
                byte t = q[o * ports + i];
                q[o * ports + i] = q[o * ports + j];
                q[o * ports + j] = t;
            }
        } while (java.util.Arrays.equals(q, o * ports, o * ports + m, c.queueOrder(), o * ports, o * ports + m));
        return s;
    }

    /** The search that skips known candidates ends, generation by generation, where simulating every one ends. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void theLateAcceptanceSearchIsTheSameWithAndWithoutSkipping(String preset, String traffic) {
        List<LateAcceptance.State> skipping = new ArrayList<>();
        List<LateAcceptance.State> simulating = new ArrayList<>();
        long[] simulations = new long[2];
        for (boolean skip : new boolean[] {true, false}) {
            Problem p = problem(preset, traffic);
            CupStackGa.Settings ga = new CupStackGa.Settings(10, 8, 0, 0.02, 10, 0.8, 5, CupStackGa.Tie.AGE, 0, 0, 10, 5);
            try (CupStackRun r = new CupStackRun(new CupStackRun.Options(Method.LAHC, p, VcSelection.C00,
                    EnumSet.noneOf(GeneGroup.class), SortKey.T01, 1, 2, 8, ga, traffic, 1, false, 20))) {
                LateAcceptance la = r.lateAcceptance();
                la.skipKnown = skip;
                List<LateAcceptance.State> out = skip ? skipping : simulating;
                la.run(la.initial(), out::add);
                simulations[skip ? 0 : 1] = r.simulations();
            }
        }
        assertThat(skipping).hasSameSizeAs(simulating);
        for (int g = 0; g < skipping.size(); g++) {
            LateAcceptance.State a = skipping.get(g);
            LateAcceptance.State b = simulating.get(g);
            assertThat(a.current().sameGenes(b.current())).as("generation %d", g).isTrue();
            assertThat(a.best().sameGenes(b.best())).isTrue();
            assertThat(a.currentScore()).isEqualTo(b.currentScore());
            assertThat(a.recent()).isEqualTo(b.recent());
            assertThat(a.evaluations()).isEqualTo(b.evaluations());
            CupStackGa.Generation x = a.history().get(a.history().size() - 1);
            CupStackGa.Generation y = b.history().get(b.history().size() - 1);
            assertThat(List.of(x.bestObjective(), x.exactNew(), x.prunedNew(), x.deadlockedNew(), x.meanNew()))
                    .isEqualTo(List.of(y.bestObjective(), y.exactNew(), y.prunedNew(), y.deadlockedNew(), y.meanNew()));
        }
        assertThat(simulations[0]).isEqualTo(simulations[1]); // a known candidate counts as a simulation: budgets spend alike
    }
}
