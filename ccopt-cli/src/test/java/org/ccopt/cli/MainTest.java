package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Drives {@link Main#run} in-process and checks exit codes and output. */
class MainTest {

    record Result(int code, String out, String err) {
        JsonNode json() throws Exception {
            return new ObjectMapper().readTree(out);
        }
    }

    static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), args);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @TempDir
    Path dir;

    /**
     * The command table that a short command builds its tree from names each command as its {@code @Command} does,
     * and the partial tree runs what the whole tree runs (ReusedCommandLineTest compares their output option by option).
     */
    @Test
    void everyCommandIsListedUnderItsOwnName() {
        Main.commandClasses().forEach((name, c) ->
                assertThat(c.getAnnotation(picocli.CommandLine.Command.class).name()).as(c.getName()).isEqualTo(name));
        assertThat(Main.commandTree().getSubcommands().keySet()).containsExactlyElementsOf(Main.commandClasses().keySet());
        Result version = run("--version");
        assertThat(version.code()).isZero();
        assertThat(version.out()).startsWith("ccopt ");
        Result help = run("--help");
        assertThat(help.out()).contains("cupstack-sweep").contains("generate-completion");
        Result unknown = run("simm");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).contains("'simm'").hasLineCount(1);
    }

    @Test
    void topoJsonHasTheDocumentedFields() throws Exception {
        Result r = run("topo", "torus:8x8", "--json");
        assertThat(r.code()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("spec").asText()).isEqualTo("torus:8x8");
        assertThat(j.get("nodes").asInt()).isEqualTo(64);
        assertThat(j.get("terminals").asInt()).isEqualTo(64);
        assertThat(j.get("switches").asInt()).isZero();
        assertThat(j.get("links").asInt()).isEqualTo(128);
        assertThat(j.get("minDegree").asInt()).isEqualTo(4);
        assertThat(j.get("maxDegree").asInt()).isEqualTo(4);
        assertThat(j.get("diameter").asInt()).isEqualTo(8);
        assertThat(j.get("aspl").asDouble()).isBetween(4.06, 4.07);
        assertThat(j.get("bisectionWidth").asInt()).isEqualTo(16);
        assertThat(j.get("bisectionExact").asBoolean()).isTrue();
    }

    @Test
    void unknownBisectionIsLabelled() throws Exception {
        JsonNode j = run("topo", "random-shortcut:256:6", "--json", "--bisection-effort", "0").json();
        assertThat(j.get("bisectionExact").asBoolean()).isFalse();
        assertThat(j.get("bisectionMethod").asText()).contains("heuristic");
        JsonNode none = run("topo", "ring:8", "--json", "--no-bisection").json();
        assertThat(none.get("bisectionWidth").isNull()).isTrue();
    }

    @Test
    void exportJsonUsesTheSchemaAndReadsBack() throws Exception {
        Path file = dir.resolve("omega.json");
        assertThat(run("topo", "omega:8", "--export", "json", "--out", file.toString()).code()).isZero();
        JsonNode j = new ObjectMapper().readTree(Files.readString(file));
        assertThat(j.get("directed").asBoolean()).isTrue();
        assertThat(j.get("nodes").get(0).get("kind").asText()).isEqualTo("terminal");
        assertThat(j.get("nodes").get(8).get("kind").asText()).isEqualTo("switch");
        assertThat(j.get("links")).hasSize(32);
        JsonNode back = run("topo", "file:" + file, "--json").json();
        assertThat(back.get("diameter").asInt()).isEqualTo(4);
    }

    @Test
    void boundsJson() throws Exception {
        JsonNode j = run("bounds", "--topology", "hypercube:6", "--cc", "AAS", "--ports", "all", "--json").json();
        assertThat(j.get("cc").asText()).isEqualTo("AAS");
        assertThat(j.get("lowerBound").asInt()).isEqualTo(32);
        assertThat(j.get("formula").asText()).contains("B_C");
        JsonNode mns = run("bounds", "--topology", "fat-octagon", "--cc", "MNB", "--senders", "0-7",
                "--receivers", "0-7", "--json").json();
        assertThat(mns.get("lowerBound").asInt()).isEqualTo(7);
    }

    @Test
    void hopsJson() throws Exception {
        JsonNode j = run("hops", "--topology", "circulant2:1024", "--collective", "alltoall", "--procs", "1024",
                "--json").json();
        assertThat(j.get("transfers").asInt()).isEqualTo(10240);
        assertThat(j.get("totalHops").asInt()).isEqualTo(10240);
        JsonNode b = run("hops", "--topology", "torus:4x4", "--collective", "bcast", "--procs", "8", "--mapping",
                "consecutive", "--json").json();
        // 0->4 (1 hop: x=0 to x=0,y=1), 0->2, 4->6, then 0->1, 2->3, 4->5, 6->7
        assertThat(b.get("transfers").asInt()).isEqualTo(7);
        assertThat(b.get("totalHops").asInt()).isEqualTo(1 + 2 + 2 + 4);
    }

    @Test
    void hopsAndRankGiveAMappingAndAPlacementTheSameMeaning() throws Exception {
        for (String placement : new String[] {"ascending", "mapping-order"}) {
            JsonNode h = run("hops", "--topology", "random-shortcut:64:5:seed=2", "--collective", "allreduce", "--procs",
                    "32", "--mapping", "random", "--seed", "4", "--placement", placement, "--json").json();
            JsonNode r = run("rank", "--topology", "random-shortcut:64:5:seed=2", "--collective", "allreduce", "--procs",
                    "32", "--mapping", "random", "--seed", "4", "--placement", placement, "--json").json();
            assertThat(h.get("totalHops").asLong()).as(placement).isEqualTo(r.get("totalHops").asLong());
            assertThat(h.get("placement").asText()).isEqualTo(placement);
        }
    }

    @Test
    void routesAndTraffic() throws Exception {
        JsonNode r = run("routes", "--topology", "hypercube:3", "--from", "0", "--to", "7", "--json").json();
        assertThat(r.get("minimalPaths").asInt()).isEqualTo(6);
        assertThat(r.get("route").toString()).isEqualTo("[0,1,3,7]");
        JsonNode t = run("traffic", "--topology", "torus:8x8", "--pattern", "bcmp", "--json").json();
        assertThat(t.get("averageHops").asDouble()).isEqualTo(4.0); // ring of 8: x -> 7-x is 1 or 3 hops
    }

    @Test
    void demoVersionHelpAndCompletion() {
        Result demo = run("demo");
        assertThat(demo.code()).isZero();
        assertThat(demo.out()).contains("torus:8x8", "circulant2:64", "63");
        assertThat(run("--version").out()).startsWith("ccopt ");
        assertThat(run("topo", "--help").out()).contains("random-shortcut:N:D[:seed=S]", "dragonfly:thesis");
        Result completion = run("generate-completion");
        assertThat(completion.code()).isZero();
        assertThat(completion.out()).contains("complete -F");
    }

    /** Every command's help renders without picocli's format warnings (a bare '%' in a description). */
    @Test
    void everyHelpRendersCleanly() {
        PrintStream saved = System.err;
        ByteArrayOutputStream traced = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(traced, true, StandardCharsets.UTF_8));
            for (String name : new picocli.CommandLine(new Main()).getSubcommands().keySet()) {
                Result help = run(name, "--help");
                assertThat(help.code()).as(name).isZero();
                assertThat(help.out() + help.err()).as(name).doesNotContain("picocli WARN", "%n");
            }
        } finally {
            System.setErr(saved);
        }
        assertThat(traced.toString(StandardCharsets.UTF_8)).doesNotContain("picocli WARN");
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:0x4", "hypercube:-1", "omega:12", "random-shortcut:10:20", "file:/nonexistent"})
    void badSpecsExitTwoWithOneLine(String spec) {
        Result r = run("topo", spec);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).startsWith("ccopt: ").doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void badOptionsExitTwo() {
        for (String[] args : new String[][] {
            {"topo"}, {"topo", "ring:5", "--bogus"}, {"bounds", "--topology", "ring:5", "--cc", "XYZ"},
            {"bounds", "--topology", "ring:5", "--cc", "AAS", "--ports", "0"},
            {"hops", "--topology", "ring:5", "--collective", "bcast", "--procs", "9"},
            {"traffic", "--topology", "ring:6", "--pattern", "brev"},
            {"routes", "--topology", "ring:5", "--from", "0", "--to", "7"},
            // a switch is no endpoint of an indirect network's routing (it once printed a route over links that do not exist)
            {"routes", "--topology", "fattree:16", "--from", "20", "--to", "0"},
            {"hops", "--topology", "ring:16", "--collective", "bcast", "--procs", "\u0664"}, // an Arabic-Indic 4
            {"analyze", "hops-table", "--nodes", "100000"}, {"analyze", "mapping-hops", "--nodes", "1"},
            {"routes", "--topology", "omega:8", "--from", "9", "--to", "0"},
            {"topo", "ring:5", "--export", "pdf"}, {"nonsense"}}) {
            Result r = run(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
        }
    }
}
