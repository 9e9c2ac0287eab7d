package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MsgsimCommandTest {

    @TempDir
    Path dir;

    @Test
    void oneMessageIsLatencyPlusBytesOverBandwidth() throws Exception {
        // two ranks on ring:4 terminals 0 and 1: one hop, 1 MiB at 100 Gbps
        JsonNode j = MainTest.run("msgsim", "--topology", "ring:4", "--procs", "2", "--collective", "bcast", "--bytes", "1MiB",
                "--json").json();
        assertThat(j.get("simulatedSeconds").asDouble()).isCloseTo(100e-9 + 1048576 / 12.5e9, within(1e-15));
        assertThat(j.get("flows").asInt()).isEqualTo(1);
        assertThat(j.has("events")).isTrue();
    }

    /**
     * Zero latency is a model of its own (every message starts as its predecessor ends, at the same instant), not an
     * error: a binomial broadcast of 16 ranks on torus:4x4 is then 4 rounds of bytes / bandwidth, the rounds' pairs on
     * disjoint routes. Ranges that would make simulated time infinite are refused with one line.
     */
    @Test
    void zeroLatencyIsSimulatedAndTimesThatCannotBeFiniteAreRefused() throws Exception {
        for (String zero : new String[] {"0", "0ns", "0s"}) {
            MainTest.Result r = MainTest.run("msgsim", "-t", "torus:4x4", "--collective", "bcast", "--bytes", "1KiB",
                    "--latency", zero, "--json");
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.json().get("simulatedSeconds").asDouble()).isCloseTo(4 * 1024 / 12.5e9, within(1e-18));
        }
        for (String[] bad : new String[][] {{"--bandwidth", "1e-300bps"}, {"--bandwidth", "0bps"}, {"--latency", "1e300s"},
            {"--bytes", "1e300"}}) {
            java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("msgsim", "-t", "torus:4x4",
                    "--collective", "bcast"));
            args.addAll(java.util.List.of(bad));
            if (!bad[0].equals("--bytes")) {
                args.addAll(java.util.List.of("--bytes", "1KiB"));
            }
            MainTest.Result r = MainTest.run(args.toArray(String[]::new));
            assertThat(r.code()).as(String.join(" ", bad)).isEqualTo(2);
            assertThat(r.err().strip()).doesNotContain("\n").contains("expected");
        }
    }

    @Test
    void alltoallBytesArePerDestinationAsMpiStatesThem() throws Exception {
        // two ranks on ring:4: Bruck's one step sends each rank's block for the other, --bytes of it, both ways at
        // once (split duplex, so the two do not share the link)
        JsonNode j = MainTest.run("msgsim", "--topology", "ring:4", "--procs", "2", "--collective", "alltoall", "--bytes",
                "1MiB", "--duplex", "split", "--json").json();
        assertThat(j.get("simulatedSeconds").asDouble()).isCloseTo(100e-9 + 1048576 / 12.5e9, within(1e-15));
        assertThat(j.get("bytesPerDestination").asDouble()).isEqualTo(1048576);
        assertThat(j.get("bytesPerRank").asDouble()).isEqualTo(2 * 1048576);
        // four ranks on ring:4 pairwise: three steps of one block each per rank
        JsonNode pw = MainTest.run("msgsim", "--topology", "ring:4", "--procs", "4", "--collective", "pairwise-alltoall",
                "--bytes", "4KiB", "--json").json();
        assertThat(pw.get("bytesPerRank").asDouble()).isEqualTo(4 * 4096);
        assertThat(pw.get("flows").asInt()).isEqualTo(12);
        JsonNode b = MainTest.run("msgsim", "--topology", "ring:4", "--procs", "2", "--collective", "bcast", "--bytes", "1MiB",
                "--json").json();
        assertThat(b.has("bytesPerDestination")).isFalse();
    }

    @Test
    void ranksFromARankPlacementFileAndAnApplication() throws Exception {
        Path placement = dir.resolve("p.json");
        assertThat(MainTest.run("rank", "--topology", "random-shortcut:64:4", "--procs", "16", "--collective", "alltoall",
                "--iterations", "2000", "--out", placement.toString()).code()).isZero();
        JsonNode a = MainTest.run("msgsim", "--topology", "random-shortcut:64:4", "--ranks", placement.toString(),
                "--collective", "alltoall", "--bytes", "64KiB", "--sharing", "cm02", "--json").json();
        assertThat(a.get("procs").asInt()).isEqualTo(16);
        assertThat(a.get("simulatedSeconds").asDouble()).isPositive();
        // the file places every rank: what it replaces is refused, not ignored
        for (String[] o : new String[][] {{"--procs", "4"}, {"--mapping", "random"}, {"--placement", "two-opt"}, {"--seed", "3"}, {"--threads", "2"}}) {
            MainTest.Result r = MainTest.run("msgsim", "--topology", "random-shortcut:64:4", "--ranks", placement.toString(),
                    "--collective", "alltoall", "--bytes", "64KiB", o[0], o[1]);
            assertThat(r.code()).as(o[0]).isEqualTo(2);
            assertThat(r.err()).contains(o[0] + " applies without --ranks");
        }
        JsonNode ft = MainTest.run("msgsim", "--topology", "random-shortcut:64:4", "--app", "ft", "--procs", "16", "--json").json();
        assertThat(ft.get("mops").asDouble()).isPositive();
        assertThat(ft.get("simulatedSeconds").asDouble()).isPositive();
        Path prog = dir.resolve("prog.txt");
        Path plat = dir.resolve("plat.xml");
        assertThat(MainTest.run("msgsim", "--topology", "torus:4x4", "--collective", "allreduce", "--bytes", "4KiB",
                "--export-replay", prog.toString(), "--export-platform", plat.toString()).code()).isZero();
        assertThat(Files.readString(plat)).contains("routing=\"Full\"");
        assertThat(Files.readAllLines(prog).get(0)).isEqualTo(Files.readAllLines(prog).size() - 1 + "");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--bytes|12 parsecs|size '12 parsecs' is invalid",
        "--sharing|fair|unknown sharing 'fair'",
        "--latency|fast|time 'fast' is invalid",
        "--duplex|half|unknown duplex 'half'"})
    void badInputIsOneLineAndExitCode2(String option, String value, String message) {
        String[] args = option.equals("--bytes")
                ? new String[] {"msgsim", "--topology", "ring:8", "--collective", "bcast", option, value}
                : new String[] {"msgsim", "--topology", "ring:8", "--collective", "bcast", "--bytes", "1KiB", option, value};
        MainTest.Result r = MainTest.run(args);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).contains(message).doesNotContain("\n").doesNotContain("Exception");
        MainTest.Result both = MainTest.run("msgsim", "--topology", "ring:8", "--collective", "bcast", "--app", "ft");
        assertThat(both.code()).isEqualTo(2);
        assertThat(both.err()).contains("give one of --collective with --bytes, --app or --comm; got 2");
    }
}
