package org.ccopt.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.job.Job;
import org.ccopt.job.JobOptions;
import org.ccopt.joint.JointJob;
import org.ccopt.joint.JointProgress;
import org.ccopt.joint.JointRecord;
import org.ccopt.joint.JointSearch;
import org.ccopt.joint.PlanFiles;
import org.ccopt.util.Checkpoint;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ccopt joint}: node mapping and Cup-Stacking together, every method at one simulation budget. The run's options
 * are {@link JointJob}'s ({@link Declared}); the command declares its files, checkpoints and progress.
 */
@Command(name = "joint", mixinStandardHelpOptions = true, modelTransformer = Declared.class,
        description = "Spatio-temporal optimisation: node mapping (Yokota et al. 2018) and Cup-Stacking (Yokota et al. 2023) "
                + "alone and together on several traffic patterns, each method within one budget of simulations.")
final class JointCommand extends ResumableRun.Command implements Declared.Command {

    /** Where the command's own options apply ({@link OptionRules}; the run's are the job's). */
    static final OptionRules<JointCommand> RULES = OptionRules.of(
            OptionRules.rule("--checkpoint-seconds", "to nodemap and cupstack, which checkpoint on a timer (joint checkpoints "
                    + "after each method)", c -> false, "joint -t torus:4x4 --traffic bcmp --methods physical --checkpoint-seconds 10"));

    private static final JobOptions OPTIONS = JointJob.JOB.options();

    @Option(names = "--out", paramLabel = "DIR", description = "Write METHOD/mapping.json and METHOD/NN-PATTERN.json "
            + "(ccopt sim --mapping --params), result.json, methods.csv and methods.png/.svg (cycles and bound by method), "
            + "and checkpoints, here.")
    @Output
    Path out;

    @Override
    void writeTo(Path dir) {
        out = dir;
    }

    @Override
    public Job<?, ?> job() {
        return JointJob.JOB;
    }

    /** Whether --radius-bound applies to these values, by the job's rule. */
    private static boolean radiusApplies(JobOptions.Values v) {
        return OPTIONS.get("radius-bound").rules().stream().allMatch(r -> r.test().test(v));
    }

    @Override
    public Integer call() throws Exception {
        RULES.check(this, spec);
        ResumableRun.claim("joint", out, control.resume);
        if (control.resume == null) {
            JobOptions.Values v = Declared.values(spec, OPTIONS);
            List<String> recorded = ResumableRun.given(spec);
            // the checkpoint resumes under the model and the reading it ran with, whatever the defaults become
            ResumableRun.pin(spec, recorded, "--model", RouterModel.DEFAULT_NAME);
            ResumableRun.pin(spec, recorded, "--radius-bound", radiusApplies(v) ? v.text("radius-bound") : null);
            return optimize(v, recorded, null);
        }
        Checkpoint<JointProgress> resumed = Checkpoint.read(control.resume, JointProgress.class);
        return ResumableRun.fromRecorded(resumed.arguments(), () -> {
            JointCommand saved = new JointCommand();
            ResumableRun.Resumed r = ResumableRun.resume(this, resumed.arguments(), saved);
            Map<String, String> given = Declared.given(r.parsed(), OPTIONS);
            // recorded before these were pinned: joint's defaults of that time
            given.putIfAbsent("model", "yokota2018");
            if (!given.containsKey("radius-bound") && radiusApplies(OPTIONS.read(given))) {
                given.put("radius-bound", "exclusive");
            }
            return saved.optimize(OPTIONS.read(given), r.arguments(), resumed.state());
        });
    }

    private int optimize(JobOptions.Values v, List<String> arguments, JointProgress resumed) throws Exception {
        return Stoppable.call(stop -> optimize(v, arguments, resumed, stop));
    }

    private int optimize(JobOptions.Values v, List<String> arguments, JointProgress resumed,
                         java.util.concurrent.atomic.AtomicBoolean stop) throws Exception {
        int workers = control.threads == null ? Runtime.getRuntime().availableProcessors() : control.threads;
        JointJob.Request q = JointJob.read(v, workers);
        try (JointSearch engine = new JointSearch(q.problem(), q.settings())) {
            JointProgress start = new JointProgress(List.of(), q.settings().seed());
            if (resumed != null) {
                Checkpoint.requireSeed(resumed.seed(), q.settings().seed());
                Checkpoint.requireFits(resumed.done() != null && resumed.count() <= q.methods().size(), "it records "
                        + "more methods than the run has");
                for (int i = 0; i < resumed.count(); i++) {
                    JointSearch.Outcome o = resumed.done().get(i).outcome(q.problem(), q.settings().budget());
                    Checkpoint.requireFits(o.method() == q.methods().get(i), "it records " + o.method().label()
                            + " where the run has " + q.methods().get(i).label());
                }
                start = resumed;
            }
            JointProgress end = ResumableRun.execute("joint", q.methods().size(), start, JointProgress::count,
                    p -> p.count() == 0 ? "" : "last: " + p.done().get(p.count() - 1).method(),
                    (from, after) -> {
                        JointProgress p = from;
                        while (p.count() < q.methods().size()) {
                            JointSearch.Outcome o = engine.run(q.methods().get(p.count()), stop::get);
                            if (stop.get()) {
                                after.accept(p); // Ctrl-C: the method under way ended early and is not kept
                            }
                            List<JointRecord> done = new ArrayList<>(p.done());
                            done.add(JointRecord.of(q.problem(), o));
                            p = new JointProgress(done, q.settings().seed());
                            after.accept(p);
                        }
                        return p;
                    }, out, ResumableRun.EVERY_STEP, control.progress(spec), p -> new Checkpoint<>(arguments, p).write(out), stop);
            JointJob.Outcome o = JointJob.report(q, engine, end.done()); // each replayed through its parameter files
            report(o);
        }
        return Main.OK;
    }

    private void report(JointJob.Outcome o) throws java.io.IOException {
        JointJob.Request q = o.request();
        for (JointSearch.Outcome m : o.outcomes()) {
            if (out != null && m.plan() != null) {
                PlanFiles.write(out.resolve(m.method().label()), q.problem(), m.plan(), m.method().label());
            }
        }
        writeResult(out, o.figures());
        if (out != null) {
            JointOutputs.write(out, q.problem(), q.traffic(), q.settings().budget(), o.results());
        }
        if (control.json) {
            Json.print(spec.commandLine().getOut(), spec, o.figures());
        } else {
            JointOutputs.print(spec.commandLine().getOut(), q.problem(), q.traffic(), q.settings().budget(), q.jitter(),
                    q.jitterRuns(), o.results(), out);
        }
    }
}
