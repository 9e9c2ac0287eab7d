package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.Set;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScheduleCommandTest {

    @org.junit.jupiter.api.io.TempDir
    java.nio.file.Path dir;

    /** The step diagram: a PNG a reader can open, an SVG with one cell per channel crossing, other formats refused. */
    @Test
    void theStepDiagramIsDrawnAsPngOrSvg() throws Exception {
        java.nio.file.Path png = dir.resolve("s.png");
        java.nio.file.Path svg = dir.resolve("s.svg");
        assertThat(MainTest.run("schedule", "-t", "omega:8", "--cc", "AAS", "--picture", png.toString()).code()).isZero();
        java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isGreaterThan(7 * 64);
        MainTest.Result r = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAB", "--ports", "all", "--switching",
                "sf", "--picture", svg.toString(), "--json");
        assertThat(r.code()).isZero();
        // store-and-forward: every transfer is one hop, so one cell per transfer, and one legend swatch per sender (8)
        String text = java.nio.file.Files.readString(svg);
        assertThat(text.split("<rect ", -1).length - 2 - 8).isEqualTo(r.json().get("transfers").size());
        assertThat(text).contains(">sender 7<");
        assertThat(text).doesNotContain("stroke=\"red\"");
        MainTest.Result gif = MainTest.run("schedule", "-t", "omega:8", "--cc", "AAS", "--picture", dir.resolve("s.gif").toString());
        assertThat(gif.code()).isEqualTo(2);
        assertThat(gif.err()).contains("expected a name ending in .png, .svg or .pdf");
        java.nio.file.Path pdf = dir.resolve("s.pdf");
        assertThat(MainTest.run("schedule", "-t", "omega:8", "--cc", "AAS", "--picture", pdf.toString()).code()).isZero();
        assertThat(java.nio.file.Files.readString(pdf, java.nio.charset.StandardCharsets.ISO_8859_1)).startsWith("%PDF-")
                .contains("/Page").endsWith("%%EOF\n");
    }

    /** The 2007 paper's eq. (3): t = steps x t_s + m x t_1, hand-computed for a 3-step schedule. */
    @Test
    void theTimeModelIsStepsTimesStartUpPlusSerialization() throws Exception {
        JsonNode j = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAB", "--ports", "all", "--ts", "2us", "--t1",
                "0.1ns", "--bytes", "4KiB", "--json").json();
        assertThat(j.get("steps").asInt()).isEqualTo(3);
        assertThat(j.get("timeModel").get("seconds").asDouble())
                .isCloseTo(3 * 2e-6 + 4096 * 1e-10, org.assertj.core.api.Assertions.within(1e-15));
        MainTest.Result partial = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAB", "--ts", "2us");
        assertThat(partial.code()).isEqualTo(2);
        assertThat(partial.err()).contains("needs --ts, --t1 and --bytes together");
    }

    /** A printed schedule validates as printed; one moved transfer, or other options, are refused with one line. */
    @Test
    void aPrintedScheduleValidatesAndADamagedOneDoesNot() throws Exception {
        MainTest.Result made = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAB", "--ports", "all", "--switching",
                "sf", "--json");
        assertThat(made.code()).isZero();
        java.nio.file.Path file = dir.resolve("s.json");
        java.nio.file.Files.writeString(file, made.out());
        MainTest.Result ok = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAB", "--ports", "all", "--switching",
                "sf", "--validate", file.toString());
        assertThat(ok.code()).as(ok.err()).isZero();
        assertThat(ok.out()).contains("valid, 56 transfers in 3 steps");
        JsonNode checked = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAB", "--ports", "all", "--switching",
                "sf", "--validate", file.toString(), "--json").json();
        assertThat(checked.get("valid").asBoolean()).isTrue();
        assertThat(checked.get("provenance").has("seed")).as("a check draws nothing").isFalse();
        // every transfer of source 0 into step 1: the relays do not hold the message yet
        com.fasterxml.jackson.databind.node.ObjectNode j = (com.fasterxml.jackson.databind.node.ObjectNode) made.json();
        for (JsonNode x : j.get("transfers")) {
            if (x.get("src").asInt() == 0) {
                ((com.fasterxml.jackson.databind.node.ObjectNode) x).put("step", 1);
            }
        }
        java.nio.file.Path bad = dir.resolve("bad.json");
        java.nio.file.Files.writeString(bad, j.toString());
        MainTest.Result no = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAB", "--ports", "all", "--switching",
                "sf", "--validate", bad.toString());
        assertThat(no.code()).isEqualTo(2);
        assertThat(no.err()).contains("is not valid").contains("violation");
        // a step of 1.5 is not a step (it was read as 1 and the file printed "valid")
        com.fasterxml.jackson.databind.node.ObjectNode half = (com.fasterxml.jackson.databind.node.ObjectNode) made.json();
        ((com.fasterxml.jackson.databind.node.ObjectNode) half.get("transfers").get(0)).put("step", 1.5);
        java.nio.file.Path halfFile = dir.resolve("half.json");
        java.nio.file.Files.writeString(halfFile, half.toString());
        MainTest.Result fraction = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAB", "--ports", "all",
                "--switching", "sf", "--validate", halfFile.toString());
        assertThat(fraction.code()).isEqualTo(2);
        assertThat(fraction.err()).contains("has no integer \"step\"").doesNotContain("valid,");
        MainTest.Result other = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAB", "--ports", "all",
                "--validate", file.toString());
        assertThat(other.code()).isEqualTo(2);
        assertThat(other.err()).contains("is for switching sf, the options give wh");
        MainTest.Result solver = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAB", "--ports", "all",
                "--switching", "sf", "--solver", "umda", "--validate", file.toString());
        assertThat(solver.code()).isEqualTo(2);
        assertThat(solver.err()).contains("--solver applies to a search (not --validate");
        MainTest.Result seed = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAB", "--ports", "all",
                "--switching", "sf", "--seed", "3", "--validate", file.toString());
        assertThat(seed.code()).isEqualTo(2);
        assertThat(seed.err()).contains("--seed applies to a search (not --validate");
    }

    @Test
    void jsonHasTheDocumentedFieldsAndAConflictFreeSchedule() throws Exception {
        MainTest.Result r = MainTest.run("schedule", "--topology", "omega:8", "--cc", "AAS", "--time-limit", "30s", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("steps").asInt()).isEqualTo(7);
        assertThat(j.get("lowerBound").asInt()).isEqualTo(7);
        assertThat(j.get("status").asText()).isEqualTo("optimal");
        assertThat(j.get("validated").asBoolean()).isTrue();
        assertThat(j.has("solver")).isTrue();
        assertThat(j.get("transfers").size()).isEqualTo(56);
        // re-check here, from the printed node ids alone: paths are walks of the topology, no channel twice a step
        Topology t = TopologySpec.parse("omega:8");
        Set<String> used = new HashSet<>();
        for (JsonNode x : j.get("transfers")) {
            JsonNode path = x.get("path");
            assertThat(path.get(0).asInt()).isEqualTo(x.get("src").asInt());
            assertThat(path.get(path.size() - 1).asInt()).isEqualTo(x.get("dst").asInt());
            for (int i = 0; i + 1 < path.size(); i++) {
                int c = t.channel(path.get(i).asInt(), path.get(i + 1).asInt());
                assertThat(c).isNotNegative();
                assertThat(used.add(x.get("step").asInt() + ":" + c)).isTrue();
            }
        }
    }

    /**
     * The fat Octagon from 0-7 to 8-15: the conflict clique (12) decides the bound in `bounds` and `schedule`, and a
     * 12-step schedule is then optimal without the exact model.
     */
    @Test
    void theConflictCliqueDecidesTheFatOctagonMToNBound() throws Exception {
        JsonNode b = MainTest.run("bounds", "--topology", "fat-octagon", "--cc", "MNS", "--senders", "0-7",
                "--receivers", "8-15", "--json").json();
        assertThat(b.get("lowerBound").asInt()).isEqualTo(12);
        assertThat(b.get("formula").asText()).startsWith("12 transfers that pairwise must conflict");
        JsonNode sf = MainTest.run("bounds", "--topology", "fat-octagon", "--cc", "MNB", "--senders", "0-7",
                "--receivers", "8-15", "--switching", "sf", "--json").json();
        assertThat(sf.get("lowerBound").asInt()).isEqualTo(10);
        assertThat(sf.get("formula").asText()).startsWith("store-and-forward arrivals");
        JsonNode s = MainTest.run("schedule", "-t", "fat-octagon", "--cc", "MNS", "--senders", "0-7", "--receivers",
                "8-15", "--solver", "min-conflicts", "--seed", "1", "--time-limit", "60s", "--json").json();
        assertThat(s.get("lowerBound").asInt()).isEqualTo(12);
        assertThat(s.get("lowerBoundArgument").asText()).contains("pairwise must conflict");
        assertThat(s.get("steps").asInt()).isEqualTo(12);
        assertThat(s.get("status").asText()).isEqualTo("optimal");
    }

    /**
     * Replay at message level: on omega:8 every AAS transfer crosses 4 channels, so each of the 7 steps takes
     * 4 x 100 ns + 1 MiB / 12.5 GB/s; the file replays to the same time; network options without --replay are refused.
     */
    @Test
    void aScheduleReplaysInSecondsAtMessageLevel() throws Exception {
        MainTest.Result r = MainTest.run("schedule", "-t", "omega:8", "--cc", "AAS", "--replay", "1MiB", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode replay = r.json().get("replay");
        double step = 4 * 100e-9 + 1048576 / 12.5e9;
        assertThat(replay.get("simulatedSeconds").asDouble()).isCloseTo(7 * step, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(replay.get("order").asText()).isEqualTo("barrier");
        assertThat(replay.get("hostLinks").asBoolean()).isFalse();
        java.nio.file.Path file = dir.resolve("omega.json");
        java.nio.file.Files.writeString(file, r.out());
        MainTest.Result again = MainTest.run("schedule", "-t", "omega:8", "--cc", "AAS", "--validate", file.toString(),
                "--replay", "1MiB", "--replay-order", "resources", "--json");
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.json().get("replay").get("simulatedSeconds").asDouble())
                .isCloseTo(7 * step, org.assertj.core.api.Assertions.within(1e-12));
        MainTest.Result refused = MainTest.run("schedule", "-t", "omega:8", "--cc", "AAS", "--latency", "1us");
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("--latency applies to the message-level replay");
    }

    /** AOR: the reversed broadcast, printed on the network asked for, re-validated by the reduce rules from its file. */
    @Test
    void aReduceIsTheTimeReverseOfABroadcast() throws Exception {
        MainTest.Result r = MainTest.run("schedule", "-t", "omega:8", "--cc", "AOR", "--root", "3", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("cc").asText()).isEqualTo("AOR");
        assertThat(j.get("topology").asText()).isEqualTo("omega:8");
        assertThat(j.get("steps").asInt()).isEqualTo(3);
        assertThat(j.get("validated").asBoolean()).isTrue();
        assertThat(j.get("transfers").size()).isEqualTo(7);
        java.nio.file.Path file = dir.resolve("aor.json");
        java.nio.file.Files.writeString(file, r.out());
        MainTest.Result ok = MainTest.run("schedule", "-t", "omega:8", "--cc", "AOR", "--root", "3", "--validate", file.toString());
        assertThat(ok.code()).as(ok.err()).isZero();
        // the same transfers read as a broadcast from 3 are not one
        MainTest.Result asBroadcast = MainTest.run("schedule", "-t", "omega:8", "--cc", "OAB", "--root", "3", "--validate",
                file.toString());
        assertThat(asBroadcast.code()).isEqualTo(2);
    }

    /**
     * AAR: the reversed all-to-all broadcast, every partial result with its root; the file re-validates per root, and
     * a transfer stripped of its root is one line and exit 2.
     */
    @Test
    void anAllToAllReduceNamesTheRootOfEveryPartialResult() throws Exception {
        MainTest.Result r = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAR", "--ports", "all", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("cc").asText()).isEqualTo("AAR");
        assertThat(j.get("steps").asInt()).isEqualTo(3);
        assertThat(j.get("validated").asBoolean()).isTrue();
        assertThat(j.get("transfers").size()).isEqualTo(56);
        for (JsonNode x : j.get("transfers")) {
            assertThat(x.get("src").asInt()).isEqualTo(x.get("from").asInt()).isNotEqualTo(x.get("root").asInt());
        }
        java.nio.file.Path file = dir.resolve("aar.json");
        java.nio.file.Files.writeString(file, r.out());
        MainTest.Result ok = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAR", "--ports", "all", "--validate",
                file.toString(), "--replay", "1MiB", "--replay-order", "resources");
        assertThat(ok.code()).as(ok.err()).isZero();
        assertThat(ok.out()).contains("valid, 56 transfers in 3 steps");
        ((com.fasterxml.jackson.databind.node.ObjectNode) j.get("transfers").get(0)).remove("root");
        java.nio.file.Files.writeString(file, j.toString());
        MainTest.Result noRoot = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAR", "--ports", "all", "--validate",
                file.toString());
        assertThat(noRoot.code()).isEqualTo(2);
        assertThat(noRoot.err()).startsWith("ccopt: transfer 1 of ").contains("has no integer \"root\"").doesNotContain("\tat ");
    }

    /** HGSA's parameters reach the search: one process instead of ten changes how far an evaluation cap lets it go. */
    @Test
    void hgsaParametersAreOptions() throws Exception {
        long[] evaluations = new long[2];
        int i = 0;
        for (String processes : new String[] {"1", "10"}) {
            MainTest.Result r = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAB", "--ports", "all", "--switching",
                    "sf", "--solver", "hgsa", "--hgsa-processes", processes, "--hgsa-t0", "50", "--hgsa-cooling", "0.95",
                    "--max-evaluations", "5000", "--json");
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.json().get("validated").asBoolean()).isTrue();
            evaluations[i++] = r.json().get("evaluations").asLong();
        }
        assertThat(evaluations[0]).isNotEqualTo(evaluations[1]);
    }

    /** An EA option given with a solver it does not apply to is one line and exit 2, never ignored. */
    @ParameterizedTest
    @CsvSource({
        "auto, --max-evaluations, 100, '--max-evaluations applies to --solver umda, hgsa, mboa'",
        "hgsa, --fitness, excess, '--fitness applies to --solver umda, mboa'",
        "mboa, --umda-reading, literal, '--umda-reading applies to --solver umda'",
        "exact, --umda-population, 40, '--umda-population applies to --solver umda'",
        "auto, --hgsa-t0, 5, '--hgsa-t0 applies to --solver hgsa'",
        "hgsa, --hgsa-cooling, 1.5, '--hgsa-cooling 1.5 is out of range; expected a factor in (0, 1]'",
        "hgsa, --hgsa-processes, 0, '--hgsa-processes 0 is out of range; expected 1..1000'",
        "mboa, --umda-selection, 0.3, '--umda-selection applies to --solver umda'",
        "mboa, --mboa-depth, 0, '--mboa-depth 0 is out of range; expected 1..32'",
        "umda, --mboa-neighbours, 3, '--mboa-neighbours applies to --solver mboa'",
        "umda, --umda-selection, 0.01, '--umda-selection 0.01 is out of range for a population of 60; expected a share in (0, 1) that selects 1 to 59 members'",
        "mboa, --umda-tests, 3, '--umda-tests applies to --solver umda'",
        "auto, --umda-acceleration, both, '--umda-acceleration applies to --solver umda'",
        "umda, --umda-acceleration, receivers, '--umda-acceleration ''receivers'' is unknown; expected sender or both'",
        "umda, --umda-tests, 2000, '--umda-tests 2000 is out of range; expected 0..1000'",
        "umda, --umda-blocks, 61, '--umda-blocks 61 is out of range; expected 0..60 (the population)'",
        "umda, --umda-block-slots, none, '--umda-block-slots ''none'' is unknown; expected first or select'",
    })
    void anEaOptionWithAnotherSolverIsRefused(String solver, String option, String value, String says) {
        MainTest.Result r = MainTest.run("schedule", "-t", "omega:8", "--cc", "AAS", "--solver", solver, option, value);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("ccopt: " + says).endsWith("\n").hasLineCount(1);
        if (says.contains(" applies to --solver ")) {
            assertThat(r.err()).contains("not to --solver " + solver);
        }
    }

    /**
     * An evaluation cap ends each evolutionary search at a generation (exchange) boundary, whatever the machine: the
     * count is at most one generation past the cap, and two runs give the same schedule and count.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"umda, 600, 30", "mboa, 600, 100", "hgsa, 5000, 20000"})
    void evaluationCapMakesARunMachineIndependent(String solver, long cap, long slack) throws Exception {
        String[] args = {"schedule", "-t", "omega:8", "--cc", "AAB", "--solver", solver, "--seed", "3", "--threads", "1",
            "--max-evaluations", String.valueOf(cap), "--time-limit", "10m", "--json"};
        JsonNode a = MainTest.run(args).json();
        JsonNode b = MainTest.run(args).json();
        long used = a.get("evaluations").asLong();
        assertThat(used).isPositive().isLessThanOrEqualTo(cap + slack);
        assertThat(b.get("evaluations").asLong()).isEqualTo(used);
        assertThat(b.get("transfers")).isEqualTo(a.get("transfers"));
    }

    @Test
    void humanOutputIsAStepTableAndBroadcastsNameTheirSources() throws Exception {
        MainTest.Result r = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "OAB", "--ports", "all");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("2 steps, lower bound 2, optimal").contains("src").contains("validated: conflict-free");
        MainTest.Result sf = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAB", "--ports", "all",
                "--switching", "sf", "--json");
        assertThat(sf.code()).as(sf.err()).isZero();
        for (JsonNode x : sf.json().get("transfers")) {
            assertThat(x.get("path").size()).isEqualTo(2);
            assertThat(x.has("from")).isTrue();
        }
    }

    @Test
    void requestedStepsBelowTheOptimumAreProvenInfeasible() throws Exception {
        // two bridged Octagons, all-port OAB: lower bound 2, optimum 3 (mesh:3x3 AAS, 5 and 6 until the channel-load
        // term raised its bound to 6)
        MainTest.Result r = MainTest.run("schedule", "-t", "octagon-bridged:2", "--cc", "OAB", "--ports", "all",
                "--solver", "exact", "--steps", "2", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.json().get("lowerBound").asInt()).isEqualTo(2);
        assertThat(r.json().get("status").asText()).isEqualTo("infeasible");
        // the proof is in provenLowerBound, and the best schedule found is still printed, validated
        assertThat(r.json().get("provenLowerBound").asInt()).isEqualTo(3);
        assertThat(r.json().get("steps").asInt()).isGreaterThanOrEqualTo(3);
        assertThat(r.json().get("validated").asBoolean()).isTrue();
        assertThat(r.json().get("transfers").size()).isPositive();
    }

    /** A target below the lower bound is refused before any search (it once ran the exact model for half a minute). */
    @Test
    void requestedStepsBelowTheLowerBoundAreRefused() throws Exception {
        for (String solver : new String[] {"auto", "exact", "umda", "greedy"}) {
            MainTest.Result r = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAB", "--ports", "all", "--steps", "1",
                    "--solver", solver);
            assertThat(r.code()).as(solver).isEqualTo(2);
            assertThat(r.err()).contains("--steps 1 is below the lower bound 3").doesNotContain("\n ");
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--cc|XYZ|unknown collective 'XYZ'",
        "--solver|magic|unknown solver 'magic'; expected one of auto, umda",
        "--time-limit|soon|bad time limit 'soon'",
        "--switching|cut-through|unknown switching 'cut-through'",
        "--steps|0|--steps 0 is below the lower bound",
        "--ports|0|port count 0 is invalid"})
    void badInputIsOneLineAndExitCode2(String option, String value, String message) {
        String[] args = option.equals("--cc")
                ? new String[] {"schedule", "-t", "omega:8", option, value}
                : new String[] {"schedule", "-t", "omega:8", "--cc", "AAS", option, value};
        MainTest.Result r = MainTest.run(args);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).contains(message).doesNotContain("\n").doesNotContain("Exception");
    }

    @Test
    void permutationsAreScheduledAndProvenOptimal() throws Exception {
        // bit complement on the 4x4 mesh: 16 transfers; one step cannot hold them (proven), two can
        MainTest.Result r = MainTest.run("schedule", "-t", "mesh:4x4", "--traffic", "bcmp", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("cc").asText()).isEqualTo("PERM");
        assertThat(j.get("transfers").size()).isEqualTo(16);
        assertThat(j.get("steps").asInt()).isEqualTo(2);
        assertThat(j.get("status").asText()).isEqualTo("optimal");
        for (JsonNode x : j.get("transfers")) {
            assertThat(x.get("dst").asInt()).isEqualTo(15 - x.get("src").asInt());
        }
        MainTest.Result both = MainTest.run("schedule", "-t", "mesh:4x4", "--traffic", "bcmp", "--cc", "AAS");
        assertThat(both.code()).isEqualTo(2);
        assertThat(both.err()).contains("--traffic bcmp and --cc AAS both name what to schedule");
        MainTest.Result none = MainTest.run("schedule", "-t", "mesh:4x4");
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err()).contains("missing --cc");
    }

    /**
     * A store-and-forward scatter: one transfer per hop, optimal on the all-port 8-node hypercube (4 steps, the
     * bound), re-validated from its file and replayed; a file whose message jumps two channels in a step is refused.
     */
    @Test
    void aStoreAndForwardScatterIsScheduledHopByHop() throws Exception {
        MainTest.Result r = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAS", "--ports", "all", "--switching",
                "sf", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("steps").asInt()).isEqualTo(4);
        assertThat(j.get("status").asText()).isEqualTo("optimal");
        assertThat(j.get("validated").asBoolean()).isTrue();
        assertThat(j.get("transfers").size()).isEqualTo(96); // 8 x (3 x 1 + 3 x 2 + 1 x 3) hops
        for (JsonNode x : j.get("transfers")) {
            assertThat(x.get("path").size()).isEqualTo(2);
        }
        java.nio.file.Path file = dir.resolve("sf-aas.json");
        java.nio.file.Files.writeString(file, r.out());
        MainTest.Result ok = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAS", "--ports", "all", "--switching",
                "sf", "--validate", file.toString(), "--replay", "64KiB", "--replay-order", "resources");
        assertThat(ok.code()).as(ok.err()).isZero();
        assertThat(ok.out()).contains("valid, 96 transfers in 4 steps").contains("replay:");
        // the second hop of a two-hop message moved into the step of its first
        JsonNode two = null;
        for (JsonNode x : j.get("transfers")) {
            if (x.get("from").asInt() != x.get("src").asInt()) {
                two = x;
                break;
            }
        }
        int src = two.get("src").asInt();
        int dst = two.get("dst").asInt();
        int first = 0;
        for (JsonNode x : j.get("transfers")) {
            if (x.get("src").asInt() == src && x.get("dst").asInt() == dst && x.get("from").asInt() == src) {
                first = x.get("step").asInt();
            }
        }
        ((com.fasterxml.jackson.databind.node.ObjectNode) two).put("step", first);
        java.nio.file.Files.writeString(file, j.toString());
        MainTest.Result bad = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAS", "--ports", "all", "--switching",
                "sf", "--validate", file.toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("crosses two channels in step " + first); // the file's own step numbers
    }

    /** Passing messages waiting in the routers (sf-router) never cost steps; a permutation is scheduled the same way. */
    @Test
    void storeAndForwardReadingsAndPermutations() throws Exception {
        JsonNode node = MainTest.run("schedule", "-t", "mesh:3x3", "--cc", "AAS", "--switching", "sf", "--solver",
                "greedy", "--json").json();
        JsonNode router = MainTest.run("schedule", "-t", "mesh:3x3", "--cc", "AAS", "--switching", "sf-router", "--solver",
                "greedy", "--json").json();
        assertThat(node.get("validated").asBoolean()).isTrue();
        assertThat(router.get("validated").asBoolean()).isTrue();
        assertThat(router.get("switching").asText()).isEqualTo("sf-router");
        assertThat(router.get("steps").asInt()).isLessThanOrEqualTo(node.get("steps").asInt());
        JsonNode perm = MainTest.run("schedule", "-t", "mesh:4x4", "--traffic", "bcmp", "--switching", "sf", "--json").json();
        assertThat(perm.get("cc").asText()).isEqualTo("PERM");
        assertThat(perm.get("validated").asBoolean()).isTrue();
        assertThat(perm.get("steps").asInt()).isGreaterThanOrEqualTo(perm.get("lowerBound").asInt());
    }

    /** Where OR-Tools' native library does not load, auto goes on with the heuristics and says so; exact is refused. */
    @Test
    void withoutTheNativeSolverAutoFallsBackAndExactIsRefused() {
        System.setProperty("ccopt.ortools", "off");
        try {
            // the heuristics stop at the bound, 7 steps, within a second: the limit is a safety net, not what the assertion rests on
            MainTest.Result auto = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAB", "--time-limit", "120s");
            assertThat(auto.code()).as(auto.err()).isZero();
            assertThat(auto.err().strip().lines()).hasSize(1).first().asString().contains("exact model is unavailable");
            assertThat(auto.out()).contains("7 steps");
            MainTest.Result exact = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAB", "--solver", "exact");
            assertThat(exact.code()).isEqualTo(2);
            assertThat(exact.err()).contains("cannot run here").doesNotContain("\n ");
        } finally {
            System.clearProperty("ccopt.ortools");
        }
    }

    /**
     * Redirected (no console), a search prints a line with its latest news on a timer, however long one phase takes;
     * with --json it prints none. And --time-limit covers the listing of routes: a tiny limit ends a large problem's
     * set-up in one line instead of listing for seconds first.
     */
    @org.junit.jupiter.api.Test
    void aRedirectedSearchReportsOnATimerAndItsTimeLimitCoversTheSetUp() {
        double before = Heartbeat.seconds;
        Heartbeat.seconds = 0.2;
        try {
            MainTest.Result r = MainTest.run("schedule", "-t", "torus:6x6", "--cc", "AAS", "--time-limit", "2s");
            assertThat(r.code()).isZero();
            assertThat(r.err()).containsPattern("(?m)^ccopt schedule: [0-9]+s, ");
            MainTest.Result json = MainTest.run("schedule", "-t", "torus:6x6", "--cc", "AAS", "--time-limit", "1s", "--json");
            assertThat(json.err()).doesNotContain("ccopt schedule: ");
        } finally {
            Heartbeat.seconds = before;
        }
        MainTest.Result setUp = MainTest.run("schedule", "-t", "torus:16x16", "--cc", "AAS", "--time-limit", "1ms");
        assertThat(setUp.code()).isEqualTo(2);
        assertThat(setUp.err()).startsWith("ccopt: listing the routes of AAS on torus:16x16 ended at --time-limit")
                .hasLineCount(1);
    }
}
