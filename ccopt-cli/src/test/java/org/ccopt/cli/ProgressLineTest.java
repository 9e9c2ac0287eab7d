package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long command whose output is redirected (a batch job's log) says on stderr, on a timer, that it is still running;
 * its standard output is what it would be without. The timer is shortened here from a minute
 * ({@code -Dccopt.progress.seconds}).
 */
class ProgressLineTest {

    @TempDir
    Path dir;

    @Test
    void aRedirectedLongCommandSaysItIsRunning() throws Exception {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dccopt.progress.seconds=0.3", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "sim",
                "-t", "torus:8x8", "--traffic", "uniform", "--rate", "0.02:0.3:0.04");
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(Files.readString(err)).isZero();
            assertThat(Files.readString(err)).containsPattern("(?m)^ccopt sim: running, [0-9]+s$");
            assertThat(Files.readString(out)).doesNotContain("running").contains("saturation throughput");
        } finally {
            p.destroyForcibly();
        }
    }
}
