package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ccopt.experiments.Experiment;
import org.ccopt.experiments.ExperimentRunner;
import org.ccopt.experiments.Row;
import org.junit.jupiter.api.Test;

/**
 * The rows {@code ccopt run} makes, held against rows recorded before a change to how it makes them: for every
 * shipped experiment file, its first run with its search budget cut to a few evaluations ({@link #SMALL}), executed
 * as the runner executes it, its row compared field by field with {@code shipped-experiment-rows.jsonl}, apart from
 * the fields that measure time or name the build. To record the file anew (when a change is meant to alter the rows,
 * or a file is added: check that the other lines are unchanged): {@code mvn test -pl ccopt-cli
 * -Dtest=ShippedExperimentRowsTest -Dccopt.recordRows=PATH}.
 */
class ShippedExperimentRowsTest {

    /** Budget options cut where a first run gives them (the rest of the run is the file's). */
    private static final Map<String, String> SMALL = Map.ofEntries(
            Map.entry("generations", "3"), Map.entry("training", "1"), Map.entry("population", "8"),
            Map.entry("budget", "100"), Map.entry("restarts", "1"), Map.entry("anneal-iterations", "100"),
            Map.entry("jitter-runs", "2"), Map.entry("iterations", "2000"), Map.entry("max-evaluations", "3000"),
            Map.entry("warmup", "100"), Map.entry("window", "300"), Map.entry("drain", "600"));

    /** Budget options given to a first run of these commands whether or not the file gives them (their defaults are large). */
    private static final Map<String, Map<String, String>> FORCED = Map.of(
            "joint", new java.util.TreeMap<>(Map.of("budget", "100", "restarts", "1", "anneal-iterations", "100")));

    /** Solvers of schedule whose budget is counted in evaluations: they are given {@code max-evaluations}. */
    private static final List<String> COUNTED = List.of("umda", "mboa", "hgsa");

    /**
     * Files left out, with the reason: a first run whose cost cannot be cut without making its row depend on the
     * machine's speed.
     */
    private static final Map<String, String> LEFT_OUT = Map.of(
            "joint-alltoall.yaml", "its 63 phases make even a budget of 300 simulations take 35 s (the surrogate's "
                    + "annealing and the replays of every phase); joint-budget, -pairs, -random and -triples make the same "
                    + "kind of row");

    private static Path repository() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("experiments/files"))) {
            p = p.getParent(); // tests run in target/test-work-N
        }
        return p;
    }

    /** The first run of {@code file}, budget cut. */
    static Experiment.Run smallFirstRun(Path file, CliCommands commands) throws Exception {
        Experiment e = Experiment.read(file);
        Experiment.Run first = e.runs().get(0);
        Map<String, String> p = new LinkedHashMap<>(first.parameters());
        for (Map.Entry<String, String> s : SMALL.entrySet()) {
            p.computeIfPresent(s.getKey(), (k, v) -> s.getValue());
        }
        p.putAll(FORCED.getOrDefault(e.command(), Map.of()));
        if (e.command().equals("schedule") && COUNTED.contains(p.getOrDefault("solver", "auto"))) {
            p.put("max-evaluations", SMALL.get("max-evaluations"));
        }
        p.entrySet().removeIf(x -> x.getValue().equals("false"));
        return Experiment.of(e.command(), List.of(p), file.getFileName().toString(), commands).runs().get(0);
    }

    /** A row without the fields that measure time or name the build, as one line. */
    static String stable(Row row) {
        ObjectNode o = (ObjectNode) Row.parse(row.line()).json().deepCopy();
        for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            String lower = f.toLowerCase(java.util.Locale.ROOT);
            if (lower.contains("seconds") || lower.startsWith("provenance.")) {
                it.remove();
            }
        }
        return o.toString();
    }

    @Test
    void everyShippedFilesFirstRunGivesTheRowRecordedBeforeTheChange() throws Exception {
        Path root = repository();
        List<Path> files;
        try (var s = Files.list(root.resolve("experiments/files"))) {
            files = s.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
        CliCommands commands = new CliCommands();
        ExperimentRunner runner = new ExperimentRunner(commands);
        List<String> lines = new ArrayList<>();
        for (Path f : files) {
            if (LEFT_OUT.containsKey(f.getFileName().toString())) {
                continue;
            }
            Experiment.Run run = smallFirstRun(f, commands);
            Row row = runner.execute(run, run.args());
            assertThat(row.ok()).as(f + ": " + row.line()).isTrue();
            lines.add(f.getFileName() + "\t" + stable(row));
        }
        String record = System.getProperty("ccopt.recordRows");
        if (record != null) {
            Files.write(Path.of(record), lines, StandardCharsets.UTF_8);
            return;
        }
        List<String> expected = Files.readAllLines(
                Path.of(ShippedExperimentRowsTest.class.getResource("shipped-experiment-rows.jsonl").toURI()));
        Map<String, String> byFile = new LinkedHashMap<>();
        for (String line : expected) {
            byFile.put(line.substring(0, line.indexOf('\t')), line.substring(line.indexOf('\t') + 1));
        }
        for (String line : lines) {
            String file = line.substring(0, line.indexOf('\t'));
            assertThat(byFile).as("a recorded row for " + file + " (record the file anew when one is added)").containsKey(file);
            JsonNode want = Row.parse(byFile.get(file)).json();
            JsonNode got = Row.parse(line.substring(line.indexOf('\t') + 1)).json();
            assertThat(got).as(file).isEqualTo(want);
        }
    }
}
