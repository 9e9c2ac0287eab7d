package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JointCommandTest {

    @TempDir
    Path dir;

    private static final String[] SMALL = {"joint", "-t", "torus:4x4", "--traffic", "bcmp,shfl", "--budget", "300", "--restarts", "3", "--anneal-iterations", "3000", "--stacker-population", "8", "--threads", "2"};

    private static String[] with(String... more) {
        return Stream.concat(Stream.of(SMALL), Stream.of(more)).toArray(String[]::new);
    }

    /** Every method's files replay in sim to the duration the run printed, pattern by pattern. */
    @Test
    void everyPrintedPlanReplaysWithSimMappingAndParams() throws Exception {
        Path out = dir.resolve("run");
        MainTest.Result r = MainTest.run(with("--population", "20", "--out", out.toString(), "--jitter", "3", "--jitter-runs", "2", "--json"));
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("floor").asLong()).isEqualTo(68);
        assertThat(j.get("results")).hasSize(7);
        for (JsonNode m : j.get("results")) {
            String method = m.get("method").asText();
            long sum = 0;
            try (Stream<Path> files = Files.list(out.resolve(method))) {
                for (Path f : files.filter(p -> !p.getFileName().toString().equals("mapping.json")).sorted().toList()) {
                    JsonNode sim = MainTest.run("sim", "--mapping", out.resolve(method).resolve("mapping.json").toString(), "--params",
                            f.toString(), "--json").json();
                    sum += sim.get("durationCycles").asLong();
                }
            }
            assertThat(sum).as(method).isEqualTo(m.get("cycles").asLong());
            assertThat(m.get("cycles").asLong()).as(method).isGreaterThanOrEqualTo(m.get("lowerBound").asLong());
            assertThat(m.get("jitterMean").asDouble()).as(method).isPositive();
        }
    }

    /**
     * On BookSim's router too (a torus under its random-tie routing and a fat tree): every method runs, no plan beats
     * its bound, and every plan file replays to the printed duration; a reading of the papers' router is refused.
     */
    @Test
    void onBooksimsRouterEveryPlanReplaysAndNoneBeatsItsBound() throws Exception {
        for (String net : new String[] {"torus:4x4", "kary-ntree:2,3"}) {
            Path out = dir.resolve("booksim-" + net.replace(':', '-').replace(',', '-'));
            String[] args = with("--model", "booksim", "--population", "8", "--out", out.toString(), "--json");
            args[2] = net;
            args[6] = "120"; // --budget
            MainTest.Result r = MainTest.run(args);
            assertThat(r.code()).as(r.err()).isZero();
            JsonNode j = r.json();
            assertThat(j.get("model").asText()).isEqualTo("booksim");
            int ran = 0;
            for (JsonNode m : j.get("results")) {
                if (m.has("skipped")) {
                    continue;
                }
                ran++;
                String method = m.get("method").asText();
                long sum = 0;
                try (Stream<Path> files = Files.list(out.resolve(method))) {
                    for (Path f : files.filter(p -> !p.getFileName().toString().equals("mapping.json")).sorted().toList()) {
                        assertThat(f).content().contains("\"routerModel\" : \"booksim\"");
                        sum += MainTest.run("sim", "--mapping", out.resolve(method).resolve("mapping.json").toString(),
                                "--params", f.toString(), "--json").json().get("durationCycles").asLong();
                    }
                }
                assertThat(sum).as(net + " " + method).isEqualTo(m.get("cycles").asLong());
                assertThat(m.get("cycles").asLong()).as(method).isGreaterThanOrEqualTo(m.get("lowerBound").asLong());
            }
            assertThat(ran).as(net).isGreaterThanOrEqualTo(5);
        }
        MainTest.Result reading = MainTest.run(with("--model", "booksim", "--dateline", "into"));
        assertThat(reading.code()).isEqualTo(2);
        assertThat(reading.err().strip().lines().count()).isEqualTo(1);
    }

    /** A run stopped after some methods continues from its checkpoint to what an uninterrupted run prints. */
    @Test
    void resumeFinishesWhatTheCheckpointHolds() throws Exception {
        Path full = dir.resolve("full");
        JsonNode a = MainTest.run(with("--methods", "physical,joint", "--out", full.toString(), "--json")).json();
        Path part = dir.resolve("part");
        MainTest.Result first = MainTest.run(with("--methods", "physical,joint", "--out", part.toString(), "--json"));
        assertThat(first.code()).isZero();
        // the checkpoint records the model and the radius reading the run left at their defaults
        assertThat(Files.readString(part.resolve("checkpoint.json"))).contains("--model=" + org.ccopt.flitsim.RouterModel
                .DEFAULT_NAME).contains("--radius-bound=inclusive");
        MainTest.Result resumed = MainTest.run("joint", "--resume", part.toString(), "--json");
        assertThat(resumed.code()).as(resumed.err()).isZero();
        JsonNode b = resumed.json();
        for (int i = 0; i < 2; i++) {
            assertThat(b.get("results").get(i).get("cycles")).isEqualTo(a.get("results").get(i).get("cycles"));
            assertThat(b.get("results").get(i).get("mapping")).isEqualTo(a.get("results").get(i).get("mapping"));
        }
        // an edited checkpoint is refused in one line
        Path cp = part.resolve("checkpoint.json");
        String text = Files.readString(cp);
        String edited1 = text.replaceFirst("\"durations\":\\[(\\d+)", "\"durations\":[1");
        assertThat(edited1).isNotEqualTo(text);
        Files.writeString(cp, EditedCheckpoint.resign(edited1));
        MainTest.Result edited = MainTest.run("joint", "--resume", part.toString());
        assertThat(edited.code()).isEqualTo(2);
        assertThat(edited.err()).contains("checkpoint does not fit").doesNotContain("\n\tat ");
        // so is a recorded simulation count above the budget, which no method passes
        String edited2 = text.replaceFirst("\"simulations\":(\\d+)", "\"simulations\":999999999");
        assertThat(edited2).isNotEqualTo(text);
        Files.writeString(cp, EditedCheckpoint.resign(edited2));
        MainTest.Result over = MainTest.run("joint", "--resume", part.toString());
        assertThat(over.code()).isEqualTo(2);
        assertThat(over.err()).contains("counts 999999999 simulations, more than the budget").hasLineCount(1);
        // an edit whose checksum a forger recomputed, without the user's key: the simulations of issue 73's audit
        String forged = text.replaceFirst("\"simulations\":(\\d+)", "\"simulations\":5");
        assertThat(forged).isNotEqualTo(text);
        Files.writeString(cp, EditedCheckpoint.rehash(forged));
        MainTest.Result unsigned = MainTest.run("joint", "--resume", part.toString());
        assertThat(unsigned.code()).isEqualTo(2);
        assertThat(unsigned.err()).contains("is damaged, edited or signed with another key").hasLineCount(1);
        // and a checkpoint of another seed than its arguments give: its methods and the rest would mix two runs
        int at = text.lastIndexOf("\"seed\":");
        String seed = text.substring(at).replaceFirst("(?s)^\"seed\":(\\d+).*", "$1");
        String edited3 = text.substring(0, at) + text.substring(at).replaceFirst("^\"seed\":\\d+", "\"seed\":"
                + (Long.parseLong(seed) + 3));
        Files.writeString(cp, EditedCheckpoint.resign(edited3));
        MainTest.Result mixed = MainTest.run("joint", "--resume", part.toString());
        assertThat(mixed.code()).isEqualTo(2);
        assertThat(mixed.err()).contains("was written by a run of seed " + (Long.parseLong(seed) + 3) + ", not " + seed)
                .hasLineCount(1);
    }

    /**
     * --budget is a budget: at 20 simulations no method reports more, the methods whose first phase does not fit are
     * skipped with what they need (in JSON and in the table), and a skipped method survives a checkpoint and resume.
     */
    @Test
    void aSmallBudgetSkipsWhatItCannotPayAndNothingPassesIt() throws Exception {
        Path out = dir.resolve("small");
        MainTest.Result r = MainTest.run("joint", "-t", "torus:4x4", "--traffic", "bcmp,brev", "--budget", "20", "--restarts", "3",
                "--anneal-iterations", "3000", "--methods", "physical,mapping,stacking,joint", "--out", out.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode by = r.json().get("byMethod");
        for (String m : new String[] {"physical", "mapping", "stacking", "joint"}) {
            assertThat(by.get(m).get("simulations").asLong()).as(m).isLessThanOrEqualTo(20);
        }
        assertThat(by.get("mapping").get("skipped").asText()).contains("first population").contains("the budget is 20");
        assertThat(by.get("stacking").get("skipped").asText()).contains("simple stacking");
        assertThat(by.get("physical").has("skipped")).isFalse();
        assertThat(out.resolve("mapping")).doesNotExist(); // no plan, no plan files
        MainTest.Result again = MainTest.run("joint", "--resume", out.toString());
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.json().get("byMethod").get("mapping")).isEqualTo(by.get("mapping"));
        assertThat(again.json().get("byMethod").get("stacking")).isEqualTo(by.get("stacking"));
        MainTest.Result table = MainTest.run("joint", "-t", "torus:4x4", "--traffic", "bcmp,brev", "--budget", "20",
                "--methods", "physical,stacking");
        assertThat(table.out()).contains("stacking     skipped: needs").contains("the budget is 20");
    }

    /** Robustness settings out of range are refused before any search runs, in one line. */
    @Test
    void aRadiusReadingWhereNoGaSwapsNeighboursIsRefused() {
        for (String[] bad : new String[][] {{"--variant", "S05"}, {"--methods", "physical,stacking"}}) {
            MainTest.Result r = MainTest.run(Stream.concat(Stream.of("joint", "-t", "torus:4x4", "--radius-bound", "exclusive"),
                    Stream.of(bad)).toArray(String[]::new));
            assertThat(r.code()).as(bad[0]).isEqualTo(2);
            assertThat(r.err()).contains("--radius-bound applies to the methods that run the 2018 GA").doesNotContain("\n ");
        }
    }

    @Test
    void badJitterSettingsAreRefusedUpFront() {
        for (String[] bad : new String[][] {{"--jitter", "5", "--jitter-runs", "0"}, {"--jitter", "2000000"}, {"--jitter", "-1"}}) {
            MainTest.Result r = MainTest.run(Stream.concat(Stream.of("joint", "-t", "torus:4x4", "--methods", "physical,mapping",
                    "--budget", "1000000000", "--max-generations", "1000000"), Stream.of(bad)).toArray(String[]::new));
            assertThat(r.code()).as(String.join(" ", bad)).isEqualTo(2);
            assertThat(r.err().lines().count()).isEqualTo(1);
            assertThat(r.err()).contains("--jitter");
        }
    }

    @Test
    void aParameterFileAndAMappingMustAgreeOnTheAddressing() throws Exception {
        Path out = dir.resolve("run");
        // the surrogate method stacks nothing: SMALL's --stacker-population would be refused
        assertThat(MainTest.run("joint", "-t", "torus:4x4", "--traffic", "bcmp,shfl", "--budget", "300", "--restarts", "3",
                "--anneal-iterations", "3000", "--threads", "2", "--methods", "surrogate", "--out", out.toString()).code())
                .isZero();
        Path logical = out.resolve("surrogate").resolve("00-bcmp.json");
        MainTest.Result noMapping = MainTest.run("sim", "--params", logical.toString());
        assertThat(noMapping.code()).isEqualTo(2);
        assertThat(noMapping.err()).contains("logical destinations");
        Path physical = dir.resolve("physical.json");
        assertThat(MainTest.run("sim", "-t", "torus:4x4", "--save-params", physical.toString()).code()).isZero();
        MainTest.Result mixed = MainTest.run("sim", "--params", physical.toString(), "--mapping",
                out.resolve("surrogate").resolve("mapping.json").toString());
        assertThat(mixed.code()).isEqualTo(2);
        assertThat(mixed.err()).contains("holds physical ones");
    }
}
