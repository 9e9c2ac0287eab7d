package org.ccopt.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.job.Job;
import org.ccopt.job.JobOptions;
import org.ccopt.mapping.MutationVariant;
import org.ccopt.mapping.NodeMappingGa;
import org.ccopt.mapping.NodemapJob;
import org.ccopt.mapping.NodemapOutcome;
import org.ccopt.util.Checkpoint;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ccopt nodemap}: the node-mapping GA of Yokota et al. 2018 over logical addresses. The run's options are
 * {@link NodemapJob}'s ({@link Declared}); the command declares its files, checkpoints and progress.
 */
@Command(name = "nodemap", mixinStandardHelpOptions = true, modelTransformer = Declared.class,
        description = "Find a logical addressing (node mapping) that shortens one or several traffic patterns: GA of Yokota et al. 2018.")
final class NodemapCommand extends ResumableRun.Command implements Declared.Command {

    /** Where the command's own options apply ({@link OptionRules}; the run's are the job's). */
    static final OptionRules<NodemapCommand> RULES = OptionRules.of(ResumableRun.checkpointing(c -> c.out,
            "nodemap -t torus:4x4 --traffic brev --generations 1 --population 4"));

    @Option(names = "--out", paramLabel = "DIR", description = "Write mapping.json, generations.csv, convergence.png/.svg and checkpoints here.")
    @Output
    Path out;

    @Override
    void writeTo(Path dir) {
        out = dir;
    }

    @Override
    public Job<?, ?> job() {
        return NodemapJob.JOB;
    }

    private static final JobOptions OPTIONS = NodemapJob.JOB.options();

    @Override
    public Integer call() throws Exception {
        RULES.check(this, spec);
        ResumableRun.claim("nodemap", out, control.resume);
        if (control.resume == null) {
            JobOptions.Values v = Declared.values(spec, OPTIONS);
            // a checkpoint resumes under the model and reading it ran with (off-grid, no --model is the booksim router)
            List<String> recorded = ResumableRun.given(spec);
            ResumableRun.pin(spec, recorded, "--model", !v.flag("hops-only") && FlitSetup.onGrid(v.text("topology"))
                    ? RouterModel.DEFAULT_NAME : null);
            ResumableRun.pin(spec, recorded, "--radius-bound", MutationVariant.named(v.text("variant")).swapsNeighbours()
                    ? v.text("radius-bound") : null);
            return optimize(NodemapJob.read(v), recorded, null);
        }
        // the checkpoint holds the run's own arguments: parse them again, then continue its state into DIR
        Checkpoint<NodeMappingGa.State> resumed = Checkpoint.read(control.resume, NodeMappingGa.State.class);
        return ResumableRun.fromRecorded(resumed.arguments(), () -> {
            NodemapCommand saved = new NodemapCommand();
            ResumableRun.Resumed r = ResumableRun.resume(this, resumed.arguments(), saved);
            Map<String, String> given = Declared.given(r.parsed(), OPTIONS);
            JobOptions.Values v = OPTIONS.read(given);
            // recorded before these were pinned: the defaults of that time
            if (!given.containsKey("model") && !v.flag("hops-only") && FlitSetup.onGrid(v.text("topology"))) {
                given.put("model", "yokota2018");
            }
            if (!given.containsKey("radius-bound") && MutationVariant.named(v.text("variant")).swapsNeighbours()) {
                given.put("radius-bound", "exclusive");
            }
            return saved.optimize(NodemapJob.read(OPTIONS.read(given)), r.arguments(), resumed.state());
        });
    }

    private int optimize(NodemapJob.Request q, List<String> arguments, NodeMappingGa.State resumed) throws Exception {
        return Stoppable.call(stop -> optimize(q, arguments, resumed, stop));
    }

    private int optimize(NodemapJob.Request q, List<String> arguments, NodeMappingGa.State resumed,
                         java.util.concurrent.atomic.AtomicBoolean stop) throws Exception {
        int workers = control.threads == null ? Runtime.getRuntime().availableProcessors() : control.threads;
        NodemapOutcome o = NodemapJob.run(q, workers, resumed, (ga, start) -> ResumableRun.execute("nodemap",
                q.settings().generations(), start, NodeMappingGa.State::generation, s -> String.format(Locale.ROOT,
                        "best %d cycles, %.3f hops", s.bestScore().cycles(), s.bestScore().avgHops()), ga::run, out,
                control.checkpointSeconds, control.progress(spec), s -> new Checkpoint<>(arguments, s).write(out), stop));
        if (out != null) {
            NodemapOutputs.write(out, q.spec(), String.join(",", q.traffic()), q.label(), q.hopsOnly(), o.state(), o.physical());
        }
        Map<String, Object> result = o.figures();
        var w = spec.commandLine().getOut();
        writeResult(out, result);
        if (control.json) {
            Json.print(w, spec, result);
        } else {
            o.lines(q.setup().papersRouter() ? q.setup().routerNote() : "booksim").forEach(w::println);
            if (out != null && !q.hopsOnly()) {
                w.println("  wrote " + out.resolve("mapping.json") + " (ccopt sim --mapping), result.json, generations.csv, convergence.png and .svg");
            }
        }
        return Main.OK;
    }
}
