package org.ccopt.joint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.ccopt.InvalidInputException;
import org.junit.jupiter.api.Test;

/** The validator against planted faults, a method's reported figures, and the method list's refusals. */
class ValidatorAndResultsTest {

    private static JointPlan plan(JointProblem p, JointMethod method) {
        try (JointSearch s = new JointSearch(p, JointSearchTest.settings(200, 1))) {
            return s.run(method).plan();
        }
    }

    @Test
    void aPlanThatSendsAnotherPatternThanItsMappingPlacesIsRefused() {
        JointProblem p = JointSearchTest.problem("bcmp", "brev");
        JointPlan good = plan(p, JointMethod.MAPPING);
        JointValidator.check(p, good, good.cycles());
        // the mapping changed under the plans: node 0 swapped with the first node whose swap moves pattern 0's
        // placed destinations (a pair that sends to each other in both patterns would move nothing), the plans kept
        int[] swapped = null;
        for (int j = 1; swapped == null; j++) {
            int[] m = good.mapping().clone();
            m[0] = good.mapping()[j];
            m[j] = good.mapping()[0];
            if (!java.util.Arrays.equals(org.ccopt.flitsim.NodeMapping.apply(m, p.patterns()[0]),
                    org.ccopt.flitsim.NodeMapping.apply(good.mapping(), p.patterns()[0]))) {
                swapped = m;
            }
        }
        int[] moved = swapped;
        assertThatThrownBy(() -> JointValidator.check(p, new JointPlan(moved, good.plans()), good.cycles()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("does not send the mapped pattern");
        // a pattern's plan left out
        assertThatThrownBy(() -> JointValidator.check(p, new JointPlan(good.mapping(), good.plans().subList(0, 1)), good.cycles()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("1 plans for 2 patterns");
        // the plans of the two patterns exchanged
        assertThatThrownBy(() -> JointValidator.check(p, new JointPlan(good.mapping(), List.of(good.plans().get(1),
                good.plans().get(0))), good.cycles())).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aMethodsFiguresAreItsPlansAndItsBoundNeverExceedsThem() {
        JointProblem p = JointSearchTest.problem("bcmp", "shfl");
        try (JointSearch s = new JointSearch(p, JointSearchTest.settings(300, 1))) {
            JointSearch.Outcome o = s.run(JointMethod.JOINT);
            MethodResult r = MethodResult.of(p, s, o, 0, 1, 1);
            assertThat(r.cycles()).isEqualTo(o.plan().cycles());
            assertThat(r.perPattern().stream().mapToLong(Integer::longValue).sum()).isEqualTo(r.cycles());
            assertThat(r.lowerBound()).isLessThanOrEqualTo(r.cycles()).isGreaterThanOrEqualTo(p.floor());
            assertThat(r.robustness()).isNull();
            assertThat(r.figures()).containsKeys("cycles", "lowerBound", "simulations", "discarded", "generations", "seconds")
                    .doesNotContainKey("jitterMean");
            MethodResult jittered = MethodResult.of(p, s, o, 2, 3, 1);
            assertThat(jittered.figures()).containsKeys("jitterMean", "jitterWorst", "jitterDeadlocked");
            assertThat(jittered.robustness().runs()).isEqualTo(3);
        }
    }

    @Test
    void aSkippedMethodReportsWhyAndWhatItSpent() {
        MethodResult r = MethodResult.of(JointSearchTest.problem("bcmp"), null, new JointSearch.Outcome(JointMethod.MAPPING,
                null, 12, 3, 0, 0.0, "the budget of 10 is below one generation"), 0, 1, 1);
        assertThat(r.cycles()).isEqualTo(-1);
        assertThat(r.figures()).containsOnlyKeys("skipped", "simulations", "discarded").containsEntry("simulations", 12L);
    }

    @Test
    void methodsAreParsedOnceEachAndNamedWhenUnknown() {
        assertThat(JointMethod.parseAll(List.of("joint", "physical"))).containsExactly(JointMethod.JOINT, JointMethod.PHYSICAL);
        assertThat(JointMethod.JOINT.label()).isEqualTo("joint");
        assertThatThrownBy(() -> JointMethod.parseAll(List.of("joint", "joint"))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("given twice");
        assertThatThrownBy(() -> JointMethod.parseAll(List.of())).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("no method given");
        assertThatThrownBy(() -> JointMethod.parse("best")).isInstanceOf(InvalidInputException.class);
        assertThat(JointMethod.NAMES.split(", ")).hasSize(JointMethod.values().length);
    }

    @Test
    void aWorkloadMustNameEachPatternCoverEveryTerminalAndSliceItsPackets() {
        JointProblem ok = JointSearchTest.problem("bcmp");
        org.ccopt.flitsim.FlitSetup setup = ok.setup();
        int[] pattern = ok.patterns()[0];
        assertThatThrownBy(() -> new JointProblem(setup, List.of("a", "b"), new int[][] {pattern}, 4, 8, 4))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("1 patterns and 2 names");
        assertThatThrownBy(() -> new JointProblem(setup, List.of("a"), new int[][] {new int[15]}, 4, 8, 4))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("covers 15 nodes");
        assertThatThrownBy(() -> new JointProblem(setup, List.of("a"), new int[][] {pattern}, 4, 8, 3))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("slices dividing packets");
        // BookSim's router (model null) poses the same problem
        assertThat(new JointProblem(setup.withKind(org.ccopt.flitsim.RouterKind.Booksim.DEFAULT), List.of("a"), new int[][] {pattern}, 4, 8, 4).router())
                .isInstanceOf(org.ccopt.flitsim.BooksimRouter.class);
        // slices of a pattern: 4 packets of 8 flits in 2 slices are 16 flits a slice, 32 a node
        JointProblem two = new JointProblem(setup, List.of("a"), new int[][] {pattern}, 4, 8, 2);
        assertThat(two.sliceFlits()).isEqualTo(16);
        assertThat(two.flitsPerNode()).isEqualTo(32);
    }
}
