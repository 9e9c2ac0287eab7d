package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ctrl-C at a long search, in the search's own JVM: the search stops after its generation, prints and writes the best
 * so far as a finished run would (validated, with its files), saves its checkpoint, says how to resume, and the JVM
 * ends with 130. joint stops inside the method under way and reports the methods it finished. While the search runs,
 * another process cannot write into its folder.
 */
class CtrlCTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"cupstack", "nodemap", "joint"})
    void ctrlCPrintsTheBestSoFarAndKeepsTheCheckpoint(String command) throws Exception {
        Path out = dir.resolve(command);
        List<String> search = switch (command) {
            case "cupstack" -> List.of("cupstack", "-t", "torus:4x4", "--traffic", "brev", "--generations", "1000000",
                    "--checkpoint-seconds", "0.2");
            case "nodemap" -> List.of("nodemap", "-t", "torus:4x4", "--traffic", "brev", "--generations", "1000000",
                    "--checkpoint-seconds", "0.2");
            default -> List.of("joint", "-t", "torus:4x4", "--traffic", "bcmp,brev", "--budget", "100000000");
        };
        List<String> cmd = new ArrayList<>(DaemonTest.SIGINT_DEFAULT);
        cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(search);
        cmd.addAll(List.of("--out", out.toString(), "--progress", "never"));
        Path stdout = dir.resolve("out.txt");
        Path stderr = dir.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        try {
            interrupt(p, command, out, stdout, stderr);
        } finally {
            p.destroyForcibly(); // a failed assertion leaves no search running
        }
    }

    private static void interrupt(Process p, String command, Path out, Path stdout, Path stderr) throws Exception {
        Path checkpoint = out.resolve("checkpoint.json");
        for (int i = 0; i < 600 && !Files.exists(checkpoint) && p.isAlive(); i++) {
            Thread.sleep(100);
        }
        assertThat(checkpoint).as(Files.readString(stderr)).exists(); // the search is under way
        // another process writes nothing into the run's folder while the run holds it (and the run's own checkpoint
        // writes, which check the folder's lock too, have not released it: closing any channel of the lock file would)
        MainTest.Result export = MainTest.run("topo", "ring:5", "--export", "json", "--out", checkpoint.toString());
        assertThat(export.code()).isEqualTo(2);
        assertThat(export.err()).contains("is in use by another ccopt run").hasLineCount(1);
        assertThat(Files.readString(checkpoint)).contains("\"arguments\"");
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String printed = Files.readString(stdout);
        String err = Files.readString(stderr);
        assertThat(p.exitValue()).as(err).isEqualTo(130);
        assertThat(err).contains("ccopt " + command + ": stopped (Ctrl-C) after ", "--resume " + out);
        assertThat(printed).as(err).contains(command.equals("joint") ? "every plan replayed by the validator" : " cycles",
                "wrote " + out);
        assertThat(out.resolve("result.json")).exists();
    }

    /** rank's placement search, which keeps no checkpoint, stops at Ctrl-C and prints and writes its best reached. */
    @org.junit.jupiter.api.Test
    void ctrlCStopsRanksSearchWithItsBestSoFar() throws Exception {
        Path placement = dir.resolve("rank.json");
        List<String> cmd = new ArrayList<>(DaemonTest.SIGINT_DEFAULT);
        cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "rank", "-t", "torus:8x8", "--procs", "64",
                "--collective", "bcast", "--placement", "sa", "--iterations", "2000000000", "--out", placement.toString()));
        Path stdout = dir.resolve("out.txt");
        Path stderr = dir.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        try {
            Thread.sleep(3_000); // the search is under way: 2e9 iterations take minutes
            assertThat(p.isAlive()).as(Files.readString(stderr)).isTrue();
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start();
            assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            String err = Files.readString(stderr);
            assertThat(p.exitValue()).as(err).isEqualTo(130);
            assertThat(err).containsPattern("ccopt rank: stopped \\(Ctrl-C\\) after [0-9]+ of 2000000000 iterations");
            assertThat(Files.readString(stdout)).contains("sa placement: ", "wrote " + placement);
            assertThat(placement).exists();
        } finally {
            p.destroyForcibly();
        }
    }
}
