package org.ccopt.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.ccopt.cupstack.CupstackJob;
import org.ccopt.cupstack.CupstackRequest;
import org.ccopt.cupstack.CupstackSweepJob;
import org.ccopt.experiments.Commands;
import org.ccopt.experiments.Experiment;
import org.ccopt.experiments.ExperimentRunner;
import org.ccopt.job.Job;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt cupstack-sweep}: many Cup-Stacking runs from one grid (Yokota et al. 2023, App. A.3 (6)), whose options
 * and runs are {@link CupstackSweepJob}'s ({@link Declared}), with the rows of {@code ccopt run} for that grid: the runs
 * are an {@link Experiment} of the command {@code cupstack ... --threads 1}, checked by the command's own options before
 * the first run and executed by {@link ExperimentRunner} (one run per core, rows in {@code results.jsonl} as they
 * finish, recorded runs skipped on a rerun), each cell as the library job {@link CupstackJob} on the request its
 * options make ({@link CupstackRequest#OPTIONS}, through {@link Commands#execute(String, Map, List)}), not as a command
 * line. One directory may collect several sweeps: its {@code results.csv} holds every row recorded there.
 */
@Command(name = "cupstack-sweep", mixinStandardHelpOptions = true, modelTransformer = Declared.class,
        description = "Run a grid of Cup-Stacking configurations (comma-separated lists are crossed) on all cores; one CSV row per run.")
final class CupstackSweepCommand implements Callable<Integer>, Declared.Command {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = {"--threads", "--jobs"}, paramLabel = "N", description = "Runs at a time (default: all cores); --jobs is its older name.")
    Integer threads;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Writes results.jsonl and results.csv here (as ccopt run); rerunning skips recorded runs.")
    @Output
    Path out;

    @Override
    public Job<?, ?> job() {
        return CupstackSweepJob.JOB;
    }

    @Override
    public Integer call() throws Exception {
        CupstackSweepJob.Request sweep = Declared.run(spec, CupstackSweepJob.JOB);
        CliCommands commands = new CliCommands();
        Experiment experiment = Experiment.of("cupstack", sweep.runs(), "cupstack-sweep", commands);
        ExperimentRunner.Summary s;
        try (RunCommand.Progress progress = new RunCommand.Progress(spec.commandLine().getErr(),
                ResumableRun.Progress.AUTO_SECONDS)) {
            s = ExperimentRunner.accumulating(commands).run(experiment, out, threads == null
                    ? Runtime.getRuntime().availableProcessors() : threads, progress);
        }
        spec.commandLine().getOut().printf(Locale.ROOT, "%d runs (%d already recorded, %d failed) -> %s%n", s.runs(),
                s.skipped(), s.failed(), out.resolve(ExperimentRunner.CSV));
        if (s.exit() != Main.OK) {
            spec.commandLine().getErr().println("ccopt: " + s.failureLine());
        }
        return s.exit();
    }
}
