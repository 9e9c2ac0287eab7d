package org.ccopt.rank;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.ccopt.rank.RankPlacement.Objective;
import org.ccopt.topology.Topology;
import org.ccopt.util.Permutations;

/**
 * Rank placement on the mapped nodes of a job (Cui 2024, §3.3 and §3.5.1; Cui et al. 2023 for the two-opt
 * collectives). Every search is single-threaded and a pure function of the problem, the settings and the seed.
 *
 * <ul>
 *   <li><b>ascending</b> (§3.3.1, MPICH's default): rank r on the r-th lowest mapped node id.
 *   <li><b>mapping-order</b>: rank r on the r-th node the process mapping chose (for the random mapping, a
 *       random placement; the thesis's "ascending" hop counts for the random mapping in Tables 3.4-3.6 match
 *       this reading, see docs/results/rank-tables.md).
 *   <li><b>two-opt</b> (§3.3.2): start from ascending (or, under {@link SearchRules#CUI2024}, from the mapping's
 *       order; or from ccopt's {@link GreedyEmbedding}, {@code --start greedy}); every iteration picks two distinct ranks uniformly at random, swaps their nodes and keeps the swap
 *       if the objective does not get worse (under {@code cui2024}: only if it gets better, as the thesis text
 *       says), else undoes it. Keeping equal swaps lets the search drift across plateaus of the integer
 *       objective; either rule never returns a worse placement than its start.
 *   <li><b>sa</b>, simulated annealing (the competitor of §3.5.1, whose cooling the thesis does not give): the same
 *       swap move, accepted when it does not worsen the objective or with probability exp(-delta / T). ccopt's
 *       schedule: T0 = (mean worsening over 200 random swaps from the start) / ln 100, so an average worsening is
 *       first accepted with probability 1/100; T falls geometrically to T0 / 1000 over the iteration budget. The
 *       best placement seen is returned. The factor 1/100 was chosen in a pilot on the thesis's instance (512 of
 *       1,024 nodes, degree 19): with 200,000 iterations, starting acceptances of 1/2, 1/10 and 1/100 gave 9,780,
 *       9,756 and 9,694 allreduce hops (two-opt: 9,730).
 *   <li><b>cco</b>, chain concatenation ordering (Kesavan and Panda 1997, the thesis's competitor of §2.4.2 and
 *       §3.4.1): a breadth-first spanning tree of the whole network from the lowest mapped node (children in
 *       ascending id, each node's parent the first to reach it), then its depth-first preorder, which
 *       concatenates the tree's root-to-leaf chains; the mapped nodes get ranks in that order. The thesis gives
 *       CCO only in outline; this is ccopt's reading of it.
 *   <li><b>random</b>: random search, the best of {@code iterations} uniformly random placements (one
 *       iteration is one random placement), each scored from scratch.
 * </ul>
 */
public final class RankPlacer {

    private RankPlacer() {
    }

    /**
     * @param iterations swap attempts (two-opt, sa) or samples (random)
     * @param check      recompute everything from scratch after every move and fail on a difference
     * @param traceEvery record the objective every this many iterations (0: only at the start and the end)
     */
    public record Settings(RankPlacement placement, Objective objective, long iterations, long seed, boolean check,
                           long traceEvery, SearchRules rules) {
        public Settings {
            if (iterations < 0) {
                throw new InvalidInputException("iterations " + iterations + " is invalid; expected 0 or more");
            }
            if (rules == null) {
                throw new InvalidInputException("search rules are missing; expected SearchRules.CCOPT or CUI2024");
            }
        }

        /** Settings under ccopt's rules ({@link SearchRules#CCOPT}). */
        public Settings(RankPlacement placement, Objective objective, long iterations, long seed, boolean check,
                        long traceEvery) {
            this(placement, objective, iterations, seed, check, traceEvery, SearchRules.CCOPT);
        }

        /** Iterations of a search unless set: the thesis's 200,000 two-opt iterations (Cui 2024, §3.4). */
        public static final long DEFAULT_ITERATIONS = 200_000;

        /**
         * The settings of a placement with the defaults of {@code ccopt rank}: hops as the objective,
         * {@link #DEFAULT_ITERATIONS} for a search (none for an order), seed 1, no re-check, no trace, ccopt's rules;
         * the {@code with} methods change one each.
         */
        public static Settings of(RankPlacement placement) {
            return new Settings(placement, Objective.HOPS, placement.searches() ? DEFAULT_ITERATIONS : 0, 1, false, 0,
                    SearchRules.CCOPT);
        }

        public Settings withObjective(Objective o) {
            return new Settings(placement, o, iterations, seed, check, traceEvery, rules);
        }

        public Settings withIterations(long n) {
            return new Settings(placement, objective, n, seed, check, traceEvery, rules);
        }

        public Settings withSeed(long s) {
            return new Settings(placement, objective, iterations, s, check, traceEvery, rules);
        }

        /** Re-checks the delta evaluation against a full recount at every accepted move (slow; for testing). */
        public Settings withCheck(boolean c) {
            return new Settings(placement, objective, iterations, seed, c, traceEvery, rules);
        }

        public Settings withRules(SearchRules r) {
            return new Settings(placement, objective, iterations, seed, check, traceEvery, r);
        }
    }

    /**
     * @param slots       mapped-node index of every rank
     * Contentions are measured when the problem has routes, else -1.
     */
    public record Result(RankPlacement placement, Objective objective, long initialHops, long initialContention,
                         long totalHops, long contention, long iterations, long accepted, double seconds,
                         int[] slots, long[] traceIterations, long[] traceObjective) {

        /** The objective's final value. */
        public long value() {
            return objective == Objective.HOPS ? totalHops : contention;
        }
    }

    public static Result place(RankProblem problem, Settings s) {
        return place(problem, s, () -> false);
    }

    /**
     * {@link #place(RankProblem, Settings)}, ended early once {@code stop} says so (Ctrl-C; asked every 1,024 iterations):
     * the result is then the best placement reached, and its iteration count the iterations run.
     */
    public static Result place(RankProblem problem, Settings s, java.util.function.BooleanSupplier stop) {
        if (s.objective() == Objective.CONTENTION && problem.routes() == null) {
            throw new IllegalArgumentException("the contention objective needs a problem built with routes");
        }
        long startNanos = System.nanoTime();
        int p = problem.procs();
        int[] start = new int[p];
        Arrays.setAll(start, i -> i);
        if (s.placement().swaps() && s.rules().start() == SearchRules.Start.MAPPING_ORDER) {
            start = problem.mappingOrder();
        } else if (s.placement().swaps() && s.rules().start() == SearchRules.Start.GREEDY) {
            start = GreedyEmbedding.slots(problem.mix(), problem.distances());
        }
        // contention is tracked move by move only when it is the objective; otherwise it is measured at the ends
        boolean trackContention = s.objective() == Objective.CONTENTION;
        PlacementState state = problem.state(start, trackContention);
        long initialHops = state.totalHops();
        long initialContention = problem.contention(start);
        Trace trace = new Trace(s.traceEvery());
        trace.add(0, value(state, s.objective()));
        SplittableRandom random = new SplittableRandom(s.seed());
        long accepted = 0;
        long iterations = 0;
        Stop run = new Stop(stop, s.iterations());
        switch (s.placement()) {
            case ASCENDING -> {
            }
            case MAPPING_ORDER -> state.reset(problem.mappingOrder());
            case CCO -> state.reset(cco(problem));
            case TWO_OPT -> {
                accepted = twoOpt(state, s, random, trace, run);
                iterations = run.reached;
            }
            case SA -> {
                accepted = anneal(state, s, random, trace, run);
                iterations = run.reached;
            }
            case RANDOM -> {
                accepted = randomSearch(state, s, random, trace, run);
                iterations = run.reached;
            }
            default -> throw new IllegalStateException(s.placement().label());
        }
        trace.finish(iterations, value(state, s.objective()));
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        int[] slots = state.slots();
        long contention = trackContention ? state.contention() : problem.contention(slots);
        return new Result(s.placement(), s.objective(), initialHops, initialContention, state.totalHops(),
                contention, iterations, accepted, seconds, slots, trace.iterations(), trace.values());
    }

    /** A search's stop request, asked every 1,024 iterations, and the iterations it reached. */
    private static final class Stop {
        private final java.util.function.BooleanSupplier asked;
        private long reached;

        Stop(java.util.function.BooleanSupplier asked, long iterations) {
            this.asked = asked;
            this.reached = iterations;
        }

        /** Whether to end before iteration {@code it}; records the iterations run when it does. */
        boolean before(long it) {
            if ((it & 1023) == 0 && asked.getAsBoolean()) {
                reached = it - 1;
                return true;
            }
            return false;
        }
    }

    private static long value(PlacementState state, Objective objective) {
        return objective == Objective.HOPS ? state.totalHops() : state.contention();
    }

    private static long delta(PlacementState state, Objective objective, int a, int b) {
        long dh = state.trySwap(a, b);
        return objective == Objective.HOPS ? dh : state.contentionDelta();
    }

    private static long twoOpt(PlacementState state, Settings s, SplittableRandom random, Trace trace, Stop stop) {
        int p = state.slots().length;
        if (p < 2) {
            return 0;
        }
        long accepted = 0;
        long keepBelow = s.rules().strict() ? 0 : 1; // keep swaps with delta < 0, or <= 0
        Objective objective = s.objective();
        for (long it = 1; it <= s.iterations() && !stop.before(it); it++) {
            int a = random.nextInt(p);
            int b = random.nextInt(p - 1);
            if (b >= a) {
                b++;
            }
            long d = delta(state, objective, a, b);
            if (d < keepBelow) {
                state.accept();
                accepted++;
            } else {
                state.reject();
            }
            if (s.check()) {
                state.verify();
            }
            trace.at(it, state, s.objective());
        }
        return accepted;
    }

    private static long anneal(PlacementState state, Settings s, SplittableRandom random, Trace trace, Stop stop) {
        int p = state.slots().length;
        if (p < 2) {
            return 0;
        }
        double worse = 0;
        int worseCount = 0;
        for (int k = 0; k < 200; k++) {
            int a = random.nextInt(p);
            int b = (a + 1 + random.nextInt(p - 1)) % p;
            long d = delta(state, s.objective(), a, b);
            state.reject();
            if (d > 0) {
                worse += d;
                worseCount++;
            }
        }
        double t0 = worseCount == 0 ? 1.0 : worse / worseCount / Math.log(100);
        double cooling = s.iterations() == 0 ? 1.0 : Math.pow(1e-3, 1.0 / s.iterations());
        double temperature = t0;
        long current = value(state, s.objective());
        long best = current;
        int[] bestSlots = state.slots();
        long accepted = 0;
        for (long it = 1; it <= s.iterations() && !stop.before(it); it++) {
            int a = random.nextInt(p);
            int b = random.nextInt(p - 1);
            if (b >= a) {
                b++;
            }
            long d = delta(state, s.objective(), a, b);
            if (d <= 0 || random.nextDouble() < Math.exp(-d / temperature)) {
                state.accept();
                accepted++;
                current += d;
                if (current < best) {
                    best = current;
                    for (int r = 0; r < p; r++) {
                        bestSlots[r] = state.slot(r);
                    }
                }
            } else {
                state.reject();
            }
            if (s.check()) {
                state.verify();
            }
            temperature *= cooling;
            trace.at(it, state, s.objective());
        }
        state.reset(bestSlots);
        return accepted;
    }

    private static long randomSearch(PlacementState state, Settings s, SplittableRandom random, Trace trace, Stop stop) {
        int p = state.slots().length;
        int[] bestSlots = state.slots();
        long best = Long.MAX_VALUE;
        long accepted = 0;
        for (long it = 1; it <= s.iterations() && !stop.before(it); it++) {
            int[] candidate = Permutations.shuffled(p, random);
            long v;
            if (s.objective() == Objective.HOPS) {
                v = state.hopsOf(candidate);
            } else {
                state.reset(candidate);
                v = state.contention();
            }
            if (v < best) {
                best = v;
                bestSlots = candidate;
                accepted++;
            }
            trace.at(it, best);
        }
        if (stop.reached > 0) {
            state.reset(bestSlots);
        }
        return accepted;
    }

    /** Slot of every rank under chain concatenation ordering. */
    static int[] cco(RankProblem problem) {
        Topology t = problem.topology();
        int n = t.nodeCount();
        int root = problem.node(0);
        int[] parent = new int[n];
        Arrays.fill(parent, -2);
        parent[root] = -1;
        int[] order = new int[n];
        int head = 0;
        int tail = 0;
        order[tail++] = root;
        int[] childCount = new int[n];
        while (head < tail) {
            int u = order[head++];
            for (int c = t.outStart(u); c < t.outEnd(u); c++) {
                int v = t.channelTarget(c);
                if (parent[v] == -2) {
                    parent[v] = u;
                    childCount[u]++;
                    order[tail++] = v;
                }
            }
        }
        // children lists in ascending id (BFS discovers a node's children in ascending channel target order)
        int[] childStart = new int[n + 1];
        for (int v = 0; v < n; v++) {
            childStart[v + 1] = childStart[v] + childCount[v];
        }
        int[] children = new int[Math.max(0, tail - 1)];
        int[] fill = Arrays.copyOf(childStart, n);
        for (int k = 1; k < tail; k++) {
            int v = order[k];
            children[fill[parent[v]]++] = v;
        }
        int[] slots = new int[problem.procs()];
        int rank = 0;
        ArrayDeque<Integer> stack = new ArrayDeque<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            int u = stack.pop();
            int slot = problem.slotOf(u);
            if (slot >= 0) {
                slots[rank++] = slot;
            }
            for (int k = childStart[u + 1] - 1; k >= childStart[u]; k--) {
                stack.push(children[k]);
            }
        }
        if (rank != slots.length) {
            throw new InvalidInputException("cco reached only " + rank + " of " + slots.length
                    + " mapped nodes from node " + root + "; expected a connected network");
        }
        return slots;
    }

    /** Objective samples for convergence plots. */
    private static final class Trace {
        private final long every;
        private long[] iterations = new long[16];
        private long[] values = new long[16];
        private int size;

        Trace(long every) {
            this.every = every;
        }

        void at(long iteration, PlacementState state, Objective objective) {
            if (every > 0 && iteration % every == 0) {
                add(iteration, value(state, objective));
            }
        }

        void at(long iteration, long value) {
            if (every > 0 && iteration % every == 0) {
                add(iteration, value);
            }
        }

        void add(long iteration, long value) {
            if (size == iterations.length) {
                iterations = Arrays.copyOf(iterations, 2 * size);
                values = Arrays.copyOf(values, 2 * size);
            }
            iterations[size] = iteration;
            values[size++] = value;
        }

        void finish(long iteration, long value) {
            if (size == 0 || iterations[size - 1] != iteration) {
                add(iteration, value);
            } else {
                values[size - 1] = value;
            }
        }

        long[] iterations() {
            return Arrays.copyOf(iterations, size);
        }

        long[] values() {
            return Arrays.copyOf(values, size);
        }
    }
}
