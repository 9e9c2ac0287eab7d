package org.ccopt.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.ccopt.InvalidInputException;
import org.ccopt.experiments.Experiment;
import org.ccopt.experiments.ExperimentRunner;
import org.ccopt.experiments.Row;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt run FILE}: expands an experiment file into runs and executes them on local threads with {@link
 * ExperimentRunner}, one result row per run, resuming where an earlier run of the same file stopped.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run an experiment file (YAML: command, options, grid, zip, seeds, repeat) and write one row per run.")
final class RunCommand implements Callable<Integer> {

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
        if (maxRuns < 1) {
            throw new InvalidInputException("--max-runs " + maxRuns + " is invalid; expected 1 or more");
        }
        int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        CliCommands commands = new CliCommands();
        Experiment experiment = Experiment.read(file, maxRuns, commands);
        ExperimentRunner.Summary s;
        try (Progress progress = new Progress(spec.commandLine().getErr(), ResumableRun.Progress.AUTO_SECONDS)) {
            s = new ExperimentRunner(commands).run(experiment, out, n, progress);
        }
        var w = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> summary = new LinkedHashMap<>();
            summary.put("runs", s.runs());
            summary.put("completed", s.completed());
            summary.put("failed", s.failed());
            summary.put("skipped", s.skipped());
            summary.put("seconds", s.seconds());
            Json.print(w, spec, summary);
        } else {
            w.printf("%s: %d runs, %d completed, %d failed, %d skipped (already done); rows in %s%n", file, s.runs(),
                    s.completed(), s.failed(), s.skipped(), out.resolve(ExperimentRunner.CSV));
        }
        if (s.exit() != Main.OK) {
            spec.commandLine().getErr().println("ccopt: " + s.failureLine());
        }
        return s.exit();
    }

    /**
     * A progress bar on a terminal, counting finished runs and failures; where output is redirected, a line on stderr
     * every {@code seconds} s ({@link ResumableRun#progressLine}), so a batch job's log shows how far the experiment has
     * come even while one long run goes on.
     */
    static final class Progress implements ExperimentRunner.Listener, AutoCloseable {
        private final java.io.PrintWriter err;
        private final double seconds;
        private final long started = System.nanoTime();
        private ProgressBar bar;
        private Heartbeat lines;
        private int runs;
        private int done;
        private int failed;

        Progress(java.io.PrintWriter err, double seconds) {
            this.err = err;
            this.seconds = seconds;
        }

        @Override
        public synchronized void starting(int runs) {
            this.runs = runs;
            if (System.console() != null) {
                bar = new ProgressBarBuilder().setTaskName("runs").setInitialMax(runs).setStyle(ProgressBarStyle.ASCII)
                        .setUpdateIntervalMillis(500).continuousUpdate().build();
            } else {
                lines = Heartbeat.every(seconds, this::line);
            }
        }

        private synchronized void line() {
            ResumableRun.progressLine(err, "run", done, 0, runs, failed == 0 ? "" : failed + " failed",
                    (System.nanoTime() - started) / 1e9);
        }

        @Override
        public synchronized void finished(Row row) {
            done++;
            failed += row.ok() ? 0 : 1;
            if (bar != null) {
                bar.step();
                bar.setExtraMessage(failed == 0 ? "" : failed + " failed");
            }
        }

        @Override
        public void close() {
            if (bar != null) {
                bar.close();
            }
            if (lines != null) {
                lines.close();
            }
        }
    }
}
