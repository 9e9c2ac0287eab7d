package org.ccopt.experiments;

import org.ccopt.util.Csv;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.ccopt.util.AtomicFiles;
import org.ccopt.util.OutputLock;

/**
 * Runs an experiment's runs on local threads, one result row per run. Rows are appended to {@code results.jsonl} as
 * runs finish, so an interrupted experiment loses only the runs in progress; running it again skips every run already
 * recorded as ok (matched by {@link Experiment.Run#key()}) and retries failed ones. {@code results.csv} is rewritten
 * from the rows in run order at the end. A row depends only on its run's parameters, never on the thread count. The
 * output directory is locked while the experiment runs ({@link OutputLock}): a second runner on it is refused.
 */
public final class ExperimentRunner {

    /** File names inside an experiment's output directory. */
    public static final String LINES = "results.jsonl";
    public static final String CSV = "results.csv";
    public static final String COPY = "experiment.yaml";

    /** Told of progress (from the runner's threads; implementations synchronise themselves). */
    public interface Listener {
        /** Before the first run: how many runs will execute. */
        default void starting(int runs) {
        }

        /** After each run. */
        default void finished(Row row) {
        }
    }

    /** What a run of an experiment did: counts, and the latest row of every run recorded so far, in run order. */
    public record Summary(int runs, int completed, int failed, int skipped, double seconds, List<Row> rows) {

        /**
         * The exit status an executor should give: ok when nothing failed, {@link Commands#BAD_INPUT} when every
         * failure was a command refusing its input, {@link Commands#INTERNAL_ERROR} when a run broke.
         */
        public int exit() {
            boolean internal = false;
            boolean anyFailed = false;
            for (Row row : rows) {
                if (!row.ok()) {
                    anyFailed = true;
                    internal |= row.exit() != Commands.BAD_INPUT;
                }
            }
            return !anyFailed ? Commands.OK : internal ? Commands.INTERNAL_ERROR : Commands.BAD_INPUT;
        }

        /** One line naming how many runs failed and the first failure; empty when none did. */
        public String failureLine() {
            long failures = rows.stream().filter(r -> !r.ok()).count();
            return rows.stream().filter(r -> !r.ok()).findFirst().map(r -> failures + " of " + runs
                    + " runs failed (column error of results.csv); first, run " + r.run() + ": "
                    + org.ccopt.util.InputFiles.redacted(r.error(), r.parameters())).orElse("");
        }
    }

    private final Commands commands;
    private final boolean everyRecordedRow;

    /** A runner whose {@code results.csv} holds the rows of the experiment it ran. */
    public ExperimentRunner(Commands commands) {
        this(commands, false);
    }

    /**
     * A runner whose {@code results.csv} holds, after the experiment's rows, every other row the directory records:
     * for sweeps that add runs to one directory over several invocations.
     */
    public static ExperimentRunner accumulating(Commands commands) {
        return new ExperimentRunner(commands, true);
    }

    private ExperimentRunner(Commands commands, boolean everyRecordedRow) {
        this.commands = commands;
        this.everyRecordedRow = everyRecordedRow;
    }

    /** Runs what {@code out} does not yet hold as ok, on {@code threads} threads, and writes the results there. */
    public Summary run(Experiment experiment, Path out, int threads, Listener listener) throws IOException, InterruptedException {
        try (OutputLock lock = OutputLock.acquire(out, "run")) {
            return runLocked(experiment, out, threads, listener);
        }
    }

    private Summary runLocked(Experiment experiment, Path out, int threads, Listener listener)
            throws IOException, InterruptedException {
        long start = System.nanoTime();
        for (String own : List.of(COPY, LINES, CSV)) { // the runner's own files obey the runs' confinement
            AtomicFiles.requireUnder(out, out.resolve(own), "the experiment's file");
        }
        if (experiment.text() != null) {
            AtomicFiles.writeAtomically(out.resolve(COPY), experiment.text());
        }
        Path lines = out.resolve(LINES);
        Map<String, Row> done = Collections.synchronizedMap(read(lines));
        if (Files.exists(lines)) {
            // keep the valid rows only, so that new rows never follow a line torn by an interruption
            StringBuilder valid = new StringBuilder();
            for (Row row : done.values()) {
                valid.append(row.line()).append('\n');
            }
            AtomicFiles.writeAtomically(lines, valid.toString());
        }
        List<Experiment.Run> todo = pending(experiment, done);
        int skipped = experiment.runs().size() - todo.size();
        int[] counts = new int[2];
        listener.starting(todo.size());
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "ccopt-run");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (Experiment.Run run : todo) {
                futures.add(pool.submit(() -> {
                    Row row = executeConfined(run, experiment.outputs(), out);
                    synchronized (counts) {
                        counts[row.ok() ? 0 : 1]++;
                        append(lines, row);
                        done.put(run.key(), row);
                    }
                    listener.finished(row);
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        List<Row> ordered = inRunOrder(experiment, done);
        List<Row> written = new ArrayList<>(ordered);
        if (everyRecordedRow) {
            Set<String> own = new java.util.HashSet<>();
            ordered.forEach(r -> own.add(r.key()));
            done.values().stream().filter(r -> !own.contains(r.key())).forEach(written::add);
        }
        AtomicFiles.writeAtomically(out.resolve(CSV), csv(written));
        return new Summary(experiment.runs().size(), counts[0], counts[1], skipped, (System.nanoTime() - start) / 1e9,
                ordered);
    }

    /** The runs of an experiment not recorded as ok in {@code recorded} (rows by key), in run order. */
    public static List<Experiment.Run> pending(Experiment experiment, Map<String, Row> recorded) {
        List<Experiment.Run> todo = new ArrayList<>();
        for (Experiment.Run run : experiment.runs()) {
            Row previous = recorded.get(run.key());
            if (previous == null || !previous.ok()) {
                todo.add(run);
            }
        }
        return todo;
    }

    /** The latest row of each run of the experiment, in run order; runs without a row are left out. */
    public static List<Row> inRunOrder(Experiment experiment, Map<String, Row> rows) {
        List<Row> ordered = new ArrayList<>();
        for (Experiment.Run run : experiment.runs()) {
            Row row = rows.get(run.key());
            if (row != null) {
                ordered.add(row);
            }
        }
        return ordered;
    }

    /**
     * Runs a run with every path it writes resolved against {@code out}, confined there: a path whose real location
     * (symbolic links inside {@code out} resolved) is outside it fails the run as bad input before it starts, and any
     * other write outside it is refused as it is attempted ({@link AtomicFiles#confined}).
     */
    Row executeConfined(Experiment.Run run, Set<String> outputs, Path out) throws IOException {
        for (String key : outputs) {
            String value = run.parameters().get(key);
            if (value != null && !value.equals("false")) {
                try {
                    AtomicFiles.requireUnder(out, out.resolve(value), "--" + key);
                } catch (org.ccopt.InvalidInputException e) {
                    return failed(run, Commands.BAD_INPUT, e.getMessage(), 0);
                }
            }
        }
        List<String> args = run.argsUnder(out, outputs);
        return AtomicFiles.confined(out, () -> execute(run, args));
    }

    /**
     * Runs one command line of a run in this JVM and turns its {@code --json} result into a row: the tree the command
     * hands over ({@link Commands.Execution#result}), flattened; nothing it printed is parsed. A command that succeeds
     * without handing one over is a failed row (a fault of the command, not of the experiment).
     */
    public Row execute(Experiment.Run run, List<String> commandLine) {
        List<String> args = new ArrayList<>(commandLine);
        args.add("--json");
        long t0 = System.nanoTime();
        Map<String, String> options = options(run, commandLine);
        Commands.Execution x = options != null ? commands.execute(commandLine.get(0), options, args) : commands.execute(args);
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (x.exit() == Commands.OK && x.result() != null && x.result().isObject()) {
            ObjectNode row = start(run, seconds);
            flatten(x.result(), "", row);
            row.put("status", Row.Status.OK.text());
            return new Row(row);
        }
        if (x.exit() == Commands.OK) {
            return failed(run, Commands.INTERNAL_ERROR, "'" + commandLine.get(0) + "' succeeded but handed over no JSON object "
                    + "as its result; expected one, as --json prints it", seconds);
        }
        String error = x.stderr().strip();
        // the error is the last line: progress lines of a long run (--progress) may come before it
        return failed(run, x.exit(), error.isEmpty() ? "exit code " + x.exit() : error.substring(error.lastIndexOf('\n') + 1),
                seconds);
    }

    /**
     * The options a run's line gives, by name, for a command that runs from them ({@link Commands#execute(String, Map,
     * List)}): its parameters without the runner's repetition column; null where they do not stand for the line (paths
     * resolved under --out, or an option named like that column).
     */
    static Map<String, String> options(Experiment.Run run, List<String> commandLine) {
        if (!commandLine.equals(run.args())) {
            return null;
        }
        boolean unseeded = run.parameters().containsKey("seed") && !run.args().contains("--seed"); // a seed of seeds the
        if (run.repetition() < 0 && !unseeded) {                                                 // command draws from none
            return run.parameters();
        }
        Map<String, String> options = new LinkedHashMap<>(run.parameters());
        if (unseeded) {
            options.remove("seed");
        }
        if (run.repetition() < 0) {
            return options;
        }
        if (run.args().contains("--repeat")) {
            return null;
        }
        options.remove("repeat");
        return options;
    }

    private static ObjectNode start(Experiment.Run run, double seconds) {
        ObjectNode row = Row.MAPPER.createObjectNode();
        row.put("run", run.index());
        row.put("key", run.key());
        for (Map.Entry<String, String> e : run.parameters().entrySet()) {
            row.put(e.getKey(), e.getValue());
        }
        row.put("wallSeconds", seconds);
        return row;
    }

    private static Row failed(Experiment.Run run, int exit, String error, double seconds) {
        ObjectNode row = start(run, seconds);
        row.put("status", Row.Status.FAILED.text());
        row.put("exit", exit);
        row.put("error", error);
        return new Row(row);
    }

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
            if (prefix.isEmpty() && Row.RUNNER_COLUMNS.contains(name)) {
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

    private static void append(Path lines, Row row) throws IOException {
        Files.writeString(lines, row.line() + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }

    /** The latest row of every run key in a {@code results.jsonl}; a torn line (an interrupted write) is ignored. */
    public static Map<String, Row> read(Path lines) throws IOException {
        Map<String, Row> rows = new LinkedHashMap<>();
        if (!Files.exists(lines)) {
            return rows;
        }
        for (String line : Files.readAllLines(lines, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                try {
                    Row row = Row.parse(line);
                    rows.put(row.key(), row);
                } catch (RuntimeException e) {
                    // an interrupted append: that run will be executed again
                }
            }
        }
        return rows;
    }

    /** Rows as CSV, in the order given; columns in order of first appearance, without the run key. */
    public static String csv(Collection<Row> rows) {
        Set<String> columns = new LinkedHashSet<>();
        rows.forEach(r -> columns.addAll(r.columns()));
        columns.remove("key");
        List<List<String>> cells = new ArrayList<>();
        for (Row row : rows) {
            List<String> line = new ArrayList<>();
            for (String c : columns) {
                JsonNode v = row.get(c);
                line.add(v == null || v.isNull() ? "" : v.asText());
            }
            cells.add(line);
        }
        return Csv.write(new ArrayList<>(columns), cells);
    }
}
