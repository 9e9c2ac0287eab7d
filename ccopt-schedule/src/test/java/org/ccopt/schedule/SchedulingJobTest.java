package org.ccopt.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.PortModel;
import org.ccopt.job.JobOption;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ccopt schedule}'s options, search and check as {@link SchedulingJob} declares and runs them. */
class SchedulingJobTest {

    @TempDir
    Path dir;

    private static SchedulingJob.Request request(Map<String, String> given) {
        return SchedulingJob.JOB.request(SchedulingJob.JOB.options().read(given));
    }

    @Test
    void aSearchFromItsOptionsIsTheSearchByHand() {
        Map<String, Object> byJob = SchedulingJob.JOB.figures(Map.of("topology", "hypercube:3", "cc", "AAB", "solver",
                "greedy", "ts", "2us", "t1", "0.1ns", "bytes", "4KiB"));
        var t = TopologySpec.parse("hypercube:3");
        ScheduleJob.Outcome byHand = ScheduleJob.of(new ScheduleJob.Request(t, Collective.standard(CollectiveKind.AAB, t, 0),
                null, PortModel.ONE, Switching.WH, 0, null)).solve(request(Map.of("topology", "hypercube:3", "cc", "AAB",
                "solver", "greedy")).settings(), Budget.seconds(60), null);
        assertThat(byJob).containsEntry("steps", byHand.steps()).containsEntry("lowerBound", byHand.lowerBound())
                .containsEntry("solver", "greedy").containsEntry("validated", true).containsKey("timeModel");
        assertThat(byJob.get("transfers")).usingRecursiveComparison().isEqualTo(ScheduleFile.of(byHand, null).get("transfers"));
    }

    @Test
    void aPrintedScheduleChecksValidAndADamagedOneIsRefused() throws Exception {
        Map<String, Object> found = SchedulingJob.JOB.figures(Map.of("topology", "hypercube:3", "cc", "AAB", "solver",
                "greedy"));
        ObjectMapper json = new ObjectMapper();
        Path file = dir.resolve("s.json");
        Files.writeString(file, json.writeValueAsString(found));
        Map<String, Object> checked = SchedulingJob.JOB.figures(Map.of("topology", "hypercube:3", "cc", "AAB",
                "validate", file.toString(), "replay", "1KiB"));
        assertThat(checked).containsEntry("valid", true).containsEntry("steps", found.get("steps"))
                .containsEntry("violations", 0).containsKey("replay");
        assertThat(SchedulingJob.JOB.seed(SchedulingJob.JOB.options().read(Map.of("topology", "hypercube:3", "cc", "AAB",
                "validate", file.toString())))).isNull(); // a check draws nothing
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> transfers = (List<Map<String, Object>>) found.get("transfers");
        Map<String, Object> moved = new HashMap<>(transfers.get(0));
        moved.put("step", 1);
        Map<String, Object> second = new HashMap<>(transfers.get(1));
        second.put("step", 1);
        second.put("src", moved.get("src")); // one node sends twice in one step on one port: a conflict
        Map<String, Object> damaged = new HashMap<>(found);
        damaged.put("transfers", List.of(moved, second));
        Files.writeString(file, json.writeValueAsString(damaged));
        assertThatThrownBy(() -> SchedulingJob.JOB.figures(Map.of("topology", "hypercube:3", "cc", "AAB", "validate",
                file.toString()))).isInstanceOf(InvalidInputException.class).hasMessageContaining("is not valid");
    }

    @Test
    void whatToScheduleIsACollectiveOrAPermutationNotBoth() {
        assertThatThrownBy(() -> request(Map.of("topology", "hypercube:3", "cc", "AAB", "traffic", "brev")))
                .hasMessage("--traffic brev and --cc AAB both name what to schedule; expected one of them");
        assertThat(request(Map.of("topology", "hypercube:3", "traffic", "brev")).problem().destination()).hasSize(8);
        assertThatThrownBy(() -> request(Map.of("topology", "hypercube:3", "cc", "AAB", "fitness", "most")))
                .hasMessageContaining("--fitness applies to --solver umda, mboa");
        assertThatThrownBy(() -> request(Map.of("topology", "hypercube:3", "cc", "AAB", "solver", "umda", "fitness",
                "most"))).hasMessage("--fitness 'most' is not a conflict count; expected pairs or excess");
    }

    /** Each rule's example is refused naming its option, and reads as a request without it. */
    @Test
    void everyRulesExampleIsRefusedAndReadsWithoutItsOption() {
        int rules = 0;
        for (JobOption o : SchedulingJob.JOB.options().list()) {
            for (JobOption.Applies rule : o.rules()) {
                Map<String, String> example = new HashMap<>(rule.breaking());
                assertThatThrownBy(() -> request(example)).as(o.option()).hasMessageStartingWith(o.option() + " applies");
                example.remove(o.name());
                request(example);
                rules++;
            }
        }
        assertThat(rules).isGreaterThanOrEqualTo(40);
    }
}
