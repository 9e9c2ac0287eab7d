package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodemapCommandTest {

    @TempDir
    Path dir;

    @Test
    void nodemapPrintsTheDocumentedFieldsAndItsMappingReplaysInSim() throws Exception {
        Path out = dir.resolve("run");
        MainTest.Result r = MainTest.run("nodemap", "--topology", "torus:4x4", "--traffic", "bcmp,brev", "--variant", "S20",
                "--sort", "ml", "--population", "30", "--generations", "6", "--seed", "3", "--out", out.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        for (String field : new String[] {"physicalCycles", "bestCycles", "avgHops", "generation", "seconds", "mapping"}) {
            assertThat(j.has(field)).as(field).isTrue();
        }
        assertThat(j.get("bestCycles").asLong()).isLessThanOrEqualTo(j.get("physicalCycles").asLong());
        assertThat(Files.readAllLines(out.resolve("generations.csv"))).hasSize(1 + 7);
        assertThat(javax.imageio.ImageIO.read(out.resolve("convergence.png").toFile()).getWidth()).isPositive();
        long sum = 0;
        for (String pattern : new String[] {"bcmp", "brev"}) {
            sum += MainTest.run("sim", "--topology", "torus:4x4", "--traffic", pattern, "--mapping",
                    out.resolve("mapping.json").toString(), "--json").json().get("durationCycles").asLong();
        }
        assertThat(sum).isEqualTo(j.get("bestCycles").asLong());
    }

    /**
     * --no-prune simulates every new mapping: the same best (pruning only cuts runs that provably rank below every
     * survivor), no pruned mapping in any generation, and a mean for every generation of generations.csv.
     */
    @Test
    void noPruneGivesTheSameBestAndAMeanForEveryGeneration() throws Exception {
        String[] common = {"nodemap", "--topology", "torus:4x4", "--traffic", "bcmp,shfl", "--population", "20",
            "--generations", "8", "--seed", "5", "--json"};
        Path pruned = dir.resolve("pruned");
        Path full = dir.resolve("full");
        JsonNode a = MainTest.run(concat(common, "--out", pruned.toString())).json();
        JsonNode b = MainTest.run(concat(common, "--out", full.toString(), "--no-prune")).json();
        assertThat(b.get("mapping")).isEqualTo(a.get("mapping"));
        assertThat(b.get("bestCycles")).isEqualTo(a.get("bestCycles"));
        assertThat(b.get("pruned").asLong()).isZero();
        MainTest.Result hops = MainTest.run("nodemap", "--topology", "torus:4x4", "--hops-only", "--no-prune");
        assertThat(hops.code()).isEqualTo(2);
        assertThat(hops.err()).contains("--hops-only prunes nothing");
        for (String row : Files.readAllLines(full.resolve("generations.csv")).subList(1, 10)) {
            String[] f = row.split(",", -1);
            assertThat(f[3]).as(row).isNotEmpty(); // meanNewCycles
            assertThat(f[6]).as(row).isEqualTo("0"); // prunedNew
        }
    }

    /** A library error names its parameter in the library's words; the CLI names the option. */
    @Test
    void libraryErrorsNameTheParameterAndTheCliTheOption() {
        org.ccopt.InvalidInputException e = org.assertj.core.api.Assertions.catchThrowableOfType(
                () -> new org.ccopt.mapping.NodeMappingGa.Settings(1, 5, org.ccopt.mapping.MutationVariant.named("S20"),
                        org.ccopt.mapping.SurvivalOrder.parse("ml"), 1),
                org.ccopt.InvalidInputException.class);
        assertThat(e.getMessage()).isEqualTo("population 1 is invalid; expected >= 2");
        assertThat(e.parameter()).isEqualTo("population");
        MainTest.Result r = MainTest.run("nodemap", "--population", "1");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("ccopt: --population 1 is invalid; expected >= 2\n");
    }

    @Test
    void resumeFromACheckpointGivesTheUninterruptedResult() throws Exception {
        String[] common = {"nodemap", "--topology", "torus:4x4", "--traffic", "bcmp,trns", "--variant", "S02", "--sort", "sc",
            "--population", "24", "--seed", "4", "--json"};
        JsonNode whole = MainTest.run(concat(common, "--generations", "6")).json();
        Path out = dir.resolve("half");
        MainTest.run(concat(common, "--generations", "3", "--out", out.toString()));
        // continue the checkpointed run for three more generations
        Path cp = out.resolve("checkpoint.json");
        String saved = Files.readString(cp);
        MainTest.Result other = MainTest.run("nodemap", "--resume", out.toString(), "--population", "30");
        assertThat(other.code()).isEqualTo(2);
        assertThat(other.err()).contains("--population cannot be given with --resume");
        JsonNode resumed = MainTest.run("nodemap", "--resume", out.toString(), "--generations", "6", "--json").json();
        assertThat(resumed.get("mapping")).isEqualTo(whole.get("mapping"));
        assertThat(resumed.get("bestCycles")).isEqualTo(whole.get("bestCycles"));
        // the run's own seed and every session's simulations: at least the first session's, which its checkpoint holds
        assertThat(resumed.get("provenance").get("seed").asText()).isEqualTo("4");
        long first = new com.fasterxml.jackson.databind.ObjectMapper().readTree(saved).get("state").get("state").get("simulations")
                .asLong();
        assertThat(first).isPositive();
        assertThat(resumed.get("simulations").asLong()).isGreaterThan(first);
        assertThat(Files.readString(out.resolve("result.json"))).contains("\"seed\" : \"4\"");
    }

    /**
     * A checkpoint records the model and the radius reading it ran with when the command line left them at their
     * defaults; one recorded before they were pinned resumes under the defaults of its time (yokota2018, exclusive)
     * and continues to the uninterrupted result.
     */
    @Test
    void aCheckpointResumesUnderTheModelAndReadingItRanWith() throws Exception {
        Path pinned = dir.resolve("pinned");
        MainTest.run("nodemap", "--topology", "torus:4x4", "--traffic", "brev", "--population", "8", "--generations", "1",
                "--out", pinned.toString());
        assertThat(Files.readString(pinned.resolve("checkpoint.json"))).contains("--model=" + org.ccopt.flitsim.RouterModel
                .DEFAULT_NAME).contains("--radius-bound=inclusive");
        String[] common = {"nodemap", "--topology", "torus:4x4", "--traffic", "bcmp,trns", "--population", "24", "--seed",
            "4", "--model", "yokota2018", "--radius-bound", "exclusive", "--json"};
        JsonNode whole = MainTest.run(concat(common, "--generations", "6")).json();
        Path out = dir.resolve("old");
        MainTest.run(concat(common, "--generations", "3", "--out", out.toString()));
        // as a checkpoint of before 2026-11-27 records it: no --model, no --radius-bound
        org.ccopt.util.Checkpoint<org.ccopt.mapping.NodeMappingGa.State> cp = org.ccopt.util.Checkpoint.read(out,
                org.ccopt.mapping.NodeMappingGa.State.class);
        java.util.List<String> old = new java.util.ArrayList<>(cp.arguments());
        for (String option : new String[] {"--model", "--radius-bound"}) {
            int at = old.indexOf(option);
            old.subList(at, at + 2).clear();
        }
        assertThat(old).noneMatch(a -> a.startsWith("--model") || a.startsWith("--radius-bound"));
        new org.ccopt.util.Checkpoint<>(old, cp.state()).write(out);
        JsonNode resumed = MainTest.run("nodemap", "--resume", out.toString(), "--generations", "6", "--json").json();
        assertThat(resumed.get("bestCycles")).isEqualTo(whole.get("bestCycles"));
        assertThat(resumed.get("mapping")).isEqualTo(whole.get("mapping"));
        assertThat(resumed.get("radiusBound").asText()).isEqualTo("exclusive");
    }

    /** A checkpoint that is damaged, foreign or does not fit the run is refused with one line, never resumed. */
    @Test
    void aDamagedCheckpointIsRefused() throws Exception {
        Path out = dir.resolve("cp");
        MainTest.run("nodemap", "--topology", "torus:4x4", "--traffic", "bcmp", "--population", "8", "--generations", "2",
                "--out", out.toString(), "--json");
        Path cp = out.resolve("checkpoint.json");
        String good = Files.readString(cp);
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        // a state edited by hand, and signed again so that only the invariant check can catch it
        java.util.function.UnaryOperator<String> resign = EditedCheckpoint::resign;
        String firstMapping = mapper.readTree(good).at("/state/state/population/0").toString();
        String duplicated = firstMapping.replaceFirst("\\[(\\d+),(\\d+),", "[$1,$1,");
        String[][] cases = {
            {good.substring(0, good.length() / 2), "unreadable"},
            {good.replace("\"generation\":2", "\"generation\":1"), "damaged"},
            {"{\"arguments\":[],\"state\":{}}", "not a ccopt checkpoint"},
            {resign.apply(good.replace("\"generation\":2", "\"generation\":-5")), "generation -5 is outside"},
            {resign.apply(good.replace(firstMapping, duplicated)), "mapping 0 is not a permutation"},
            {resign.apply(good.replace("\"--population\",\"8\"", "\"--population\",\"9\"")), "population of 9"},
            {resign.apply(good.replace("\"--population\",\"8\"", "\"--population\",\"x\"")), "recorded options do not parse"},
            // meaning, not only structure: an edited score, a record out of range, another problem's arguments
            {resign.apply(edited(good, "/state/state/bestScore", "cycles", -1)), "not the"},
            {resign.apply(edited(good, "/state/state/history/1", "bestCycles", -99)), "row 1 of its record"},
            {resign.apply(edited(good, "/state/state", "evaluations", 1L << 40)), "evaluations"},
            // the last row of the record set to 1 cycle: it no longer gives the best it records
            {resign.apply(edited(good, "/state/state/history/2", "bestCycles", 1)), "its record's last row gives 1 cycles"},
            {resign.apply(good.replace("\"--generations\",\"2\"", "\"--generations\",\"2\",\"--packets\",\"1\"")),
                "another problem"},
            // another seed added to the recorded arguments: the state records the seed it ran under
            {resign.apply(good.replace("\"--generations\",\"2\"", "\"--generations\",\"2\",\"--seed\",\"5\"")),
                "a run of seed 1, not 5"},
        };
        for (String[] c : cases) {
            Files.writeString(cp, c[0]);
            MainTest.Result r = MainTest.run("nodemap", "--resume", out.toString());
            assertThat(r.code()).as(c[1]).isEqualTo(2);
            assertThat(r.err()).as(c[1]).contains(c[1]);
            assertThat(r.err().strip().lines()).hasSize(1);
        }
        // a checkpoint written before states recorded their seed resumes under its arguments' seed
        com.fasterxml.jackson.databind.node.ObjectNode legacy = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(good);
        ((com.fasterxml.jackson.databind.node.ObjectNode) legacy.at("/state/state")).remove("seed");
        Files.writeString(cp, resign.apply(mapper.writeValueAsString(legacy)));
        assertThat(MainTest.run("nodemap", "--resume", out.toString(), "--generations", "3").code()).isZero();
        Files.writeString(cp, good);
        assertThat(MainTest.run("nodemap", "--resume", out.toString(), "--generations", "3").code()).isZero();
    }

    /** The checkpoint's text with the number at {@code pointer}/{@code field} changed by {@code delta}, or set to it. */
    private static String edited(String text, String pointer, String field, long value) {
        try {
            com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
            JsonNode root = mapper.readTree(text);
            com.fasterxml.jackson.databind.node.ObjectNode at = (com.fasterxml.jackson.databind.node.ObjectNode) root.at(pointer);
            at.put(field, value == -1 ? at.get(field).asLong() - 1 : value);
            return mapper.writeValueAsString(root);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void randomSearchReportsMinimumAverageAndMaximumOfItsSamples() throws Exception {
        Path out = dir.resolve("s99");
        JsonNode j = MainTest.run("nodemap", "--topology", "torus:4x4", "--traffic", "bcmp,brev", "--variant", "S99",
                "--population", "20", "--generations", "4", "--out", out.toString(), "--json").json();
        JsonNode rs = j.get("randomSearch");
        assertThat(rs.get("samples").asLong()).isEqualTo(100);
        assertThat(rs.get("minCycles").asLong()).isEqualTo(j.get("bestCycles").asLong());
        assertThat(rs.get("averageCycles").asDouble()).isGreaterThan(rs.get("minCycles").asDouble())
                .isLessThan(rs.get("maxCycles").asDouble());
        // every sample is exact, so every generation row has its mean and maximum (never an empty or zero cell)
        java.util.List<String> rows = java.nio.file.Files.readAllLines(out.resolve("generations.csv"));
        assertThat(rows).hasSize(6);
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            assertThat(Double.parseDouble(f[3])).isPositive();
            assertThat(Long.parseLong(f[5])).isPositive();
        }
        assertThat(j.get("model").asText()).isEqualTo(org.ccopt.flitsim.RouterModel.DEFAULT_NAME); // the one default of every simulating command
        assertThat(j.get("readings").asText()).isEqualTo(org.ccopt.flitsim.RouterModel.DEFAULT.describe());
    }

    @Test
    void badInputGetsOneLineAndExitCode2() {
        MainTest.Result r = MainTest.run("nodemap", "--variant", "S30");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).contains("unknown mutation variant 'S30'").doesNotContain("\n");
        assertThat(MainTest.run("nodemap", "--sort", "best").code()).isEqualTo(2);
        assertThat(MainTest.run("nodemap", "--traffic", "bitrot").code()).isEqualTo(2);
        assertThat(MainTest.run("nodemap", "--topology", "omega:8", "--population", "4", "--generations", "1").code()).isEqualTo(2);
        assertThat(MainTest.run("nodemap", "--resume", dir.resolve("nothing").toString()).code()).isEqualTo(2);
    }

    private static String[] concat(String[] a, String... b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    /** Beyond tori and meshes the mapping GA scores on the booksim router; the papers' readings are refused there. */
    @Test
    void otherNetworksScoreOnTheBooksimRouter() throws Exception {
        MainTest.Result r = MainTest.run("nodemap", "-t", "hypercube:6", "--traffic", "brev,shfl", "--population", "8",
                "--generations", "4", "--variant", "S20", "--threads", "1", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode json = r.json();
        assertThat(json.get("model").asText()).isEqualTo("booksim");
        assertThat(json.get("bestCycles").asInt()).isPositive().isLessThanOrEqualTo(json.get("physicalCycles").asInt() * 2);
        MainTest.Result again = MainTest.run("nodemap", "-t", "hypercube:6", "--traffic", "brev,shfl", "--population", "8",
                "--generations", "4", "--variant", "S20", "--threads", "2", "--json");
        assertThat(again.json().get("mapping")).isEqualTo(json.get("mapping"));
        MainTest.Result refused = MainTest.run("nodemap", "-t", "kary-ntree:4,3", "--traffic", "brev", "--vc-select", "C05");
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("--vc-select applies to the papers' router");
        MainTest.Result routing = MainTest.run("nodemap", "-t", "kary-ntree:4,3", "--traffic", "brev", "--model", "yokota2023",
                "--dateline", "into");
        assertThat(routing.code()).isEqualTo(2);
        assertThat(routing.err()).contains("--dateline applies to dimension-order routing on a torus or mesh");
    }

    /**
     * {@code --model booksim} scores on BookSim's router on a torus too, and Cup-Stacking runs there; a reading beside
     * it, or a method that needs what that router does not measure, is one line.
     */
    @Test
    void theBooksimRouterScoresOnATorusByName() throws Exception {
        MainTest.Result r = MainTest.run("nodemap", "-t", "torus:4x4", "--traffic", "bcmp,brev", "--model", "booksim",
                "--population", "4", "--generations", "2", "--threads", "1", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.json().get("model").asText()).isEqualTo("booksim");
        assertThat(r.json().get("bestCycles").asInt()).isPositive();
        MainTest.Result stacked = MainTest.run("cupstack", "-t", "torus:4x4", "--traffic", "brev", "--method", "simple",
                "--model", "booksim", "--json");
        assertThat(stacked.code()).as(stacked.err()).isZero();
        assertThat(stacked.json().get("model").asText()).isEqualTo("booksim");
        assertThat(stacked.json().get("simpleStackingCycles").asInt()).isPositive();
        for (String[] args : new String[][] {
            {"nodemap", "-t", "torus:4x4", "--model", "booksim", "--dateline", "into"},
            {"cupstack", "-t", "torus:4x4", "--model", "booksim", "--method", "post"}}) {
            MainTest.Result refused = MainTest.run(args);
            assertThat(refused.code()).as(refused.err()).isEqualTo(2);
            assertThat(refused.err().strip().lines().count()).isEqualTo(1);
        }
    }

    /**
     * Named with --model, the papers' router scores beyond tori and meshes too, routing by the network's default
     * function; the validator re-simulates the answer on it, and the score is the papers' router's, not booksim's.
     */
    @Test
    void aNamedModelScoresOnThePapersRouterAnywhere() throws Exception {
        String[] run = {"nodemap", "-t", "dragonfly:2,1,1", "--traffic", "rpar", "--population", "8", "--generations", "3",
                "--threads", "1", "--json"};
        MainTest.Result papers = MainTest.run(concat(run, "--model", "yokota2023", "--vc-select", "C05"));
        assertThat(papers.code()).as(papers.err()).isZero();
        JsonNode json = papers.json();
        assertThat(json.get("model").asText()).isEqualTo("yokota2023");
        assertThat(json.get("readings").asText()).contains("scheme=C05").doesNotContain("dateline="); // routing by dragonfly-min
        assertThat(json.get("routing").asText()).isEqualTo("dragonfly-min");
        assertThat(json.get("bestCycles").asInt()).isPositive().isLessThanOrEqualTo(json.get("physicalCycles").asInt());
        MainTest.Result booksim = MainTest.run(run);
        assertThat(booksim.code()).as(booksim.err()).isZero();
        assertThat(booksim.json().get("model").asText()).isEqualTo("booksim");
        assertThat(booksim.json().get("physicalCycles").asInt()).isNotEqualTo(json.get("physicalCycles").asInt());
    }
}
