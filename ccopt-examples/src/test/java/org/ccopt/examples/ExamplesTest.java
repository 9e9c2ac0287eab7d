package org.ccopt.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs every example as a user would and checks what it prints against known answers. */
class ExamplesTest {

    @TempDir
    Path dir;

    interface Program {
        void run() throws Exception;
    }

    private static String output(Program p) throws Exception {
        PrintStream saved = System.out;
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        try {
            p.run();
        } finally {
            System.setOut(saved);
        }
        String text = buffer.toString(StandardCharsets.UTF_8);
        saved.print(text);
        return text;
    }

    private static long number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as(regex + " in " + text).isTrue();
        return Long.parseLong(m.group(1));
    }

    @Test
    void topologyMetrics() throws Exception {
        // the 8x8 torus: diameter 4 + 4, ASPL = 4 x 64 / 63 over ordered pairs of distinct nodes
        assertThat(output(() -> TopologyMetricsExample.main(new String[0])))
                .startsWith("torus:8x8: 64 nodes, 128 links, diameter 8").contains("ASPL 4.0635");
    }

    @Test
    void flitSimulation() throws Exception {
        Path picture = dir.resolve("brev.png");
        String out = output(() -> FlitSimulationExample.main(new String[] {picture.toString()}));
        // every node but the 8 palindromes sends 4 packets of 8 flits
        assertThat(number(out, "(\\d+) flits delivered")).isEqualTo(56 * 4 * 8);
        // the deterministic simulator's answer, as docs/api.md prints it (above the 4 x 8 flits one node injects)
        assertThat(number(out, "torus:8x8: (\\d+) cycles")).isEqualTo(197);
        assertThat(picture).isNotEmptyFile();
    }

    @Test
    void schedule() throws Exception {
        // AAB on Q_4, one port: at least 15 steps (each node receives 15 messages, one a step), and 15 are reached
        String out = output(() -> ScheduleExample.main(new String[0]));
        assertThat(out).contains("lower bound 15").contains("validator: conflict-free");
        assertThat(number(out, "hypercube:4: (\\d+) steps")).isEqualTo(15);
    }

    @Test
    void rankPlacementAndMessageTime() throws Exception {
        String out = output(() -> RankPlacementExample.main(new String[0]));
        long ordered = number(out, "mapping-order: (\\d+) hops");
        long twoOpt = number(out, "two-opt: (\\d+) hops");
        assertThat(twoOpt).isLessThan(ordered);
        // the example's seeds fix both counts: pinned, so a change to placement or hop counting shows here
        assertThat(ordered).isEqualTo(1462);
        assertThat(twoOpt).isEqualTo(986);
        assertThat(out).doesNotContain("validated: false");
    }

    @Test
    void cupStacking() throws Exception {
        String out = output(() -> CupStackingExample.main(new String[0]));
        long simple = number(out, "simple stacking (\\d+)");
        long ga = number(out, "Cup-Stacking GA (\\d+)");
        // shfl on the 8x8 torus: unsplit and simple stacking are deterministic (no search); the seeded GA is pinned
        assertThat(number(out, "unsplit (\\d+)")).isEqualTo(97);
        assertThat(simple).isEqualTo(59);
        assertThat(ga).isEqualTo(60).isLessThan(97);
    }

    /**
     * The Cup-Stacking GA started in a second JVM with a checkpoint after every generation, killed (SIGKILL) once it has
     * passed generation 20 of 60, then resumed in this JVM from Java: the same last line as an uninterrupted run.
     */
    @Test
    void aKilledCupStackingGaResumesFromJavaToTheUninterruptedResult() throws Exception {
        String whole = output(() -> CupStackResumeExample.main(new String[0]));
        Path checkpoints = dir.resolve("run");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                CupStackResumeExample.class.getName(), "run", checkpoints.toString()).redirectErrorStream(true).start();
        try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null && !line.equals("generation 20")) {
                // the run goes on
            }
            assertThat(line).as("the child reached generation 20").isEqualTo("generation 20");
            child.destroyForcibly();
            assertThat(child.waitFor()).isNotZero();
        }
        int killedAt = org.ccopt.util.Checkpoint.read(checkpoints, org.ccopt.cupstack.CupStackGa.State.class).state().generation();
        // the line of generation 20 is printed before its checkpoint is written, so the kill may land before it
        assertThat(killedAt).as("killed before its end").isBetween(19, 59);
        String resumed = output(() -> CupStackResumeExample.main(new String[] {"resume", checkpoints.toString()}));
        assertThat(resumed).startsWith("generation " + (killedAt + 1) + "\n");
        assertThat(lastLine(resumed)).startsWith("shfl on torus:8x8: best").isEqualTo(lastLine(whole));
    }

    private static String lastLine(String text) {
        String[] lines = text.strip().split("\n");
        return lines[lines.length - 1];
    }
}
