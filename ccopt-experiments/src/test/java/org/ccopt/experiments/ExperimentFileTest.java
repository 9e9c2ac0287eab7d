package org.ccopt.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Experiment files expanded into runs, against the fake command set of {@link ExperimentRunnerTest}. */
class ExperimentFileTest {

    @TempDir
    Path dir;

    private final ExperimentRunnerTest.Fake fake = new ExperimentRunnerTest.Fake();

    private Experiment read(String yaml) throws Exception {
        Path file = dir.resolve("e.yaml");
        Files.writeString(file, yaml);
        return Experiment.read(file, 1000, fake);
    }

    /** Parameters in the order given (a run's options follow it). */
    private static Map<String, String> ordered(String... keysAndValues) {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    private static List<String> lines(Experiment e) {
        return e.runs().stream().map(r -> String.join(" ", r.args())).toList();
    }

    @Test
    void theGridVariesItsLastKeyFastestThenTheZipThenSeedsThenRepetitions() throws Exception {
        Experiment e = read("""
                command: square
                options: {out: "r{x}-{seed}-{repeat}.txt"}
                grid:
                  x: [1, 2]
                seeds: 2
                repeat: 2
                """);
        assertThat(lines(e)).containsExactly(
                "square --out r1-1-0.txt --x 1 --seed 1", "square --out r2-1-0.txt --x 2 --seed 1",
                "square --out r1-2-0.txt --x 1 --seed 2", "square --out r2-2-0.txt --x 2 --seed 2",
                "square --out r1-1-1.txt --x 1 --seed 1", "square --out r2-1-1.txt --x 2 --seed 1",
                "square --out r1-2-1.txt --x 1 --seed 2", "square --out r2-2-1.txt --x 2 --seed 2");
        // a repetition is a run of its own: its key says which
        assertThat(e.runs().get(4).key()).endsWith(" #2");
        assertThat(e.runs()).extracting(Experiment.Run::index).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
        assertThat(e.outputs()).containsExactly("out");
    }

    @Test
    void zippedKeysVaryTogetherAndMustHaveEqualLengths() throws Exception {
        Experiment e = read("command: square\nzip:\n  x: [3, 4]\n  out: [a.txt, b.txt]\n");
        assertThat(e.runs()).extracting(r -> r.parameters().get("x") + "/" + r.parameters().get("out"))
                .containsExactly("3/a.txt", "4/b.txt");
        assertThatThrownBy(() -> read("command: square\nzip:\n  x: [3, 4]\n  out: [a.txt]\n"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("zip");
    }

    @Test
    void aRunsPathsResolveUnderTheOutputFolder() throws Exception {
        Experiment.Run run = read("command: square\noptions: {out: sub/a.txt}\ngrid:\n  x: [1]\n").runs().get(0);
        assertThat(run.argsUnder(dir, java.util.Set.of("out"))).containsExactly("square", "--out",
                dir.resolve("sub/a.txt").toString(), "--x", "1");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "command: nope\ngrid:\n  x: [1]\n",                           // a command the set does not have
        "command: square\ngrid:\n  x: [1]\nextra: 1\n",               // an unknown key
        "command: square\ngrid:\n  x: [1]\n  x: [2]\n",               // a duplicate key
        "command: square\ngrid:\n  x: [&a 1, *a]\n",                  // an anchor and an alias
        "command: square\ngrid:\n  x: []\n",                          // an empty list
        "command: square\ngrid:\n  x: [one]\n",                       // a value the command refuses
        "command: square\noptions: {out: /tmp/x}\ngrid:\n  x: [1]\n", // an absolute written path
        "command: square\noptions: {out: \"{nothing}.txt\"}\ngrid:\n  x: [1]\n", // a placeholder of no key
        "command: square\ngrid:\n  x: [1\n",                          // not YAML
        "",                                                           // empty
    })
    void aBadFileIsRefusedWithOneLineBeforeAnythingRuns(String yaml) {
        assertThatThrownBy(() -> read(yaml)).isInstanceOf(InvalidInputException.class).hasMessageNotContaining("\n");
        assertThat(fake.executions).isEmpty();
    }

    @Test
    void moreRunsThanTheLimitAreRefused() throws Exception {
        Path file = dir.resolve("e.yaml");
        Files.writeString(file, "command: square\ngrid:\n  x: [1, 2, 3]\nseeds: 2\n");
        assertThat(Experiment.read(file, 6, fake).runs()).hasSize(6);
        // the message names the limit (the count stops being multiplied out once past it); it once checked for "6",
        // which passed only where the temporary folder's name held a 6
        assertThatThrownBy(() -> Experiment.read(file, 5, fake)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("expands to more than 5 runs");
    }

    @Test
    void aProgramBuiltExperimentIsCheckedAsAFileIs() {
        Experiment e = Experiment.of("square", List.of(ordered("x", "2"), ordered("x", "5", "out", "b.txt")), "built", fake);
        assertThat(lines(e)).containsExactly("square --x 2", "square --x 5 --out b.txt");
        assertThatThrownBy(() -> Experiment.of("square", List.of(), "built", fake)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("has no runs");
        assertThatThrownBy(() -> Experiment.of("square", List.of(ordered("out", "a.txt", "x", "1"), ordered("out", "a.txt",
                "x", "2")), "built", fake)).isInstanceOf(InvalidInputException.class);
    }

    /** The report's chart choice read from a file's {@code report} mapping, and its refusals. */
    @Test
    void aReportMappingNamesTheChartsAndIsCheckedWithTheFile() throws Exception {
        ChartChoice c = Experiment.charts("""
                command: square
                grid:
                  x: [1, 2]
                report: {metrics: [square], x: x, log-y: true, baseline: "1", change: percent, kind: bar}
                """, "e");
        assertThat(c.metrics()).containsExactly("square");
        assertThat(c.x()).isEqualTo("x");
        assertThat(c.logY()).isTrue();
        assertThat(c.baseline()).isEqualTo("1");
        assertThat(c.change()).isEqualTo(ChartChoice.Change.PERCENT);
        assertThat(c.kind()).isEqualTo(ChartChoice.Kind.BAR);
        assertThat(Experiment.charts("command: square\ngrid:\n  x: [1]\n", "e")).isEqualTo(ChartChoice.DESIGN);
        // a single metric may be given without a list
        assertThat(Experiment.charts("command: square\nreport: {metrics: square}\n", "e").metrics()).containsExactly("square");
        for (String bad : List.of("report: 3", "report: {colour: red}", "report: {log-y: maybe}", "report: {x: [a, b]}",
                "report: {metrics: [{a: 1}]}", "report: {kind: box, baseline: \"1\"}", "report: {x: a, series: a}",
                "report: {change: double}", "report: {kind: pie}")) {
            assertThatThrownBy(() -> Experiment.charts("command: square\n" + bad + "\n", "e")).as(bad)
                    .isInstanceOf(InvalidInputException.class).hasMessageNotContaining("\n");
        }
    }

    /** Flags: true puts the option alone on the line, false leaves it out. */
    @Test
    void aTrueValueIsAFlagAndFalseLeavesTheOptionOut() {
        Experiment e = Experiment.of("square", List.of(ordered("x", "1", "out", "false")), "built", fake);
        assertThat(lines(e)).containsExactly("square --x 1");
        assertThat(e.runs().get(0).parameters()).containsEntry("out", "false");
    }

    /** Seeds as a list run those seeds; one repetition adds nothing to a run's key. */
    @Test
    void seedsAsAListAndASingleRepetition() throws Exception {
        Experiment e = read("command: square\ngrid:\n  x: [1]\nseeds: [7, 3]\nrepeat: 1\n");
        assertThat(lines(e)).containsExactly("square --x 1 --seed 7", "square --x 1 --seed 3");
        assertThat(e.runs()).allMatch(r -> r.repetition() == -1 && !r.key().contains("#"));
        assertThatThrownBy(() -> read("command: square\ngrid:\n  x: [1]\nseeds: 0\n")).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> read("command: square\ngrid:\n  x: [1]\nrepeat: 0\n")).isInstanceOf(InvalidInputException.class);
    }
}
