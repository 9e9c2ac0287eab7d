package org.ccopt.joint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.ccopt.InvalidInputException;
import org.ccopt.cupstack.Problem;
import org.ccopt.cupstack.Stacking;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.LinkLoadBound;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.mapping.MutationVariant;
import org.ccopt.mapping.SurvivalOrder;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JointSearchTest {

    private static final Topology T = TopologySpec.parse("torus:4x4");

    static JointProblem problem(String... names) {
        JointWorkloads.Patterns p = JointWorkloads.parse(List.of(names), T, 1);
        return new JointProblem(FlitSetup.of(T).withModel(RouterModel.YOKOTA2018), p.names(), p.destinations(), 4, 8, 4);
    }

    static JointSearch.Settings settings(long budget, int threads) {
        return new JointSearch.Settings(budget, 20, MutationVariant.named("S20"), SurvivalOrder.ML, 1000, 4, 2, 5000, Stacker.LAHC,
                0.2, 10, List.of(VcSelection.values()), 0, 7, threads);
    }

    @Test
    void physicalAddressingIsThePlainRunOfEveryPattern() {
        JointProblem p = problem("bcmp", "brev");
        try (JointSearch s = new JointSearch(p, settings(100, 1))) {
            JointSearch.Outcome o = s.run(JointMethod.PHYSICAL);
            FlitSimulator sim = p.simulator();
            RouterConfig config = p.config(RouterModel.YOKOTA2018.defaultScheme());
            long expected = 0;
            for (int k = 0; k < 2; k++) {
                expected += sim.run(config, p.plain(p.patterns()[k])).durationCycles();
            }
            assertThat(o.plan().cycles()).isEqualTo(expected);
            assertThat(o.simulations()).isEqualTo(2);
            assertThat(o.plan().mapping()).isEqualTo(p.identity());
        }
    }

    /** Every method's plan replays to its duration, stays at or above its bound and the floor, and keeps to its budget. */
    @Test
    void everyMethodValidatesAndRespectsItsBounds() {
        JointProblem p = problem("bcmp", "shfl");
        try (JointSearch s = new JointSearch(p, settings(600, 2))) {
            for (JointMethod m : JointMethod.values()) {
                JointSearch.Outcome o = validatedAboveBound(p, s, m);
                assertThat(o.simulations()).as(m.label()).isLessThanOrEqualTo(600);
            }
        }
    }

    /**
     * A budget is a budget: at 5, 20, 100 and 1,000 simulations no method reports more; a method whose first phase does
     * not fit is skipped and says why; every other plan validates; mapping alone never ends above physical addressing;
     * and the outcome is the same on one thread as on two.
     */
    @ParameterizedTest
    @ValueSource(longs = {5, 20, 100, 1000})
    void noMethodPassesItsBudget(long budget) {
        JointProblem p = problem("bcmp", "brev");
        try (JointSearch one = new JointSearch(p, settings(budget, 1)); JointSearch two = new JointSearch(p, settings(budget, 2))) {
            Long physical = null;
            for (JointMethod m : JointMethod.values()) {
                JointSearch.Outcome o = validatedAboveBound(p, one, m);
                assertThat(o.simulations()).as(m.label()).isLessThanOrEqualTo(budget);
                JointSearch.Outcome again = two.run(m);
                assertThat(again.simulations()).as(m.label()).isEqualTo(o.simulations());
                assertThat(again.skipped()).as(m.label()).isEqualTo(o.skipped());
                if (o.plan() == null) {
                    assertThat(o.skipped()).as(m.label()).contains("the budget is " + budget);
                    continue;
                }
                assertThat(again.plan().cycles()).as(m.label()).isEqualTo(o.plan().cycles());
                if (m == JointMethod.PHYSICAL) {
                    physical = o.plan().cycles();
                } else if (m == JointMethod.MAPPING && physical != null) {
                    assertThat(o.plan().cycles()).isLessThanOrEqualTo(physical);
                }
            }
            assertThat(one.run(JointMethod.PHYSICAL).plan()).isNotNull(); // two patterns: two simulations fit every budget here
            if (budget <= 20) {
                assertThat(one.run(JointMethod.STACKING).skipped()).contains("simple stacking");
                assertThat(one.run(JointMethod.MAPPING).skipped()).contains("first population");
            }
        }
    }

    /**
     * On networks other than tori (the papers' router under the network's default routing function: e-cube, nearest
     * common ancestor, Dragonfly minimal), every method's plan replays to its duration, stays at or above its bound,
     * and a recorded outcome reads back.
     */
    @ParameterizedTest
    @ValueSource(strings = {"hypercube:4", "kary-ntree:2,4", "dragonfly:2,2,1"})
    void everyMethodValidatesOnNetworksOtherThanTori(String spec) {
        Topology t = TopologySpec.parse(spec);
        JointWorkloads.Patterns pat = JointWorkloads.parse(List.of("torn", "rpar"), t, 1);
        JointProblem p = new JointProblem(FlitSetup.of(t).withModel(RouterModel.YOKOTA2023), pat.names(), pat.destinations(), 4, 8, 4);
        try (JointSearch s = new JointSearch(p, settings(300, 2))) {
            for (JointMethod m : JointMethod.values()) {
                JointSearch.Outcome o = validatedAboveBound(p, s, m);
                if (o.plan() != null) {
                    assertThat(o.plan().mapping()).hasSize(t.terminalCount());
                }
            }
            JointSearch.Outcome o = s.run(JointMethod.JOINT);
            assertThat(JointRecord.of(p, o).outcome(p, Long.MAX_VALUE).plan().cycles()).isEqualTo(o.plan().cycles());
        }
    }

    /** Method m's outcome, its plan replayed by the validator and at or above its link-load bound and the floor. */
    private static JointSearch.Outcome validatedAboveBound(JointProblem p, JointSearch s, JointMethod m) {
        JointSearch.Outcome o = s.run(m);
        if (o.plan() == null) {
            assertThat(o.skipped()).as(m.label()).isNotBlank();
            return o;
        }
        JointValidator.check(p, o.plan(), o.plan().cycles());
        long bound = 0;
        for (int k = 0; k < p.patterns().length; k++) {
            bound += s.lowerBound(o.plan().mapping(), k);
        }
        assertThat(o.plan().cycles()).as(m.label()).isGreaterThanOrEqualTo(bound).isGreaterThanOrEqualTo(p.floor());
        return o;
    }

    /** The counters that stop a method do not depend on the thread count, so neither does the result. */
    @ParameterizedTest
    @ValueSource(strings = {"mapping", "joint", "alternating", "sequential"})
    void theSameSeedGivesTheSameResultOnOneAndOnTwoThreads(String method) {
        JointProblem p = problem("bcmp", "brev");
        JointSearch.Outcome one;
        JointSearch.Outcome two;
        try (JointSearch s = new JointSearch(p, settings(400, 1))) {
            one = s.run(JointMethod.parse(method));
        }
        try (JointSearch s = new JointSearch(p, settings(400, 2))) {
            two = s.run(JointMethod.parse(method));
        }
        assertThat(two.plan().mapping()).isEqualTo(one.plan().mapping());
        assertThat(two.plan().cycles()).isEqualTo(one.plan().cycles());
        assertThat(two.simulations()).isEqualTo(one.simulations());
    }

    /** The inner sweep against the Cup-Stacking module's own simple stacking (another code path): the same best. */
    @ParameterizedTest
    @ValueSource(strings = {"bcmp", "brev", "shfl", "trns"})
    void simpleStackingFindsWhatTheCupStackingSweepFinds(String pattern) {
        JointProblem p = problem(pattern);
        int[] dest = p.patterns()[0];
        FlitSimulator sim = p.simulator();
        Problem cup = new Problem(FlitSetup.of(T).withModel(RouterModel.YOKOTA2018), dest, 4, 1, 8, false, false);
        int best = Integer.MAX_VALUE;
        for (VcSelection c : VcSelection.values()) {
            best = Math.min(best, Stacking.simple(sim, cup.baseConfig(c), cup).score().duration());
        }
        AtomicLong runs = new AtomicLong();
        LinkLoadBound bound = new LinkLoadBound(sim, RouterModel.YOKOTA2018);
        PatternPlan plan = new SimpleStacking(p).plan(sim, dest, 0, runs);
        assertThat(plan.duration()).isEqualTo(best);
        assertThat(plan.duration()).isGreaterThanOrEqualTo(bound.cycles(dest, 32));
        assertThat(runs.get()).isPositive();
        // as a timing: the same duration, or -1 below it
        assertThat(new SimpleStacking(p).durationWithin(sim, 0, dest, 0, best, new AtomicLong())).isEqualTo(best);
        assertThat(new SimpleStacking(p).durationWithin(sim, 0, dest, 0, best - 1, new AtomicLong())).isEqualTo(-1);
    }

    @Test
    void theValidatorRefusesAPlanThatDoesNotReplay() {
        JointProblem p = problem("bcmp", "brev");
        try (JointSearch s = new JointSearch(p, settings(100, 1))) {
            JointPlan plan = s.run(JointMethod.PHYSICAL).plan();
            PatternPlan first = plan.plans().get(0);
            JointPlan edited = new JointPlan(plan.mapping(), List.of(new PatternPlan(first.config(), first.workload(),
                    first.duration() - 1, first.label()), plan.plans().get(1)));
            assertThatThrownBy(() -> JointValidator.check(p, edited, edited.cycles())).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("replays in");
            assertThatThrownBy(() -> JointValidator.check(p, plan, plan.cycles() + 1)).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void aRecordedOutcomeReadsBackOnlyWhenItReplays() {
        JointProblem p = problem("bcmp", "brev");
        try (JointSearch s = new JointSearch(p, settings(300, 1))) {
            JointSearch.Outcome o = s.run(JointMethod.JOINT);
            JointRecord r = JointRecord.of(p, o);
            JointSearch.Outcome back = r.outcome(p, 300);
            assertThat(back.plan().cycles()).isEqualTo(o.plan().cycles());
            assertThat(back.plan().mapping()).isEqualTo(o.plan().mapping());
            List<Integer> edited = new java.util.ArrayList<>(r.durations());
            edited.set(0, edited.get(0) - 1);
            JointRecord bad = new JointRecord(r.method(), r.simulations(), r.generations(), r.seconds(), r.mapping(), r.plans(),
                    edited, r.labels(), r.discarded(), r.skipped());
            assertThatThrownBy(() -> bad.outcome(p, 300)).isInstanceOf(InvalidInputException.class).hasMessageContaining("does not replay");
            // a count above the budget cannot have been run under it
            assertThatThrownBy(() -> r.outcome(p, r.simulations() - 1)).isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("more than the budget of " + (r.simulations() - 1));
        }
    }

    @Test
    void collectivesBecomeTheirPermutationSteps() {
        JointWorkloads.Patterns a2a = JointWorkloads.parse(List.of("collective:pairwise-alltoall"), T, 1);
        assertThat(a2a.names()).hasSize(15).startsWith("pairwise-alltoall-1");
        for (int i = 1; i <= 15; i++) {
            for (int r = 0; r < 16; r++) {
                assertThat(a2a.destinations()[i - 1][r]).isEqualTo((r + i) % 16);
            }
        }
        assertThatThrownBy(() -> JointWorkloads.parse(List.of("collective:nope"), T, 1)).isInstanceOf(InvalidInputException.class);
        assertThat(JointWorkloads.parse(List.of("bcmp", "collective:bcast"), T, 1).names()).hasSize(1 + 4);
    }

    @Test
    void theFloorIsThirtyFourCyclesAPatternAtFourPacketsOfEight() {
        assertThat(problem("bcmp", "brev", "shfl").floor()).isEqualTo(3 * 34);
        assertThatThrownBy(() -> new JointProblem(FlitSetup.of(T).withModel(RouterModel.YOKOTA2018), List.of("bcmp"),
                new int[][] {T.nodeCount() > 0 ? new int[16] : null}, 4, 8, 3)).isInstanceOf(InvalidInputException.class).hasMessageContaining("slices dividing packets");
    }
}
