package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An output directory holds one command's run: reusing it for another command is refused in one line before any
 * work (a resume included), and no command writes through a link planted in its output directory.
 */
class OutputFolderTest {

    @TempDir
    Path dir;

    @Test
    void anOutHoldingAnotherCommandsRunIsRefusedBeforeAnyWork() throws Exception {
        String out = dir.resolve("run1").toString();
        assertThat(MainTest.run("nodemap", "-t", "torus:4x4", "--traffic", "brev", "--generations", "2", "--population",
                "4", "--out", out).code()).isZero();
        String refusal = "ccopt: output directory '" + out + "' belongs to ccopt nodemap (its .ccopt.lock says so); ccopt "
                + "cupstack writes to a directory of its own: choose another output directory\n";
        MainTest.Result cupstack = MainTest.run("cupstack", "-t", "torus:4x4", "--traffic", "brev", "--generations", "2",
                "--out", out);
        assertThat(cupstack.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(cupstack.err()).isEqualTo(refusal);
        MainTest.Result resume = MainTest.run("cupstack", "--resume", out); // before it reads the checkpoint's classes
        assertThat(resume.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(resume.err()).isEqualTo(refusal);
        assertThat(MainTest.run("joint", "-t", "torus:4x4", "--traffic", "bcmp", "--budget", "10", "--out", out).err())
                .contains("belongs to ccopt nodemap");
        assertThat(MainTest.run("nodemap", "--resume", out, "--generations", "3").code()).isZero(); // its own
        assertThat(MainTest.run("report", out).code()).isZero(); // a report claims no directory
    }

    @Test
    void noCommandWritesThroughALinkPlantedInItsOutputDirectory() throws Exception {
        Path out = Files.createDirectories(dir.resolve("run2"));
        Path victim = dir.resolve("victim.json");
        Files.createSymbolicLink(out.resolve("best.json"), victim);
        MainTest.Result r = MainTest.run("cupstack", "-t", "torus:4x4", "--traffic", "brev", "--generations", "2", "--out",
                out.toString());
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).startsWith("ccopt: '" + out.resolve("best.json") + "' leads through a symbolic link to ")
                .contains("ccopt does not write through links in an output directory").hasLineCount(1);
        assertThat(victim).doesNotExist();

        Path report = Files.createDirectories(dir.resolve("run3"));
        assertThat(MainTest.run("nodemap", "-t", "torus:4x4", "--traffic", "brev", "--generations", "2", "--population",
                "4", "--out", report.toString()).code()).isZero();
        Files.createSymbolicLink(report.resolve("report.html"), victim);
        assertThat(MainTest.run("report", report.toString()).code()).isEqualTo(Main.BAD_INPUT);
        assertThat(victim).doesNotExist();
    }
}
