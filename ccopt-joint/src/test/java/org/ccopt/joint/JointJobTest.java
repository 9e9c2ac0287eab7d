package org.ccopt.joint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.mapping.MutationVariant;
import org.junit.jupiter.api.Test;

/**
 * {@code ccopt joint} as a library job ({@link JointJob}): the request its declared options read, where its search
 * options apply, and a run from option values against the same run built by hand.
 */
class JointJobTest {

    private static JointJob.Request read(Map<String, String> options) {
        return JointJob.read(JointJob.JOB.options().read(options), 1);
    }

    @Test
    void theDefaultsAreEveryMethodAtTenThousandSimulations() {
        JointJob.Request q = read(Map.of());
        assertThat(q.methods()).containsExactly(JointMethod.values());
        assertThat(q.settings().budget()).isEqualTo(10_000);
        assertThat(q.settings().population()).isEqualTo(100);
        assertThat(q.settings().variant()).isEqualTo(MutationVariant.named("S20").withBound(MutationVariant.Bound.INCLUSIVE));
        assertThat(q.settings().innerSchemes()).containsExactly(VcSelection.values());
        assertThat(q.problem().topology().spec()).isEqualTo("torus:8x8");
        assertThat(q.traffic()).isEqualTo("bcmp,brev");
        assertThat(q.jitter()).isZero();
        // a stacked pattern is sent one packet a slice unless --slices says otherwise
        assertThat(read(Map.of("packets", "6")).problem().slices()).isEqualTo(6);
        assertThat(read(Map.of("packets", "6", "slices", "2")).problem().slices()).isEqualTo(2);
        assertThat(read(Map.of("inner-schemes", "C00,C05")).settings().innerSchemes())
                .containsExactly(VcSelection.C00, VcSelection.C05);
    }

    @Test
    void eachSearchsOptionsApplyToTheMethodsThatRunIt() {
        assertRefused(Map.of("methods", "physical", "population", "10"), "--population applies to the mapping and sequential");
        assertRefused(Map.of("methods", "mapping", "restarts", "4"), "--restarts applies to the surrogate, joint and alternating");
        assertRefused(Map.of("methods", "sequential", "stacker", "simple", "reserve", "0.5"), "--reserve applies to the "
                + "sequential method with a stacker other than simple");
        assertRefused(Map.of("methods", "mapping", "inner-schemes", "C00"), "--inner-schemes applies to the joint method");
        // options that changed nothing (issue 73): a stacker where no method stacks, its population for simple stacking
        assertRefused(Map.of("methods", "physical", "stacker", "ga"), "--stacker applies to the methods that stack");
        assertRefused(Map.of("methods", "stacking", "stacker", "simple", "stacker-population", "5"),
                "--stacker-population applies to the methods that stack, with a stacker other than simple");
        assertRefused(Map.of("methods", "mapping", "variant", "S05", "radius-bound", "exclusive"), "--radius-bound applies");
        assertRefused(Map.of("jitter-runs", "3"), "--jitter-runs applies with --jitter above 0");
        assertThat(read(Map.of("methods", "sequential", "reserve", "0.5")).settings().reserve()).isEqualTo(0.5);
        assertThatThrownBy(() -> read(Map.of("methods", "physical,physical"))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("given twice");
    }

    /** The figures of a run from option values are those of the same methods run on the request by hand. */
    @Test
    void aRunFromOptionValuesIsTheRunOfItsRequest() {
        Map<String, String> options = new HashMap<>(Map.of("topology", "torus:4x4", "traffic", "bcmp,brev", "methods",
                "physical,mapping", "budget", "30", "population", "6", "threads", "1"));
        Map<String, Object> byJob = JointJob.JOB.figures(options);
        JointJob.Request q = read(options);
        JointJob.Outcome byHand;
        try (JointSearch engine = new JointSearch(q.problem(), q.settings())) {
            byHand = JointJob.report(q, engine, List.of(JointRecord.of(q.problem(), engine.run(JointMethod.PHYSICAL)),
                    JointRecord.of(q.problem(), engine.run(JointMethod.MAPPING))));
        }
        assertThat(byJob.get("floor")).isEqualTo(byHand.figures().get("floor"));
        for (String method : List.of("physical", "mapping")) {
            Map<?, ?> a = (Map<?, ?>) ((Map<?, ?>) byJob.get("byMethod")).get(method);
            Map<?, ?> b = (Map<?, ?>) ((Map<?, ?>) byHand.figures().get("byMethod")).get(method);
            assertThat(a.get("cycles")).as(method).isEqualTo(b.get("cycles"));
            assertThat(a.get("lowerBound")).as(method).isEqualTo(b.get("lowerBound"));
        }
        assertThat(byJob).doesNotContainKey("jitter");
        assertThat(JointJob.summary(read(Map.of("methods", "physical", "jitter", "2")), List.of())).containsEntry("jitter", 2)
                .containsEntry("jitterRuns", 10);
    }

    private static void assertRefused(Map<String, String> options, String start) {
        assertThatThrownBy(() -> read(options)).isInstanceOf(InvalidInputException.class).hasMessageStartingWith(start);
    }
}
