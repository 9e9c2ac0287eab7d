package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** Where no progress bar shows (a batch job), a long search reports on stderr in lines; --progress chooses. */
class ProgressTest {

    @Test
    void aProgressLineSaysHowFarHowLongAndHowMuchIsLeft() {
        StringWriter text = new StringWriter();
        ResumableRun.progressLine(new PrintWriter(text), "cupstack", 120, 20, 1000, "best 163", 65);
        // 100 generations in 65 s: 880 left at that rate take 572 s
        assertThat(text.toString()).isEqualTo("ccopt cupstack: 120 of 1000 (12 %), best 163; 1m05s, about 9m32s left\n");
        assertThat(ResumableRun.clock(12.4)).isEqualTo("12s");
        assertThat(ResumableRun.clock(3725)).isEqualTo("1h02m");
    }

    @Test
    void theModesDecideBetweenBarLinesAndNothing() {
        PrintWriter err = new PrintWriter(new StringWriter());
        assertThat(new ResumableRun.Progress(ResumableRun.Progress.Mode.NEVER, false, err).lineSeconds()).isZero();
        assertThat(new ResumableRun.Progress(ResumableRun.Progress.Mode.NEVER, false, err).bar()).isFalse();
        assertThat(new ResumableRun.Progress(ResumableRun.Progress.Mode.AUTO, false, err).lineSeconds())
                .isEqualTo(ResumableRun.Progress.AUTO_SECONDS);
        assertThat(new ResumableRun.Progress(ResumableRun.Progress.Mode.ALWAYS, true, err).bar()).isFalse(); // --json: no bar
        MainTest.Result bad = MainTest.run("nodemap", "--progress", "sometimes");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--progress 'sometimes'").contains("expected auto, always or never");
    }

    /**
     * ccopt run with its output redirected (no console, as under a test): a line on stderr on a timer, while a run goes
     * on, with the runs finished and failed so far.
     */
    @Test
    void anExperimentReportsInLinesOnATimerWhereNoBarShows() throws Exception {
        StringWriter text = new StringWriter();
        var ok = org.ccopt.experiments.Row.of(java.util.Map.of("status", "ok"));
        var failed = org.ccopt.experiments.Row.of(java.util.Map.of("status", "failed"));
        try (RunCommand.Progress p = new RunCommand.Progress(new PrintWriter(text), 0.05)) {
            p.starting(4);
            p.finished(ok);
            p.finished(failed);
            for (int i = 0; i < 200 && !text.toString().contains("2 of 4"); i++) {
                Thread.sleep(20);
            }
        }
        assertThat(text.toString().lines()).last().asString().startsWith("ccopt run: 2 of 4 (50 %), 1 failed; ");
    }
}
