package org.ccopt.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.ccopt.flitsim.FlitSimJob;
import org.ccopt.flitsim.SimJob;
import org.ccopt.job.Job;
import org.ccopt.job.JobOptions;
import org.ccopt.papers.TracePicture;
import org.ccopt.util.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt sim}: one cycle-accurate flit-level run, a closed batch or open loads ({@link EngineSim}), on the papers'
 * router or BookSim's. The run's options are {@link FlitSimJob}'s ({@link Declared}); the command declares the files it
 * writes and {@code --json}.
 */
@Command(name = "sim", mixinStandardHelpOptions = true, modelTransformer = Declared.class,
        description = "Cycle-accurate flit-level simulation (wormhole, VCs, credits): the papers' router on tori and meshes, "
                + "or BookSim's input-queued router on any network, with open-loop loads and latency-throughput curves.")
final class SimCommand implements Callable<Integer>, Declared.Command {

    /** Where the command's own options apply ({@link OptionRules}; the run's are the job's). */
    static final OptionRules<SimCommand> RULES = OptionRules.of(
            OptionRules.rule("--picture-routers", "to --picture", c -> c.picture != null,
                    "sim -t torus:4x4 --traffic bcmp --picture-routers 0:4"),
            OptionRules.rule("--trace", "to closed batches (not with --rate)", c -> c.rate() == null,
                    "sim -t torus:4x4 --rate 0.05 --warmup 50 --window 100 --trace x.csv"),
            OptionRules.rule("--picture", "to closed batches (not with --rate)", c -> c.rate() == null,
                    "sim -t torus:4x4 --rate 0.05 --warmup 50 --window 100 --picture x.png"),
            OptionRules.rule("--save-params", "to closed batches (not with --rate)", c -> c.rate() == null,
                    "sim -t torus:4x4 --rate 0.05 --warmup 50 --window 100 --save-params x.json"),
            OptionRules.rule("--chart", "to a curve (--rate FROM:TO:STEP)", c -> c.rate() != null && c.rate().contains(":"),
                    "sim --rate 0.1 --chart x.png"));

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--save-params", paramLabel = "FILE", description = "Write this run's full parameter file.")
    @Output
    Path saveParams;

    @Option(names = "--trace", paramLabel = "FILE", description = "Write the link-by-cycle occupancy as CSV.")
    @Output
    Path traceFile;

    @Option(names = "--picture", paramLabel = "FILE.png|FILE.svg|FILE.pdf", description = "Draw links across, time down, one colour per slice, grey where blocked (Yokota et al. 2023, Fig. 6).")
    @Output
    Path picture;

    @Option(names = "--picture-routers", paramLabel = "FROM:TO", description = "Draw routers FROM..TO-1 (with --picture; default: the first " + org.ccopt.papers.TracePicture.DEFAULT_ROUTERS + " routers, the picture says when it is a window).")
    String pictureRouters;

    @Option(names = "--chart", paramLabel = "FILE.png|FILE.svg|FILE.pdf", description = "Draw the latency-throughput curve (with --rate FROM:TO:STEP).")
    @Output
    Path chart;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Job<?, ?> job() {
        return FlitSimJob.JOB;
    }

    /** The --rate given, or null (for the rules, which read the parsed command). */
    private String rate() {
        return spec.findOption("--rate").getValue();
    }

    @Override
    public Integer call() throws Exception {
        RULES.check(this, spec);
        JobOptions.Values values = Declared.values(spec, FlitSimJob.JOB.options());
        FlitSimJob.Run run = FlitSimJob.JOB.request(values);
        if (run.loads() != null) {
            return EngineSim.run(this, run.loads());
        }
        TracePicture.Routers routers = pictureRouters == null ? null : TracePicture.Routers.parse(pictureRouters);
        SimJob.Outcome o = SimJob.run(run.batch().withTrace(traceFile != null || picture != null));
        if (traceFile != null) {
            AtomicFiles.writeAtomically(traceFile, o.trace()::writeCsv);
        }
        if (picture != null) {
            TracePicture.write(o.trace(), o.result().durationCycles(), o.traffic() + " on " + o.topology().spec() + ": "
                    + o.result().durationCycles() + " cycles", routers, picture);
        }
        if (saveParams != null) {
            AtomicFiles.writeAtomically(saveParams, o.parameters().toJson());
        }
        print(o, values);
        return Main.OK;
    }

    private void print(SimJob.Outcome o, JobOptions.Values values) {
        var w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, o.figures());
            return;
        }
        w.println(o.line());
        if (o.sweep() != null) {
            w.printf("  best of intervals %s: V = %d%n", values.text("sweep-interval"), o.workload().interval());
        }
        if (o.repeat() > 1) {
            w.printf("  %d repeats: %.3g router-cycles/s on one thread%n", o.repeat(), o.routerCyclesPerSecond());
        }
        Written.print(w, spec);
    }
}
