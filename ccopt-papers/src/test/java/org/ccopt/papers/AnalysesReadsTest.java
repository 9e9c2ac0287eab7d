package org.ccopt.papers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.job.JobOption;
import org.junit.jupiter.api.Test;

/** The analyses' options as {@link AnalyzeJob} declares them: each applies to the analyses that read it. */
class AnalysesReadsTest {

    @Test
    void everyAnalysisNamedHasItsOptionsListed() {
        List<String> names = Arrays.stream(Analyses.NAMES.split(", ")).map(String::trim).toList();
        assertThat(Analyses.READS.keySet()).containsAll(names).contains("msg-sweep", "p2p-time", "nas");
        for (List<String> reads : Analyses.READS.values()) {
            for (String option : reads) {
                assertThat(AnalyzeJob.JOB.options().declares(option.substring(2))).as(option).isTrue();
            }
        }
    }

    @Test
    void anOptionAnAnalysisDoesNotReadIsRefusedWithTheAnalysesThatReadIt() {
        var options = AnalyzeJob.JOB.options();
        assertThat(options.read(Map.of("analysis", "circulant", "sizes", "16", "threads", "1")).text("sizes")).isEqualTo("16");
        assertThatThrownBy(() -> options.read(Map.of("analysis", "CIRCULANT", "sizes", "16", "seed", "3")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--seed applies to analyze collective-share, convergence, cost, mapping-hops, metrics, msg-sweep, "
                        + "p2p-hops, p2p-time, sa-vs-two-opt, topology-hops, not to analyze CIRCULANT, so it is refused "
                        + "rather than ignored");
        assertThatThrownBy(() -> AnalyzeJob.JOB.request(options.read(Map.of("analysis", "no-such-analysis", "seed", "3"))))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("unknown analysis 'no-such-analysis'");
        assertThatThrownBy(() -> options.read(Map.of("seed", "3"))).hasMessage("missing --analysis; expected NAME");
    }

    /** Each rule's example breaks only its rule: without the option it reads, and with it it is refused. */
    @Test
    void everyRulesExampleIsRefusedAndReadsWithoutItsOption() {
        int rules = 0;
        for (JobOption o : AnalyzeJob.JOB.options().list()) {
            for (JobOption.Applies rule : o.rules()) {
                Map<String, String> example = new java.util.HashMap<>(rule.breaking());
                assertThatThrownBy(() -> AnalyzeJob.JOB.options().read(example)).as(o.option())
                        .hasMessageStartingWith(o.option() + " applies to analyze");
                example.remove(o.name());
                AnalyzeJob.JOB.request(AnalyzeJob.JOB.options().read(example));
                rules++;
            }
        }
        assertThat(rules).isEqualTo(14);
    }

    @Test
    void anAnalysisRunsFromItsOptionsAsByHand() {
        AnalyzeJob.Outcome o = AnalyzeJob.JOB.run(AnalyzeJob.JOB.request(AnalyzeJob.JOB.options().read(
                Map.of("analysis", "circulant", "sizes", "16,32", "threads", "1"))));
        Analyses.Output byHand = Analyses.circulant(new int[] {16, 32}, 1);
        assertThat(o.output().tables()).hasSameSizeAs(byHand.tables());
        for (int t = 0; t < byHand.tables().size(); t++) {
            assertThat(o.output().tables().get(t).rows()).usingRecursiveComparison().isEqualTo(byHand.tables().get(t).rows());
        }
        assertThat(AnalyzeJob.JOB.figures(o)).containsEntry("analysis", "circulant")
                .containsEntry("tables", byHand.tables().stream().map(Analyses.DataTable::name).toList());
    }

    /** NAME is given by position on the command line; a value left out is the analysis's own default, decided late. */
    @Test
    void theAnalysisIsPositionalAndItsDefaultsAreLeftToIt() {
        assertThat(AnalyzeJob.JOB.options().positional()).containsExactly("analysis");
        AnalyzeJob.Request q = AnalyzeJob.JOB.request(AnalyzeJob.JOB.options().read(Map.of("analysis", "NAS")));
        assertThat(q.analysis()).isEqualTo("nas");
        assertThat(q.procs()).isNull(); // 128 for nas, 512 elsewhere
        assertThat(q.iterations()).isNull();
        assertThat(q.networks()).containsExactly("random-shortcut:1024:19:seed=1", "circulant2:1024");
        assertThat(q.sharing()).isEqualTo(org.ccopt.msgsim.MessageSimulator.Sharing.parse("cm02"));
    }
}
