package org.ccopt.cupstack;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.IntConsumer;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.net.DeadlockException;
import org.ccopt.flitsim.FlitRouter;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.SimResult;
import org.ccopt.flitsim.Workload;

/**
 * Scores chromosomes for the Cup-Stacking GA on the flit simulator, in parallel (one simulator per worker thread).
 * A score depends only on the chromosome and the reference it is compared with, so results are the same whatever
 * the thread count.
 *
 * <ul>
 *   <li>Objective: the duration of the problem's S slices, or (rough estimation, Yokota et al. 2023, §6.2, Eq. (8))
 *       T_e (S' - 1) + t_d measured on a single slice.
 *   <li>Perturbation (§7.1): every evaluation also tries V - 5 .. V + 5 (within V's range) and the best interval
 *       survives; ties keep the interval closest to the chromosome's, then the smaller.
 *   <li>Pruning: given a reference score (the parent a mutant must beat), a run whose duration passes the
 *       reference's is stopped and scored null ("worse"); exact scores are identical to full runs, so pruning never
 *       changes which chromosome survives. Only when the objective is the duration and the primary sort key.
 *   <li>Deadlock: under router readings that do not guarantee freedom from deadlock
 *       ({@link org.ccopt.flitsim.RouterModel#deadlockProne()}) a chromosome's arbitration genes may deadlock the
 *       network. Such a chromosome is infeasible ({@link Score#DEADLOCKED}) and the GA goes on; with perturbation,
 *       an interval that deadlocks is skipped and the chromosome is infeasible only if every interval does.
 * </ul>
 */
final class Evaluator implements AutoCloseable {

    private final Problem problem;
    private final GeneSpace space;
    private final RouterConfig base;
    private final SortKey key;
    private final int estimateSlices;
    private final boolean perturb;
    private final ThreadLocal<FlitRouter> simulators;
    private final int threads;
    private final ForkJoinPool pool;
    private final AtomicLong simulations = new AtomicLong();

    /**
     * @param estimateSlices S' of the rough estimation, or 0 to score the duration of the problem's slices
     * @param perturb        try V +- 5 at every evaluation
     */
    public Evaluator(Problem problem, GeneSpace space, RouterConfig base, SortKey key, int estimateSlices, boolean perturb,
                     int threads) {
        org.ccopt.util.Workers.check("threads", threads);
        if (estimateSlices > 0 && (perturb || problem.slices() != 1)) {
            throw new IllegalArgumentException("rough estimation scores single-slice runs without perturbation");
        }
        this.problem = problem;
        this.space = space;
        this.base = base;
        this.key = key;
        this.estimateSlices = estimateSlices;
        this.perturb = perturb;
        this.simulators = ThreadLocal.withInitial(problem::router);
        this.threads = threads;
        this.pool = new ForkJoinPool(threads);
    }

    /** Simulations asked for: those run, and those whose result was known without running ({@link #recordKnown}). */
    public long simulations() {
        return simulations.get();
    }

    /**
     * What the last completed simulation on the calling thread consulted, for {@link #sameRun}; null under
     * perturbation, whose score comes from several runs.
     */
    public FlitSimulator.Choices choices() {
        return perturb ? null : simulators.get().choices();
    }

    /**
     * Whether {@code candidate} runs exactly as {@code simulated} did, cycle by cycle, given what that run consulted
     * ({@code run}, from {@link #choices} right after it): the same interval and injection delays, and any changed
     * scheme C or Q order one the run never chose by (a gene that decided nothing in the run cannot change it; see
     * {@link FlitSimulator.Choices}). A caller that uses it counts the candidate as a simulation
     * ({@link #recordKnown}), so that budgets in simulations are spent as before.
     */
    public boolean sameRun(FlitSimulator.Choices run, Chromosome simulated, Chromosome candidate) {
        if (run == null || simulated.interval() != candidate.interval()
                || !Arrays.equals(simulated.delay(), candidate.delay())) {
            return false;
        }
        byte[] a = simulated.scheme();
        byte[] b = candidate.scheme();
        for (int p = 0; p < a.length; p++) {
            if (a[p] != b[p] && run.scheme(p)) {
                return false;
            }
        }
        byte[] qa = simulated.queueOrder();
        byte[] qb = candidate.queueOrder();
        int ports = space.orderLength();
        for (int i = 0; i < qa.length; i++) {
            if (qa[i] != qb[i] && run.order(i / ports)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The record of what {@code c}'s run consults, on the calling thread, its simulation not counted (it derives what
     * an earlier, counted evaluation knew: a resumed search's current configuration); null where it deadlocks or under
     * perturbation.
     */
    FlitSimulator.Choices choicesOf(Chromosome c) {
        if (perturb) {
            return null;
        }
        try {
            simulators.get().run(space.config(c, base), problem.workload(c));
        } catch (DeadlockException e) {
            return null;
        }
        return simulators.get().choices();
    }

    /** A candidate's simulation whose result {@link #sameRun} knew: counted, not run. */
    public void recordKnown() {
        simulations.incrementAndGet();
    }

    /**
     * The deadlock chromosome {@code c} runs into at its own interval, on the calling thread, or null if it completes:
     * what to report when no chromosome of a population could be scored.
     */
    public DeadlockException deadlockOf(Chromosome c) {
        try {
            simulators.get().run(space.config(c, base), problem.workload(c));
            return null;
        } catch (DeadlockException e) {
            return e;
        }
    }

    /** Scores {@code xs[i]} against {@code references[i]} (null: exact) into {@code out[i]}, in parallel. */
    public void evaluateAll(Chromosome[] xs, Score[] references, Score[] out) {
        forEachIndex(xs.length, i -> out[i] = xs[i] == null ? null : evaluate(xs[i], references[i]));
    }

    /**
     * The score of one chromosome on the calling thread, or null when it provably ranks after {@code reference}.
     * With perturbation the returned score's interval is the best one found. {@link Score#DEADLOCKED} when the
     * chromosome deadlocks the network (at every interval tried).
     */
    public Score evaluate(Chromosome c, Score reference) {
        boolean prune = reference != null && estimateSlices == 0 && key.objectiveFirst();
        int limit = prune ? reference.objective() : Integer.MAX_VALUE;
        RouterConfig config = space.config(c, base);
        if (!perturb) {
            try {
                return score(config, c, limit);
            } catch (DeadlockException e) {
                return Score.DEADLOCKED;
            }
        }
        int[] tried = new int[11];
        int k = 0;
        for (int i = 0; i <= 10; i++) {
            int v = c.interval() + (i % 2 == 1 ? -(i + 1) / 2 : i / 2); // V, V-1, V+1, V-2, V+2, ...
            if (v == space.clampInterval(v)) {
                tried[k++] = v;
            }
        }
        tried = Arrays.copyOf(tried, k);
        simulations.addAndGet(k);
        FlitRouter sim = simulators.get();
        Workload w = problem.workload(c);
        SimResult[] runs;
        try {
            runs = sim.runIntervals(config, w, tried, limit, key.objectiveFirst());
        } catch (DeadlockException e) {
            runs = oneByOne(sim, config, w, tried, limit, key.objectiveFirst());
            if (runs == null) {
                return Score.DEADLOCKED;
            }
        }
        Score best = null;
        for (int i = 0; i < k; i++) {
            Score s = runs[i] == null ? null : Score.of(runs[i], runs[i].durationCycles(), tried[i]);
            if (s != null && (best == null || key.comparator().compare(s, best) < 0)) {
                best = s;
            }
        }
        return best;
    }

    /**
     * A perturbation window's intervals one at a time ({@link FlitRouter#runIntervals}), after their shared run
     * deadlocked: an interval that deadlocks is null, as is one cut short; null if every interval deadlocks.
     */
    private static SimResult[] oneByOne(FlitRouter sim, RouterConfig config, Workload w, int[] intervals, int limit, boolean cutAtBest) {
        SimResult[] runs = new SimResult[intervals.length];
        boolean any = false;
        for (int i = 0; i < intervals.length; i++) {
            try {
                Workload at = w.withInterval(intervals[i]);
                runs[i] = limit == Integer.MAX_VALUE ? sim.run(config, at) : sim.runWithin(config, at, limit);
                any = true;
                limit = cutAtBest && runs[i] != null ? Math.min(limit, runs[i].durationCycles()) : limit;
            } catch (DeadlockException e) {
                runs[i] = null; // this interval deadlocks: left out
            }
        }
        return any ? runs : null;
    }

    private Score score(RouterConfig config, Chromosome c, int limit) {
        FlitRouter sim = simulators.get();
        simulations.incrementAndGet();
        Workload w = problem.workload(c);
        if (estimateSlices > 0) {
            SimResult r = sim.run(config, w);
            return Score.of(r, r.effectiveThickness() * (estimateSlices - 1) + r.durationCycles(), c.interval());
        }
        SimResult r = limit == Integer.MAX_VALUE ? sim.run(config, w) : sim.runWithin(config, w, limit);
        return r == null ? null : Score.of(r, r.durationCycles(), c.interval());
    }

    /** {@code task(simulator, i)} for i in 0..count-1 on the evaluation threads, results in index order. */
    public <T> List<T> map(int count, BiFunction<FlitRouter, Integer, T> task) {
        Object[] out = new Object[count];
        forEachIndex(count, i -> out[i] = task.apply(simulators.get(), i));
        @SuppressWarnings("unchecked")
        List<T> list = (List<T>) Arrays.asList(out);
        return list;
    }

    /**
     * Runs {@code body(i)} for i in 0..count-1 on the pool's threads, each thread taking the next index as it
     * finishes one (evaluation times vary widely, pruned runs being short), the caller waiting for all.
     */
    private void forEachIndex(int count, IntConsumer body) {
        AtomicInteger next = new AtomicInteger();
        Runnable worker = () -> {
            for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                body.accept(i);
            }
        };
        int workers = Math.min(threads, count);
        ForkJoinTask<?>[] tasks = new ForkJoinTask<?>[workers];
        for (int w = 0; w < workers; w++) {
            tasks[w] = pool.submit(worker);
        }
        for (ForkJoinTask<?> t : tasks) {
            t.join();
        }
    }

    @Override
    public void close() {
        pool.shutdown();
    }
}
