package org.ccopt.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.ccopt.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The experiment runner against a fake command set, with no simulator and no command line behind it: rows from the
 * commands' JSON, failures, resuming, torn lines and confinement, at one thread and at several.
 */
class ExperimentRunnerTest {

    @TempDir
    Path dir;

    /**
     * {@code square --x N [--out FILE]}: prints N squared and a few fields that test the flattening; N = 13 is refused
     * (exit 2, after a progress line), N = 7 breaks (exit 1), N = 5 succeeds but prints text and hands over no result; {@code --out} is a written path;
     * {@code --seed} any value.
     */
    static final class Fake implements Commands {
        final Map<Integer, Integer> executions = new ConcurrentHashMap<>();

        @Override
        public Set<String> names() {
            return Set.of("square");
        }

        @Override
        public Map<String, String> writtenOptions(List<String> line) {
            Map<String, String> written = new LinkedHashMap<>();
            for (int i = 1; i + 1 < line.size(); i += 2) {
                switch (line.get(i)) {
                    case "--x" -> {
                        if (!line.get(i + 1).matches("-?\\d+")) {
                            throw new InvalidInputException("--x " + line.get(i + 1) + " is invalid; expected an integer");
                        }
                    }
                    case "--out" -> written.put("out", line.get(i + 1));
                    case "--seed" -> {
                        // any seed
                    }
                    default -> throw new InvalidInputException("unknown option " + line.get(i));
                }
            }
            return written;
        }

        @Override
        public Execution execute(List<String> line) {
            int x = Integer.parseInt(line.get(line.indexOf("--x") + 1));
            executions.merge(x, 1, Integer::sum);
            return switch (x) {
                case 13 -> new Execution(2, "", "square: 10 % done\nsquare: --x 13 is unlucky; expected another number");
                case 7 -> new Execution(1, "", "java.lang.IllegalStateException: broken");
                case 5 -> new Execution(0, "squared", ""); // printed text, handed over nothing
                default -> new Execution(0, "", "", tree("{\"square\": " + x * x + ", \"per\": {\"node\": 2}, "
                        + "\"list\": [1, 2], \"run\": 99, \"x\": " + (x + 1) + "}"));
            };
        }
    }

    private static com.fasterxml.jackson.databind.JsonNode tree(String json) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    private Experiment experiment(Fake fake, String grid) throws Exception {
        Path file = dir.resolve("e.yaml");
        Files.writeString(file, "command: square\ngrid:\n  x: [" + grid + "]\n");
        return Experiment.read(file, 1000, fake);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void rowsCarryTheCommandsJsonFlattenedInRunOrderWhateverTheThreads(int threads) throws Exception {
        Fake fake = new Fake();
        ExperimentRunner.Summary s = new ExperimentRunner(fake).run(experiment(fake, "1, 2, 3, 4"), dir.resolve("out"),
                threads, new ExperimentRunner.Listener() { });
        assertThat(s.exit()).isEqualTo(Commands.OK);
        assertThat(s.rows()).extracting(Row::run).containsExactly(0, 1, 2, 3);
        Row third = s.rows().get(2);
        assertThat(third.get("square").asInt()).isEqualTo(9);
        assertThat(third.get("per.node").asInt()).isEqualTo(2); // nested objects: dotted names
        assertThat(third.has("list")).isFalse(); // arrays are left out
        assertThat(third.get("run").asInt()).isEqualTo(2); // the runner's column wins ...
        assertThat(third.get("result.run").asInt()).isEqualTo(99); // ... and the command's is kept beside it
        assertThat(third.get("x").asText()).isEqualTo("3");
        assertThat(third.get("result.x").asInt()).isEqualTo(4); // a parameter reported with another value
        List<String> csv = Files.readAllLines(dir.resolve("out").resolve(ExperimentRunner.CSV));
        assertThat(csv).hasSize(5);
        assertThat(csv.get(0)).startsWith("run,x,wallSeconds,square").doesNotContain("key");
    }

    @Test
    void failuresAreRowsAndARerunRetriesOnlyThem() throws Exception {
        Fake fake = new Fake();
        Experiment e = experiment(fake, "1, 13, 2");
        Path out = dir.resolve("out");
        ExperimentRunner.Summary first = new ExperimentRunner(fake).run(e, out, 2, new ExperimentRunner.Listener() { });
        assertThat(first.completed()).isEqualTo(2);
        assertThat(first.failed()).isEqualTo(1);
        assertThat(first.exit()).isEqualTo(Commands.BAD_INPUT);
        // the error is the last line of what the command printed on stderr
        assertThat(first.rows().get(1).error()).isEqualTo("square: --x 13 is unlucky; expected another number");
        assertThat(first.failureLine()).startsWith("1 of 3 runs failed").contains("run 1:");
        ExperimentRunner.Summary second = new ExperimentRunner(fake).run(e, out, 2, new ExperimentRunner.Listener() { });
        assertThat(second.skipped()).isEqualTo(2);
        assertThat(fake.executions).containsEntry(1, 1).containsEntry(2, 1).containsEntry(13, 2);
        // the rerun's row replaced the first failure's: one line per run key in the CSV
        assertThat(Files.readAllLines(out.resolve(ExperimentRunner.CSV))).hasSize(4);
    }

    @Test
    void aBrokenCommandIsAnInternalErrorAndASuccessWithoutAResultFailsItsRow() throws Exception {
        Fake fake = new Fake();
        ExperimentRunner.Summary s = new ExperimentRunner(fake).run(experiment(fake, "7, 5, 13"), dir.resolve("out"), 1,
                new ExperimentRunner.Listener() { });
        assertThat(s.exit()).isEqualTo(Commands.INTERNAL_ERROR);
        assertThat(s.rows().get(0).exit()).isEqualTo(1);
        // what it printed is not read: the row fails as the command's fault
        assertThat(s.rows().get(1).exit()).isEqualTo(Commands.INTERNAL_ERROR);
        assertThat(s.rows().get(1).error()).isEqualTo("'square' succeeded but handed over no JSON object as its result; "
                + "expected one, as --json prints it");
    }

    @Test
    void aTornLastLineIsDroppedAndItsRunExecutedAgain() throws Exception {
        Fake fake = new Fake();
        Experiment e = experiment(fake, "1, 2");
        Path out = dir.resolve("out");
        new ExperimentRunner(fake).run(e, out, 1, new ExperimentRunner.Listener() { });
        Path lines = out.resolve(ExperimentRunner.LINES);
        List<String> kept = Files.readAllLines(lines);
        Files.writeString(lines, kept.get(0) + "\n" + kept.get(1).substring(0, kept.get(1).length() / 2));
        ExperimentRunner.Summary again = new ExperimentRunner(fake).run(e, out, 1, new ExperimentRunner.Listener() { });
        assertThat(again.skipped()).isEqualTo(1);
        assertThat(fake.executions).containsEntry(1, 1).containsEntry(2, 2);
        assertThat(Files.readAllLines(lines)).hasSize(2).allMatch(l -> Row.parse(l).ok());
    }

    @Test
    void aWrittenPathOutsideTheOutputFolderIsRefusedOrFailsItsRunBeforeItStarts() throws Exception {
        Fake fake = new Fake();
        Path file = dir.resolve("e.yaml");
        // spelled outside: the file is refused when read
        Files.writeString(file, "command: square\noptions: {out: ../escape.txt}\ngrid:\n  x: [1]\n");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Experiment.read(file, 1000, fake))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("leaves the output directory");
        // outside through a link inside the folder: the run fails as bad input, and the command never runs
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.createSymbolicLink(out.resolve("link"), Files.createDirectories(dir.resolve("elsewhere")));
        Files.writeString(file, "command: square\noptions: {out: link/escape.txt}\ngrid:\n  x: [1]\n");
        ExperimentRunner.Summary s = new ExperimentRunner(fake).run(Experiment.read(file, 1000, fake), out, 1,
                new ExperimentRunner.Listener() { });
        assertThat(s.exit()).isEqualTo(Commands.BAD_INPUT);
        assertThat(s.rows().get(0).error()).contains("--out");
        assertThat(fake.executions).isEmpty();
    }

    /** Sweeps that share a folder: an accumulating runner's CSV holds its own rows, then every other row recorded there. */
    @Test
    void anAccumulatingRunnerKeepsEveryRowOfItsFolderInTheCsv() throws Exception {
        Fake fake = new Fake();
        Path out = dir.resolve("out");
        ExperimentRunner.accumulating(fake).run(experiment(fake, "1, 2"), out, 1, new ExperimentRunner.Listener() { });
        ExperimentRunner.Summary second = ExperimentRunner.accumulating(fake).run(experiment(fake, "3"), out, 1,
                new ExperimentRunner.Listener() { });
        assertThat(second.rows()).hasSize(1);
        List<String> csv = Files.readAllLines(out.resolve(ExperimentRunner.CSV));
        assertThat(csv).hasSize(4); // the header, run 3's row, then the two rows of the first sweep
        assertThat(csv.get(1)).contains(",9");
        // a plain runner's CSV holds its experiment's rows only
        new ExperimentRunner(fake).run(experiment(fake, "3"), out, 1, new ExperimentRunner.Listener() { });
        assertThat(Files.readAllLines(out.resolve(ExperimentRunner.CSV))).hasSize(2);
    }

    @Test
    void theListenerHearsTheRunsToDoAndEachRowAndNothingFailedSaysNothing() throws Exception {
        Fake fake = new Fake();
        List<Integer> starting = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<Integer> finished = new java.util.concurrent.CopyOnWriteArrayList<>();
        ExperimentRunner.Listener listener = new ExperimentRunner.Listener() {
            @Override
            public void starting(int runs) {
                starting.add(runs);
            }

            @Override
            public void finished(Row row) {
                finished.add(row.run());
            }
        };
        Path out = dir.resolve("out");
        ExperimentRunner.Summary s = new ExperimentRunner(fake).run(experiment(fake, "1, 2, 3"), out, 2, listener);
        assertThat(starting).containsExactly(3);
        assertThat(finished).containsExactlyInAnyOrder(0, 1, 2);
        assertThat(s.failureLine()).isEmpty();
        assertThat(s.seconds()).isPositive();
        // nothing left to do: told of zero runs, and the rows stay
        ExperimentRunner.Summary again = new ExperimentRunner(fake).run(experiment(fake, "1, 2, 3"), out, 2, listener);
        assertThat(starting).containsExactly(3, 0);
        assertThat(again.rows()).hasSize(3);
        assertThat(again.skipped()).isEqualTo(3);
    }

    /**
     * A command that runs from options gets the options of the run's line: its parameters without the runner's
     * repetition column; a line whose paths were resolved under --out, or that gives an option named like that column,
     * runs as a line.
     */
    @Test
    void aJobGetsTheOptionsOfItsLineAndNotTheRunnersColumns() throws Exception {
        Path file = dir.resolve("r.yaml");
        Files.writeString(file, "command: square\ngrid:\n  x: [2, 3]\nrepeat: 2\n");
        Fake fake = new Fake();
        Experiment e = Experiment.read(file, 1000, fake);
        Experiment.Run second = e.runs().get(3);
        assertThat(second.parameters()).containsEntry("repeat", "1");
        assertThat(ExperimentRunner.options(second, second.args())).containsExactly(Map.entry("x", "3"));
        assertThat(ExperimentRunner.options(second, List.of("square", "--x", "3", "--out", "/elsewhere"))).isNull();
        Experiment once = experiment(fake, "4");
        Experiment.Run only = once.runs().get(0);
        assertThat(ExperimentRunner.options(only, only.args())).isSameAs(only.parameters());
        List<Map<String, String>> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        Commands jobs = new Commands() {
            @Override
            public Set<String> names() {
                return fake.names();
            }

            @Override
            public Map<String, String> writtenOptions(List<String> line) {
                return fake.writtenOptions(line);
            }

            @Override
            public Execution execute(List<String> line) {
                return fake.execute(line);
            }

            @Override
            public Execution execute(String command, Map<String, String> options, List<String> line) {
                seen.add(options);
                return execute(line);
            }
        };
        ExperimentRunner.Summary s = new ExperimentRunner(jobs).run(Experiment.read(file, 1000, jobs), dir.resolve("j"), 1,
                new ExperimentRunner.Listener() { });
        assertThat(s.completed()).isEqualTo(4);
        assertThat(seen).hasSize(4).allMatch(o -> o.keySet().equals(Set.of("x")));
    }
}
