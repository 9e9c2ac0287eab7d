package org.ccopt.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.ccopt.InvalidInputException;
import org.ccopt.util.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt run FILE}: expands an experiment file into runs and executes them on local threads, one result row per
 * run. Rows are appended to {@code results.jsonl} as runs finish, so an interrupted experiment loses only the runs in
 * progress; rerunning skips every run already recorded as ok (matched by its command line) and retries failed ones.
 * {@code results.csv} is rewritten from the JSON Lines in run order at the end.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run an experiment file (YAML: command, options, grid, zip, seeds, repeat) and write one row per run.")
final class RunCommand implements Callable<Integer> {

    /** One JSON object per line (no indentation), for results.jsonl. */
    static final ObjectMapper LINES = new ObjectMapper();

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The experiment file.")
    Path file;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory (results.csv, results.jsonl, a copy of FILE).")
    @Output
    Path out;

    @Option(names = "--threads", paramLabel = "N", description = "Runs executed at once (default: all cores).")
    Integer threads;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Option(names = "--max-runs", paramLabel = "N", description = "Refuse an experiment that expands to more runs (default: 100000).")
    long maxRuns = Experiment.MAX_RUNS;

    @Override
    public Integer call() throws Exception {
        long start = System.nanoTime();
        if (maxRuns < 1) {
            throw new InvalidInputException("--max-runs " + maxRuns + " is invalid; expected 1 or more");
        }
        Experiment experiment = Experiment.read(file, maxRuns);
        int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (n < 1) {
            throw new InvalidInputException("--threads " + n + " is invalid; expected 1 or more");
        }
        Files.createDirectories(out);
        AtomicFiles.writeAtomically(out.resolve("experiment.yaml"), experiment.text());
        Path lines = out.resolve("results.jsonl");
        Map<String, JsonNode> done = java.util.Collections.synchronizedMap(read(lines));
        if (Files.exists(lines)) {
            // keep the valid rows only, so that new rows never follow a line torn by an interruption
            StringBuilder valid = new StringBuilder();
            for (JsonNode row : done.values()) {
                valid.append(LINES.writeValueAsString(row)).append('\n');
            }
            AtomicFiles.writeAtomically(lines, valid.toString());
        }
        List<Experiment.Run> todo = new ArrayList<>();
        int skipped = 0;
        for (Experiment.Run run : experiment.runs()) {
            JsonNode previous = done.get(run.key());
            if (previous != null && "ok".equals(previous.path("status").asText())) {
                skipped++;
            } else {
                todo.add(run);
            }
        }
        AtomicInteger completed = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(n, r -> {
            Thread t = new Thread(r, "ccopt-run");
            t.setDaemon(true);
            return t;
        });
        try (ProgressBar bar = System.console() == null ? null : new ProgressBarBuilder().setTaskName("runs")
                .setInitialMax(todo.size()).setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(500).build()) {
            List<Future<?>> futures = new ArrayList<>();
            for (Experiment.Run run : todo) {
                futures.add(pool.submit(() -> {
                    ObjectNode row = execute(run, run.argsUnder(out, experiment.outputs()));
                    boolean ok = "ok".equals(row.get("status").asText());
                    (ok ? completed : failed).incrementAndGet();
                    append(lines, row);
                    done.put(run.key(), row);
                    if (bar != null) {
                        bar.step();
                        bar.setExtraMessage(failed.get() == 0 ? "" : failed.get() + " failed");
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        writeCsv(out.resolve("results.csv"), experiment, done);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("runs", experiment.runs().size());
        summary.put("completed", completed.get());
        summary.put("failed", failed.get());
        summary.put("skipped", skipped);
        summary.put("seconds", (System.nanoTime() - start) / 1e9);
        var w = spec.commandLine().getOut();
        if (json) {
            w.println(Json.write(summary));
        } else {
            w.printf("%s: %d runs, %d completed, %d failed, %d skipped (already done); rows in %s%n", file,
                    experiment.runs().size(), completed.get(), failed.get(), skipped, out.resolve("results.csv"));
        }
        return failed.get() == 0 ? Main.OK : reportFailures(experiment, done);
    }

    /**
     * One line on stderr for failed runs; exit 2 when every failure was the command refusing its input (a value the
     * up-front check cannot judge, such as an unknown traffic pattern), 1 when a run broke.
     */
    private int reportFailures(Experiment experiment, Map<String, JsonNode> rows) {
        int failures = 0;
        boolean internal = false;
        String first = null;
        for (Experiment.Run run : experiment.runs()) {
            JsonNode row = rows.get(run.key());
            if (row != null && !"ok".equals(row.path("status").asText())) {
                failures++;
                internal |= row.path("exit").asInt(Main.INTERNAL_ERROR) != Main.BAD_INPUT;
                if (first == null) {
                    first = "run " + run.index() + ": " + row.path("error").asText();
                }
            }
        }
        spec.commandLine().getErr().println("ccopt: " + failures + " of " + experiment.runs().size()
                + " runs failed (column error of results.csv); first, " + first);
        return internal ? Main.INTERNAL_ERROR : Main.BAD_INPUT;
    }

    /** Runs one command line of a run in this JVM and turns its --json output into a row. */
    static ObjectNode execute(Experiment.Run run, List<String> commandLine) {
        ObjectNode row = LINES.createObjectNode();
        row.put("run", run.index());
        row.put("key", run.key());
        for (Map.Entry<String, String> e : run.parameters().entrySet()) {
            row.put(e.getKey(), e.getValue());
        }
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        List<String> args = new ArrayList<>(commandLine);
        args.add("--json");
        long t0 = System.nanoTime();
        int code;
        try (PrintStream o = new PrintStream(stdout, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(stderr, true, StandardCharsets.UTF_8)) {
            code = Main.run(o, e, args.toArray(String[]::new));
        }
        row.put("wallSeconds", (System.nanoTime() - t0) / 1e9);
        String error = stderr.toString(StandardCharsets.UTF_8).strip();
        if (code == Main.OK) {
            try {
                flatten(LINES.readTree(stdout.toString(StandardCharsets.UTF_8)), "", row);
                row.put("status", "ok");
                return row;
            } catch (IOException ex) {
                error = "output is not JSON: " + Main.firstLine(ex.getMessage());
            }
        }
        row.put("status", "failed");
        row.put("exit", code);
        row.put("error", error.isEmpty() ? "exit code " + code : Main.firstLine(error));
        return row;
    }

    /** Row columns of the runner itself; a command's field of the same name is kept as {@code result.NAME}. */
    private static final java.util.Set<String> RUNNER_COLUMNS = java.util.Set.of("run", "key", "wallSeconds", "status", "exit", "error");

    /**
     * Copies the scalars of a command's JSON into the row; nested objects become dotted names
     * ({@code simplePerScheme.C00}); arrays are left out (they are per-node or per-generation data). A field named like
     * a runner column, or like a parameter but with another value (a schedule asked of {@code solver: umda} that
     * first-fit already solved reports {@code "solver": "greedy"}), is kept as {@code result.NAME}, never dropped.
     */
    private static void flatten(JsonNode node, String prefix, ObjectNode row) {
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            String name = prefix + f.getKey();
            if (prefix.isEmpty() && RUNNER_COLUMNS.contains(name)) {
                name = "result." + name;
            }
            if (f.getValue().isObject()) {
                flatten(f.getValue(), name + ".", row);
            } else if (f.getValue().isValueNode()) {
                if (!row.has(name)) {
                    row.set(name, f.getValue());
                } else if (!row.get(name).asText().equals(f.getValue().asText()) && !row.has("result." + name)) {
                    row.set("result." + name, f.getValue());
                }
            }
        }
    }

    private static synchronized void append(Path lines, JsonNode row) throws IOException {
        Files.writeString(lines, LINES.writeValueAsString(row) + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** The latest row of every run key; a torn last line (an interrupted write) is ignored. */
    static Map<String, JsonNode> read(Path lines) throws IOException {
        Map<String, JsonNode> rows = new LinkedHashMap<>();
        if (!Files.exists(lines)) {
            return rows;
        }
        for (String line : Files.readAllLines(lines, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            try {
                JsonNode row = LINES.readTree(line);
                rows.put(row.path("key").asText(), row);
            } catch (IOException e) {
                // an interrupted append: that run will be executed again
            }
        }
        return rows;
    }

    private static void writeCsv(Path csv, Experiment experiment, Map<String, JsonNode> rows) throws IOException {
        AtomicFiles.writeAtomically(csv, csvText(experiment, rows));
    }

    /** The rows of an experiment's runs as CSV, in run order; columns in order of first appearance. */
    static String csvText(Experiment experiment, Map<String, JsonNode> rows) {
        List<JsonNode> ordered = new ArrayList<>();
        Set<String> columns = new LinkedHashSet<>();
        for (Experiment.Run run : experiment.runs()) {
            JsonNode row = rows.get(run.key());
            if (row != null) {
                ordered.add(row);
                row.fieldNames().forEachRemaining(columns::add);
            }
        }
        columns.remove("key");
        StringBuilder b = new StringBuilder(String.join(",", columns)).append('\n');
        for (JsonNode row : ordered) {
            List<String> cells = new ArrayList<>();
            for (String c : columns) {
                JsonNode v = row.get(c);
                cells.add(Csv.cell(v == null || v.isNull() ? "" : v.asText()));
            }
            b.append(String.join(",", cells)).append('\n');
        }
        return b.toString();
    }
}
