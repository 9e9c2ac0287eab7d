package org.ccopt.cupstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LateAcceptanceTest {

    private static CupStackRun run(String traffic, int generations, int history, long seed) {
        Problem p = new Problem(FlitSetup.of(Fixtures.TORUS8).withModel(RouterModel.YOKOTA2023),
                TrafficPattern.parse(traffic).destinations(Fixtures.TORUS8, 1), 2, 1, 8, false, false);
        CupStackGa.Settings ga = new CupStackGa.Settings(10, generations, 0, 0.02, 10, 0.8, 5, CupStackGa.Tie.AGE, 0, 0, 10, seed);
        return new CupStackRun(new CupStackRun.Options(Method.LAHC, p, VcSelection.C00, EnumSet.noneOf(GeneGroup.class), SortKey.T01,
                1, 2, 8, ga, traffic, 2, false, history));
    }

    /**
     * The current duration never rises above the start's (every bound is a duration the search held), the search
     * starts from the simple stacking the run prints (so it never ends above it), and the validated answer is the
     * best it saw.
     */
    @ParameterizedTest
    @ValueSource(strings = {"shfl", "brot", "trns"})
    void neverEndsAboveTheSimpleStackingItStartsFrom(String traffic) {
        try (CupStackRun r = run(traffic, 6, 20, 1)) {
            LateAcceptance la = r.lateAcceptance();
            LateAcceptance.State s = la.initial();
            int start = s.currentScore().objective();
            List<LateAcceptance.State> states = new ArrayList<>();
            LateAcceptance.State end = la.run(s, states::add);
            for (LateAcceptance.State x : states) {
                assertThat(x.currentScore().objective()).isLessThanOrEqualTo(start);
                assertThat(x.bestScore().objective()).isLessThanOrEqualTo(x.currentScore().objective());
            }
            assertThat(end.evaluations()).isEqualTo(1 + 6 * 10);
            CupStackRun.Result res = r.finish(end.asGaState());
            assertThat(start).isEqualTo(res.simpleStackingCycles());
            assertThat(res.bestScore().duration()).isEqualTo(end.bestScore().duration()).isLessThanOrEqualTo(start);
        }
    }

    /** With a history of one the search is a hill climber that accepts equal moves: the current never rises. */
    @Test
    void aHistoryOfOneNeverAcceptsAWorseMove() {
        try (CupStackRun r = run("brot", 8, 1, 3)) {
            int[] last = {Integer.MAX_VALUE};
            r.lateAcceptance().run(r.lateAcceptance().initial(), s -> {
                assertThat(s.currentScore().objective()).isLessThanOrEqualTo(last[0]);
                last[0] = s.currentScore().objective();
            });
        }
    }

    /** The same seed gives the same run; a run resumed from a middle state ends where the uninterrupted one does. */
    @Test
    void reproducibleAndResumable() {
        LateAcceptance.State whole;
        LateAcceptance.State middle;
        try (CupStackRun r = run("shfl", 5, 15, 2)) {
            LateAcceptance.State[] at2 = new LateAcceptance.State[1];
            whole = r.lateAcceptance().run(r.lateAcceptance().initial(), s -> at2[0] = s.generation() == 2 ? s : at2[0]);
            middle = at2[0];
        }
        try (CupStackRun r = run("shfl", 5, 15, 2)) {
            r.lateAcceptance().checkResumable(middle);
            LateAcceptance.State resumed = r.lateAcceptance().run(middle, s -> { });
            assertThat(resumed.best().sameGenes(whole.best())).isTrue();
            assertThat(resumed.current().sameGenes(whole.current())).isTrue();
            assertThat(resumed.recent()).isEqualTo(whole.recent());
            assertThat(resumed.history().stream().map(CupStackGa.Generation::bestDuration).toList())
                    .isEqualTo(whole.history().stream().map(CupStackGa.Generation::bestDuration).toList());
        }
        try (CupStackRun r = run("shfl", 5, 16, 2)) {
            LateAcceptance.State m = middle;
            assertThatThrownBy(() -> r.lateAcceptance().checkResumable(m)).isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("--history-length is 16");
        }
    }

    @Test
    void refusesASortKeyItDoesNotUse() {
        Problem p = Fixtures.problem(Fixtures.TORUS4, "brev", 2, 4);
        CupStackRun.Options o = new CupStackRun.Options(Method.LAHC, p, VcSelection.C00, EnumSet.noneOf(GeneGroup.class), SortKey.T05,
                1, 2, 4, Fixtures.settings(2, 1), "brev", 1, false, 10);
        assertThatThrownBy(() -> new CupStackRun(o)).isInstanceOf(InvalidInputException.class).hasMessageContaining("T01");
    }
}
