package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ccopt.util.Csv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CupstackCommandTest {

    @TempDir
    Path dir;

    private static final String[] SMALL = {"cupstack", "--topology", "torus:4x4", "--traffic", "brev", "--slices", "2",
        "--packet-flits", "4", "--population", "10", "--training", "3", "--crossover-interval", "2", "--seed", "3", "--json"};

    /**
     * A plan worse than simple stacking is said to be: the post method with no synonyms recorded keeps the one-slice
     * best, 43 cycles on brev at 2 slices, where simple stacking takes 36 (torus:4x4, yokota2023).
     */
    @Test
    void aPlanWorseThanSimpleStackingSaysSo() {
        MainTest.Result r = MainTest.run("cupstack", "-t", "torus:4x4", "--method", "post", "--from-slices", "1",
                "--max-synonyms", "0", "--generations", "50");
        assertThat(r.code()).isEqualTo(0);
        assertThat(r.out()).contains("simple stacking is the better plan here");
    }

    @Test
    void cupstackPrintsTheDocumentedFieldsAndItsBestReplaysInSim() throws Exception {
        Path out = dir.resolve("run");
        MainTest.Result r = MainTest.run(concat(SMALL, "--generations", "6", "--out", out.toString()));
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        for (String field : new String[] {"baselineCycles", "simpleStackingCycles", "bestCycles", "interval", "generations",
            "evaluations", "seconds"}) {
            assertThat(j.has(field)).as(field).isTrue();
        }
        assertThat(j.get("generations").asInt()).isEqualTo(6);
        for (String file : new String[] {"best.json", "synonyms.jsonl", "generations.csv", "convergence.png", "stacking.png"}) {
            assertThat(out.resolve(file)).exists();
        }
        assertThat(Files.readAllLines(out.resolve("generations.csv"))).hasSize(1 + 7);
        JsonNode replay = MainTest.run("sim", "--params", out.resolve("best.json").toString(), "--json").json();
        assertThat(replay.get("durationCycles").asInt()).isEqualTo(j.get("bestCycles").asInt());
    }

    /** On BookSim's router too the best plan's file replays the printed duration, on a random routing included. */
    @Test
    void aBooksimRunsBestReplaysInSim() throws Exception {
        for (String[] net : new String[][] {{"torus:4x4"}, {"kary-ntree:2,3"}}) {
            Path out = dir.resolve("booksim-" + net[0].replace(':', '-').replace(',', '-'));
            String[] small = SMALL.clone();
            small[2] = net[0];
            MainTest.Result r = MainTest.run(concat(small, "--generations", "3", "--model", "booksim", "--out", out.toString()));
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(out.resolve("best.json")).content().contains("\"routerModel\" : \"booksim\"");
            assertThat(out.resolve("stacking.png")).exists();
            JsonNode replay = MainTest.run("sim", "--params", out.resolve("best.json").toString(), "--json").json();
            assertThat(replay.get("model").asText()).isEqualTo("booksim");
            assertThat(replay.get("durationCycles").asInt()).isEqualTo(r.json().get("bestCycles").asInt());
        }
    }

    @Test
    void everyMethodRunsFromTheCommandLine() throws Exception {
        for (String method : new String[] {"full", "no-tadj", "simple", "extrapolate", "estimate", "post", "perturb"}) {
            // the GA's options are refused with simple stacking, which runs no GA
            String[] args = method.equals("simple") ? new String[] {"cupstack", "--topology", "torus:4x4", "--traffic", "brev",
                "--packet-flits", "4", "--method", "simple", "--json"}
                : concat(SMALL, "--generations", "3", "--method", method, "--initial-scheme", "uniform");
            MainTest.Result r = MainTest.run(args);
            assertThat(r.code()).as(method + ": " + r.err()).isZero();
            assertThat(r.json().get("method").asText()).isEqualTo(method);
        }
    }

    @Test
    void resumeFromACheckpointGivesTheUninterruptedResult() throws Exception {
        JsonNode whole = MainTest.run(concat(SMALL, "--generations", "8")).json();
        Path out = dir.resolve("half");
        MainTest.run(concat(SMALL, "--generations", "4", "--out", out.toString()));
        // the checkpoint records the reading of the random schemes it ran under, so a later default cannot change it
        assertThat(Files.readString(out.resolve("checkpoint.json"))).contains("--initial-scheme=uniform");
        JsonNode resumed = MainTest.run("cupstack", "--resume", out.toString(), "--generations", "8", "--json").json();
        assertThat(resumed.get("bestCycles")).isEqualTo(whole.get("bestCycles"));
        assertThat(resumed.get("interval")).isEqualTo(whole.get("interval"));
        assertThat(resumed.get("evaluations")).isEqualTo(whole.get("evaluations"));
        // every session's simulations: a resumed run starts with no cache, so it simulates at least what the
        // uninterrupted run did (the resumed session alone simulates fewer)
        assertThat(resumed.get("simulations").asLong()).isGreaterThanOrEqualTo(whole.get("simulations").asLong());
        assertThat(resumed.get("provenance").get("seed")).isEqualTo(whole.get("provenance").get("seed"));
    }

    /**
     * The command's checkpoint records the library request beside its arguments: a Java caller continues it with
     * {@code CupstackJob.resume} (here to 8 generations) to the command's uninterrupted result; and the command refuses,
     * with one line, a checkpoint the library wrote, which records no command line.
     */
    @Test
    void theCommandsCheckpointResumesFromJavaAndTheLibrarysIsRefusedByTheCommand() throws Exception {
        JsonNode whole = MainTest.run(concat(SMALL, "--generations", "8")).json();
        Path out = dir.resolve("java");
        MainTest.run(concat(SMALL, "--generations", "4", "--out", out.toString()));
        var saved = org.ccopt.util.Checkpoint.read(out, org.ccopt.cupstack.CupStackGa.State.class);
        var request = saved.request(org.ccopt.cupstack.CupstackRequest.class);
        assertThat(request.topology()).isEqualTo("torus:4x4");
        assertThat(request.ga().seed()).isEqualTo(3);
        var longer = request.withGa(request.ga().withGenerations(8, request.ga().training()));
        new org.ccopt.util.Checkpoint<>(List.of(), saved.state(), longer).write(out);
        var resumed = org.ccopt.cupstack.CupstackJob.resume(out, org.ccopt.cupstack.CupstackJob.Checkpoints.to(out, 5), 2);
        assertThat(resumed.result().bestScore().duration()).isEqualTo(whole.get("bestCycles").asInt());
        assertThat(resumed.result().best().interval()).isEqualTo(whole.get("interval").asInt());
        MainTest.Result refused = MainTest.run("cupstack", "--resume", out.toString());
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err().strip()).contains("written by the library").doesNotContain("\n");
    }

    /** The command's defaults are the library request's: no option given, the two describe the same run. */
    @Test
    void theCommandsDefaultsAreTheLibraryRequests() {
        CupstackCommand c = new CupstackCommand();
        new picocli.CommandLine(c).parseArgs("-t", "torus:4x4", "--traffic", "shfl");
        org.ccopt.cupstack.CupstackRequest request = org.ccopt.cupstack.CupstackRequest.of(Declared.values(c.spec,
                org.ccopt.cupstack.CupstackRequest.OPTIONS));
        assertThat(request).isEqualTo(org.ccopt.cupstack.CupstackRequest.of("torus:4x4", "shfl", request.ga()));
        assertThat(request.ga()).isEqualTo(org.ccopt.cupstack.CupStackGa.Settings.defaults());
    }

    /** A checkpoint edited and signed again is refused for what its numbers mean, with one line. */
    @Test
    void aCheckpointWhoseNumbersWereEditedIsRefused() throws Exception {
        Path out = dir.resolve("edit");
        MainTest.run(concat(SMALL, "--generations", "2", "--out", out.toString()));
        Path cp = out.resolve("checkpoint.json");
        String good = Files.readString(cp);
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        String[][] cases = {{"/state/state/bestScore", "objective", "differs from its record"},
            {"/state/state/bestScore", "ib", "not the"},
            {"/state/state/history/1", "bestObjective", "row 1 of its record"},
            {"/state/state", "evaluations", "evaluations"}};
        for (String[] c : cases) {
            com.fasterxml.jackson.databind.node.ObjectNode env = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(good);
            com.fasterxml.jackson.databind.node.ObjectNode at = (com.fasterxml.jackson.databind.node.ObjectNode) env.at(c[0]);
            at.put(c[1], c[1].equals("evaluations") ? 1L << 40 : c[1].equals("objective") ? at.get(c[1]).asInt() - 1
                    : c[1].equals("ib") ? at.get(c[1]).asLong() + 1 : -99);
            Files.writeString(cp, EditedCheckpoint.resign(mapper.writeValueAsString(env)));
            MainTest.Result r = MainTest.run("cupstack", "--resume", out.toString());
            assertThat(r.code()).as(c[1]).isEqualTo(2);
            assertThat(r.err()).as(c[1]).contains(c[2]);
            assertThat(r.err().strip().lines()).hasSize(1);
        }
        // a synonym's gene: every recorded synonym is evaluated again on resume
        com.fasterxml.jackson.databind.JsonNode synonyms = mapper.readTree(good).at("/state/state/synonyms");
        for (int k : new int[] {0, synonyms.size() - 1}) {
            com.fasterxml.jackson.databind.node.ObjectNode env = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(good);
            com.fasterxml.jackson.databind.node.ArrayNode delay = (com.fasterxml.jackson.databind.node.ArrayNode)
                    env.at("/state/state/synonyms/" + k + "/chromosome/delay");
            delay.set(0, delay.get(0).asInt() == 0 ? 1 : 0);
            Files.writeString(cp, EditedCheckpoint.resign(mapper.writeValueAsString(env)));
            MainTest.Result r = MainTest.run("cupstack", "--resume", out.toString());
            assertThat(r.code()).as("synonym %d", k).isEqualTo(2);
            assertThat(r.err()).as("synonym %d", k).contains("synonym");
            assertThat(r.err().strip().lines()).hasSize(1);
        }
        // a population member's gene, its recorded score kept: the population's scores are derived again on resume
        com.fasterxml.jackson.databind.node.ObjectNode env = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(good);
        int last = env.at("/state/state/population").size() - 1;
        com.fasterxml.jackson.databind.node.ArrayNode delay = (com.fasterxml.jackson.databind.node.ArrayNode)
                env.at("/state/state/population/" + last + "/delay");
        for (int g = 0; g < delay.size(); g++) {
            delay.set(g, delay.get(g).asInt() == 0 ? 1 : 0);
        }
        Files.writeString(cp, EditedCheckpoint.resign(mapper.writeValueAsString(env)));
        MainTest.Result edited = MainTest.run("cupstack", "--resume", out.toString());
        assertThat(edited.code()).isEqualTo(2);
        assertThat(edited.err()).contains("chromosome " + last + " does not score what it records");
        Files.writeString(cp, good);
        assertThat(MainTest.run("cupstack", "--resume", out.toString(), "--generations", "3").code()).isZero();
    }

    /**
     * The sweep runs its cells as the library job, not as command lines: every row equals, field by field (times and
     * build aside), the row {@code ccopt run} makes by executing the same parameters as a {@code cupstack} command line,
     * over methods, frozen groups, a reading, simple stacking's seed and a failing cell.
     */
    @Test
    void aSweepsRowsAreTheRowsOfTheCommandLinesItStandsFor() throws Exception {
        Path jobs = dir.resolve("jobs");
        MainTest.Result sweep = MainTest.run("cupstack-sweep", "--topology", "torus:4x4", "--packet-flits", "4", "--traffic",
                "brev,shfl", "--method", "full,no-tadj,perturb,post,extrapolate,estimate,simple", "--freeze", "none;C,Q",
                "--reading", "credit-delay=0", "--seed-simple", "--population", "6", "--generations", "3", "--training", "1",
                "--threads", "2", "--out", jobs.toString());
        assertThat(sweep.code()).as(sweep.err()).isZero();
        List<org.ccopt.experiments.Row> rows = new ArrayList<>(org.ccopt.experiments.ExperimentRunner.read(
                jobs.resolve(org.ccopt.experiments.ExperimentRunner.LINES)).values());
        assertThat(rows).hasSizeGreaterThan(20);
        List<Map<String, String>> parameters = new ArrayList<>();
        for (org.ccopt.experiments.Row row : rows) {
            Map<String, String> p = new LinkedHashMap<>();
            List<String> columns = row.columns();
            for (String c : columns.subList(columns.indexOf("key") + 1, columns.indexOf("wallSeconds"))) {
                p.put(c, row.get(c).asText());
            }
            parameters.add(p);
        }
        CliCommands cli = new CliCommands();
        org.ccopt.experiments.ExperimentRunner.Summary lines = new org.ccopt.experiments.ExperimentRunner(cli).run(
                org.ccopt.experiments.Experiment.of("cupstack", parameters, "lines", cli), dir.resolve("lines"), 2,
                new org.ccopt.experiments.ExperimentRunner.Listener() { });
        Map<String, String> byKey = new LinkedHashMap<>();
        lines.rows().forEach(r -> byKey.put(r.key(), ShippedExperimentRowsTest.stable(r).replaceFirst("\\{\"run\":\\d+,", "{")));
        for (org.ccopt.experiments.Row row : rows) {
            assertThat(ShippedExperimentRowsTest.stable(row).replaceFirst("\\{\"run\":\\d+,", "{")).as(row.key())
                    .isEqualTo(byKey.get(row.key()));
        }
        // a failing cell reports as the command reports a failure: one line on stderr, its exit code
        org.ccopt.experiments.Commands.Execution refused = cli.execute("cupstack", Map.of("topology", "torus:3x3", "traffic",
                "brev"), List.of("cupstack", "--topology", "torus:3x3", "--traffic", "brev", "--json"));
        assertThat(refused.exit()).as(refused.stderr()).isEqualTo(2);
        assertThat(refused.result()).isNull();
        assertThat(refused.stderr()).isEqualTo(MainTest.run("cupstack", "--topology", "torus:3x3", "--traffic", "brev",
                "--json").err());
        // options that write files run as the command line
        assertThat(org.ccopt.cupstack.CupstackRequest.OPTIONS.declares("out")).isFalse();
        assertThat(org.ccopt.cupstack.CupstackRequest.OPTIONS.declares("output-stage")).isTrue();
    }

    @Test
    void aSweepWritesOneRowPerRunAndSkipsRecordedRunsWhenRerun() throws Exception {
        String[] sweep = {"cupstack-sweep", "--topology", "torus:4x4", "--packet-flits", "4", "--traffic", "brev,shfl",
            "--mutation-rate", "0.05,0.02", "--lifetime", "0,3", "--watchdog", "0,3", "--population", "8", "--generations", "3",
            "--training", "1", "--threads", "2", "--out", dir.resolve("sweep").toString()};
        MainTest.Result first = MainTest.run(sweep);
        assertThat(first.code()).as(first.err()).isZero();
        // 2 patterns x 2 rates x 3 (lt, wd) pairs: (0,0), (3,0), (0,3); (3,3) is skipped, lt and wd being exclusive
        Path csv = dir.resolve("sweep").resolve("results.csv");
        List<Map<String, String>> rows = Csv.read(Files.readString(csv));
        assertThat(rows).hasSize(12).allMatch(r -> r.get("status").equals("ok"));
        // a row is what the single command prints for the same options
        Map<String, String> row = rows.stream().filter(r -> r.get("traffic").equals("shfl") && r.get("mutation-rate").equals("0.02")
                && r.get("lifetime").equals("3") && r.get("watchdog").equals("0")).findFirst().orElseThrow();
        JsonNode single = MainTest.run("cupstack", "--topology", "torus:4x4", "--packet-flits", "4", "--traffic", "shfl",
                "--mutation-rate", "0.02", "--lifetime", "3", "--watchdog", "0", "--population", "8", "--generations", "3",
                "--training", "1", "--seed", "1", "--json").json();
        assertThat(row.get("bestCycles")).isEqualTo(single.get("bestCycles").asText());
        assertThat(row.get("simplePerScheme.C05")).isEqualTo(single.get("simplePerScheme").get("C05").asText());
        // a choice of gene groups holds a comma; the cell spells it with '+', which --freeze also reads
        Path frozen = dir.resolve("frozen");
        assertThat(MainTest.run("cupstack-sweep", "--topology", "torus:4x4", "--packet-flits", "4", "--traffic", "brev",
                "--freeze", "none;C,Q", "--population", "6", "--generations", "2", "--training", "1", "--out", frozen.toString()).code())
                .isZero();
        assertThat(Csv.read(Files.readString(frozen.resolve("results.csv")))).extracting(r -> r.get("freeze"))
                .containsExactly("none", "C+Q");
        // router readings over the model reach every run: the row is the single command with the same readings
        Path read = dir.resolve("readings");
        assertThat(MainTest.run("cupstack-sweep", "--topology", "torus:4x4", "--packet-flits", "4", "--traffic", "brev",
                "--reading", "output-stage=none", "--reading", "credit-delay=0", "--population", "6", "--generations", "2",
                "--training", "1", "--out", read.toString()).code()).isZero();
        Map<String, String> pinned = Csv.read(Files.readString(read.resolve("results.csv"))).get(0);
        assertThat(pinned).containsEntry("output-stage", "none").containsEntry("credit-delay", "0");
        JsonNode same = MainTest.run("cupstack", "--topology", "torus:4x4", "--packet-flits", "4", "--traffic", "brev",
                "--output-stage", "none", "--credit-delay", "0", "--population", "6", "--generations", "2", "--training", "1",
                "--seed", "1", "--json").json();
        assertThat(pinned.get("bestCycles")).isEqualTo(same.get("bestCycles").asText());
        assertThat(same.get("readings").asText()).contains("output-stage=none").contains("credit-delay=0");
        // two sweeps in one directory, one with a reading and one without: rows that lack a parameter still make a report
        Path mixed = dir.resolve("mixed");
        for (String[] extra : new String[][] {{"--traffic", "brev", "--reading", "output-stage=none"}, {"--traffic", "shfl"}}) {
            assertThat(MainTest.run(concat(new String[] {"cupstack-sweep", "--topology", "torus:4x4", "--packet-flits", "4",
                "--population", "4", "--generations", "0", "--training", "0", "--jobs", "1", "--out", mixed.toString()}, extra))
                    .code()).isZero();
        }
        MainTest.Result report = MainTest.run("report", mixed.toString());
        assertThat(report.code()).as(report.err()).isZero();
        assertThat(Files.readString(mixed.resolve("report.html"))).contains("output-stage", "shfl", "brev");
        // a second sweep into the same directory adds its rows; the first sweep's stay in results.csv
        assertThat(MainTest.run("cupstack-sweep", "--topology", "torus:4x4", "--packet-flits", "4", "--traffic", "shfl",
                "--population", "6", "--generations", "2", "--training", "1", "--out", frozen.toString()).code()).isZero();
        assertThat(Csv.read(Files.readString(frozen.resolve("results.csv")))).extracting(r -> r.get("traffic"))
                .containsExactly("shfl", "brev", "brev");
        MainTest.Result again = MainTest.run(sweep);
        assertThat(again.out()).contains("12 already recorded");
        assertThat(Csv.read(Files.readString(csv))).hasSize(12);
        // a row torn by an interruption is dropped and its run done again, never glued to the next row
        Path lines = dir.resolve("sweep").resolve("results.jsonl");
        String text = Files.readString(lines);
        Files.writeString(lines, text.substring(0, text.length() - 10));
        MainTest.Result torn = MainTest.run(sweep);
        assertThat(torn.out()).contains("11 already recorded");
        assertThat(Csv.read(Files.readString(csv))).hasSize(12);
        assertThat(Files.readAllLines(lines)).hasSize(12);
    }

    private static final String[] LAHC = {"cupstack", "--topology", "torus:4x4", "--traffic", "brev", "--slices", "2",
        "--packet-flits", "4", "--population", "10", "--seed", "3", "--method", "lahc", "--history-length", "20", "--json"};

    /**
     * ccopt's late-acceptance search: starts from the simple stacking it prints and never ends above it, counts its
     * moves as the GA counts evaluations, writes the GA's outputs, replays in sim, and resumes to the uninterrupted
     * result from its own checkpoint.
     */
    @Test
    void lateAcceptanceRunsResumesAndReplays() throws Exception {
        Path out = dir.resolve("lahc");
        MainTest.Result r = MainTest.run(concat(LAHC, "--generations", "6", "--out", out.toString()));
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("method").asText()).isEqualTo("lahc");
        assertThat(j.get("bestCycles").asInt()).isLessThanOrEqualTo(j.get("simpleStackingCycles").asInt());
        assertThat(j.get("evaluations").asLong()).isEqualTo(1 + 6 * 10);
        assertThat(Files.readAllLines(out.resolve("generations.csv"))).hasSize(1 + 7);
        JsonNode replay = MainTest.run("sim", "--params", out.resolve("best.json").toString(), "--json").json();
        assertThat(replay.get("durationCycles").asInt()).isEqualTo(j.get("bestCycles").asInt());

        Path half = dir.resolve("lahc-half");
        assertThat(MainTest.run(concat(LAHC, "--generations", "3", "--out", half.toString())).code()).isZero();
        JsonNode resumed = MainTest.run("cupstack", "--resume", half.toString(), "--generations", "6", "--json").json();
        assertThat(resumed.get("bestCycles")).isEqualTo(j.get("bestCycles"));
        assertThat(resumed.get("interval")).isEqualTo(j.get("interval"));
        assertThat(resumed.get("evaluations")).isEqualTo(j.get("evaluations"));
        assertThat(resumed.get("simulations").asLong()).isGreaterThanOrEqualTo(j.get("simulations").asLong());
    }

    @Test
    void lateAcceptanceRefusesTheGaOptionsAndTheGaRefusesItsHistory() {
        for (String[] o : new String[][] {{"--training", "5"}, {"--mutation-rate", "0.1"}, {"--seed-simple"}, {"--tie", "random"}}) {
            MainTest.Result r = MainTest.run(concat(LAHC, o));
            assertThat(r.code()).isEqualTo(2);
            assertThat(r.err().strip()).startsWith("ccopt: " + o[0] + " applies to the GA methods").doesNotContain("\n");
        }
        assertThat(MainTest.run(concat(LAHC, "--sort-key", "T05")).err()).contains("lahc accepts by the duration (T01)");
        assertThat(MainTest.run(concat(LAHC, "--history-length", "0")).err()).contains("--history-length");
        assertThat(MainTest.run("cupstack", "--history-length", "50").err())
                .contains("--history-length applies to --method lahc, not to --method full");
        MainTest.Result scheme = MainTest.run("cupstack", "--initial-scheme", "diagonal");
        assertThat(scheme.code()).isEqualTo(2);
        assertThat(scheme.err().strip()).contains("expected port or uniform").doesNotContain("\n");
        assertThat(MainTest.run("cupstack", "--method", "simple", "--initial-scheme", "uniform").err())
                .contains("--initial-scheme applies to the searches (not --method simple");
        assertThat(MainTest.run("cupstack-sweep", "--initial-scheme", "diagonal", "--out", dir.resolve("s").toString()).err())
                .contains("expected port or uniform");
        assertThat(MainTest.run("cupstack-sweep", "--method", "full,lahc", "--out", dir.resolve("s").toString()).err())
                .contains("--method lahc is not a GA method");
    }

    @Test
    void badInputGetsOneLineAndExitCode2() {
        MainTest.Result r = MainTest.run("cupstack", "--method", "greedy");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).contains("unknown method 'greedy'").doesNotContain("\n");
        assertThat(MainTest.run("cupstack", "--lifetime", "100", "--watchdog", "100").code()).isEqualTo(2);
        assertThat(MainTest.run("cupstack", "--method", "simple", "--seed-simple").err()).contains("--seed-simple applies to the GA methods");
        assertThat(MainTest.run("cupstack", "--sort-key", "T11").code()).isEqualTo(2);
        assertThat(MainTest.run("cupstack", "--freeze", "X").code()).isEqualTo(2);
        assertThat(MainTest.run("cupstack", "--mutation-rate", "0").code()).isEqualTo(2);
        assertThat(MainTest.run("cupstack", "--slices", "0").code()).isEqualTo(2);
        // a negative frozen V ran as the default V = 8 (issue 73)
        assertThat(MainTest.run("cupstack", "-t", "torus:4x4", "--freeze", "V", "--interval", "-3").err())
                .contains("--interval -3 is invalid; expected >= 0");
        assertThat(MainTest.run("cupstack", "--topology", "omega:16").err()).contains("two-way links");
        assertThat(MainTest.run("cupstack", "--topology", "hypercube:4", "--method", "simple", "--ring-tie", "half").err())
                .contains("--ring-tie applies to dimension-order routing on a torus or mesh");
        assertThat(MainTest.run("cupstack", "--resume", dir.resolve("nothing").toString()).code()).isEqualTo(2);
        assertThat(MainTest.run("cupstack", "--topology", "torus:4x4", "--freeze", "V,I,C,Q").err()).contains("nothing left to search");
        assertThat(MainTest.run("cupstack", "--population", "4", "--crossover-pairs", "1000").err()).contains("at most 6 pairs");
        assertThat(MainTest.run("cupstack-sweep", "--lifetime", "abc", "--out", dir.resolve("s").toString()).err())
                .contains("--lifetime value 'abc' is invalid");
        MainTest.Result reading = MainTest.run("cupstack-sweep", "--reading", "output-stage=latch", "--out", dir.resolve("s").toString());
        assertThat(reading.code()).isEqualTo(2);
        assertThat(reading.err().strip()).contains("--reading output-stage 'latch'").doesNotContain("\n");
        assertThat(MainTest.run("cupstack-sweep", "--reading", "colour=red", "--out", dir.resolve("s").toString()).err())
                .contains("router model reading 'colour' is unknown");
        assertThat(MainTest.run("cupstack-sweep", "--seeds", "2147483647", "--out", dir.resolve("s").toString()).code()).isEqualTo(2);
    }

    private static String[] concat(String[] a, String... b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    /** --picture draws the best plan's stacking picture in the format its name asks for; an unknown one is refused first. */
    @Test
    void thePictureOfTheBestPlanIsWrittenAsPdf() throws Exception {
        java.nio.file.Path pdf = dir.resolve("best.pdf");
        MainTest.Result r = MainTest.run("cupstack", "-t", "torus:4x4", "--traffic", "brev", "--population", "4",
                "--generations", "2", "--training", "1", "--picture", pdf.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("wrote " + pdf);
        assertThat(java.nio.file.Files.readString(pdf, java.nio.charset.StandardCharsets.ISO_8859_1)).startsWith("%PDF-");
        MainTest.Result bad = MainTest.run("cupstack", "-t", "torus:4x4", "--traffic", "brev", "--population", "4",
                "--generations", "2", "--picture", dir.resolve("best.gif").toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("expected a name ending in .png, .svg or .pdf");
    }

    /** --interval fixes V only where V is frozen: it acts with --freeze V and is refused, not ignored, without it. */
    @Test
    void theIntervalActsWhereVIsFrozenAndIsRefusedElsewhere() throws Exception {
        String[] run = {"cupstack", "-t", "torus:4x4", "--traffic", "brev", "--generations", "1", "--population", "4",
            "--interval", "11", "--json"};
        MainTest.Result frozen = MainTest.run(concat(run, "--freeze", "V"));
        assertThat(frozen.code()).as(frozen.err()).isZero();
        assertThat(frozen.json().get("interval").asInt()).isEqualTo(11);
        MainTest.Result free = MainTest.run(run);
        assertThat(free.code()).isEqualTo(2);
        assertThat(free.err()).contains("--interval applies where V is frozen");
        MainTest.Result oneSlice = MainTest.run(concat(run, "--freeze", "V", "--slices", "1"));
        assertThat(oneSlice.code()).isEqualTo(2);
    }

    /** --method simple prints every scheme's simple stacking, as a row of the 2023 paper's Table 2, the shortest marked. */
    @org.junit.jupiter.api.Test
    void simpleStackingPrintsEveryScheme() throws Exception {
        MainTest.Result r = MainTest.run("cupstack", "-t", "torus:4x4", "--traffic", "brev", "--method", "simple");
        assertThat(r.code()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(1)).isEqualTo("  scheme    C00    C01    C02    C03    C04    C05    C06    C07    C08    C09");
        com.fasterxml.jackson.databind.JsonNode json = MainTest.run("cupstack", "-t", "torus:4x4", "--traffic", "brev",
                "--method", "simple", "--json").json();
        StringBuilder cycles = new StringBuilder("  cycles");
        for (int c = 0; c < 10; c++) {
            int v = json.get("simplePerScheme").get(String.format("C%02d", c)).asInt();
            cycles.append(String.format(" %6s", v + (v == json.get("simpleStackingCycles").asInt() ? "*" : "")));
        }
        assertThat(lines.get(2)).isEqualTo(cycles.toString());
        assertThat(lines.get(3)).startsWith("  V     ");
    }
}
