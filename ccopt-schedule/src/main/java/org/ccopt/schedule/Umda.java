package org.ccopt.schedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.ccopt.util.Permutations;

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
 * index copied next to a different source wraps modulo that pair's path count (2007 paper, §3.2).
 *
 * <p>Building blocks (§4.4: "good building blocks are injected into the initial population. For all point-to-point
 * communications of OAB, the time slot is set initially to the same value (step no. 0). By selecting correct time
 * slots, the restoration heuristic produces corrected broadcast trees"): the paper numbers steps from 1 (§4.2, Fig. 5:
 * the gene of node 1 "finishing during the first communication step"), so step no. 0 is no step at all. One sixth of
 * a broadcast run's initial population (ccopt's share; the paper gives none) starts with every transfer slotless,
 * and {@link #slotBroadcastTrees} selects the slots: it grows every message's tree step by step, each informed node
 * with a free send port informing a random uninformed node with a free receive port. Setting those steps to the
 * first step instead would make every seeded member a star from the root.
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
     * @param receiverAcceleration  the acceleration relieves receivers as well as senders (ccopt's extension of §4.4,
     *                              off by default: it keeps the population from converging, see
     *                              {@link Population#accelerate})
     * @param tests                 tested moves per scatter mutation (0: the random swap of §4.4 alone). §4.5 calls the
     *                              mutation "responsible for testing and changing" the communications; read as a
     *                              test, each of {@code tests} moves takes a random conflicting communication and
     *                              tries it in every other time slot of its sender (swapping with the communication
     *                              there, the §4.4 swap, or moving to a free slot) and on every path of its pair,
     *                              and applies the alternative with the fewest conflicts (ties at random), even when it
     *                              is worse than where it was. The child is accelerated before the test, so it tests
     *                              the schedule the fitness will see. 5 is ccopt's choice: measured on Omega 16 AAS at
     *                              16 steps (seeds 1-3, 60 s), 1 test solved 2 of 3, 5 solved 3 of 3 in 8-18 s, 20
     *                              kept the population from converging (best 208-215 pairs).
     * @param blocks                building blocks in a broadcast run's initial population (§4.4; the paper gives no
     *                              count, ccopt's default is one sixth of the population)
     * @param selectSlots           the building blocks' "step no. 0" is no step, and {@link #slotBroadcastTrees}
     *                              selects their slots; false: every transfer of a
     *                              block in the first step, which restoration and acceleration turn into one star per
     *                              message from its root, one transfer per step
     */
    public record Params(int population, double mutation, boolean sourceMutation, boolean broadcastSwap,
                         boolean broadcastAcceleration, boolean pairs, int restart, double selection,
                         boolean receiverAcceleration, int tests, int blocks, boolean selectSlots) {
        /** The paper's selection, half. */
        public static final double PAPER_SELECTION = 0.5;

        /** Tested moves of a scatter mutation under the {@code ccopt} reading (see {@code tests}). */
        public static final int DEFAULT_TESTS = 5;

        public Params(int population, double mutation, boolean sourceMutation, boolean broadcastSwap,
                      boolean broadcastAcceleration, boolean pairs, int restart) {
            this(population, mutation, sourceMutation, broadcastSwap, broadcastAcceleration, pairs, restart, PAPER_SELECTION,
                    false, 0, population / 6, false);
        }

        public Params {
            if (population < 2 || population > 100_000) {
                throw org.ccopt.InvalidInputException.parameter("umda-population", population
                        + " is out of range; expected 2..100000");
            }
            if (!(mutation >= 0 && mutation <= 1)) {
                throw org.ccopt.InvalidInputException.parameter("umda-mutation", mutation + " is out of range; expected 0..1");
            }
            if (restart < 0) {
                throw org.ccopt.InvalidInputException.parameter("umda-restart", restart
                        + " is out of range; expected 0 (never) or more generations");
            }
            int selected = (int) (population * selection);
            if (!(selection > 0 && selection < 1) || selected < 1 || selected >= population) {
                throw org.ccopt.InvalidInputException.parameter("umda-selection", selection + " is out of range for a "
                        + "population of " + population + "; expected a share in (0, 1) that selects 1 to "
                        + (population - 1) + " members");
            }
            if (blocks < 0 || blocks > population) {
                throw org.ccopt.InvalidInputException.parameter("umda-blocks", blocks + " is out of range; expected 0.."
                        + population + " (the population)");
            }
            if (tests < 0 || tests > 1000) {
                throw org.ccopt.InvalidInputException.parameter("umda-tests", tests + " is out of range; expected 0..1000");
            }
        }

        /** Members selected as parents (and replaced by children) per generation. */
        int selected() {
            return (int) (population * selection);
        }
        /**
         * The paper's values with every broadcast reading on and {@value #DEFAULT_TESTS} tested moves per scatter
         * mutation (the {@code ccopt} reading): measured with the excess count, Omega 8 AAB at 7 steps was found on
         * seeds 1-3 in 0.4-1.6 s with all three broadcast readings, on 1 of 3 seeds in 10 s with acceleration alone, and
         * never (best cost 34-42 after 10 s) with none (docs/results/schedule-umda.md has both counts).
         */
        public static Params paper() {
            return new Params(60, 0.9, true, true, true, true, DEFAULT_RESTART, PAPER_SELECTION, false, DEFAULT_TESTS, 10, false);
        }

        /**
         * The paper's values with the sentences of §4.4-4.5 read narrowly: no broadcast reading, the scatter mutation the
         * untested random swap (pairs counted).
         */
        public static Params literal() {
            return new Params(60, 0.9, false, false, false, true, DEFAULT_RESTART, PAPER_SELECTION, false, 0, 10, false);
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
            ConflictState tested = prm.tests() > 0 && !p.relays() ? new ConflictState(p, steps) : null;
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
                    if (tested != null) {
                        pop.repair(child, rnd, prm.broadcastAcceleration(), prm.receiverAcceleration());
                    }
                    if (rnd.nextDouble() < prm.mutation()) {
                        if (tested != null) {
                            evaluations += test(p, child, tested, prm.tests(), prm.pairs(), rnd);
                        } else {
                            mutate(p, child, rnd, prm);
                        }
                    }
                    pop.repair(child, rnd, prm.broadcastAcceleration(), prm.receiverAcceleration());
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

    /** A fresh random population (one sixth of broadcast members the slotless building blocks, §4.4), repaired and costed. */
    private static int initialise(ScheduleProblem p, Population pop, List<Schedule> members, long[] cost,
                                  SplittableRandom rnd, Params prm) {
        int size = prm.population();
        members.clear();
        for (int i = 0; i < size; i++) {
            Schedule s = pop.random(rnd);
            if (p.relays() && i < prm.blocks()) {
                if (prm.selectSlots()) {
                    slotBroadcastTrees(p, s, rnd);
                } else {
                    Arrays.fill(s.step, 0);
                }
            }
            pop.repair(s, rnd, prm.broadcastAcceleration(), prm.receiverAcceleration());
            members.add(s);
        }
        System.arraycopy(pop.costs(members), 0, cost, 0, size);
        return size;
    }

    /**
     * Selects the time slots of a building block whose transfers all start slotless (§4.4, the paper's "step no. 0"):
     * step by step, messages in a random order, every node that holds a message before the step and has a free send
     * port informs a random uninformed receiver of that message with a free receive port, from itself (its path
     * random among the pair's); what is left when the steps run out gets a random step and source, for the
     * restoration to correct. The trees respect the port model; their links are left to the search.
     */
    static void slotBroadcastTrees(ScheduleProblem p, Schedule s, SplittableRandom rnd) {
        int steps = s.steps();
        int n = p.transferCount();
        int nodes = p.topology().nodeCount();
        int messages = p.messageCount();
        boolean[] slotted = new boolean[n];
        int[] sendFree = new int[nodes];
        int[] recvFree = new int[nodes];
        int[] order = new int[messages];
        for (int m = 0; m < messages; m++) {
            order[m] = m;
        }
        int[] informed = new int[nodes];
        int[] open = new int[n];
        for (int step = 0; step < steps; step++) {
            for (int v = 0; v < nodes; v++) {
                sendFree[v] = p.sendPorts(v);
                recvFree[v] = p.receivePorts(v);
            }
            Permutations.shuffle(order, messages, rnd);
            for (int oi = 0; oi < messages; oi++) {
                int m = order[oi];
                int holders = 0;
                informed[holders++] = p.sender(m);
                int k = 0;
                for (int t = p.messageStart(m); t < p.messageStart(m + 1); t++) {
                    if (slotted[t] && s.step[t] < step) {
                        informed[holders++] = p.destination(t);
                    } else if (!slotted[t]) {
                        open[k++] = t;
                    }
                }
                Permutations.shuffle(informed, holders, rnd);
                for (int h = 0; h < holders && k > 0; h++) {
                    int f = informed[h];
                    if (sendFree[f] <= 0) {
                        continue;
                    }
                    int si = -1;
                    int pick = -1;
                    for (int tries = 0, start = rnd.nextInt(k); tries < k && pick < 0; tries++) {
                        int t = open[(start + tries) % k];
                        si = indexOf(p.sources(t), f);
                        pick = si >= 0 && recvFree[p.destination(t)] > 0 ? (start + tries) % k : -1;
                    }
                    if (pick < 0) {
                        continue;
                    }
                    int t = open[pick];
                    open[pick] = open[--k];
                    s.set(t, step, si, rnd.nextInt(p.paths(f, p.destination(t)).length));
                    slotted[t] = true;
                    sendFree[f]--;
                    recvFree[p.destination(t)]--;
                }
            }
        }
        for (int t = 0; t < n; t++) {
            if (!slotted[t]) {
                s.step[t] = rnd.nextInt(steps);
            }
        }
    }

    private static int indexOf(int[] values, int v) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] == v) {
                return i;
            }
        }
        return -1;
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

    /**
     * The tested scatter mutation ({@link Params#tests}): {@code tests} times, a random conflicting communication goes to
     * the alternative with the fewest conflicts among every other time slot of its sender (swapping with the
     * communication the sender has there, or moving to a slot where the sender has a free port) and every path of its
     * pair in its own slot; ties at random. {@code st} is scratch sized for the run's problem and steps. Returns the
     * conflict counts it took (each trial is a fitness evaluation of a variant), which the run adds to its evaluations.
     */
    static long test(ScheduleProblem p, Schedule child, ConflictState st, int tests, boolean pairs, SplittableRandom rnd) {
        st.load(child);
        long cost = cost(st, pairs);
        long evaluated = 1; // every conflict count taken, trials included: each is a fitness evaluation of a variant
        for (int k = 0; k < tests && cost > 0; k++) {
            int t = st.conflicting(rnd.nextInt(st.conflictingCount()));
            int from = st.step(t);
            int src = st.sourceIndex(t);
            int f = p.sources(t)[src];
            int paths = p.paths(f, p.destination(t)).length;
            long best = Long.MAX_VALUE;
            int choice = 0; // >= 0: swap with that transfer; <= -1: slot -1 - choice; paths after slots
            int ties = 0;
            for (int x = 0; x < child.steps(); x++) {
                if (x == from) {
                    continue;
                }
                int u = st.sendUse(x, f) >= p.sendPorts(f) ? st.sendOccupant(x, f) : -1;
                long total;
                if (u >= 0) {
                    swapped(st, t, u);
                    total = cost(st, pairs);
                    evaluated++;
                    swapped(st, t, u);
                } else {
                    st.move(t, x, src, st.pathIndex(t));
                    total = cost(st, pairs);
                    evaluated++;
                    st.move(t, from, src, st.pathIndex(t));
                }
                int c = u >= 0 ? u : -1 - x;
                if (total < best) {
                    best = total;
                    choice = c;
                    ties = 1;
                } else if (total == best && rnd.nextInt(++ties) == 0) {
                    choice = c;
                }
            }
            int current = st.pathIndex(t);
            int pathChoice = -1;
            for (int pi = 0; pi < paths; pi++) {
                if (pi == current) {
                    continue;
                }
                st.move(t, from, src, pi);
                long total = cost(st, pairs);
                evaluated++;
                st.move(t, from, src, current);
                if (total < best || (total == best && rnd.nextInt(++ties) == 0)) {
                    if (total < best) {
                        ties = 1;
                    }
                    best = total;
                    pathChoice = pi;
                }
            }
            if (best == Long.MAX_VALUE) {
                continue; // one slot and one path: nothing to test
            }
            if (pathChoice >= 0) {
                st.move(t, from, src, pathChoice);
            } else if (choice >= 0) {
                swapped(st, t, choice);
            } else {
                st.move(t, -1 - choice, src, st.pathIndex(t));
            }
            cost = cost(st, pairs);
            evaluated++;
        }
        for (int t = 0; t < child.transferCount(); t++) {
            child.step[t] = st.step(t);
            child.path[t] = st.pathIndex(t);
        }
        return evaluated;
    }

    private static long cost(ConflictState st, boolean pairs) {
        return pairs ? st.pairCost() : st.cost();
    }

    /** Exchanges the steps of transfers t and u in {@code st} (applying it twice undoes it). */
    private static void swapped(ConflictState st, int t, int u) {
        int ts = st.step(t);
        int us = st.step(u);
        st.remove(t);
        st.remove(u);
        st.insert(t, us, st.sourceIndex(t), st.pathIndex(t));
        st.insert(u, ts, st.sourceIndex(u), st.pathIndex(u));
    }

    /** Indices sorted by cost, ties by index (deterministic). */
    static void sort(Integer[] order, long[] cost) {
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.<Integer>comparingLong(i -> cost[i]).thenComparingInt(i -> i));
    }
}
