package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ccopt.InvalidInputException;
import org.ccopt.experiments.Experiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunCommandTest {

    static final String SIM = """
            command: sim
            options: {topology: "torus:4x4", packet-flits: 4}
            grid:
              traffic: [bcmp, brev, brot, shfl, torn, trns]
              packets: [1, 2]
            """;

    @TempDir
    Path dir;

    static Experiment parse(String yaml) {
        return Experiment.parse(yaml, "test");
    }

    @Test
    void gridZipSeedsAndRepeatExpandInADocumentedOrder() throws Exception {
        Experiment e = parse("""
                command: sim
                options: {topology: "torus:4x4", json: false, atomic-vc: true}
                grid: {traffic: [uniform, brev], packets: [1, 2, 3]}
                zip: {slices: [1, 2], interval: [0, 9]}
                seeds: 2
                repeat: 2
                """);
        assertThat(e.runs()).hasSize(2 * 3 * 2 * 2 * 2);
        assertThat(e.runs().get(0).args()).containsExactly("sim", "--topology", "torus:4x4", "--atomic-vc", "--traffic",
                "uniform", "--packets", "1", "--slices", "1", "--interval", "0", "--seed", "1");
        assertThat(e.runs().get(1).parameters()).containsEntry("packets", "2").containsEntry("traffic", "uniform");
        // brev draws from no seed on the papers' router: its line goes without, its row and key keep it
        assertThat(e.runs().get(3).args()).doesNotContain("--seed");
        assertThat(e.runs().get(3).parameters()).containsEntry("traffic", "brev").containsEntry("seed", "1");
        assertThat(e.runs().get(3).key()).endsWith("--interval 0 #seed 1 #1");
        assertThat(e.runs().get(6).parameters()).containsEntry("slices", "2").containsEntry("interval", "9");
        assertThat(e.runs().get(12).parameters()).containsEntry("seed", "2");
        assertThat(e.runs().get(24).parameters()).containsEntry("repeat", "1");
        assertThatThrownBy(() -> parse("command: sim\ngrid: {traffic: [bcmp]}\nbogus: 1"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("unknown key on line 3");
        assertThatThrownBy(() -> parse("command: sim\nzip: {slices: [1, 2], interval: [0]}"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("equal length");
        assertThatThrownBy(() -> parse("command: rm\n")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("expected one of");
    }

    private Path write(String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    /** The rows without their timing columns. */
    private static List<String> rows(Path out) throws Exception {
        List<String> lines = Files.readAllLines(out.resolve("results.csv"));
        String[] header = lines.get(0).split(",");
        List<String> kept = new ArrayList<>();
        for (String line : lines) {
            String[] cells = line.split(",");
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < header.length; i++) {
                if (!header[i].toLowerCase().contains("seconds")) {
                    b.append(cells[i]).append(',');
                }
            }
            kept.add(b.toString());
        }
        return kept;
    }

    @Test
    void rowsAreTheSameOnOneThreadAndOnAllCores() throws Exception {
        Path file = write("sim.yaml", SIM);
        JsonNode one = MainTest.run("run", file.toString(), "--out", dir.resolve("one").toString(), "--threads", "1", "--json").json();
        JsonNode two = MainTest.run("run", file.toString(), "--out", dir.resolve("two").toString(), "--threads", "2", "--json").json();
        assertThat(one.get("completed").asInt()).isEqualTo(12);
        assertThat(two.get("completed").asInt()).isEqualTo(12);
        assertThat(rows(dir.resolve("one"))).hasSize(13).isEqualTo(rows(dir.resolve("two")));
        assertThat(Files.readString(dir.resolve("one").resolve("experiment.yaml"))).isEqualTo(SIM);
        assertThat(Files.readAllLines(dir.resolve("one").resolve("results.jsonl"))).hasSize(12);
    }

    @Test
    void anInterruptedExperimentResumesWithoutRedoingFinishedRuns() throws Exception {
        Path file = write("sim.yaml", SIM);
        Path whole = dir.resolve("whole");
        MainTest.run("run", file.toString(), "--out", whole.toString(), "--threads", "2");
        // an interrupted run: five rows written, the sixth torn mid-line
        Path half = dir.resolve("half");
        Files.createDirectories(half);
        List<String> lines = Files.readAllLines(whole.resolve("results.jsonl"));
        Files.writeString(half.resolve("results.jsonl"), String.join("\n", lines.subList(0, 5)) + "\n"
                + lines.get(5).substring(0, 20));
        JsonNode resumed = MainTest.run("run", file.toString(), "--out", half.toString(), "--json").json();
        assertThat(resumed.get("skipped").asInt()).isEqualTo(5);
        assertThat(resumed.get("completed").asInt()).isEqualTo(7);
        assertThat(rows(half)).isEqualTo(rows(whole));
        JsonNode again = MainTest.run("run", file.toString(), "--out", half.toString(), "--json").json();
        assertThat(again.get("skipped").asInt()).isEqualTo(12);
        assertThat(again.get("completed").asInt()).isZero();
    }

    @Test
    void aFailingRunIsRecordedAndTheOthersGoOn() throws Exception {
        // one VC cannot carry dateline routing on a torus: a failure only the run itself finds
        Path file = write("bad.yaml", "command: sim\noptions: {topology: \"torus:4x4\"}\ngrid: {vcs: [3, 1, 4]}\n");
        MainTest.Result r = MainTest.run("run", file.toString(), "--out", dir.resolve("bad").toString(), "--json");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("ccopt: 1 of 3 runs failed").contains("needs 3 virtual channels").doesNotContain("\n ");
        assertThat(r.json().get("failed").asInt()).isEqualTo(1);
        assertThat(r.json().get("completed").asInt()).isEqualTo(2);
        String csv = Files.readString(dir.resolve("bad").resolve("results.csv"));
        assertThat(csv).contains("failed").contains("needs 3 virtual channels");
        MainTest.Result missing = MainTest.run("run", dir.resolve("none.yaml").toString(), "--out", dir.toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).contains("does not exist");
    }

    @Test
    void tableGroupsAndAggregates() throws Exception {
        Path file = write("sim.yaml", SIM);
        Path out = dir.resolve("t");
        MainTest.run("run", file.toString(), "--out", out.toString());
        MainTest.Result csv = MainTest.run("table", out.toString(), "--by", "packets",
                "--show", "durationCycles:min,durationCycles:max,durationCycles:count,durationCycles:rate<=30", "--format", "csv");
        assertThat(csv.code()).as(csv.err()).isZero();
        List<String> lines = csv.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("packets,durationCycles:min,durationCycles:max,durationCycles:count,durationCycles:rate<=30");
        assertThat(lines).hasSize(3);
        assertThat(lines.get(1)).startsWith("1,").contains(",6,");
        MainTest.Result bad = MainTest.run("table", out.toString(), "--by", "nope", "--show", "durationCycles");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--by column 'nope' is not in the results");
        // --chart: the table as lines, one per shown column, titled by the caption; the table is printed as well
        Path svg = dir.resolve("chart.svg");
        MainTest.Result drawn = MainTest.run("table", out.toString(), "--by", "packets", "--show",
                "durationCycles:min,durationCycles:sum", "--chart", svg.toString(), "--log-x", "--caption", "Durations");
        assertThat(drawn.code()).as(drawn.err()).isZero();
        assertThat(drawn.out()).contains("durationCycles:sum");
        assertThat(Files.readString(svg)).startsWith("<svg").contains("Durations").contains(">duration (cycles)<").contains(">sum<")
                .contains(">packets per node<"); // axis titles from the units table
        assertThat(MainTest.run("table", out.toString(), "--by", "packets", "--show", "durationCycles", "--log-x").err())
                .isEqualTo("ccopt: --log-x applies to --chart, which is not given; add --chart FILE.svg\n");
        assertThat(MainTest.run("table", out.toString(), "--by", "packets", "--show", "durationCycles", "--chart",
                dir.resolve("c.txt").toString()).err()).contains("--chart " + dir.resolve("c.txt") + " has an unknown format");
        assertThat(MainTest.run("table", out.toString(), "--by", "traffic", "--show", "durationCycles", "--chart",
                svg.toString()).err()).contains("--chart draws numbers; column 'traffic' holds text");
    }

    @Test
    void pivotTurnsColumnValuesIntoTableColumns() throws Exception {
        Path file = write("sim.yaml", SIM);
        Path out = dir.resolve("p");
        MainTest.run("run", file.toString(), "--out", out.toString());
        List<String> flat = MainTest.run("table", out.toString(), "--by", "traffic,packets", "--show", "durationCycles",
                "--format", "csv").out().lines().toList();
        MainTest.Result pivoted = MainTest.run("table", out.toString(), "--by", "traffic", "--pivot", "packets",
                "--show", "durationCycles", "--format", "csv");
        assertThat(pivoted.code()).as(pivoted.err()).isZero();
        List<String> lines = pivoted.out().lines().toList();
        assertThat(lines).hasSize(7);
        assertThat(lines.get(0)).isEqualTo("traffic,durationCycles:mean by packets: 1,durationCycles:mean by packets: 2");
        // each pivoted line holds the two flat lines of its pattern, in run order
        for (int t = 0; t < 6; t++) {
            String[] one = flat.get(1 + 2 * t).split(","), two = flat.get(2 + 2 * t).split(",");
            assertThat(lines.get(1 + t)).isEqualTo(one[0] + "," + one[2] + "," + two[2]);
        }
        List<String> two = MainTest.run("table", out.toString(), "--by", "packets", "--pivot", "traffic",
                "--show", "durationCycles:min,durationCycles:count", "--format", "csv").out().lines().toList();
        assertThat(two.get(0)).startsWith("packets,traffic: bcmp durationCycles:min,traffic: bcmp durationCycles:count,traffic: brev durationCycles:min");
        assertThat(two.get(1).split(",")).hasSize(1 + 6 * 2);
        MainTest.Result bad = MainTest.run("table", out.toString(), "--by", "traffic", "--pivot", "nope", "--show", "durationCycles");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--pivot column 'nope' is not in the results");
    }

    @Test
    void nestedJsonObjectsBecomeDottedColumns() throws Exception {
        Path file = write("cup.yaml", "command: cupstack\noptions: {topology: \"torus:4x4\", method: simple}\ngrid: {traffic: [shfl]}\n");
        Path out = dir.resolve("cup");
        assertThat(MainTest.run("run", file.toString(), "--out", out.toString()).code()).isZero();
        String header = Files.readAllLines(out.resolve("results.csv")).get(0);
        assertThat(header).contains("simplePerScheme.C00").contains("simplePerScheme.C09").contains("baselineCycles");
    }

    /** Every path a run writes stays inside --out: relative ones are resolved there, others refused before any run. */
    @Test
    void pathsAnExperimentWritesStayInsideItsOutputDirectory() throws Exception {
        Path out = dir.resolve("o");
        Path file = write("w.yaml", "command: sim\noptions: {topology: \"torus:4x4\", traffic: bcmp}\n"
                + "zip: {trace: [a.csv, sub/b.csv], save-params: [a.json, sub/b.json]}\n");
        MainTest.Result ok = MainTest.run("run", file.toString(), "--out", out.toString());
        assertThat(ok.code()).as(ok.err()).isZero();
        assertThat(out.resolve("a.csv")).exists();
        assertThat(out.resolve("sub/b.json")).exists();
        for (String bad : new String[] {"../x.csv", "/tmp/ccopt-escape.csv", "sub/../../x.csv"}) {
            for (String option : new String[] {"trace", "save-params", "picture"}) {
                Path evil = write("evil.yaml", "command: sim\noptions: {topology: \"torus:4x4\", " + option + ": \""
                        + bad + "\"}\n");
                MainTest.Result r = MainTest.run("run", evil.toString(), "--out", dir.resolve("e").toString());
                assertThat(r.code()).isEqualTo(2);
                assertThat(r.err()).contains("leaves the output directory").doesNotContain("\n ");
            }
        }
        assertThat(dir.resolve("x.csv")).doesNotExist();
        assertThat(Path.of("/tmp/ccopt-escape.csv")).doesNotExist();
        assertThat(dir.resolve("e")).doesNotExist();
        // nodemap's --out and --resume are directories it writes: the same rule
        Path nm = write("nm.yaml", "command: nodemap\noptions: {topology: \"torus:4x4\", out: ../nm}\n");
        assertThat(MainTest.run("run", nm.toString(), "--out", out.toString()).err()).contains("out '../nm' leaves");
    }

    /**
     * Every experiment file the repository ships is read and checked as {@code ccopt run} would before its first run
     * (every option parsed by its command, where it applies, every path it writes), so none fails in every run.
     */
    @Test
    void everyShippedExperimentFilePassesTheChecksBeforeItsFirstRun() throws Exception {
        Path files = Path.of("").toAbsolutePath();
        while (files != null && !Files.isDirectory(files.resolve("experiments/files"))) {
            files = files.getParent(); // tests run in target/test-work-N
        }
        assertThat(files).as("the repository root").isNotNull();
        files = files.resolve("experiments/files");
        List<Path> all;
        try (var s = Files.list(files)) {
            all = s.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
        assertThat(all).hasSizeGreaterThan(10);
        for (Path f : all) {
            assertThat(Experiment.read(f).runs()).as(f.toString()).isNotEmpty();
        }
        // and a combination that cannot apply is refused there, with one line, before any run
        Path bad = write("rank.yaml", "command: rank\noptions: {topology: \"torus:4x4\", procs: 8, collective: bcast, iterations: 10}\n"
                + "grid: {placement: [ascending, two-opt]}\n");
        MainTest.Result r = MainTest.run("run", bad.toString(), "--out", dir.resolve("r").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--iterations applies to the placement searches").doesNotContain("\n ");
        assertThat(dir.resolve("r")).doesNotExist();
    }

    /** Two runs that would write one path are refused before the first run: the later would replace the earlier's. */
    @Test
    void twoRunsWritingOnePathAreRefused() throws Exception {
        for (String yaml : new String[] {
            "command: sim\noptions: {topology: \"torus:4x4\", picture: p.png}\ngrid: {traffic: [bcmp, brev]}\n",
            "command: sim\noptions: {topology: \"torus:4x4\", trace: t.csv}\nrepeat: 2\n",
            "command: sim\noptions: {topology: \"torus:4x4\"}\nzip: {traffic: [bcmp, brev], trace: [a.csv, ./a.csv]}\n"}) {
            MainTest.Result r = MainTest.run("run", write("same.yaml", yaml).toString(), "--out", dir.resolve("same").toString());
            assertThat(r.code()).as(yaml).isEqualTo(2);
            assertThat(r.err()).contains("both write").doesNotContain("\n ");
        }
        assertThat(dir.resolve("same")).doesNotExist();
    }

    /**
     * An experiment file names its charts under {@code report}; {@code ccopt report} draws them so, the reader's options
     * win, and a report naming no factor of the runs (or a seed) is refused when the file is read, before any run.
     */
    @Test
    void anExperimentNamesItsCharts() throws Exception {
        Path out = dir.resolve("charted");
        String yaml = "command: sim\noptions: {topology: \"torus:4x4\", packet-flits: 4}\ngrid: {traffic: [bcmp, brev], "
                + "packets: [1, 2]}\nreport: {x: traffic, series: packets, metrics: [durationCycles]}\n";
        assertThat(MainTest.run("run", write("c.yaml", yaml).toString(), "--out", out.toString()).code()).isZero();
        assertThat(MainTest.run("report", out.toString()).code()).isZero();
        String html = Files.readString(out.resolve("report.html"));
        assertThat(html).contains("durationCycles against traffic, one bar per packets").doesNotContain("flits against");
        assertThat(MainTest.run("report", out.toString(), "--x", "packets").code()).isZero();
        assertThat(Files.readString(out.resolve("report.html"))).contains("durationCycles against packets");
        for (String[] bad : new String[][] {{"--kind", "pie"}, {"--change", "percent"}, {"--kind", "box"},
            {"--kind", "line", "--x", "traffic"}, {"--x", "packets", "--series", "packets"}}) {
            MainTest.Result r = MainTest.run(java.util.stream.Stream.concat(java.util.stream.Stream.of("report", out.toString()),
                    java.util.Arrays.stream(bad)).toArray(String[]::new));
            assertThat(r.code()).as(String.join(" ", bad)).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", bad)).doesNotContain("\n ").doesNotContain("Exception");
        }
        for (String bad : new String[] {"report: {x: seed}", "report: {x: nosuch}", "report: {colour: red}", "report: [x]",
            "report: {kind: pie}", "report: {change: percent}", "report: {kind: box, series: traffic, baseline: bcmp}",
            "report: {series: traffic, baseline: nope}", "report: {baseline: nope}", "report: {x: traffic, series: traffic}"}) {
            MainTest.Result r = MainTest.run("run", write("b.yaml", "command: sim\noptions: {topology: \"torus:4x4\"}\n"
                    + "grid: {traffic: [bcmp, brev]}\nseeds: [1, 2]\n" + bad + "\n").toString(), "--out", dir.resolve("b").toString());
            assertThat(r.code()).as(bad).isEqualTo(2);
            assertThat(r.err()).as(bad).contains("report").doesNotContain("\n ");
        }
        assertThat(dir.resolve("b")).doesNotExist();
        // a seed in options, grid or zip beside seeds: one of them would be dropped, so the file is refused before any run
        for (String where : new String[] {"options: {topology: \"torus:4x4\", seed: 3}\n", "options: {topology: \"torus:4x4\"}\n"
                + "zip: {seed: [3, 4]}\n"}) {
            MainTest.Result r = MainTest.run("run", write("s.yaml", "command: sim\n" + where + "seeds: 2\n").toString(),
                    "--out", dir.resolve("s").toString());
            assertThat(r.code()).as(where).isEqualTo(2);
            assertThat(r.err()).as(where).contains("seed is set in options, grid or zip and by seeds");
        }
        assertThat(dir.resolve("s")).doesNotExist();
    }

    /**
     * Per-run outputs by template: {@code picture: "{traffic}-{seed}.png"} gives each run its own file, named by the
     * run's values; a placeholder that names no key of the run is refused with one line before any run.
     */
    @Test
    void aTemplateGivesEveryRunItsOwnFile() throws Exception {
        Path out = dir.resolve("templated");
        MainTest.Result r = MainTest.run("run", write("t.yaml", "command: sim\noptions: {topology: \"torus:4x4\", "
                + "picture: \"pics/{traffic}-{seed}-{repeat}.png\", trace: \"{traffic}-{seed}-r{repeat}.csv\"}\ngrid: {traffic: [bcmp, brev]}\n"
                + "seeds: [1, 2]\nrepeat: 2\n").toString(), "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        for (String traffic : new String[] {"bcmp", "brev"}) {
            for (int seed = 1; seed <= 2; seed++) {
                assertThat(out.resolve("pics/" + traffic + "-" + seed + "-1.png")).isRegularFile();
            }
        }
        assertThat(out.resolve("bcmp-2-r0.csv")).isRegularFile();
        assertThat(out.resolve("brev-1-r1.csv")).isRegularFile();
        MainTest.Result bad = MainTest.run("run", write("u.yaml", "command: sim\noptions: {topology: \"torus:4x4\", "
                + "picture: \"{pattern}.png\"}\ngrid: {traffic: [bcmp, brev]}\n").toString(), "--out", dir.resolve("u").toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("picture names {pattern}, which is no other key of its runs").contains("{traffic}")
                .doesNotContain("\n ");
        assertThat(dir.resolve("u")).doesNotExist();
    }

    /** A key that carries a value ("trace=F"), in options or grid, is refused: it would name a path picocli writes. */
    @Test
    void optionKeysThatCarryAValueAreRefused() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        for (String option : new String[] {"trace", "picture", "save-params"}) {
            for (String yaml : new String[] {
                "command: sim\noptions: {topology: \"torus:4x4\", \"" + option + "=" + outside.resolve("k1.x") + "\": true}\n",
                "command: sim\noptions: {topology: \"torus:4x4\"}\ngrid: {\"" + option + "=" + outside.resolve("k2.x") + "\": [true]}\n",
                "command: sim\noptions: {topology: \"torus:4x4\", \"--" + option + "\": k.x}\n"}) {
                Path evil = write("key.yaml", yaml);
                MainTest.Result r = MainTest.run("run", evil.toString(), "--out", dir.resolve("k").toString());
                assertThat(r.code()).as(yaml).isEqualTo(2);
                assertThat(r.err()).contains("expected an option name").doesNotContain("\n ");
            }
        }
        Path nm = write("nmk.yaml", "command: nodemap\noptions: {topology: \"torus:4x4\", \"out=" + outside + "\": true}\n");
        assertThat(MainTest.run("run", nm.toString(), "--out", dir.resolve("k").toString()).code()).isEqualTo(2);
        assertThat(outside).isEmptyDirectory();
    }

    /** A symbolic link inside --out that leads out of it fails the run before anything is written there. */
    @Test
    void aLinkInsideTheOutputDirectoryCannotLeadOutOfIt() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("elsewhere"));
        Path out = Files.createDirectories(dir.resolve("lo"));
        Files.createSymbolicLink(out.resolve("link"), outside);
        Files.createDirectories(out.resolve("inner"));
        Files.createSymbolicLink(out.resolve("ok"), Path.of("inner"));
        Path file = write("l.yaml", "command: sim\noptions: {topology: \"torus:4x4\", traffic: bcmp}\n"
                + "grid: {trace: [link/s1.csv, ok/s2.csv]}\n");
        MainTest.Result r = MainTest.run("run", file.toString(), "--out", out.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("1 of 2 runs failed").contains("outside the output directory");
        assertThat(outside).isEmptyDirectory();
        assertThat(out.resolve("inner/s2.csv")).exists();
    }

    /**
     * The runner's own files (results.csv, results.jsonl, experiment.yaml and the lock) obey the same confinement: a
     * link planted in their place that leads out of --out fails the run, and nothing is written where it points.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"results.csv", "results.jsonl", "experiment.yaml", ".ccopt.lock"})
    void theRunnersOwnFilesCannotBeLinkedOutOfTheOutputDirectory(String own) throws Exception {
        Path outside = Files.createDirectories(dir.resolve("away"));
        Path out = Files.createDirectories(dir.resolve("planted"));
        Files.createSymbolicLink(out.resolve(own), outside.resolve(own));
        Path file = write("p.yaml", "command: sim\noptions: {topology: \"torus:4x4\", packets: 1}\n");
        MainTest.Result r = MainTest.run("run", file.toString(), "--out", out.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains(own).hasLineCount(1);
        assertThat(outside).isEmptyDirectory();
    }

    /**
     * A bad value in any row (a pattern name, a router reading, a GA setting out of range) is refused before the first
     * run, not after the valid rows ran: every distinct value of a varied key is checked as the command would.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {
        "command: sim\noptions: {topology: \"torus:4x4\", packets: 1}\ngrid: {traffic: [bcmp, nope]}\n",
        "command: sim\noptions: {topology: \"torus:4x4\", packets: 1}\ngrid: {dateline: [edge, sideways]}\n",
        "command: cupstack\noptions: {topology: \"torus:4x4\", population: 4, generations: 1}\ngrid: {mutation-rate: [0.1, 2]}\n",
        "command: nodemap\noptions: {topology: \"torus:4x4\", population: 4, generations: 1}\ngrid: {variant: [S20, S99x]}\n"})
    void aBadValueInAnyRowIsRefusedBeforeTheFirstRun(String yaml) throws Exception {
        Path out = dir.resolve("badvalue");
        MainTest.Result r = MainTest.run("run", write("v.yaml", yaml).toString(), "--out", out.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).hasLineCount(1).containsPattern("\\(in run [0-9]+\\)");
        assertThat(out.resolve("results.jsonl")).doesNotExist();
    }

    /** topo takes its spec as --topology too, so an experiment can run it; one spec, in one of the two forms. */
    @Test
    void topoRunsInAnExperimentByItsTopologyKey() throws Exception {
        Path file = write("t.yaml", "command: topo\noptions: {no-bisection: true}\ngrid: {topology: [\"ring:5\", \"torus:4x4\"]}\n");
        Path out = dir.resolve("topo");
        MainTest.Result r = MainTest.run("run", file.toString(), "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        List<java.util.Map<String, String>> rows = org.ccopt.util.Csv.read(Files.readString(out.resolve("results.csv")));
        assertThat(rows).extracting(row -> row.get("nodes")).containsExactly("5", "16");
        // the same report in either form, but for the time it took (which depends on the machine)
        java.util.function.Function<String, String> untimed = text -> text.replaceAll("(?m)^\\s*seconds\\s+\\S+\\R", "");
        assertThat(untimed.apply(MainTest.run("topo", "-t", "ring:5", "--no-bisection").out()))
                .isEqualTo(untimed.apply(MainTest.run("topo", "ring:5", "--no-bisection").out())).contains("aspl")
                .doesNotContain("seconds");
        for (String[] bad : new String[][] {{"topo"}, {"topo", "ring:5", "-t", "ring:6"}}) {
            MainTest.Result refused = MainTest.run(bad);
            assertThat(refused.code()).isEqualTo(2);
            assertThat(refused.err()).contains("SPEC or --topology SPEC").hasLineCount(1);
        }
    }

    @Test
    void yamlAnchorsAndAliasesAreRefused() throws Exception {
        for (String yaml : new String[] {
            "command: sim\noptions: {topology: \"torus:4x4\"}\ngrid:\n  traffic: [&brev bcmp, *brev]\n",
            "command: sim\noptions: &o {topology: \"torus:4x4\"}\n"}) {
            MainTest.Result r = MainTest.run("run", write("a.yaml", yaml).toString(), "--out", dir.resolve("a").toString());
            assertThat(r.code()).isEqualTo(2);
            assertThat(r.err()).contains("YAML anchor").contains("line ").doesNotContain("\n ");
        }
        assertThat(dir.resolve("a")).doesNotExist();
    }

    /** While a run holds an output directory, a second run there is refused with one line; after it, resuming works. */
    @Test
    void aSecondRunOnALockedOutputDirectoryIsRefused() throws Exception {
        Path out = dir.resolve("locked");
        Path file = write("s.yaml", SIM);
        try (org.ccopt.util.OutputLock held = org.ccopt.util.OutputLock.acquire(out)) {
            MainTest.Result r = MainTest.run("run", file.toString(), "--out", out.toString());
            assertThat(r.code()).isEqualTo(2);
            assertThat(r.err()).contains("is in use by another ccopt run").doesNotContain("\n ");
            assertThat(out.resolve("results.jsonl")).doesNotExist();
            MainTest.Result nm = MainTest.run("nodemap", "-t", "torus:4x4", "--traffic", "brev", "--generations", "1",
                    "--out", out.toString());
            assertThat(nm.code()).isEqualTo(2);
            assertThat(nm.err()).contains("is in use by another ccopt run");
        }
        assertThat(MainTest.run("run", file.toString(), "--out", out.toString()).code()).isZero();
        assertThat(Files.readAllLines(out.resolve("results.jsonl"))).hasSize(12);
    }

    @Test
    void repetitionsAreDistinctRowsThatSurviveARerun() throws Exception {
        Path file = write("r.yaml", "command: sim\noptions: {topology: \"torus:4x4\", traffic: bcmp}\nrepeat: 3\n");
        Path out = dir.resolve("r");
        assertThat(MainTest.run("run", file.toString(), "--out", out.toString()).code()).isZero();
        assertThat(Files.readAllLines(out.resolve("results.jsonl"))).hasSize(3);
        assertThat(Files.readAllLines(out.resolve("results.csv"))).hasSize(4)
                .satisfies(l -> assertThat(l.get(1)).startsWith("0,"), l -> assertThat(l.get(3)).startsWith("2,"));
        JsonNode again = MainTest.run("run", file.toString(), "--out", out.toString(), "--json").json();
        assertThat(again.get("skipped").asInt()).isEqualTo(3);
        assertThat(Files.readAllLines(out.resolve("results.jsonl"))).hasSize(3);
    }

    /** The whole file is checked before the first run: a typo costs one line, not an hour. */
    @Test
    void aBadExperimentIsRefusedBeforeAnyRun() throws Exception {
        String[][] cases = {
            {"command: sim\noptions: {topology: \"torus:4x4\", bogus-option: 1}\n", "a key of its options is no option of sim"},
            {"command: sim\noptions: {topology: \"torus:4x4\"}\ngrid: {packets: [1, x]}\n", "'x'"},
            {"command: sim\noptions: {topology: null}\n", "options.topology is null"},
            {"command: sim\noptions: {topology: a}\noptions: {topology: b}\n", "at line 3, column 8 (a key given twice)"},
            {"command: sim\noptions: {topology: \"torus:4x4\"}\nseeds: 2147483647\n", "more than 100000 runs"},
            {"command: sim\noptions: {topology: \"torus:4x4\"}\ngrid: {packets: [1,2,3,4,5,6,7,8,9,10]}\n"
                + "zip: {slices: [1,2,3,4,5,6,7,8,9,10]}\nseeds: 1000\nrepeat: 1000\n", "more than 100000 runs"},
            {"command: sim\nrepeat: 1.5\n", "repeat 1.5 is invalid"},
        };
        for (String[] c : cases) {
            Path file = write("bad.yaml", c[0]);
            MainTest.Result r = MainTest.run("run", file.toString(), "--out", dir.resolve("never").toString());
            assertThat(r.code()).as(c[0]).isEqualTo(2);
            assertThat(r.err()).as(c[0]).contains(c[1]).doesNotContain("\n ").endsWith("\n");
            assertThat(r.err().strip().lines()).hasSize(1);
        }
        assertThat(dir.resolve("never")).doesNotExist();
    }

    /** A command's field that differs from the parameter of the same name is kept, not dropped. */
    @Test
    void aResultThatContradictsItsParameterIsKept() throws Exception {
        Path file = write("s.yaml", "command: schedule\noptions: {topology: \"hypercube:3\", cc: OAB, solver: auto}\n");
        Path out = dir.resolve("s");
        assertThat(MainTest.run("run", file.toString(), "--out", out.toString()).code()).isZero();
        JsonNode row = new ObjectMapper().readTree(Files.readAllLines(out.resolve("results.jsonl")).get(0));
        assertThat(row.get("solver").asText()).isEqualTo("auto"); // what was asked
        assertThat(row.get("result.solver").asText()).isEqualTo("greedy"); // what produced the schedule
        assertThat(row.has("result.topology")).isFalse(); // equal values are not repeated
    }

    /**
     * sim refuses --seed where nothing draws from it (a fixed pattern on the papers' router), and an experiment that
     * sweeps seeds over a grid mixing such runs with random ones gives the seed only where it applies: the row keeps
     * its seed (the table averages over it), the key tells the runs apart, and a rerun skips them.
     */
    @Test
    void seedsGoOnlyWhereTheCommandDrawsFromThem() throws Exception {
        MainTest.Result fixed = MainTest.run("sim", "-t", "torus:4x4", "--traffic", "brev", "--seed", "5");
        assertThat(fixed.code()).isEqualTo(2);
        assertThat(fixed.err()).startsWith("ccopt: --seed applies to random patterns, open loads and BookSim's router");
        assertThat(MainTest.run("sim", "-t", "torus:4x4", "--traffic", "uniform", "--seed", "5").code()).isZero();
        assertThat(MainTest.run("sim", "-t", "torus:4x4", "--traffic", "brev", "--model", "booksim", "--seed", "5").code())
                .isZero();

        Path out = dir.resolve("mixed");
        Path file = write("mixed.yaml", "command: sim\noptions: {topology: \"torus:4x4\"}\ngrid: {traffic: [brev, uniform]}\n"
                + "seeds: 2\n");
        MainTest.Result r = MainTest.run("run", file.toString(), "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        List<String> lines = Files.readAllLines(out.resolve("results.jsonl"));
        assertThat(lines).hasSize(4);
        com.fasterxml.jackson.databind.ObjectMapper m = new com.fasterxml.jackson.databind.ObjectMapper();
        List<String> keys = new java.util.ArrayList<>();
        for (String line : lines) {
            com.fasterxml.jackson.databind.JsonNode row = m.readTree(line);
            assertThat(row.get("status").asText()).isEqualTo("ok");
            assertThat(row.get("seed").asText()).isIn("1", "2");
            keys.add(row.get("key").asText());
        }
        assertThat(keys).containsExactlyInAnyOrder("sim --topology torus:4x4 --traffic brev #seed 1",
                "sim --topology torus:4x4 --traffic uniform --seed 1", "sim --topology torus:4x4 --traffic brev #seed 2",
                "sim --topology torus:4x4 --traffic uniform --seed 2");
        assertThat(MainTest.run("run", file.toString(), "--out", out.toString()).out()).contains("4 skipped");
    }

    /**
     * On a terminal (a pseudo-terminal from util-linux's script), run's bar counts its elapsed time while a run is under
     * way, not only when one ends.
     */
    @Test
    void onATerminalTheBarsElapsedTimeRunsDuringARun() throws Exception {
        Path file = write("slow.yaml", "command: sim\noptions: {topology: \"torus:8x8\", rate: \"0.02:0.3:0.04\", "
                + "traffic: uniform}\n");
        String jvm = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String line = String.join(" ", jvm, "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run",
                file.toString(), "--out", dir.resolve("slow").toString());
        Process p = new ProcessBuilder("script", "-qec", line, "/dev/null").redirectErrorStream(true).start();
        String screen = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(screen).isZero();
        // the bar at 0 of 1 runs, redrawn with a later elapsed time before the run ends
        assertThat(screen).containsPattern("0/1 \\(0:00:0[1-9] ");
    }
}
