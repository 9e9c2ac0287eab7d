package org.ccopt.joint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.NodeMapping;
import org.ccopt.flitsim.SimParameters;
import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A joint plan's files replayed by a second path (the mapping file and each parameter file read back, the logical
 * destinations placed by the mapping, the pattern simulated afresh), the plan's robustness to jitter, and the
 * collectives' steps against their definitions.
 */
class PlanFilesAndRobustnessTest {

    @TempDir
    Path dir;

    private static final Topology T = TopologySpec.parse("torus:4x4");

    @ParameterizedTest
    @ValueSource(strings = {"mapping", "joint"})
    void everyWrittenPatternReplaysFromItsFilesToItsDuration(String method) throws Exception {
        JointProblem p = JointSearchTest.problem("bcmp", "shfl");
        try (JointSearch s = new JointSearch(p, JointSearchTest.settings(300, 1))) {
            JointPlan plan = s.run(JointMethod.parse(method)).plan();
            PlanFiles.write(dir, p, plan, method);
            String mappingJson = Files.readString(dir.resolve("mapping.json"));
            assertThat(mappingJson).contains("\"topology\" : \"torus:4x4\"", "\"traffic\" : \"bcmp,shfl\"",
                    "\"method\" : \"" + method + "\"", "\"cycles\" : " + plan.cycles());
            int[] mapping = NodeMapping.read(dir.resolve("mapping.json"), T);
            assertThat(mapping).isEqualTo(plan.mapping());
            long total = 0;
            for (int k = 0; k < 2; k++) {
                SimParameters params = SimParameters.read(dir.resolve(PlanFiles.name(p, k)));
                assertThat(params.hasLogicalDestinations()).isTrue();
                FlitSimulator sim = params.setup().simulator();
                var workload = params.workload().withDestination(NodeMapping.apply(mapping, params.workload().destination()));
                int cycles = sim.run(params.routerConfig(sim), workload).durationCycles();
                assertThat(cycles).as("pattern " + k).isEqualTo(plan.plans().get(k).duration());
                total += cycles;
            }
            assertThat(total).isEqualTo(plan.cycles());
        }
    }

    @Test
    void aParameterFileNameKeepsLettersDigitsAndDashesOnly() {
        JointWorkloads.Patterns a2a = JointWorkloads.parse(List.of("collective:pairwise-alltoall"), T, 1);
        JointProblem p = new JointProblem(JointSearchTest.problem("bcmp").setup(), a2a.names(), a2a.destinations(), 4, 8, 4);
        assertThat(PlanFiles.name(p, 0)).isEqualTo("00-pairwise-alltoall-1.json");
        assertThat(PlanFiles.name(p, 14)).isEqualTo("14-pairwise-alltoall-15.json");
    }

    @Test
    void withoutJitterEveryReplayIsThePlanAndWithItTheFiguresRepeatForASeed() {
        JointProblem p = JointSearchTest.problem("bcmp", "brev");
        try (JointSearch s = new JointSearch(p, JointSearchTest.settings(200, 1))) {
            JointPlan plan = s.run(JointMethod.JOINT).plan();
            Robustness none = Robustness.of(p, plan, 0, 5, 1);
            assertThat(none.nominal()).isEqualTo(plan.cycles());
            assertThat(none.mean()).isEqualTo(plan.cycles());
            assertThat(none.worst()).isEqualTo(plan.cycles());
            assertThat(none.deadlocked()).isZero();
            Robustness jittered = Robustness.of(p, plan, 4, 10, 3);
            assertThat(Robustness.of(p, plan, 4, 10, 3)).isEqualTo(jittered);
            assertThat((double) jittered.worst()).isGreaterThanOrEqualTo(jittered.mean());
            // a delay only ever starts an injection later: no run can end before the plan's packets could arrive
            assertThat(jittered.mean()).isGreaterThanOrEqualTo(p.floor());
        }
    }

    @Test
    void jitterAndReplayCountsOutOfRangeAreRefusedWithTheirNames() {
        assertThatThrownBy(() -> Robustness.check(-1, 10)).isInstanceOf(InvalidInputException.class).hasMessageContaining("jitter");
        assertThatThrownBy(() -> Robustness.check(4, 0)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("jitter-runs");
        Robustness.check(0, 1);
    }

    /** The steps of a collective as patterns: exactly its transfers, one destination per rank and step. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"bcast, 16", "ring-allreduce, 16", "pairwise-alltoall, 16", "allreduce, 16",
        "alltoall, 16", "allreduce, 12", "bcast, 12"})
    void aCollectivesStepsHoldExactlyItsTransfers(String name, int ranks) {
        MpiAlgorithm alg = MpiAlgorithm.parse(name);
        List<int[]> steps = JointWorkloads.steps(alg, ranks);
        var transfers = alg.transfers(ranks);
        assertThat(steps).hasSize(transfers.steps());
        int sends = 0;
        for (int[] dest : steps) {
            for (int r = 0; r < ranks; r++) {
                sends += dest[r] != r ? 1 : 0;
            }
        }
        long real = transfers.transfers().stream().filter(x -> x.source() != x.destination()).count();
        assertThat(sends).isEqualTo((int) real);
        for (var x : transfers.transfers()) {
            assertThat(steps.get(x.step())[x.source()]).isEqualTo(x.destination());
        }
    }

    @Test
    void anEmptyWorkloadIsRefused() {
        assertThatThrownBy(() -> JointWorkloads.parse(List.of(), T, 1)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("no traffic pattern given");
    }
}
