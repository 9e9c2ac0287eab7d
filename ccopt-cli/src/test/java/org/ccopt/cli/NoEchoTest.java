package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A file named by mistake (here one shaped like a shadow password file) is refused with one line that names the
 * file and the place, never its content, by every command that reads a file.
 */
class NoEchoTest {

    static final String SECRET = "Secr3tHash";

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {
        "sim --params F.json", "sim -t torus:4x4 --traffic bcmp --mapping F.json", "schedule -t hypercube:3 --cc AAB --validate F.json",
        "run F.yaml --out OUT", "topo file:F.json", "topo file:F.txt", "topo file:F.graphml", "topo file:F.dot",
        "msgsim -t torus:4x4 --collective bcast --bytes 1KiB --ranks F.json", "nodemap --resume CP", "cupstack --resume CP",
        "calibrate --stage joint --models F.txt", "table F.jsonl", "rank -t torus:4x4 --comm F.txt",
        "msgsim -t torus:4x4 --comm F.txt"})
    void aSecretLookingFileIsNeverEchoed(String line) throws Exception {
        String text = "root:$6$" + SECRET + "$abcdef:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n";
        for (String ext : new String[] {"json", "yaml", "txt", "graphml", "dot", "jsonl"}) {
            Files.writeString(dir.resolve("F." + ext), text);
        }
        Files.createDirectories(dir.resolve("CP"));
        Files.writeString(dir.resolve("CP/checkpoint.json"), text);
        String[] args = line.replace("F.", dir.resolve("F.").toString()).replace("OUT", dir.resolve("out").toString())
                .replace("CP", dir.resolve("CP").toString()).split(" ");
        MainTest.Result r = MainTest.run(args);
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).doesNotContain(SECRET).doesNotContain("root:").doesNotContain("daemon").hasLineCount(1);
    }

    static final String MARKER = "SECRETLINE_abc123";

    /**
     * A marker written where each reader stops: a bare token, a top-level key, a quoted cell with a stray character
     * after it, an unclosed quote and a cell past the header; the one-line refusal names the place, never the marker.
     * In the content, {@code ~} is a line break and {@code ^} a double quote.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        "msgsim -t torus:4x4 --collective bcast --bytes 1KiB --ranks F | MARK~",
        "sim --params F | MARK~",
        "run F --out OUT | MARK: 1~",
        "run F --out OUT | command: sim~MARK: 2~",
        "table F --by a --show b | a,b~1,^MARK^x~",
        "table F --by a --show b | a,b~1,^MARK~",
        "calibrate --stage joint --models F | model,x~^MARK^x,1~",
        "calibrate --stage joint --models F | model,x~^MARK,1~",
        "calibrate --stage joint --models F | model,x~ccopt,1,MARK~",
        "calibrate --stage joint --models F | model~MARK~",
        "rank -t torus:4x4 --comm F | 0,1~1,MARK~",
        "rank -t torus:4x4 --comm F | %%MatrixMarket matrix coordinate real general~2 2 1~1 2 MARK~",
        "rank -t torus:4x4 --comm F | %%MatrixMarket matrix coordinate MARK general~2 2 1~1 2 3~",
        "rank -t torus:4x4 --procs 4 --collective bcast --rankfile OUT --hosts F | MARK~",
        "topo file:F | MARK~"})
    void aMarkerWhereAReaderStopsIsNeverEchoed(String line, String content) throws Exception {
        String ext = line.startsWith("table") || line.startsWith("calibrate") ? ".csv" : line.startsWith("run") ? ".yaml"
                : line.startsWith("topo") || line.startsWith("rank") ? ".txt" : ".json";
        Path file = dir.resolve("M" + ext);
        Files.writeString(file, content.replace("MARK", MARKER).replace('~', '\n').replace('^', '"'));
        String[] args = line.replace("F", file.toString()).replace("OUT", dir.resolve("out").toString()).split(" ");
        MainTest.Result r = MainTest.run(args);
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).doesNotContain(MARKER).hasLineCount(1);
    }

    /** An experiment whose options ask for help would print the usage, not a result: refused before the first run. */
    @org.junit.jupiter.api.Test
    void anExperimentAskingForHelpIsRefused() throws Exception {
        Path file = dir.resolve("h.yaml");
        Files.writeString(file, "command: sim\noptions: {help: true}\n");
        MainTest.Result r = MainTest.run("run", file.toString(), "--out", dir.resolve("o").toString());
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains("--help prints the usage and runs nothing").hasLineCount(1);
        assertThat(dir.resolve("o/results.csv")).doesNotExist();
    }

    /**
     * A value planted in a well-formed file, where a name belongs, is refused in one line that names the field, never
     * the value: a parameter file's names, a schedule's, an experiment's command, option key and values, a cell.
     */
    @ParameterizedTest
    @ValueSource(strings = {"params:topology", "params:routerModel", "params:traffic", "params:routing",
        "params:vcSelection", "schedule:cc", "schedule:topology", "run:command", "run:key", "run:traffic", "run:topology",
        "table:cell"})
    void aValuePlantedInAWellFormedFileIsNeverEchoed(String where) throws Exception {
        String field = where.substring(where.indexOf(':') + 1);
        Path out = dir.resolve("out");
        MainTest.Result r = switch (where.substring(0, where.indexOf(':'))) {
            case "params" -> {
                Path p = dir.resolve("p.json");
                MainTest.run("sim", "-t", "torus:4x4", "--traffic", "brev", "--save-params", p.toString());
                com.fasterxml.jackson.databind.node.ObjectNode j = (com.fasterxml.jackson.databind.node.ObjectNode)
                        new com.fasterxml.jackson.databind.ObjectMapper().readTree(p.toFile());
                if (field.equals("vcSelection")) {
                    ((com.fasterxml.jackson.databind.node.ArrayNode) j.get(field)).set(3, MARKER);
                } else {
                    j.put(field, MARKER);
                }
                if (field.equals("routing")) {
                    j.put("routerModel", "booksim");
                    j.remove(List.of("vcSelection", "queueOrder", "sliceReinitialization", "sliceInterlocking"));
                }
                Files.writeString(p, j.toString());
                yield MainTest.run("sim", "--params", p.toString());
            }
            case "schedule" -> {
                Path p = dir.resolve("s.json");
                String json = MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAB", "--json").out();
                Files.writeString(p, json.replace("\"" + (field.equals("cc") ? "AAB" : "hypercube:3") + "\"",
                        "\"" + MARKER + "\""));
                yield MainTest.run("schedule", "-t", "hypercube:3", "--cc", "AAB", "--validate", p.toString());
            }
            case "run" -> {
                Path y = dir.resolve("e.yaml");
                Files.writeString(y, switch (field) {
                    case "command" -> "command: " + MARKER + "\n";
                    case "key" -> "command: sim\noptions: {topology: torus:4x4, " + MARKER + ": 1}\n";
                    case "traffic" -> "command: sim\noptions: {topology: torus:4x4, traffic: " + MARKER + "}\n";
                    default -> "command: sim\noptions: {topology: " + MARKER + ":4, traffic: brev}\n";
                });
                yield MainTest.run("run", y.toString(), "--out", out.toString());
            }
            default -> {
                Path t = dir.resolve("t.jsonl");
                Files.writeString(t, "{\"run\":0,\"key\":\"k0\",\"status\":\"ok\",\"a\":\"x\",\"b\":\"" + MARKER + "\"}\n");
                yield MainTest.run("table", t.toString(), "--by", "a", "--show", "b");
            }
        };
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).doesNotContain(MARKER).doesNotContain(MARKER.toLowerCase(java.util.Locale.ROOT))
                .hasLineCount(1);
    }

    /** A resumed checkpoint's recorded options are its file's text: a refusal of one names its option, not its value. */
    @org.junit.jupiter.api.Test
    void aCheckpointsRecordedOptionIsNeverEchoed() throws Exception {
        Path run = dir.resolve("run");
        assertThat(MainTest.run("nodemap", "-t", "torus:4x4", "--traffic", "brev", "--generations", "2", "--population",
                "4", "--out", run.toString()).code()).isZero();
        org.ccopt.util.Checkpoint<org.ccopt.mapping.NodeMappingGa.State> cp = org.ccopt.util.Checkpoint.read(run,
                org.ccopt.mapping.NodeMappingGa.State.class);
        for (String planted : List.of("brev", "--traffic=brev")) {
            List<String> args = new java.util.ArrayList<>(cp.arguments());
            int i = args.indexOf("--traffic");
            if (planted.startsWith("--")) {
                args.subList(i, i + 2).clear();
                args.add("--traffic=" + MARKER); // recomputed checksum: the file passes as the run's own
            } else {
                args.set(i + 1, MARKER);
            }
            new org.ccopt.util.Checkpoint<>(args, cp.state(), cp.request()).write(run);
            MainTest.Result r = MainTest.run("nodemap", "--resume", run.toString());
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err()).doesNotContain(MARKER).contains("<recorded --traffic>").hasLineCount(1);
        }
        List<String> args = new java.util.ArrayList<>(cp.arguments());
        args.add("--" + MARKER);
        new org.ccopt.util.Checkpoint<>(args, cp.state(), cp.request()).write(run);
        MainTest.Result r = MainTest.run("nodemap", "--resume", run.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).doesNotContain(MARKER).hasLineCount(1);
    }
}
