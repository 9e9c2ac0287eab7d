package org.ccopt.cupstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.job.JobOption;
import org.junit.jupiter.api.Test;

/** {@code ccopt calibrate}'s options as {@link CalibrateJob} declares and reads them. */
class CalibrateJobTest {

    private static CalibrateJob.Request request(Map<String, String> given) {
        return CalibrateJob.JOB.request(CalibrateJob.JOB.options().read(given));
    }

    /** Each rule's example is refused naming its option, and reads as a request without it. */
    @Test
    void everyRulesExampleIsRefusedAndReadsWithoutItsOption() {
        int rules = 0;
        for (JobOption o : CalibrateJob.JOB.options().list()) {
            for (JobOption.Applies rule : o.rules()) {
                Map<String, String> example = new HashMap<>(rule.breaking());
                assertThatThrownBy(() -> request(example)).as(o.option()).hasMessageStartingWith(o.option() + " applies");
                example.remove(o.name());
                request(example);
                rules++;
            }
        }
        assertThat(rules).isEqualTo(RouterModel.READINGS.size() + 6); // the model's and each reading's, 6 more
    }

    @Test
    void theRouterOptionsMakeTheModelAndTheStageDecidesWhatIsRead() {
        CalibrateJob.Request q = request(Map.of("model", "yokota2018", "output-stage", "register", "stage", "descent2018"));
        assertThat(q.model()).isEqualTo(RouterModel.YOKOTA2018.withOutputStage(RouterModel.OutputStage.REGISTER));
        assertThat(q.buffer()).isEqualTo(Calibration.BUFFER);
        assertThat(request(Map.of("stage", "joint", "models", "a.txt,b.csv")).models()).hasSize(2);
        assertThatThrownBy(() -> request(Map.of("stage", "joint"))).hasMessageContaining("--stage joint needs --models");
        assertThatThrownBy(() -> request(Map.of("stage", "all"))).hasMessageStartingWith("--stage 'all' is unknown");
        assertThatThrownBy(() -> request(Map.of("buffer", "0"))).hasMessage("--buffer 0 is invalid; expected 1 to 1024");
    }

    /** The 2018 known answers of the 2018 preset, as the stage reports them (Yokota et al. 2018: 10 and 34). */
    @Test
    void aStageRunsIntoItsReport() {
        CalibrateJob.Report r = CalibrateJob.JOB.run(request(Map.of("model", "yokota2018", "stage", "check",
                "threads", "1")));
        assertThat(r.lines()).contains("2018 known answers: one packet 10 (paper 10), four packets 34 (paper 34)");
        assertThat(r.lines()).anyMatch(l -> l.startsWith("2023 Table 2 (ccopt / paper):"));
    }

    /**
     * BookSim's router measured against both papers: its known answers are its own (a five-stage pipeline, 2-cycle torus
     * links: far from 10 and 34), every scheme row is one run, and only --stage check takes it.
     */
    @Test
    void theCheckMeasuresBooksimsRouterAndTheFitsRefuseIt() {
        CalibrateJob.Report r = CalibrateJob.JOB.run(request(Map.of("model", "booksim", "stage", "check", "threads", "2")));
        assertThat(r.lines().get(0)).startsWith("model: booksim (BookSim's input-queued router, routing dor-booksim");
        String known = r.lines().stream().filter(l -> l.startsWith("2018 known answers")).findFirst().orElseThrow();
        assertThat(known).doesNotContain("one packet 10 ").endsWith("(paper 34)");
        assertThat(r.lines()).filteredOn(l -> l.startsWith("  any ")).hasSize(1);
        assertThat(r.lines()).noneMatch(l -> l.startsWith("  C0") || l.startsWith("  best scheme"));
        assertThat(r.lines()).anyMatch(l -> l.contains("of 60 (no VC selection scheme"));
        assertThatThrownBy(() -> request(Map.of("model", "booksim", "stage", "descent2018")))
                .hasMessageContaining("--stage check measures it");
        assertThatThrownBy(() -> request(Map.of("model", "booksim", "dateline", "into")))
                .hasMessageContaining("--dateline is a reading of the papers' router");
    }
}
