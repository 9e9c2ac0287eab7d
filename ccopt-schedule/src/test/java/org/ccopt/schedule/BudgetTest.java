package org.ccopt.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ccopt.InvalidInputException;
import org.junit.jupiter.api.Test;

/** What a budget decides by: the allowance as given, which no slice and no elapsed time changes. */
class BudgetTest {

    @Test
    void aSliceKeepsTheAllowanceTheSearchWasGiven() {
        Budget whole = Budget.seconds(600);
        Budget slice = whole.slice(0.5).withEvaluations(10);
        assertThat(whole.allowedSeconds()).isEqualTo(600);
        assertThat(slice.allowedSeconds()).isEqualTo(600);
        assertThat(slice.remainingSeconds()).isLessThanOrEqualTo(0.5);
        assertThat(slice.exhausted(10)).isTrue();
        assertThat(slice.exhausted(9)).isFalse();
        assertThatThrownBy(() -> Budget.seconds(-1)).isInstanceOf(InvalidInputException.class);
    }

    /**
     * The greedy construction every solver starts from obeys the time limit: with its budget spent it stops with one
     * line saying how far it got (here before the first transfer), and without a budget it builds the schedule.
     */
    @Test
    void theGreedyConstructionStopsWhenItsBudgetIsSpent() {
        ScheduleProblem p = Problems.of("torus:4x4", "AAS", "all");
        assertThatThrownBy(() -> Greedy.build(p, 1, Budget.seconds(0))).isInstanceOf(InvalidInputException.class)
                .hasMessage("the greedy construction every solver starts from placed 0 of " + p.transferCount()
                        + " transfers within the time limit; expected a longer --time-limit or a smaller problem");
        assertThat(Greedy.build(p, 1, Budget.seconds(600)).steps()).isEqualTo(Greedy.build(p, 1).steps());
    }

    /** A problem too large for the memory is refused before it is built, in one line naming the estimate. */
    @Test
    void aProblemThatCannotFitTheHeapIsRefusedBeforeItIsBuilt() {
        ScheduleProblem.requireFits("torus:4x4", 240, 1000, 4000); // a quarter of the heap: built
        assertThatThrownBy(() -> ScheduleProblem.requireFits("torus:64x64", 16_773_120L, 4L << 30, 6L << 30))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("scheduling 16,773,120 transfers on torus:64x64 "
                        + "needs about 4.0 GiB at the least").hasMessageContaining("CCOPT_JAVA_OPTS=-Xmx");
    }

    /** Whether the exact model is tried is read from the allowance: a model too large for it is not, at any speed. */
    @Test
    void theExactModelsSizeIsWeighedAgainstTheAllowance() {
        ScheduleProblem p = Problems.of("torus:8x8", "AAS", "all");
        long vars = ExactSolver.variables(p, 20);
        double tooShort = (vars - 1) / (double) ExactSolver.VARIABLES_PER_SECOND;
        org.junit.jupiter.api.Assumptions.assumeTrue(vars <= ExactSolver.MAX_VARIABLES, "a model under the size cap");
        Attempt a = ExactSolver.solve(p, 20, Budget.seconds(tooShort), 1);
        assertThat(a.solver()).isEqualTo("exact (too large for the time limit)");
        assertThat(a.outcome()).isEqualTo(Attempt.Outcome.UNKNOWN);
    }

    /**
     * A CP-SAT solve capped in deterministic time ends by that cap whatever the wall clock allows: the octagon's
     * 3-step scatter, which takes a real search to prove infeasible, is left unknown under a cap far below that work,
     * and proven under a generous one (single worker, fixed seed).
     */
    @Test
    void aDeterministicTimeCapEndsTheExactModelIndependentlyOfTheClock() {
        org.junit.jupiter.api.Assumptions.assumeTrue(ExactSolver.available(), "OR-Tools loads here");
        ScheduleProblem p = Problems.of("octagon", "AAS", "all");
        Budget slice = Budget.seconds(600).withDeterministicTime(1e-6).slice(300);
        assertThat(slice.deterministicSeconds()).as("a slice keeps the cap").isEqualTo(1e-6);
        assertThat(ExactSolver.solve(p, 3, slice, 1).outcome()).isEqualTo(Attempt.Outcome.UNKNOWN);
        assertThat(ExactSolver.solve(p, 3, Problems.deterministic(), 1).outcome()).isEqualTo(Attempt.Outcome.INFEASIBLE);
        assertThatThrownBy(() -> Budget.seconds(1).withDeterministicTime(0)).isInstanceOf(InvalidInputException.class);
    }
}
