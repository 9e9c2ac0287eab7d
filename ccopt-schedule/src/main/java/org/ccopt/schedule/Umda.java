package org.ccopt.schedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * UMDA, the univariate marginal distribution algorithm, as Jaros et al. use it in the MIN paper (§4.2-§4.5):
 * population 60; binary tournament selects the better half as parents (a share set by {@link Params#selection}); a univariate marginal model over the
 * genes is estimated from the parents and sampled for as many children; each child is mutated with probability 0.9
 * ({@link #mutate}); children are repaired ({@link Population#repair}: acceleration for scatters, broadcast-tree
 * restoration for broadcasts) and replace the worse half of the population. The search stops when the conflict
 * count reaches 0.
 *
 * <p>A gene is one point-to-point communication, a compound of its items (§4.2: "A gene consists of two items: a
 * utilized path ... and the used time step"; for broadcasts three, with the source node), so the model is a
 * distribution over whole genes. Sampling a gene from its univariate marginal — the frequency of each value among
 * the parents — is the same as copying that gene, all its items together, from a parent chosen uniformly at random,
 * independently for every gene; that is how the model is sampled here, so the model costs nothing to store. A path
 * index copied next to a different source wraps modulo that pair's path count (2007 paper, §3.2). Broadcast runs seed one sixth of the initial population
 * with every step 0, the paper's building blocks, which restoration turns into trees.
 */
public final class Umda {

    /**
     * The paper's population and mutation probability (§4.5), and three readings of what its text leaves open for
     * broadcasts (OAB, AAB), each on under {@link #paper()} and off under {@link #literal()}:
     *
     * @param sourceMutation        the mutation may also give a transfer another source (§4.5: the operator is
     *                              "responsible for testing and changing possible source-destination paths")
     * @param broadcastSwap         the time-slot swap of two transfers (§4.4, stated for OAS/AAS, where it "replaces
     *                              the mutation operator") is also part of the broadcast mutation
     * @param broadcastAcceleration the acceleration heuristic (§4.4, stated for OAS/AAS: "no node can send more than
     *                              one message in a communication step") also runs on broadcasts, on the transfer's
     *                              relaying source and its receiver, between two restorations
     * @param pairs                 the fitness counts conflicting pairs of communications (§4.3: "two communications
     *                              are in conflict if and only if they share the same link in the same communication
     *                              step ... counting conflicts between all point-to-point communications"), not the
     *                              transfers beyond a link's capacity; both are 0 exactly for valid schedules
     * @param restart               generations without a better best after which the population is drawn afresh
     *                              (0: never). The paper says nothing of how a run ends or restarts (its runs end on
     *                              success); ccopt restarts because a run's time to success has a long tail (Omega 8
     *                              AAB: 8 of 10 seeds in under 6 s, one at 21 s, one not in 40 s), which independent
     *                              restarts cut. It does not change a run before its first restart.
     * @param selection             the share of the population that binary tournament selects as parents and that the
     *                              children replace (§4.5: "selects the better half", "replace the worse half": 0.5);
     *                              the count is the population times it, rounded down, at least 1 and below the
     *                              population
     */
    public record Params(int population, double mutation, boolean sourceMutation, boolean broadcastSwap,
                         boolean broadcastAcceleration, boolean pairs, int restart, double selection) {
        /** The paper's selection, half. */
        public static final double PAPER_SELECTION = 0.5;

        public Params(int population, double mutation, boolean sourceMutation, boolean broadcastSwap,
                      boolean broadcastAcceleration, boolean pairs, int restart) {
            this(population, mutation, sourceMutation, broadcastSwap, broadcastAcceleration, pairs, restart, PAPER_SELECTION);
        }

        public Params {
            int selected = (int) (population * selection);
            if (!(selection > 0 && selection < 1) || selected < 1 || selected >= population) {
                throw org.ccopt.InvalidInputException.parameter("umda-selection", selection + " is out of range for a "
                        + "population of " + population + "; expected a share in (0, 1) that selects 1 to "
                        + (population - 1) + " members");
            }
        }

        /** Members selected as parents (and replaced by children) per generation. */
        int selected() {
            return (int) (population * selection);
        }
        /**
         * The paper's values with every broadcast reading on: measured here with the excess count, Omega 8 AAB at 7
         * steps was found on seeds 1-3 in 0.4-1.6 s with all three, on 1 of 3 seeds in 10 s with acceleration alone,
         * and never (best cost 34-42 after 10 s) with none (docs/results/schedule-umda.md has both counts).
         */
        public static Params paper() {
            return new Params(60, 0.9, true, true, true, true, DEFAULT_RESTART);
        }

        /** The paper's values with the sentences of §4.4-4.5 read narrowly: no broadcast reading (pairs counted). */
        public static Params literal() {
            return new Params(60, 0.9, false, false, false, true, DEFAULT_RESTART);
        }

        /** Generations without improvement before a restart, unless set (ccopt's choice, see {@code restart}). */
        public static final int DEFAULT_RESTART = 1000;

        /** {@link #paper()} or {@link #literal()} by name (the {@code --umda-reading} option). */
        public static Params named(String name) {
            return switch (name.trim().toLowerCase(java.util.Locale.ROOT)) {
                case "ccopt" -> paper();
                case "literal" -> literal();
                default -> throw org.ccopt.InvalidInputException.parameter("umda-reading", "'" + name
                        + "' is not a reading; expected ccopt or literal");
            };
        }
    }

    private Umda() {
    }

    public static Attempt run(ScheduleProblem p, int steps, Params prm, Budget budget, long seed, int threads) {
        long t0 = System.nanoTime();
        SplittableRandom rnd = new SplittableRandom(seed);
        int size = prm.population();
        int half = prm.selected(); // the paper's half
        int n = p.transferCount();
        long evaluations = 0;
        try (Population pop = new Population(p, steps, threads, prm.pairs())) {
            List<Schedule> members = new ArrayList<>(size);
            long[] cost = new long[size];
            evaluations += initialise(p, pop, members, cost, rnd, prm);
            Integer[] order = new Integer[size];
            Restarts restarts = new Restarts(prm.restart());
            while (true) {
                sort(order, cost);
                restarts.note(cost[order[0]], members.get(order[0]));
                if (restarts.bestCost() == 0 || budget.exhausted(evaluations)) {
                    break;
                }
                if (restarts.stalled()) {
                    evaluations += initialise(p, pop, members, cost, rnd, prm);
                    continue;
                }
                Schedule[] parents = new Schedule[half];
                for (int i = 0; i < half; i++) {
                    int a = rnd.nextInt(size);
                    int b = rnd.nextInt(size);
                    parents[i] = members.get(cost[a] < cost[b] || (cost[a] == cost[b] && a < b) ? a : b);
                }
                List<Schedule> children = new ArrayList<>(half);
                for (int c = 0; c < half; c++) {
                    Schedule child = new Schedule(steps, n);
                    for (int t = 0; t < n; t++) {
                        Schedule from = parents[rnd.nextInt(half)];
                        child.step[t] = from.step[t];
                        child.source[t] = from.source[t];
                        child.path[t] = from.path[t];
                    }
                    if (rnd.nextDouble() < prm.mutation()) {
                        mutate(p, child, rnd, prm);
                    }
                    pop.repair(child, rnd, prm.broadcastAcceleration());
                    children.add(child);
                }
                long[] childCost = pop.costs(children);
                evaluations += half;
                for (int c = 0; c < half; c++) {
                    int slot = order[size - 1 - c];
                    members.set(slot, children.get(c));
                    cost[slot] = childCost[c];
                }
            }
            return new Attempt("umda", steps, restarts.bestCost() == 0 ? Attempt.Outcome.FOUND : Attempt.Outcome.UNKNOWN,
                    restarts.best(), restarts.bestCost(), evaluations, (System.nanoTime() - t0) / 1e9);
        }
    }

    /** A fresh random population (one sixth of broadcast members with every step 0, §4.4), repaired and costed. */
    private static int initialise(ScheduleProblem p, Population pop, List<Schedule> members, long[] cost,
                                  SplittableRandom rnd, Params prm) {
        int size = prm.population();
        members.clear();
        for (int i = 0; i < size; i++) {
            Schedule s = pop.random(rnd);
            if (p.relays() && i < size / 6) {
                Arrays.fill(s.step, 0);
            }
            pop.repair(s, rnd, prm.broadcastAcceleration());
            members.add(s);
        }
        System.arraycopy(pop.costs(members), 0, cost, 0, size);
        return size;
    }

    /**
     * The mutation operator. A random transfer gets a random path of its source-destination pair (§4.5: the operator
     * "is responsible for testing and changing possible source-destination paths"), for broadcasts with
     * {@link Params#sourceMutation} first a random source; for scatters, and for broadcasts with
     * {@link Params#broadcastSwap}, the time slots of two point-to-point communications are swapped (§4.4: it
     * "randomly swaps time slots of two point-to-point communications"; any two of the chromosome, as the sentence
     * says: restricted to one message's row it solved Omega 8 AAS in 0.7-7.4 s on seeds 1-3 against 0.5 s for any
     * two, measured here).
     */
    static void mutate(ScheduleProblem p, Schedule child, SplittableRandom rnd, Params prm) {
        int n = p.transferCount();
        int t = rnd.nextInt(n);
        if (p.relays() && prm.sourceMutation()) {
            child.source[t] = rnd.nextInt(p.sources(t).length);
        }
        child.path[t] = rnd.nextInt(p.paths(p.sources(t)[child.source[t]], p.destination(t)).length);
        if (!p.relays() || prm.broadcastSwap()) {
            int u = rnd.nextInt(n);
            int x = child.step[t];
            child.step[t] = child.step[u];
            child.step[u] = x;
        }
    }

    /** Indices sorted by cost, ties by index (deterministic). */
    static void sort(Integer[] order, long[] cost) {
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.<Integer>comparingLong(i -> cost[i]).thenComparingInt(i -> i));
    }
}
