package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RankCommandTest {

    @TempDir
    Path dir;

    @Test
    void rankPrintsTheDocumentedFieldsAndTheRanksReproduceTheHopsInHops() throws Exception {
        Path out = dir.resolve("placement.json");
        MainTest.Result r = MainTest.run("rank", "--topology", "random-shortcut:128:6:seed=2", "--procs", "64",
                "--collective", "allreduce", "--mapping", "tree", "--placement", "two-opt", "--iterations", "5000",
                "--seed", "3", "--check", "--out", out.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        for (String f : new String[] {"mapping", "placement", "initialHops", "totalHops", "contention", "iterations", "seconds", "ranks"}) {
            assertThat(j.has(f)).as(f).isTrue();
        }
        assertThat(j.get("totalHops").asLong()).isLessThanOrEqualTo(j.get("initialHops").asLong());
        assertThat(j.get("ranks").size()).isEqualTo(64);
        assertThat(j.get("validated").asText()).isEqualTo("exact");
        assertThat(Files.readString(out)).contains("\"ranks\"");
        // the same seed gives the same placement, whatever the thread count
        JsonNode again = MainTest.run("rank", "--topology", "random-shortcut:128:6:seed=2", "--procs", "64",
                "--collective", "allreduce", "--mapping", "tree", "--iterations", "5000", "--seed", "3", "--threads", "1",
                "--json").json();
        assertThat(again.get("ranks")).isEqualTo(j.get("ranks"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--collective|bogus|unknown collective algorithm 'bogus'",
        "--mapping|spiral|unknown mapping 'spiral'",
        "--placement|greedy|unknown placement 'greedy'",
        "--objective|time|unknown objective 'time'",
        "--procs|999|--procs 999 is out of range; expected 1..128",
        "--iterations|-5|--iterations -5 is invalid"})
    void badInputIsOneLineAndExitCode2(String option, String value, String message) {
        String[] args = option.equals("--collective")
                ? new String[] {"rank", "--topology", "random-shortcut:128:6", option, value}
                : new String[] {"rank", "--topology", "random-shortcut:128:6", "--collective", "bcast", option, value};
        MainTest.Result r = MainTest.run(args);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).contains(message).doesNotContain("\n").doesNotContain("Exception");
    }

    @Test
    void analyzeWritesCsvAndPngAndRejectsUnknownNames() throws Exception {
        MainTest.Result r = MainTest.run("analyze", "circulant", "--sizes", "16,32", "--out", dir.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readAllLines(dir.resolve("circulant.csv"))).containsExactly(
                "n,bcast,bcastClosedForm,allreduce,allreduceClosedForm,alltoall,alltoallClosedForm,equal",
                "16,15,15,64,64,64,64,true", "32,31,31,160,160,160,160,true");
        assertThat(javax.imageio.ImageIO.read(dir.resolve("circulant.png").toFile()).getWidth()).isPositive();
        MainTest.Result bad = MainTest.run("analyze", "everything");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("unknown analysis 'everything'; expected one of hops-table");
        MainTest.Result sizes = MainTest.run("analyze", "circulant", "--sizes", "12", "--out", dir.toString());
        assertThat(sizes.code()).isEqualTo(2);
        assertThat(sizes.err()).contains("size 12 is invalid; expected a power of two");
    }

    @Test
    void topologyHopsMeetTheCirculantClosedFormsAndMappingHopsMatchTheHopsCommand() throws Exception {
        MainTest.Result r = MainTest.run("analyze", "topology-hops", "--sizes", "64,128", "--iterations", "200",
                "--out", dir.toString());
        assertThat(r.code()).as(r.err()).isZero();
        List<String> lines = Files.readAllLines(dir.resolve("topology-hops.csv"));
        // G(N, log2 N) with every node: bcast N - 1, allreduce and alltoall N log2 N (Cui 2024, Table 4.1)
        assertThat(lines).contains("bcast,64,circulant,circulant2:64,63", "allreduce,128,circulant,circulant2:128,896",
                "alltoall,64,circulant,circulant2:64,384");
        MainTest.Result m = MainTest.run("analyze", "mapping-hops", "--nodes", "64", "--degree", "5", "--counts", "16",
                "--seed", "3", "--out", dir.toString());
        assertThat(m.code()).as(m.err()).isZero();
        JsonNode h = MainTest.run("hops", "--topology", "random-shortcut:64:5:seed=3", "--collective", "allreduce",
                "--procs", "16", "--mapping", "tree", "--seed", "3", "--placement", "mapping-order", "--json").json();
        assertThat(Files.readAllLines(dir.resolve("mapping-hops.csv"))).contains("allreduce,tree,16," + h.get("totalHops").asLong());
    }

    @Test
    void p2pTimeOfOneHopExchangesByHand() throws Exception {
        // two mapped nodes next to each other on a ring (ring mapping): every exchange is the same, both directions
        // share the host links and the link (shared duplex) with equal CM02 weights: 100 ns + 128 B / (BW / 2)
        MainTest.Result r = MainTest.run("analyze", "p2p-time", "--networks", "ring:16", "--counts", "2", "--samples", "7",
                "--out", dir.toString());
        assertThat(r.code()).as(r.err()).isZero();
        String ring = Files.readAllLines(dir.resolve("p2p-time.csv")).stream().filter(l -> l.startsWith("ring:16,ring,"))
                .findFirst().orElseThrow();
        double mean = Double.parseDouble(ring.substring(ring.lastIndexOf(',') + 1));
        assertThat(mean).isCloseTo(100e-9 + 128 / 6.25e9, org.assertj.core.api.Assertions.within(1e-15));
        MainTest.Result one = MainTest.run("analyze", "p2p-time", "--networks", "ring:16", "--counts", "1", "--out", dir.toString());
        assertThat(one.code()).isEqualTo(2);
        assertThat(one.err()).contains("--counts '1'");
    }

    @Test
    void hopsTableRunsOnASmallCase() throws Exception {
        MainTest.Result r = MainTest.run("analyze", "hops-table", "--nodes", "64", "--degree", "4", "--procs", "16",
                "--seeds", "1", "--iterations", "500", "--out", dir.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readAllLines(dir.resolve("hops-table.csv"))).hasSize(1 + 3 * 3 * 5);
        assertThat(Files.exists(dir.resolve("hops-table-alltoall.png"))).isTrue();
    }

    /**
     * Cui 2024, Tables 3.4-3.6, random mapping, 512 of 1,024 nodes of degree 19: under the thesis's rules (start in
     * the mapping's order, keep improving swaps) the start and the two-opt result are within 3 % of the printed
     * values (start 1,373 / 12,308 / 12,347 hops, two-opt 794 / 9,904 / 10,459).
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"bcast", "allreduce", "alltoall"})
    void theThesisRulesReproduceItsTwoOptColumns(String collective) throws Exception {
        org.ccopt.reference.PaperTable thesis = org.ccopt.reference.PaperTable.read("cui2024-tables-3.4-3.6");
        double start = thesis.number(collective, "random_ascending");
        double twoOpt = thesis.number(collective, "random_two_opt");
        JsonNode j = MainTest.run("rank", "--topology", "random-shortcut:1024:19:seed=11", "--procs", "512", "--collective",
                collective, "--mapping", "random", "--placement", "two-opt", "--rules", "cui2024", "--iterations", "200000",
                "--json").json();
        assertThat(j.get("rules").asText()).isEqualTo("cui2024");
        assertThat((double) j.get("initialHops").asLong()).isCloseTo(start, org.assertj.core.data.Percentage.withPercentage(3));
        assertThat((double) j.get("totalHops").asLong()).isCloseTo(twoOpt, org.assertj.core.data.Percentage.withPercentage(3));
        // the start is the mapping's own order: the same hops as --placement mapping-order
        JsonNode order = MainTest.run("rank", "--topology", "random-shortcut:1024:19:seed=11", "--procs", "512",
                "--collective", collective, "--mapping", "random", "--placement", "mapping-order", "--json").json();
        assertThat(j.get("initialHops").asLong()).isEqualTo(order.get("totalHops").asLong());
    }

    @Test
    void rulesApplyOnlyToSwapSearches() {
        MainTest.Result r = MainTest.run("rank", "--topology", "torus:4x4", "--collective", "bcast", "--placement", "cco",
                "--rules", "cui2024");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--rules applies to the swap searches (two-opt, sa), not to --placement cco");
        assertThat(MainTest.run("rank", "--topology", "torus:4x4", "--collective", "bcast", "--rules", "thesis").err())
                .contains("unknown search rules 'thesis'");
    }

    /** A placement exported for MPI launchers: rank r runs on the host of the terminal it was placed on. */
    @Test
    void placementsExportAsRankfileAndMachinefile() throws Exception {
        Path hosts = dir.resolve("hosts.txt");
        StringBuilder names = new StringBuilder("# terminal order\n");
        for (int t = 0; t < 16; t++) {
            names.append("h").append(t).append('\n');
        }
        Files.writeString(hosts, names.toString());
        Path rf = dir.resolve("rankfile");
        Path mf = dir.resolve("machinefile");
        Path smpi = dir.resolve("smpi-hosts");
        JsonNode j = MainTest.run("rank", "--topology", "torus:4x4", "--procs", "8", "--collective", "allreduce",
                "--hosts", hosts.toString(), "--rankfile", rf.toString(), "--machinefile", mf.toString(),
                "--smpi-hostfile", smpi.toString(), "--json").json();
        assertThat(Files.readAllLines(smpi)).hasSize(8).first().isEqualTo("h" + j.get("ranks").get(0).asInt());
        java.util.List<String> lines = Files.readAllLines(rf);
        java.util.List<String> expanded = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(mf)) {
            String[] hn = line.split(":");
            for (int k = 0; k < Integer.parseInt(hn[1]); k++) {
                expanded.add(hn[0]);
            }
        }
        assertThat(lines).hasSize(8);
        for (int r = 0; r < 8; r++) {
            String host = "h" + j.get("ranks").get(r).asInt();
            assertThat(lines.get(r)).isEqualTo("rank " + r + "=" + host + " slot=0");
            assertThat(expanded.get(r)).isEqualTo(host);
        }
        assertThat(MainTest.run("rank", "--topology", "torus:4x4", "--collective", "bcast", "--rankfile", rf.toString()).err())
                .contains("need --hosts");
        Files.writeString(hosts, "h0\nh1\n");
        assertThat(MainTest.run("rank", "--topology", "torus:4x4", "--collective", "bcast", "--hosts", hosts.toString(),
                "--rankfile", rf.toString()).err()).contains("names 2 hosts; the network has 16 terminals");
    }

    /**
     * A rankfile that gives a host more ranks than it has slots is refused: this machine's cores where the host is
     * this machine, or --slots-per-host. mpirun would exit 1 without a message on it.
     */
    @Test
    void aRankfileThatCannotBindIsRefused() throws Exception {
        int cores = Runtime.getRuntime().availableProcessors();
        int terminals = 4 * (cores + 1); // torus:4xK: more terminals than this machine has cores
        Path hosts = dir.resolve("one-host.txt");
        Files.writeString(hosts, "localhost\n".repeat(terminals));
        Path rf = dir.resolve("over.rankfile");
        String[] line = {"rank", "--topology", "torus:4x" + (cores + 1), "--procs", Integer.toString(cores + 1),
            "--collective", "bcast", "--hosts", hosts.toString(), "--rankfile", rf.toString()};
        MainTest.Result r = MainTest.run(line);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("host localhost gets " + (cores + 1) + " ranks but has " + cores + " slots")
                .doesNotContain("\n ");
        assertThat(rf).doesNotExist();
        // the user's own count is taken, both ways
        java.util.List<String> more = new java.util.ArrayList<>(java.util.List.of(line));
        more.addAll(java.util.List.of("--slots-per-host", Integer.toString(cores + 1)));
        assertThat(MainTest.run(more.toArray(String[]::new)).code()).isZero();
        assertThat(Files.readString(rf)).contains("slot=" + cores);
        java.util.List<String> fewer = new java.util.ArrayList<>(java.util.List.of(line));
        fewer.addAll(java.util.List.of("--procs", "2", "--slots-per-host", "1"));
        fewer.subList(3, 5).clear(); // the first --procs
        assertThat(MainTest.run(fewer.toArray(String[]::new)).err()).contains("gets 2 ranks but has 1 slots");
    }

    /** Open MPI's mpirun reads the rankfile and binds each rank to its slot (run where openmpi-bin is installed). */
    @Test
    void mpirunRunsUnderTheRankfile() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isExecutable(Path.of("/usr/bin/mpirun")),
                "Open MPI (Debian's openmpi-bin) is not installed");
        Path hosts = dir.resolve("local.txt");
        Files.writeString(hosts, "localhost\nlocalhost\nlocalhost\nlocalhost\n");
        Path rf = dir.resolve("rankfile");
        assertThat(MainTest.run("rank", "--topology", "torus:2x2", "--procs", "2", "--collective", "bcast", "--hosts",
                hosts.toString(), "--rankfile", rf.toString()).code()).isZero();
        ProcessBuilder pb = new ProcessBuilder("mpirun", "--rankfile", rf.toString(), "-np", "2", "sh", "-c",
                "echo \"$OMPI_COMM_WORLD_RANK $(grep Cpus_allowed_list /proc/self/status | cut -f2)\"").redirectErrorStream(true);
        pb.environment().put("OMPI_ALLOW_RUN_AS_ROOT", "1");
        pb.environment().put("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
        Process proc = pb.start();
        String out = new String(proc.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(proc.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(proc.exitValue()).as(out).isZero();
        // the rankfile puts rank r on slot r of localhost: mpirun binds it to core r
        assertThat(out.lines().sorted().toList()).containsExactly("0 0", "1 1");
    }

    static final String GROUPS = "../../../experiments/files/comm-groups-64.mtx"; // from ccopt-cli/target/test-work

    /**
     * {@code rank --comm}: the example matrix's known optimum on torus:8x8 (64,000; see experiments/comm_matrices.py),
     * and {@code msgsim --comm} then exchanges the matrix faster under that placement than under ascending.
     */
    @Test
    void aCommunicationMatrixIsPlacedAtItsKnownOptimumAndSimulated() throws Exception {
        Path out = dir.resolve("p.json");
        JsonNode j = MainTest.run("rank", "-t", "torus:8x8", "--comm", GROUPS, "--mapping", "consecutive", "--out",
                out.toString(), "--json").json();
        assertThat(j.get("totalHops").asLong()).isEqualTo(64_000);
        assertThat(j.get("initialHops").asLong()).isEqualTo(160_000);
        assertThat(j.get("volume").asLong()).isEqualTo(48_000);
        assertThat(j.get("validated").asText()).isEqualTo("exact");
        JsonNode placed = MainTest.run("msgsim", "-t", "torus:8x8", "--comm", GROUPS, "--ranks", out.toString(), "--json")
                .json();
        JsonNode ascending = MainTest.run("msgsim", "-t", "torus:8x8", "--comm", GROUPS, "--json").json();
        assertThat(placed.get("flows").asInt()).isEqualTo(48).isEqualTo(ascending.get("flows").asInt());
        assertThat(placed.get("simulatedSeconds").asDouble()).isLessThan(ascending.get("simulatedSeconds").asDouble());
        // optimising the placement for the matrix inside msgsim finds the same total
        JsonNode searched = MainTest.run("msgsim", "-t", "torus:8x8", "--comm", GROUPS, "--placement", "two-opt", "--json")
                .json();
        assertThat(searched.get("simulatedSeconds").asDouble()).isLessThan(ascending.get("simulatedSeconds").asDouble());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "rank -t torus:8x8 | give either --collective ALG or --comm FILE; got neither",
        "rank -t torus:8x8 --collective bcast --comm G | give either --collective ALG or --comm FILE; got both",
        "rank -t torus:4x4 --comm G | has 64 ranks but torus:4x4 has 16 terminals",
        "msgsim -t torus:8x8 --comm G --app is | give one of --collective with --bytes, --app or --comm; got 2",
        "msgsim -t torus:8x8 --comm G --ranks R | placement covers 2 ranks; the communication matrix has 64"})
    void aMatrixWithTheWrongCompanyIsRefused(String line, String message) throws Exception {
        Path ranks = dir.resolve("r.json");
        Files.writeString(ranks, "{\"topology\": \"torus:8x8\", \"ranks\": [0, 1]}");
        MainTest.Result r = MainTest.run(line.replace("G", GROUPS).replace(" R", " " + ranks).split(" "));
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains(message).hasLineCount(1);
    }
}
