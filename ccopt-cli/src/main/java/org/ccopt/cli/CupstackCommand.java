package org.ccopt.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.cupstack.CupStackGa;
import org.ccopt.cupstack.CupStackRun;
import org.ccopt.cupstack.CupstackJob;
import org.ccopt.cupstack.CupstackRequest;
import org.ccopt.cupstack.LateAcceptance;
import org.ccopt.cupstack.Method;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.cupstack.Problem;
import org.ccopt.job.Job;
import org.ccopt.job.JobOptions;
import org.ccopt.topology.Topology;
import org.ccopt.util.Checkpoint;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ccopt cupstack}: the (extended) Cup-Stacking method of Yokota et al. 2023. The run's options are {@link
 * CupstackRequest#OPTIONS} ({@link Declared}); the command declares its files, checkpoints and progress.
 */
@Command(name = "cupstack", mixinStandardHelpOptions = true, modelTransformer = Declared.class,
        description = "Split every message into slices and stack them densely: GA over injection timing and router arbitration "
                + "(extended Cup-Stacking, Yokota et al. 2023).")
final class CupstackCommand extends ResumableRun.Command implements Declared.Command {

    /** Where the command's own options apply ({@link OptionRules}; the run's are the request's). */
    static final OptionRules<CupstackCommand> RULES = OptionRules.of(
            ResumableRun.checkpointing(c -> c.out, "cupstack -t torus:4x4 --traffic brev --generations 1 --population 4"));

    @Option(names = "--picture", paramLabel = "FILE", description = "Draw the best plan's stacking picture (links across, "
            + "time down, one colour per slice; the first " + org.ccopt.papers.TracePicture.DEFAULT_ROUTERS
            + " routers of a larger network): FILE.png, FILE.svg or FILE.pdf.")
    @Output
    Path picture;

    @Option(names = "--out", paramLabel = "DIR", description = "Write best.json, synonyms.jsonl, generations.csv, convergence.png/.svg, stacking.png/.svg and checkpoints here.")
    @Output
    Path out;

    @Override
    void writeTo(Path dir) {
        out = dir;
    }

    @Override
    public Job<?, ?> job() {
        return CupstackJob.JOB;
    }

    @Override
    public Integer call() throws Exception {
        RULES.check(this, spec);
        ResumableRun.claim("cupstack", out, control.resume);
        if (control.resume == null) {
            JobOptions.Values v = Declared.values(spec, CupstackRequest.OPTIONS);
            List<String> recorded = ResumableRun.given(spec);
            // the checkpoint resumes under the reading it ran with
            ResumableRun.pin(spec, recorded, "--initial-scheme", CupstackRequest.applies("--initial-scheme", v.text("method"))
                    ? v.text("initial-scheme") : null);
            return optimize(CupstackRequest.of(v), recorded, null, null);
        }
        // the checkpoint of the late-acceptance search holds its own state; every other method's is the GA's
        boolean lahc = Checkpoint.holds(control.resume, LateAcceptance.State.class);
        Checkpoint<?> resumed = lahc ? Checkpoint.read(control.resume, LateAcceptance.State.class)
                : Checkpoint.read(control.resume, CupStackGa.State.class);
        if (resumed.arguments().isEmpty() && resumed.request() != null) {
            throw new InvalidInputException("checkpoint '" + control.resume.resolve(Checkpoint.FILE) + "' was written by "
                    + "the library (CupstackJob), which records no command line; resume it with CupstackJob.resume");
        }
        List<String> recorded = new ArrayList<>(resumed.arguments());
        if (!ResumableRun.names(recorded, "--initial-scheme")) {
            recorded.add("--initial-scheme=port"); // recorded before the option existed, when per-port schemes were the only reading
        }
        return ResumableRun.fromRecorded(recorded, () -> {
            CupstackCommand saved = new CupstackCommand();
            ResumableRun.Resumed r = ResumableRun.resume(this, recorded, saved);
            CupstackRequest request = CupstackRequest.of(CupstackRequest.OPTIONS.read(Declared.given(r.parsed(),
                    CupstackRequest.OPTIONS)));
            if (lahc != (Method.parse(request.method()) == Method.LAHC)) {
                throw new InvalidInputException("checkpoint '" + control.resume.resolve(Checkpoint.FILE) + "' holds a state of "
                        + (lahc ? "the late-acceptance search" : "the GA") + ", but its arguments name --method " + request.method());
            }
            return lahc ? saved.optimize(request, r.arguments(), null, (LateAcceptance.State) resumed.state())
                    : saved.optimize(request, r.arguments(), (CupStackGa.State) resumed.state(), null);
        });
    }

    /**
     * Simple stacking under every VC selection scheme, as a row of Yokota et al. 2023, Table 2 gives it: the duration
     * and the interval V of each scheme's best sweep point, the shortest marked.
     */
    private static void schemes(java.io.PrintWriter w, CupStackRun.Result r) {
        StringBuilder head = new StringBuilder("  scheme");
        StringBuilder cycles = new StringBuilder("  cycles");
        StringBuilder interval = new StringBuilder("  V     ");
        for (VcSelection c : VcSelection.values()) {
            int i = c.ordinal();
            boolean best = r.simplePerScheme()[i] == r.simpleStackingCycles();
            head.append(String.format(Locale.ROOT, " %6s", c.name()));
            cycles.append(String.format(Locale.ROOT, " %6s", r.simplePerScheme()[i] + (best ? "*" : "")));
            interval.append(String.format(Locale.ROOT, " %6d", r.simpleIntervals()[i]));
        }
        w.println(head);
        w.println(cycles);
        w.println(interval + "   (* the shortest; Yokota et al. 2023, Table 2 gives a pattern's row)");
    }

    private int optimize(CupstackRequest request, List<String> arguments, CupStackGa.State resumed,
                         LateAcceptance.State resumedLa) throws Exception {
        return Stoppable.call(stop -> optimize(request, arguments, resumed, resumedLa, stop));
    }

    private int optimize(CupstackRequest request, List<String> arguments, CupStackGa.State resumed,
                         LateAcceptance.State resumedLa, java.util.concurrent.atomic.AtomicBoolean stop) throws Exception {
        Written.requirePictureFormat(picture); // before the search, which may run for hours
        CupStackRun.Options options = request.options(control.threads == null ? Runtime.getRuntime().availableProcessors() : control.threads);
        Problem problem = options.problem();
        Topology t = problem.setup().topology();
        Method m = options.method();
        long started = System.nanoTime();
        try (CupStackRun run = new CupStackRun(options)) {
            CupStackGa.State state = CupstackJob.search(run, request, resumed, resumedLa, new CupstackJob.Driver() {
                @Override
                public <S> S drive(String task, S start, java.util.function.ToIntFunction<S> generation,
                                   java.util.function.Function<S, String> status,
                                   java.util.function.BiFunction<S, java.util.function.Consumer<S>, S> loop) {
                    return ResumableRun.execute(task, request.ga().generations(), start, generation, status, loop, out,
                            control.checkpointSeconds, control.progress(spec), s -> new Checkpoint<>(arguments, s, request).write(out),
                            stop);
                }
            });
            CupStackRun.Result r = run.finish(state);
            double seconds = (System.nanoTime() - started) / 1e9;
            if (out != null || picture != null) {
                CupstackOutputs.write(out, picture, run, problem, state, r, options.traffic(), request.method(),
                        request.ga().seed());
            }
            Map<String, Object> result = CupstackJob.figures(run, state, r, seconds);
            var w = spec.commandLine().getOut();
            writeResult(out, result);
            if (control.json) {
                Json.print(w, spec, result);
            } else {
                w.printf(Locale.ROOT, "%s on %s, %d slices of %d flits, method %s, model %s: %d cycles at V = %d (unsplit %d, "
                                + "simple stacking %d); %s evaluations in %.1f s%n", options.traffic(), t.spec(), request.slices(),
                        problem.sliceFlits(), m.label(), problem.setup().routerNote(),
                        r.bestScore().duration(), r.best().interval(), r.baselineCycles(), r.simpleStackingCycles(),
                        result.get("evaluations"), seconds);
                if (m == Method.SIMPLE && r.simplePerScheme().length == VcSelection.values().length) {
                    schemes(w, r);
                }
                if (r.bestScore().duration() > r.simpleStackingCycles()) {
                    w.printf(Locale.ROOT, "  note: method %s found no plan as short as simple stacking's %d cycles; simple "
                            + "stacking is the better plan here%n", m.label(), r.simpleStackingCycles());
                }
                if (out != null) {
                    w.println("  wrote " + out.resolve("best.json") + " (ccopt sim --params), result.json, synonyms.jsonl, generations.csv, "
                            + "convergence.png, stacking.png");
                }
                if (picture != null) {
                    w.println("  wrote " + picture);
                }
            }
        }
        return Main.OK;
    }
}
