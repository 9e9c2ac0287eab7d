package org.ccopt.schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * HGSA, hybrid parallel genetic simulated annealing (Ohlidal and Schwarz 2004, as used by Jaros, Ohlidal, Dvorak
 * 2007, §3.1 and §5): several simulated-annealing processes run the Metropolis algorithm on their own schedule;
 * every {@code exchange} iterations each sends its schedule to a master, which keeps one for itself and sends each
 * process one chosen by roulette wheel (weight 1/(1 + conflicts)). Each process then makes two children of its own
 * and the received schedule by double-point crossover, takes the best of the four, mutates it (always when it is a
 * parent, with probability {@code childMutation} when it is a child) and accepts it over its annealing state by
 * the Metropolis criterion. Paper parameters: 10 processes (blades), exchange every 100 iterations, T0 = 100, 200
 * iterations per temperature, cooling factor 0.99.
 *
 * <p>On store-and-forward broadcasts to every node of an all-port network, the setting of the 2007 paper, HGSA uses
 * the paper's own encoding (a shortest path and a time slot per channel for every sender-receiver pair; {@link
 * HgsaPaths}). Elsewhere a Metropolis move changes one random gene of one random transfer (its step, or its path,
 * or for broadcasts its source) and is evaluated by the shared delta evaluator; a store-and-forward broadcast is then
 * the equivalent set of one-hop transfers (see {@link Switching#SF}).
 *
 * <p>The processes run in lockstep epochs on the worker threads, each with its own random stream, and the
 * exchange runs on one thread with the master's stream, so a run does not depend on the thread count.
 */
public final class Hgsa {

    /**
     * HGSA's parameters, each an option of {@code ccopt schedule} ({@code --hgsa-processes}, {@code --hgsa-exchange},
     * {@code --hgsa-t0}, {@code --hgsa-per-temperature}, {@code --hgsa-cooling}, {@code --hgsa-child-mutation}); out of
     * range values are refused with one line naming the option.
     *
     * @param processes      annealing processes (the paper's islands, one per blade)
     * @param exchange       Metropolis iterations between two exchanges through the master
     * @param t0             initial temperature
     * @param perTemperature Metropolis iterations at one temperature
     * @param cooling        factor applied to the temperature after them
     * @param childMutation  probability that a child chosen by the genetic step is mutated (a parent always is)
     */
    public record Params(int processes, int exchange, double t0, int perTemperature, double cooling,
                         double childMutation) {
        public Params {
            check(processes >= 1 && processes <= 1000, "--hgsa-processes", processes, "1..1000");
            check(exchange >= 1, "--hgsa-exchange", exchange, "1 or more iterations");
            check(t0 > 0 && Double.isFinite(t0), "--hgsa-t0", t0, "a positive temperature");
            check(perTemperature >= 1, "--hgsa-per-temperature", perTemperature, "1 or more iterations");
            check(cooling > 0 && cooling <= 1, "--hgsa-cooling", cooling, "a factor in (0, 1]");
            check(childMutation >= 0 && childMutation <= 1, "--hgsa-child-mutation", childMutation, "a probability in 0..1");
        }

        /** The paper's values (2007, §3.1 and §5): 10 processes, exchange every 100 iterations, T0 = 100, 200, 0.99. */
        public static Params paper() {
            return new Params(10, 100, 100.0, 200, 0.99, 0.1);
        }

        private static void check(boolean ok, String option, Object value, String expected) {
            if (!ok) {
                throw new org.ccopt.InvalidInputException(option + " " + value + " is out of range; expected " + expected);
            }
        }
    }

    private Hgsa() {
    }

    /**
     * One annealing process of HGSA, whatever its encoding ({@code C} its chromosome), with its temperature and
     * counts: the island loop
     * ({@link #evolve}) is the same for the transfer encoding here and the path-and-slot encoding of {@link HgsaPaths}.
     */
    abstract static class Island<C> {
        /** The annealing temperature, falling by the cooling factor every {@code perTemperature} moves. */
        double temperature;
        /** Metropolis moves made. */
        long iterations;
        /** The fewest conflicts seen. */
        long bestCost = Long.MAX_VALUE;

        /** The conflicts of its current chromosome. */
        abstract long cost();

        /** {@code exchange} Metropolis iterations, the temperature falling every {@code perTemperature}. */
        abstract void anneal();

        /** A copy of its current chromosome, as sent to the master. */
        abstract C sent();

        /**
         * The genetic phase: two children of {@code own} (whose cost is {@code ownCost}) and {@code other} by
         * double-point crossover, the best of the four mutated (a parent always, a child with the child-mutation
         * probability) and accepted over {@code own} by the Metropolis criterion.
         */
        abstract void genetic(C own, long ownCost, C other);
    }

    /**
     * The islands' run (Ohlidal and Schwarz 2004): epochs of annealing on every process, then the master collects
     * every chromosome and hands each process one chosen by roulette wheel (weight 1/(1 + conflicts)), and each runs
     * its genetic phase; until a process has no conflict or the budget ends. The processes run on the population's
     * worker threads, each with its own random stream, and the master's draws on this thread, so a run does not
     * depend on the thread count. Returns the exchanges made.
     */
    static <C> long evolve(List<? extends Island<C>> procs, Population pop, Budget budget, SplittableRandom master) {
        long exchanges = 0;
        while (!budget.exhausted(evaluations(procs, exchanges)) && procs.stream().noneMatch(pr -> pr.cost() == 0)) {
            List<Runnable> epoch = new ArrayList<>();
            for (Island<C> pr : procs) {
                epoch.add(pr::anneal);
            }
            pop.runAll(epoch);
            if (procs.stream().anyMatch(pr -> pr.cost() == 0)) {
                break;
            }
            // communication phase: the master collects every chromosome and hands one to each process
            List<C> sent = new ArrayList<>();
            long[] sentCost = new long[procs.size()];
            for (int i = 0; i < procs.size(); i++) {
                sent.add(procs.get(i).sent());
                sentCost[i] = procs.get(i).cost();
            }
            int[] from = new int[procs.size()];
            for (int i = 0; i < procs.size(); i++) {
                from[i] = roulette(sentCost, master);
            }
            // genetic phase on every process, then Metropolis between annealing state and genetic candidate
            List<Runnable> genetic = new ArrayList<>();
            for (int i = 0; i < procs.size(); i++) {
                Island<C> pr = procs.get(i);
                C own = sent.get(i);
                long ownCost = sentCost[i];
                C other = sent.get(from[i]);
                genetic.add(() -> pr.genetic(own, ownCost, other));
            }
            pop.runAll(genetic);
            exchanges++;
        }
        return exchanges;
    }

    /** The process with the fewest conflicts seen, the first on a tie. */
    static <I extends Island<?>> I winner(List<I> procs) {
        I winner = procs.get(0);
        for (I pr : procs) {
            if (pr.bestCost < winner.bestCost) {
                winner = pr;
            }
        }
        return winner;
    }

    /** HGSA's evaluation count: the Metropolis moves plus four chromosomes per process and exchange. */
    static long evaluations(List<? extends Island<?>> procs, long exchanges) {
        return 4L * procs.size() * exchanges + procs.stream().mapToLong(pr -> pr.iterations).sum();
    }

    /** A process of the transfer encoding: every gene a transfer's step, source and path. */
    private static final class Process extends Island<Schedule> {
        final ScheduleProblem p;
        final Params prm;
        final int steps;
        final ConflictState st;
        final SplittableRandom rnd;
        long cost;
        Schedule best;

        Process(ScheduleProblem p, Params prm, int steps, SplittableRandom rnd) {
            this.p = p;
            this.prm = prm;
            this.steps = steps;
            this.st = new ConflictState(p, steps);
            this.rnd = rnd;
            this.temperature = prm.t0();
        }

        void keepBest() {
            if (cost < bestCost) {
                bestCost = cost;
                best = st.snapshot();
            }
        }

        @Override
        long cost() {
            return cost;
        }

        @Override
        void anneal() {
            Hgsa.anneal(p, this, prm, steps);
        }

        @Override
        Schedule sent() {
            return st.snapshot();
        }

        @Override
        void genetic(Schedule own, long ownCost, Schedule other) {
            int n = p.transferCount();
            int a = rnd.nextInt(n + 1);
            int b = rnd.nextInt(n + 1);
            Schedule c1 = crossover(own, other, Math.min(a, b), Math.max(a, b));
            Schedule c2 = crossover(other, own, Math.min(a, b), Math.max(a, b));
            Schedule[] four = {own, other, c1, c2};
            long[] costs = {ownCost, st.load(other), st.load(c1), st.load(c2)};
            int bestIndex = 0;
            for (int k = 1; k < 4; k++) {
                if (costs[k] < costs[bestIndex]) {
                    bestIndex = k;
                }
            }
            Schedule cand = new Schedule(four[bestIndex]);
            if (bestIndex < 2 || rnd.nextDouble() < prm.childMutation()) {
                mutate(p, cand, rnd);
            }
            long candCost = st.load(cand);
            long delta = candCost - ownCost;
            if (delta <= 0 || rnd.nextDouble() < Math.exp(-delta / temperature)) {
                cost = candCost;
            } else {
                cost = st.load(own);
            }
            keepBest();
        }
    }

    static Attempt run(ScheduleProblem p, int steps, Params prm, Budget budget, long seed, int threads) {
        if (HgsaPaths.applies(p)) {
            return HgsaPaths.run(p, steps, prm, budget, seed, threads);
        }
        long t0 = System.nanoTime();
        SplittableRandom master = new SplittableRandom(seed);
        try (Population pop = new Population(p, steps, threads)) {
            List<Process> procs = new ArrayList<>();
            for (int i = 0; i < prm.processes(); i++) {
                SplittableRandom rnd = master.split();
                Process pr = new Process(p, prm, steps, rnd);
                Schedule s = pop.random(rnd);
                if (p.relays()) {
                    pop.restore(s, rnd);
                }
                pr.cost = pr.st.load(s);
                pr.keepBest();
                procs.add(pr);
            }
            long exchanges = evolve(procs, pop, budget, master);
            Process winner = winner(procs);
            return new Attempt("hgsa", steps, winner.bestCost == 0 ? Attempt.Outcome.FOUND : Attempt.Outcome.UNKNOWN,
                    winner.best, winner.bestCost, evaluations(procs, exchanges), (System.nanoTime() - t0) / 1e9);
        }
    }

    /** {@code exchange} Metropolis iterations; the temperature falls by the cooling factor every perTemperature. */
    private static void anneal(ScheduleProblem p, Process pr, Params prm, int steps) {
        ConflictState st = pr.st;
        SplittableRandom rnd = pr.rnd;
        int n = p.transferCount();
        for (int i = 0; i < prm.exchange() && pr.cost > 0; i++) {
            int t = rnd.nextInt(n);
            int oldStep = st.step(t);
            int oldSrc = st.sourceIndex(t);
            int oldPath = st.pathIndex(t);
            int[] sources = p.sources(t);
            int s = oldStep;
            int si = oldSrc;
            int pi = oldPath;
            int what = rnd.nextInt(p.relays() ? 3 : 2);
            if (what == 0) {
                s = rnd.nextInt(steps);
            } else if (what == 1) {
                pi = rnd.nextInt(p.paths(sources[si], p.destination(t)).length);
            } else {
                si = rnd.nextInt(sources.length);
                pi = rnd.nextInt(p.paths(sources[si], p.destination(t)).length);
            }
            long next = st.move(t, s, si, pi);
            long delta = next - pr.cost;
            if (delta <= 0 || rnd.nextDouble() < Math.exp(-delta / pr.temperature)) {
                pr.cost = next;
                pr.keepBest();
            } else {
                st.move(t, oldStep, oldSrc, oldPath);
            }
            if (++pr.iterations % prm.perTemperature() == 0) {
                pr.temperature *= prm.cooling();
            }
        }
    }

    /** Roulette-wheel choice with weight 1/(1 + cost). */
    static int roulette(long[] cost, SplittableRandom rnd) {
        double total = 0;
        for (long c : cost) {
            total += 1.0 / (1 + c);
        }
        double x = rnd.nextDouble() * total;
        for (int i = 0; i < cost.length; i++) {
            x -= 1.0 / (1 + cost[i]);
            if (x <= 0) {
                return i;
            }
        }
        return cost.length - 1;
    }

    /** Genes [a, b) from {@code inner}, the rest from {@code outer} (double-point crossover over transfers). */
    static Schedule crossover(Schedule outer, Schedule inner, int a, int b) {
        Schedule c = new Schedule(outer);
        System.arraycopy(inner.step, a, c.step, a, b - a);
        System.arraycopy(inner.source, a, c.source, a, b - a);
        System.arraycopy(inner.path, a, c.path, a, b - a);
        return c;
    }

    /** Changes one to three random genes to random values within their bounds. */
    private static void mutate(ScheduleProblem p, Schedule s, SplittableRandom rnd) {
        int genes = 1 + rnd.nextInt(3);
        for (int g = 0; g < genes; g++) {
            int t = rnd.nextInt(s.transferCount());
            int[] sources = p.sources(t);
            if (rnd.nextBoolean()) {
                s.step[t] = rnd.nextInt(s.steps);
            } else {
                int si = p.relays() ? rnd.nextInt(sources.length) : s.source[t];
                s.source[t] = si;
                s.path[t] = rnd.nextInt(p.paths(sources[si], p.destination(t)).length);
            }
        }
    }
}
