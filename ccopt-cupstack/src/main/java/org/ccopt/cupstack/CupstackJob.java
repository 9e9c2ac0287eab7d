package org.ccopt.cupstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.ccopt.InvalidInputException;
import org.ccopt.util.Checkpoint;

/**
 * A Cup-Stacking run as a library job: a {@link CupstackRequest} in, an {@link Outcome} out, with checkpoints (the
 * request and the search's state after a whole generation) that {@link #resume} continues from Java, to the same result
 * as an uninterrupted run, since the searches' random streams depend only on seed, generation and slot. The file is
 * the one {@code ccopt cupstack --out DIR} writes, and the command records its request there too (from 2026-11-29), so
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

    /** The run's answer (validated), its final state (null for simple stacking) and the simulations it took. */
    public record Outcome(CupstackRequest request, CupStackRun.Result result, CupStackGa.State state, long simulations) {
    }

    private CupstackJob() {
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
                    + "before 2026-11-29, or by another command); resume it with: ccopt cupstack --resume " + dir);
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
        try (CupStackRun run = new CupStackRun(request.options(threads))) {
            CupStackGa.State state = null;
            CupStackGa ga = request.prune() || run.ga() == null ? run.ga() : run.ga().withoutPruning();
            if (ga != null) {
                if (resumed != null) {
                    ga.checkResumable(resumed);
                }
                state = saving(request, checkpoints, resumed != null ? resumed : ga.initial(), ga::run);
            }
            LateAcceptance la = run.lateAcceptance();
            if (la != null) {
                if (resumedLa != null) {
                    la.checkResumable(resumedLa);
                }
                state = saving(request, checkpoints, resumedLa != null ? resumedLa : la.initial(), la::run).asGaState();
            }
            return new Outcome(request, run.finish(state), state, run.simulations());
        }
    }

    /** A search's loop from {@code start}, checkpointing when due and at its end. */
    private static <S> S saving(CupstackRequest request, Checkpoints checkpoints, S start,
                                java.util.function.BiFunction<S, Consumer<S>, S> loop) {
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
