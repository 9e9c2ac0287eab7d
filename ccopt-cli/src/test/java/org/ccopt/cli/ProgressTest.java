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
}
