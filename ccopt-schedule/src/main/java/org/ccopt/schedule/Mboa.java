package org.ccopt.schedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;

/**
 * MBOA, the mixed Bayesian optimization algorithm (Ocenasek 2002), as Jaros, Ohlidal, Dvorak 2007, §3.2 use it:
 * an EDA whose model is one decision tree per variable instead of BOA's Bayesian network.
 *
 * <p>Variables: every transfer has two, its step (0..S-1) and its route (a source and a path, numbered together).
 * Each generation:
 * <ol>
 *   <li>tournament selection (size 2) picks half the population as parents;
 *   <li>the variables are put in a random order, which keeps the model acyclic; the tree of a variable may split
 *       only on variables earlier in the order, and only on those of its own transfer and of up to
 *       {@code neighbours} transfers whose routes share a channel with it (the variables that can interact through
 *       the conflict count; the restriction keeps model building linear in the problem size);
 *   <li>a tree grows greedily: at every node the binary test "X_j = v" with the largest gain in log-likelihood of
 *       the variable over the parents in that node is taken if the gain beats the BIC penalty
 *       (1/2 log2 M per extra leaf parameter, Ocenasek 2002, §4), up to depth {@code depth}; or, with
 *       {@code graphs}, a decision graph (Chickering, Heckerman, Meek 1997; Pelikan, Goldberg, Sastry 2001, the model
 *       of MBOA's discrete part after Ocenasek 2002): the same greedy search also considers merging any two leaves,
 *       which then share one distribution, and takes whichever split or merge improves the BIC score most, until none
 *       does (splits up to depth {@code depth}); merged leaves pool their parents, so a context seen rarely borrows the
 *       statistics of a similar one instead of being estimated from a handful of records;
 *   <li>children are sampled variable by variable in the order, each from the leaf its sampled predecessors lead
 *       to (the leaf's empirical distribution, i.e. the value of a random parent in the leaf);
 *   <li>the integer-bound mutation sets one random gene of every child to a random value within its bounds
 *       (mutation rate 100 %, §5); broadcast children are restored as in {@link Population#restore};
 *   <li>replacement, one of two readings: {@code window} 0, ccopt's tournament replacement (each child replaces
 *       the worse of two random members if it is not worse); or Ocenasek's restricted tournament replacement (RTR,
 *       Ocenasek 2002 after Harik 1995 and Pelikan): each child is compared with the member most similar to it
 *       (fewest differing genes) among {@code window} random members and replaces it if it is not worse, which
 *       keeps niches apart.
 * </ol>
 * The paper chose the population size per instance so that half the runs succeed; the default here is 200.
 */
public final class Mboa {

    /**
     * @param pairs the fitness counts conflicting pairs of transfers (2007 paper, §3.2: "counting conflicts in a schedule
     *              when two paths share the same channel in the same step") rather than transfers beyond capacity
     * @param depth   the deepest split of a variable's model (ccopt's bound on model building; the paper states none)
     * @param neighbours the other transfers, sharing a channel with a variable's transfer, whose variables its model may
     *                split on (ccopt's bound on model building, which keeps it linear in the problem size)
     * @param restart generations without a better best after which the population is drawn afresh (0: never);
     *                ccopt's addition, as for {@link Umda.Params#restart()}: the paper states no restart
     */
    public record Params(int population, int depth, int neighbours, boolean pairs, int restart, int window, boolean graphs) {
        /**
         * Generations without improvement before a restart, unless set: 1,000 (ccopt's addition, as UMDA's default;
         * the paper states no restart). Chosen by measurement on the 8-node all-port hypercube AAS (30 s, seeds
         * 1-10, population 200): never 5 of 10, after 250 generations 6, after 500 8, after 1,000 10.
         */
        public static final int DEFAULT_RESTART = 1000;

        public Params {
            if (population < 4 || population > 100_000) {
                throw InvalidInputException.parameter("mboa-population", population + " is out of range; expected 4..100000");
            }
            if (restart < 0) {
                throw InvalidInputException.parameter("mboa-restart", restart
                        + " is out of range; expected 0 (never) or more generations");
            }
            if (window < 0 || window > population) {
                throw InvalidInputException.parameter("mboa-rtr-window", window + " is out of range; expected 0 (tournament "
                        + "replacement) to the population, " + population);
            }
            if (depth < 1 || depth > 32) {
                throw InvalidInputException.parameter("mboa-depth", depth + " is out of range; expected 1..32");
            }
            if (neighbours < 0 || neighbours > 1000) {
                throw InvalidInputException.parameter("mboa-neighbours", neighbours + " is out of range; expected 0..1000");
            }
        }

        public static Params defaults() {
            return new Params(200, 4, 12, true, DEFAULT_RESTART, 0, false);
        }

        public Params withPairs(boolean p) {
            return new Params(population, depth, neighbours, p, restart, window, graphs);
        }

        public Params withPopulation(int size) {
            return new Params(size, depth, neighbours, pairs, restart, window, graphs);
        }

        public Params withRestart(int generations) {
            return new Params(population, depth, neighbours, pairs, generations, window, graphs);
        }

        /** Decision graphs (leaf merging) instead of decision trees. */
        public Params withGraphs(boolean g) {
            return new Params(population, depth, neighbours, pairs, restart, window, g);
        }

        /** Restricted tournament replacement over {@code members} random members (0: tournament replacement). */
        public Params withWindow(int members) {
            return new Params(population, depth, neighbours, pairs, restart, members, graphs);
        }

        /** The deepest split of a variable's tree or graph. */
        public Params withDepth(int levels) {
            return new Params(population, levels, neighbours, pairs, restart, window, graphs);
        }

        /** The transfers sharing a channel whose variables a model may split on. */
        public Params withNeighbours(int transfers) {
            return new Params(population, depth, transfers, pairs, restart, window, graphs);
        }
    }

    private Mboa() {
    }

    /**
     * A node of a decision tree or graph: a test X[var] == value, or a leaf (var == -1) holding parent indices. In a
     * graph a leaf merged into another points to it ({@code merged}); a leaf that is split becomes a test in place,
     * so every edge into it follows.
     */
    private static final class Node {
        int var;
        int value;
        Node eq;
        Node ne;
        int[] records;
        Node merged;
        int depth;
        /** The leaf's best split (graphs): its score change, variable, value and parts; var -1 when none. */
        double splitScore;
        int[][] splitParts;
        int splitVar = -1;
        int splitValue;

        Node(int var, int value, Node eq, Node ne, int[] records) {
            this.var = var;
            this.value = value;
            this.eq = eq;
            this.ne = ne;
            this.records = records;
        }

        static Node leaf(int[] records) {
            return new Node(-1, 0, null, null, records);
        }
    }

    public static Attempt run(ScheduleProblem p, int steps, Params prm, Budget budget, long seed, int threads) {
        long t0 = System.nanoTime();
        SplittableRandom rnd = new SplittableRandom(seed);
        int n = p.transferCount();
        int vars = 2 * n;
        int[][] routeStart = new int[n][];
        int[] domain = new int[vars];
        for (int t = 0; t < n; t++) {
            int[] sources = p.sources(t);
            routeStart[t] = new int[sources.length + 1];
            for (int si = 0; si < sources.length; si++) {
                routeStart[t][si + 1] = routeStart[t][si] + p.paths(sources[si], p.destination(t)).length;
            }
            domain[2 * t] = steps;
            domain[2 * t + 1] = routeStart[t][sources.length];
        }
        int[][] related = related(p, prm.neighbours(), rnd);
        Scratch scratch = new Scratch(Arrays.stream(domain).max().orElse(1));
        int size = prm.population();
        int half = Math.max(2, size / 2);
        long evaluations = 0;
        try (Population pop = new Population(p, steps, threads, prm.pairs())) {
            int[][] genes = new int[size][];
            List<Schedule> members = new ArrayList<>(size);
            long[] cost = new long[size];
            evaluations += initialise(p, pop, members, genes, cost, routeStart, rnd);
            int[] position = new int[vars];
            Restarts restarts = new Restarts(prm.restart());
            while (true) {
                int best = argmin(cost);
                restarts.note(cost[best], members.get(best));
                if (restarts.bestCost() == 0 || budget.exhausted(evaluations)) {
                    return new Attempt("mboa", steps, restarts.bestCost() == 0 ? Attempt.Outcome.FOUND : Attempt.Outcome.UNKNOWN,
                            restarts.best(), restarts.bestCost(), evaluations, (System.nanoTime() - t0) / 1e9);
                }
                if (restarts.stalled()) {
                    evaluations += initialise(p, pop, members, genes, cost, routeStart, rnd);
                    continue;
                }
                int[][] parents = new int[half][];
                for (int i = 0; i < half; i++) {
                    int a = rnd.nextInt(size);
                    int b = rnd.nextInt(size);
                    parents[i] = genes[cost[a] <= cost[b] ? a : b];
                }
                int[] order = Greedy.shuffled(vars, rnd);
                for (int k = 0; k < vars; k++) {
                    position[order[k]] = k;
                }
                Node[] trees = new Node[vars];
                int[] all = new int[half];
                for (int i = 0; i < half; i++) {
                    all[i] = i;
                }
                double penalty = 0.5 * Math.log(half) / Math.log(2);
                for (int v = 0; v < vars; v++) {
                    int[] cands = candidates(v, related, position);
                    trees[v] = prm.graphs() ? growGraph(v, all, parents, cands, prm.depth(), penalty, domain, scratch)
                            : grow(v, all, parents, cands, prm.depth(), penalty, domain, scratch);
                }
                List<Schedule> children = new ArrayList<>(half);
                List<int[]> childGenes = new ArrayList<>(half);
                for (int c = 0; c < half; c++) {
                    int[] g = new int[vars];
                    for (int k = 0; k < vars; k++) {
                        int v = order[k];
                        Node node = trees[v];
                        while (node.var >= 0 || node.merged != null) {
                            node = node.merged != null ? node.merged : g[node.var] == node.value ? node.eq : node.ne;
                        }
                        g[v] = parents[node.records[rnd.nextInt(node.records.length)]][v];
                    }
                    int v = rnd.nextInt(vars);
                    g[v] = rnd.nextInt(domain[v]);
                    Schedule s = decode(g, routeStart, steps);
                    if (p.relays()) {
                        pop.restore(s, rnd);
                        g = encode(s, routeStart);
                    }
                    children.add(s);
                    childGenes.add(g);
                }
                long[] childCost = pop.costs(children);
                evaluations += half;
                for (int c = 0; c < half; c++) {
                    int worse;
                    if (prm.window() > 0) {
                        worse = closest(childGenes.get(c), genes, prm.window(), rnd);
                    } else {
                        int a = rnd.nextInt(size);
                        int b = rnd.nextInt(size);
                        worse = cost[a] >= cost[b] ? a : b;
                    }
                    if (childCost[c] <= cost[worse]) {
                        members.set(worse, children.get(c));
                        genes[worse] = childGenes.get(c);
                        cost[worse] = childCost[c];
                    }
                }
            }
        }
    }

    /** RTR: among {@code window} random members, the one with the fewest genes different from {@code child}. */
    private static int closest(int[] child, int[][] genes, int window, SplittableRandom rnd) {
        int best = -1;
        int bestDistance = Integer.MAX_VALUE;
        for (int i = 0; i < window; i++) {
            int m = rnd.nextInt(genes.length);
            int[] g = genes[m];
            int d = 0;
            for (int k = 0; k < g.length && d < bestDistance; k++) {
                d += g[k] != child[k] ? 1 : 0;
            }
            if (d < bestDistance) {
                bestDistance = d;
                best = m;
            }
        }
        return best;
    }

    /** A fresh random population (broadcasts restored), encoded and costed. */
    private static int initialise(ScheduleProblem p, Population pop, List<Schedule> members, int[][] genes, long[] cost,
                                  int[][] routeStart, SplittableRandom rnd) {
        members.clear();
        for (int i = 0; i < genes.length; i++) {
            Schedule s = pop.random(rnd);
            if (p.relays()) {
                pop.restore(s, rnd);
            }
            members.add(s);
            genes[i] = encode(s, routeStart);
        }
        System.arraycopy(pop.costs(members), 0, cost, 0, genes.length);
        return genes.length;
    }

    /**
     * Count tables reused by every tree of a generation (values are small integers below their variable's domain): the
     * counts of the modelled variable in a node, in the part where a candidate test holds, and of the candidate.
     */
    private static final class Scratch {
        final int[] all;
        final int[] eq;
        final int[] cand;
        final int[] top = new int[4];
        /** The last {@link #bestSplit}: variable and value. */
        int splitVar;
        int splitValue;

        Scratch(int maxDomain) {
            all = new int[maxDomain];
            eq = new int[maxDomain];
            cand = new int[maxDomain];
        }
    }

    private static Node grow(int v, int[] records, int[][] parents, int[] cands, int depth, double penalty, int[] domain,
                             Scratch s) {
        if (depth == 0 || !bestSplit(v, records, parents, cands, penalty, domain, s)) {
            return Node.leaf(records);
        }
        int[][] parts = split(records, parents, s.splitVar, s.splitValue);
        return new Node(s.splitVar, s.splitValue, grow(v, parts[0], parents, cands, depth - 1, penalty, domain, s),
                grow(v, parts[1], parents, cands, depth - 1, penalty, domain, s), null);
    }

    /**
     * The greedy decision-graph search for variable v: from one leaf, apply the split or merge that improves the
     * BIC score most until none improves it. The score is the log-likelihood of v in every leaf minus the penalty of
     * each leaf's free parameters (the domain of v less one, the usual BIC count: a pure leaf costs as much as any
     * other, so two leaves that agree merge); a leaf's split is the test {@link #bestSplit} picks, and every applied
     * operation raises the score, so the search ends.
     */
    private static Node growGraph(int v, int[] records, int[][] parents, int[] cands, int depth, double penalty, int[] domain,
                                  Scratch s) {
        Node root = Node.leaf(records);
        List<Node> leaves = new ArrayList<>();
        leaves.add(root);
        scoreSplit(root, v, parents, cands, depth, penalty, domain, s);
        int dv = domain[v];
        while (true) {
            Node splitLeaf = null;
            double best = 0;
            for (Node leaf : leaves) {
                if (leaf.splitVar >= 0 && leaf.splitScore > best) {
                    best = leaf.splitScore;
                    splitLeaf = leaf;
                }
            }
            int mergeA = -1;
            int mergeB = -1;
            for (int a = 0; a < leaves.size(); a++) {
                for (int b = a + 1; b < leaves.size(); b++) {
                    double score = mergeScore(leaves.get(a).records, leaves.get(b).records, v, parents, dv, penalty, s);
                    if (score > best) {
                        best = score;
                        mergeA = a;
                        mergeB = b;
                    }
                }
            }
            if (mergeA >= 0) {
                Node a = leaves.get(mergeA);
                Node b = leaves.remove(mergeB);
                int[] union = Arrays.copyOf(a.records, a.records.length + b.records.length);
                System.arraycopy(b.records, 0, union, a.records.length, b.records.length);
                a.records = union;
                a.depth = Math.max(a.depth, b.depth);
                b.records = null;
                b.merged = a;
                scoreSplit(a, v, parents, cands, depth, penalty, domain, s);
            } else if (splitLeaf != null) {
                Node eq = Node.leaf(splitLeaf.splitParts[0]);
                Node ne = Node.leaf(splitLeaf.splitParts[1]);
                eq.depth = ne.depth = splitLeaf.depth + 1;
                splitLeaf.var = splitLeaf.splitVar;
                splitLeaf.value = splitLeaf.splitValue;
                splitLeaf.eq = eq;
                splitLeaf.ne = ne;
                splitLeaf.records = null;
                splitLeaf.splitParts = null;
                leaves.remove(splitLeaf);
                leaves.add(eq);
                leaves.add(ne);
                scoreSplit(eq, v, parents, cands, depth, penalty, domain, s);
                scoreSplit(ne, v, parents, cands, depth, penalty, domain, s);
            } else {
                return root;
            }
        }
    }

    /**
     * Test hook: the model of variable v over all of {@code parents} (a tree, or a graph), as the distinct leaves
     * it ends in, each as the sorted values of v it holds.
     */
    static List<int[]> leaves(int v, int[][] parents, int[] cands, int depth, int[] domain, boolean graphs) {
        int[] all = new int[parents.length];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        double penalty = 0.5 * Math.log(parents.length) / Math.log(2);
        Scratch s = new Scratch(Arrays.stream(domain).max().orElse(1));
        Node root = graphs ? growGraph(v, all, parents, cands, depth, penalty, domain, s)
                : grow(v, all, parents, cands, depth, penalty, domain, s);
        java.util.Set<Node> seen = new java.util.HashSet<>(); // Node keeps identity equality
        java.util.ArrayDeque<Node> open = new java.util.ArrayDeque<>(List.of(root));
        List<int[]> out = new ArrayList<>();
        while (!open.isEmpty()) {
            Node node = open.pop();
            while (node.merged != null) {
                node = node.merged;
            }
            if (!seen.add(node)) {
                continue;
            }
            if (node.var >= 0) {
                open.push(node.ne);
                open.push(node.eq);
            } else {
                out.add(Arrays.stream(node.records).map(r -> parents[r][v]).sorted().toArray());
            }
        }
        return out;
    }

    /** Records a leaf's best split, its parts and its score change, or none at the depth limit. */
    private static void scoreSplit(Node leaf, int v, int[][] parents, int[] cands, int depth, double penalty, int[] domain,
                                   Scratch s) {
        leaf.splitVar = -1;
        if (leaf.depth < depth && bestSplit(v, leaf.records, parents, cands, penalty, domain, s)) {
            leaf.splitVar = s.splitVar;
            leaf.splitValue = s.splitValue;
            leaf.splitParts = split(leaf.records, parents, s.splitVar, s.splitValue);
            leaf.splitScore = -mergeScore(leaf.splitParts[0], leaf.splitParts[1], v, parents, domain[v], penalty, s);
        }
    }

    /**
     * The score change of pooling two leaves of variable v into one: the log-likelihood lost plus the penalty of the
     * parameters saved (one leaf's, the domain less one).
     */
    private static double mergeScore(int[] a, int[] b, int v, int[][] parents, int dv, double penalty, Scratch s) {
        Arrays.fill(s.all, 0, dv, 0);
        Arrays.fill(s.eq, 0, dv, 0);
        for (int r : a) {
            s.all[parents[r][v]]++;
        }
        for (int r : b) {
            s.eq[parents[r][v]]++;
        }
        double separate = logLikelihood(s.all, dv, a.length) + logLikelihood(s.eq, dv, b.length);
        for (int x = 0; x < dv; x++) {
            s.all[x] += s.eq[x];
        }
        return logLikelihood(s.all, dv, a.length + b.length) - separate + penalty * (dv - 1);
    }

    /**
     * The best binary test "X_u = value" for variable v over {@code records}: among the candidate variables and, per
     * candidate, its four most frequent values, the test with the largest gain in log-likelihood if that gain beats the
     * BIC penalty of one more leaf; false if none does. The test is left in {@code s}.
     */
    private static boolean bestSplit(int v, int[] records, int[][] parents, int[] cands, double penalty, int[] domain,
                                     Scratch s) {
        if (records.length < 4 || cands.length == 0) {
            return false;
        }
        int dv = domain[v];
        Arrays.fill(s.all, 0, dv, 0);
        for (int r : records) {
            s.all[parents[r][v]]++;
        }
        double base = logLikelihood(s.all, dv, records.length);
        int distinct = 0;
        for (int x = 0; x < dv; x++) {
            distinct += s.all[x] > 0 ? 1 : 0;
        }
        double threshold = penalty * (distinct - 1);
        double bestGain = threshold;
        int bestVar = -1;
        int bestValue = 0;
        int[] top = s.top;
        for (int u : cands) {
            int du = domain[u];
            Arrays.fill(s.cand, 0, du, 0);
            for (int r : records) {
                s.cand[parents[r][u]]++;
            }
            int k = topValues(s.cand, du, top);
            if (k < 2) {
                continue; // the candidate takes one value here: no split
            }
            for (int t = 0; t < Math.min(k, 4); t++) {
                int value = top[t];
                Arrays.fill(s.eq, 0, dv, 0);
                for (int r : records) {
                    if (parents[r][u] == value) {
                        s.eq[parents[r][v]]++;
                    }
                }
                // the part where the test fails holds all minus eq of each value
                double llEq = logLikelihood(s.eq, dv, s.cand[value]);
                double llNe = 0;
                int ne = records.length - s.cand[value];
                for (int x = 0; x < dv; x++) {
                    int c = s.all[x] - s.eq[x];
                    if (c > 0) {
                        llNe += c * Math.log((double) c / ne) / LN2;
                    }
                }
                double gain = llEq + llNe - base;
                if (gain > bestGain) {
                    bestGain = gain;
                    bestVar = u;
                    bestValue = value;
                }
            }
        }
        s.splitVar = bestVar;
        s.splitValue = bestValue;
        return bestVar >= 0;
    }

    private static final double LN2 = Math.log(2);

    /** Log-likelihood (bits) of values with these counts (of {@code n} in all) under their empirical distribution. */
    private static double logLikelihood(int[] counts, int domain, int n) {
        double ll = 0;
        for (int x = 0; x < domain; x++) {
            int c = counts[x];
            if (c > 0) {
                ll += c * Math.log((double) c / n) / LN2;
            }
        }
        return ll;
    }

    /**
     * The (up to) four most frequent values in {@code counts}, most frequent first and the smaller value first among
     * equals, into {@code top}; returns how many distinct values there are (not capped at four).
     */
    private static int topValues(int[] counts, int domain, int[] top) {
        int distinct = 0;
        int filled = 0;
        for (int x = 0; x < domain; x++) {
            int c = counts[x];
            if (c == 0) {
                continue;
            }
            distinct++;
            // insertion into the sorted top list; ascending x keeps the smaller value first among equal counts
            int i = Math.min(filled, top.length - 1);
            if (filled == top.length && counts[top[i]] >= c) {
                continue;
            }
            while (i > 0 && counts[top[i - 1]] < c) {
                top[i] = top[i - 1];
                i--;
            }
            top[i] = x;
            filled = Math.min(filled + 1, top.length);
        }
        return distinct;
    }

    private static int[][] split(int[] records, int[][] parents, int u, int value) {
        int eq = 0;
        for (int r : records) {
            if (parents[r][u] == value) {
                eq++;
            }
        }
        int[] a = new int[eq];
        int[] b = new int[records.length - eq];
        int i = 0;
        int j = 0;
        for (int r : records) {
            if (parents[r][u] == value) {
                a[i++] = r;
            } else {
                b[j++] = r;
            }
        }
        return new int[][] {a, b};
    }

    /** The split candidates of variable v: variables of its own and related transfers that come before it. */
    private static int[] candidates(int v, int[][] related, int[] position) {
        int t = v / 2;
        int[] out = new int[2 * related[t].length + 1];
        int k = 0;
        int sibling = v ^ 1;
        if (position[sibling] < position[v]) {
            out[k++] = sibling;
        }
        for (int u : related[t]) {
            for (int w = 2 * u; w <= 2 * u + 1; w++) {
                if (position[w] < position[v]) {
                    out[k++] = w;
                }
            }
        }
        return Arrays.copyOf(out, k);
    }

    /** Up to {@code limit} random transfers whose listed routes share a channel with each transfer's. */
    private static int[][] related(ScheduleProblem p, int limit, SplittableRandom rnd) {
        int n = p.transferCount();
        List<List<Integer>> byChannel = new ArrayList<>();
        for (int c = 0; c < p.topology().channelCount(); c++) {
            byChannel.add(new ArrayList<>());
        }
        for (int t = 0; t < n; t++) {
            for (int c : p.paths(p.sources(t)[0], p.destination(t))[0]) {
                byChannel.get(c).add(t);
            }
        }
        int[][] related = new int[n][];
        for (int t = 0; t < n; t++) {
            java.util.TreeSet<Integer> set = new java.util.TreeSet<>();
            for (int c : p.paths(p.sources(t)[0], p.destination(t))[0]) {
                set.addAll(byChannel.get(c));
            }
            set.remove(t);
            int[] all = set.stream().mapToInt(Integer::intValue).toArray();
            for (int i = all.length - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                int x = all[i];
                all[i] = all[j];
                all[j] = x;
            }
            related[t] = Arrays.copyOf(all, Math.min(limit, all.length));
        }
        return related;
    }

    private static int[] encode(Schedule s, int[][] routeStart) {
        int[] g = new int[2 * s.transferCount()];
        for (int t = 0; t < s.transferCount(); t++) {
            g[2 * t] = s.step[t];
            g[2 * t + 1] = routeStart[t][s.source[t]] + s.path[t];
        }
        return g;
    }

    private static Schedule decode(int[] g, int[][] routeStart, int steps) {
        int n = g.length / 2;
        Schedule s = new Schedule(steps, n);
        for (int t = 0; t < n; t++) {
            int route = g[2 * t + 1];
            int si = 0;
            while (routeStart[t][si + 1] <= route) {
                si++;
            }
            s.set(t, g[2 * t], si, route - routeStart[t][si]);
        }
        return s;
    }

    private static int argmin(long[] cost) {
        int best = 0;
        for (int i = 1; i < cost.length; i++) {
            if (cost[i] < cost[best]) {
                best = i;
            }
        }
        return best;
    }
}
