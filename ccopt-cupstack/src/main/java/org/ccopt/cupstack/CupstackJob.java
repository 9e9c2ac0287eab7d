package org.ccopt.cupstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Locale;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.util.Checkpoint;

/**
 * A Cup-Stacking run as a library job: a {@link CupstackRequest} in, an {@link Outcome} out, with checkpoints (the
 * request and the search's state after a whole generation) that {@link #resume} continues from Java, to the same result
 * as an uninterrupted run, since the searches' random streams depend only on seed, generation and slot. The file is
 * the one {@code ccopt cupstack --out DIR} writes, and the command records its request there too, so
 * this class continues a run the command started; the command refuses a checkpoint of this class, which records no
 * command line.
 */
public final class CupstackJob {

    /**
     * Where and how often a job checkpoints: {@code dir} (null: nowhere) every {@code seconds} (0: after every
     * generation) and at the end; {@code afterGeneration} sees each generation's state (a GA state, or the late-acceptance
     * search's {@link LateAcceptance.State}).
     */
    public record Checkpoints(Path dir, double seconds, Consumer<Object> afterGeneration) {

        public static Checkpoints none() {
            return new Checkpoints(null, 0, s -> { });
        }

        public static Checkpoints to(Path dir, double seconds) {
            return new Checkpoints(dir, seconds, s -> { });
        }

        public Checkpoints observed(Consumer<Object> listener) {
            return new Checkpoints(dir, seconds, listener);
        }
    }

    /**
     * The run's answer (validated), its final state (null for simple stacking), the simulations it took, and its
     * figures by name ({@link #figures}).
     */
    public record Outcome(CupstackRequest request, CupStackRun.Result result, CupStackGa.State state, long simulations,
                          Map<String, Object> figures) {
    }

    /**
     * A run's figures by name, as {@code ccopt cupstack --json} prints them and an experiment's row holds them: the
     * method's answer beside the unsplit run and simple stacking, the search's counts, the router, and simple stacking
     * under every scheme ({@code simplePerScheme.C00} ... {@code C09}); {@code seconds} is the whole run's wall time.
     */
    public static Map<String, Object> figures(CupStackRun run, CupStackGa.State state, CupStackRun.Result r, double seconds) {
        Problem problem = run.options().problem();
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("method", run.options().method().label());
        result.put("topology", problem.topology().spec());
        result.put("traffic", run.options().traffic());
        result.put("slices", problem.slices());
        result.put("baselineCycles", r.baselineCycles());
        result.put("simpleStackingCycles", r.simpleStackingCycles());
        result.put("bestCycles", r.bestScore().duration());
        result.put("interval", r.best().interval());
        result.put("effectiveThickness", r.bestScore().thickness());
        result.put("generations", state == null ? 0 : state.generation());
        result.put("bestGeneration", state == null ? 0 : state.bestGeneration());
        result.put("bestFromSeed", state != null && run.isSeed(state.best()));
        RouterModel.putModel(result, problem.kind(), problem.topology());
        result.put("routing", problem.setup().routingName());
        result.put("evaluations", state == null ? 0 : state.evaluations());
        result.put("simulations", simulations(run, state));
        result.put("td0", run.td0());
        result.put("alterableGenes", run.space().alterableGenes());
        result.put("synonyms", state == null ? 0 : state.signatures().length);
        result.put("recordedSynonyms", state == null ? 0 : state.synonyms().size());
        result.put("restacked", r.restacked());
        result.put("gaSeconds", state == null ? 0.0 : state.seconds());
        result.put("seconds", seconds);
        if (problem.papersRouter()) { // BookSim's router has no VC selection schemes
            Map<String, Integer> perScheme = new LinkedHashMap<>();
            for (VcSelection c : VcSelection.values()) {
                perScheme.put(c.name(), r.simplePerScheme()[c.ordinal()]);
            }
            result.put("simplePerScheme", perScheme);
        }
        return result;
    }

    /**
     * The search's simulations: over every session of a resumed run where its state counts them, else this session's
     * (simple stacking, or a checkpoint that did not count them).
     */
    private static long simulations(CupStackRun run, CupStackGa.State state) {
        return state == null || state.simulations() == null ? run.simulations() : state.simulations();
    }

    private CupstackJob() {
    }

    /** The job of {@code ccopt cupstack}. */
    public static final AsJob JOB = new AsJob();

    /** A request and the evaluation threads it runs on (which change no result). */
    public record Run(CupstackRequest request, int threads) {
    }

    /**
     * {@code ccopt cupstack} as a library job without checkpoints (what {@code ccopt run}, Spark and {@code
     * cupstack-sweep} run): the options are {@link CupstackRequest#OPTIONS}.
     */
    public static final class AsJob extends org.ccopt.job.DeclaredJob<Run, Outcome> {

        /** For {@link java.util.ServiceLoader}; use {@link CupstackJob#JOB}. */
        public AsJob() {
            super(CupstackRequest.OPTIONS, v -> new Run(CupstackRequest.of(v), v.given("threads") ? v.whole("threads")
                    : Runtime.getRuntime().availableProcessors()), q -> CupstackJob.run(q.request(), Checkpoints.none(),
                    q.threads()), Outcome::figures);
        }

        /** The pattern's name, the GA's settings and the router model (the request, which builds no network). */
        @Override
        public void check(org.ccopt.job.JobOptions.Values v) {
            org.ccopt.traffic.TrafficPattern.parse(v.text("traffic"));
            CupstackRequest.of(v);
        }
    }

    /** Runs {@code request} from its start on {@code threads} evaluation threads. */
    public static Outcome run(CupstackRequest request, Checkpoints checkpoints, int threads) {
        return execute(request, null, null, checkpoints, threads);
    }

    /**
     * Continues the run checkpointed in {@code dir} (the request it recorded, from its last whole generation) on
     * {@code threads} threads; refuses, with one line, a checkpoint that records no request or does not fit it.
     */
    public static Outcome resume(Path dir, Checkpoints checkpoints, int threads) {
        boolean lahc = Checkpoint.holds(dir, LateAcceptance.State.class);
        Checkpoint<?> saved = lahc ? Checkpoint.read(dir, LateAcceptance.State.class) : Checkpoint.read(dir, CupStackGa.State.class);
        CupstackRequest request = saved.request(CupstackRequest.class);
        if (request == null) {
            throw new InvalidInputException("checkpoint '" + dir.resolve(Checkpoint.FILE) + "' records no request (written "
                    + "by an older ccopt, or by another command); resume it with: ccopt cupstack --resume " + dir);
        }
        if (lahc != (Method.parse(request.method()) == Method.LAHC)) {
            throw new InvalidInputException("checkpoint '" + dir.resolve(Checkpoint.FILE) + "' holds a state of "
                    + (lahc ? "the late-acceptance search" : "the GA") + ", but its request names method " + request.method());
        }
        return lahc ? execute(request, null, (LateAcceptance.State) saved.state(), checkpoints, threads)
                : execute(request, (CupStackGa.State) saved.state(), null, checkpoints, threads);
    }

    private static Outcome execute(CupstackRequest request, CupStackGa.State resumed, LateAcceptance.State resumedLa,
                                   Checkpoints checkpoints, int threads) {
        long started = System.nanoTime();
        try (CupStackRun run = new CupStackRun(request.options(threads))) {
            CupStackGa.State state = search(run, request, resumed, resumedLa, new Driver() {
                @Override
                public <S> S drive(String task, S start, ToIntFunction<S> generation, Function<S, String> status,
                                   BiFunction<S, Consumer<S>, S> loop) {
                    return saving(request, checkpoints, start, loop);
                }
            });
            CupStackRun.Result r = run.finish(state);
            return new Outcome(request, r, state, simulations(run, state), figures(run, state, r, (System.nanoTime() - started) / 1e9));
        }
    }

    /**
     * How a search's generations are run: the library checkpoints them ({@link Checkpoints}); {@code ccopt cupstack}
     * adds its progress bar and the checkpoint on Ctrl-C. {@code loop} runs the search from {@code start}, calling its
     * argument after every generation; {@code task}, {@code generation} and {@code status} name the search and its
     * progress for a report.
     */
    public interface Driver {
        <S> S drive(String task, S start, ToIntFunction<S> generation, Function<S, String> status,
                    BiFunction<S, Consumer<S>, S> loop);
    }

    /**
     * The search of {@code run} (the GA, or the late-acceptance search as a GA state; null for simple stacking, which
     * searches nothing), from its start or from a resumed state, which is first checked against the run; {@code
     * request} decides whether mutants that cannot win are cut short.
     */
    public static CupStackGa.State search(CupStackRun run, CupstackRequest request, CupStackGa.State resumed,
                                          LateAcceptance.State resumedLa, Driver driver) {
        CupStackGa.State state = null;
        CupStackGa ga = request.prune() || run.ga() == null ? run.ga() : run.ga().withoutPruning();
        if (ga != null) {
            if (resumed != null) {
                ga.checkResumable(resumed);
            }
            state = driver.drive("cupstack", resumed != null ? resumed : ga.initial(), CupStackGa.State::generation,
                    s -> String.format(Locale.ROOT, "best %d, avg %.1f", s.bestScore().objective(),
                            s.history().get(s.history().size() - 1).meanNew()), ga::run);
        }
        LateAcceptance la = run.lateAcceptance();
        if (la != null) {
            if (resumedLa != null) {
                la.checkResumable(resumedLa);
            }
            state = driver.drive("cupstack lahc", resumedLa != null ? resumedLa : la.initial(), LateAcceptance.State::generation,
                    s -> String.format(Locale.ROOT, "best %d, current %d", s.bestScore().objective(),
                            s.currentScore().objective()), la::run).asGaState();
        }
        return state;
    }

    /** A search's loop from {@code start}, checkpointing when due and at its end. */
    private static <S> S saving(CupstackRequest request, Checkpoints checkpoints, S start, BiFunction<S, Consumer<S>, S> loop) {
        long[] last = {System.nanoTime()};
        S end = loop.apply(start, s -> {
            checkpoints.afterGeneration().accept(s);
            if (checkpoints.dir() != null && System.nanoTime() - last[0] >= checkpoints.seconds() * 1e9) {
                save(request, checkpoints.dir(), s);
                last[0] = System.nanoTime();
            }
        });
        if (checkpoints.dir() != null) {
            save(request, checkpoints.dir(), end);
        }
        return end;
    }

    /** Writes {@code state} and {@code request} to {@code dir}'s checkpoint (no command line: a library run has none). */
    private static void save(CupstackRequest request, Path dir, Object state) {
        try {
            new Checkpoint<>(java.util.List.of(), state, request).write(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
