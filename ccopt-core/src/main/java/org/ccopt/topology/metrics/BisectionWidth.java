package org.ccopt.topology.metrics;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ccopt.topology.Topology;

/**
 * Bisection width: the fewest links that must be cut to split the <em>terminals</em> into two halves
 * (sizes floor(T/2) and ceil(T/2)); switches may fall on either side. Counted in links for two-way networks
 * and in channels for one-way networks; {@link Result#channels()} always counts channels in both
 * directions, the B_C of Jaros et al. 2007 (Table 1: their AAS bound P^2 / (2 B_C) reproduces Table 2 only
 * with B_C = 2 x links for the full-duplex hypercube).
 *
 * <p>Three methods, tried in order:
 * <ol>
 *   <li>a closed form the generator knows (tori/meshes with even k_max, hypercubes, fat trees, trees);
 *   <li>an exact branch and bound over node sides in BFS order, pruned with the bound
 *       cut + sum over unassigned nodes of min(weight to side A, weight to side B), within an effort limit;
 *   <li>otherwise the best cut a Kernighan-Lin style local search finds from several seeded starts: an upper
 *       bound, labelled as such ({@code exact = false}). A pass makes at most min(T/2, 2x10^8 / T) swaps, so
 *       the search stays bounded on million-node graphs (where it degrades towards the BFS split).
 * </ol>
 */
public final class BisectionWidth {

    /** A bisection result; {@code side} is a witness partition (0/1 per node) or null for closed forms. */
    public record Result(long width, long channels, boolean exact, String method, int[] side) {
    }

    /** The exact search recurses once per node; beyond this size it is skipped (and would not finish anyway). */
    static final int MAX_EXACT_NODES = 4096;

    /** Work budget of one Kernighan-Lin pass, in gain scans (each swap scans all terminals). */
    private static final long PASS_BUDGET = 200_000_000L;

    private final Topology t;
    private final int n;
    private final int[] start;
    private final int[] nbr;
    private final int[] weight;

    public BisectionWidth(Topology topology) {
        this.t = topology;
        this.n = topology.nodeCount();
        // undirected weighted view: weight(u, v) = channels between u and v, in either direction
        int[] count = new int[n + 1];
        int[][] lists = new int[n][];
        int[][] weights = new int[n][];
        for (int u = 0; u < n; u++) {
            int[] tmp = new int[topology.outDegree(u) + topology.inDegree(u)];
            int k = 0;
            for (int c = topology.outStart(u); c < topology.outEnd(u); c++) {
                tmp[k++] = topology.channelTarget(c);
            }
            for (int i = topology.inStart(u); i < topology.inEnd(u); i++) {
                tmp[k++] = topology.channelSource(topology.inChannel(i));
            }
            Arrays.sort(tmp);
            int[] l = new int[tmp.length];
            int[] w = new int[tmp.length];
            int m = 0;
            for (int i = 0; i < tmp.length; i++) {
                if (m > 0 && l[m - 1] == tmp[i]) {
                    w[m - 1]++;
                } else {
                    l[m] = tmp[i];
                    w[m] = 1;
                    m++;
                }
            }
            lists[u] = Arrays.copyOf(l, m);
            weights[u] = Arrays.copyOf(w, m);
            count[u + 1] = count[u] + m;
        }
        start = count;
        nbr = new int[count[n]];
        weight = new int[count[n]];
        for (int u = 0; u < n; u++) {
            System.arraycopy(lists[u], 0, nbr, start[u], lists[u].length);
            System.arraycopy(weights[u], 0, weight, start[u], weights[u].length);
        }
    }

    /** Closed form, else exact search within {@code effort} search nodes, else heuristic upper bound. */
    public Result compute(long effort, long seed) {
        long closed = t.geometry().bisectionClosedForm();
        if (closed >= 0) {
            long channels = t.isOneWay() ? closed : 2 * closed;
            return new Result(closed, channels, true, "closed form: " + t.geometry().bisectionFormula(), null);
        }
        int[] best = heuristic(seed, n <= 2048 ? 6 : 2);
        long bestCut = cut(best);
        if (effort > 0 && n <= MAX_EXACT_NODES) {
            int[] exact = branchAndBound(best, bestCut, effort);
            if (exact != null) {
                return result(exact, true, "exact branch and bound");
            }
        }
        return result(best, false, "heuristic upper bound (Kernighan-Lin local search)");
    }

    private Result result(int[] side, boolean exact, String method) {
        long channels = cut(side);
        return new Result(t.isOneWay() ? channels : channels / 2, channels, exact, method, side);
    }

    /** Channels crossing the partition, both directions. */
    public long cut(int[] side) {
        long c = 0;
        for (int u = 0; u < n; u++) {
            for (int i = start[u]; i < start[u + 1]; i++) {
                if (nbr[i] > u && side[nbr[i]] != side[u]) {
                    c += weight[i];
                }
            }
        }
        return c;
    }

    // ---------------------------------------------------------------- exact branch and bound

    private int[] order;
    private int[] sideOf;
    private int[] toA;
    private int[] toB;
    private long nodesLeft;
    private long bestSoFar;
    private int[] bestSide;
    private int terminalsLow;
    private int terminalsHigh;
    private int[] terminalsAfter;

    /** Returns a partition strictly better than {@code incumbent} if one exists, the incumbent if proven optimal, null if out of effort. */
    private int[] branchAndBound(int[] incumbent, long incumbentCut, long effort) {
        order = bfsOrder();
        sideOf = new int[n];
        Arrays.fill(sideOf, -1);
        toA = new int[n];
        toB = new int[n];
        nodesLeft = effort;
        bestSoFar = incumbentCut;
        bestSide = incumbent.clone();
        int terminals = t.terminalCount();
        terminalsLow = terminals / 2;
        terminalsHigh = terminals - terminals / 2;
        terminalsAfter = new int[n + 1];
        for (int i = n - 1; i >= 0; i--) {
            terminalsAfter[i] = terminalsAfter[i + 1] + (t.isTerminal(order[i]) ? 1 : 0);
        }
        boolean complete = search(0, 0, 0, 0);
        return complete ? bestSide : null;
    }

    private boolean search(int depth, long cutSoFar, long pending, int terminalsInA) {
        if (--nodesLeft < 0) {
            return false;
        }
        if (cutSoFar + pending >= bestSoFar) {
            return true;
        }
        if (depth == n) {
            bestSoFar = cutSoFar;
            for (int i = 0; i < n; i++) {
                bestSide[i] = sideOf[i];
            }
            return true;
        }
        int v = order[depth];
        boolean terminal = t.isTerminal(v);
        int remainingAfter = terminalsAfter[depth + 1];
        for (int s = 0; s < 2; s++) {
            if (depth == 0 && s == 1) {
                break; // complement symmetry: the first node stays on side A
            }
            int a = terminalsInA + (terminal && s == 0 ? 1 : 0);
            if (a > terminalsHigh || a + remainingAfter < terminalsLow) {
                continue;
            }
            long added = s == 0 ? toB[v] : toA[v];
            long newPending = pending - Math.min(toA[v], toB[v]);
            sideOf[v] = s;
            for (int i = start[v]; i < start[v + 1]; i++) {
                int w = nbr[i];
                if (sideOf[w] < 0) {
                    int before = Math.min(toA[w], toB[w]);
                    if (s == 0) {
                        toA[w] += weight[i];
                    } else {
                        toB[w] += weight[i];
                    }
                    newPending += Math.min(toA[w], toB[w]) - before;
                }
            }
            boolean ok = search(depth + 1, cutSoFar + added, newPending, a);
            for (int i = start[v]; i < start[v + 1]; i++) {
                int w = nbr[i];
                if (sideOf[w] < 0) {
                    if (s == 0) {
                        toA[w] -= weight[i];
                    } else {
                        toB[w] -= weight[i];
                    }
                }
            }
            sideOf[v] = -1;
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private int[] bfsOrder() {
        int[] result = new int[n];
        boolean[] seen = new boolean[n];
        int tail = 0;
        for (int root = 0; root < n; root++) {
            if (seen[root]) {
                continue;
            }
            seen[root] = true;
            int head = tail;
            result[tail++] = root;
            while (head < tail) {
                int u = result[head++];
                for (int i = start[u]; i < start[u + 1]; i++) {
                    if (!seen[nbr[i]]) {
                        seen[nbr[i]] = true;
                        result[tail++] = nbr[i];
                    }
                }
            }
        }
        return result;
    }

    // ---------------------------------------------------------------- heuristic

    private int[] heuristic(long seed, int starts) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] best = null;
        long bestCut = Long.MAX_VALUE;
        for (int s = 0; s < starts; s++) {
            int[] side = s == 0 ? bfsSplit() : randomSplit(random);
            improve(side);
            long c = cut(side);
            if (c < bestCut) {
                bestCut = c;
                best = side;
            }
        }
        return best;
    }

    private int[] bfsSplit() {
        int[] ord = bfsOrder();
        int[] side = new int[n];
        int half = t.terminalCount() / 2;
        int seen = 0;
        for (int v : ord) {
            if (t.isTerminal(v)) {
                side[v] = seen++ < half ? 0 : 1;
            }
        }
        placeSwitches(side);
        return side;
    }

    private int[] randomSplit(SplittableRandom random) {
        int terminals = t.terminalCount();
        int[] perm = new int[terminals];
        for (int i = 0; i < terminals; i++) {
            perm[i] = i;
        }
        for (int i = terminals - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int x = perm[i];
            perm[i] = perm[j];
            perm[j] = x;
        }
        int[] side = new int[n];
        for (int i = 0; i < terminals; i++) {
            side[perm[i]] = i < terminals / 2 ? 0 : 1;
        }
        placeSwitches(side);
        return side;
    }

    private void placeSwitches(int[] side) {
        for (int round = 0; round < 3; round++) {
            for (int v = t.terminalCount(); v < n; v++) {
                int a = 0;
                int b = 0;
                for (int i = start[v]; i < start[v + 1]; i++) {
                    if (side[nbr[i]] == 0) {
                        a += weight[i];
                    } else {
                        b += weight[i];
                    }
                }
                side[v] = a >= b ? 0 : 1;
            }
        }
    }

    private int gain(int[] side, int v) {
        int g = 0;
        for (int i = start[v]; i < start[v + 1]; i++) {
            g += side[nbr[i]] != side[v] ? weight[i] : -weight[i];
        }
        return g;
    }

    /** Kernighan-Lin passes over terminal swaps plus greedy switch moves, until a pass brings no gain. */
    private void improve(int[] side) {
        int terminals = t.terminalCount();
        int[] gain = new int[n];
        boolean[] locked = new boolean[n];
        int[] swapA = new int[terminals];
        int[] swapB = new int[terminals];
        for (int pass = 0; pass < 8; pass++) {
            moveSwitchesGreedily(side);
            for (int v = 0; v < n; v++) {
                gain[v] = gain(side, v);
            }
            Arrays.fill(locked, false);
            long running = 0;
            long bestRunning = 0;
            int bestPrefix = 0;
            int swaps = 0;
            int maxSwaps = (int) Math.max(1, Math.min(terminals / 2, PASS_BUDGET / Math.max(1, terminals)));
            for (; swaps < maxSwaps; swaps++) {
                int a = argMax(side, gain, locked, 0);
                int b = argMax(side, gain, locked, 1);
                if (a < 0 || b < 0) {
                    break;
                }
                running += gain[a] + gain[b] - 2L * weightBetween(a, b);
                flip(side, gain, a);
                flip(side, gain, b);
                locked[a] = true;
                locked[b] = true;
                swapA[swaps] = a;
                swapB[swaps] = b;
                if (running > bestRunning) {
                    bestRunning = running;
                    bestPrefix = swaps + 1;
                }
            }
            for (int i = swaps - 1; i >= bestPrefix; i--) {
                flip(side, gain, swapA[i]);
                flip(side, gain, swapB[i]);
            }
            if (bestRunning <= 0) {
                moveSwitchesGreedily(side);
                return;
            }
        }
        moveSwitchesGreedily(side);
    }

    private void moveSwitchesGreedily(int[] side) {
        boolean moved = true;
        while (moved) {
            moved = false;
            for (int v = t.terminalCount(); v < n; v++) {
                if (gain(side, v) > 0) {
                    side[v] ^= 1;
                    moved = true;
                }
            }
        }
    }

    private int argMax(int[] side, int[] gain, boolean[] locked, int wanted) {
        int best = -1;
        for (int v = 0; v < t.terminalCount(); v++) {
            if (!locked[v] && side[v] == wanted && (best < 0 || gain[v] > gain[best])) {
                best = v;
            }
        }
        return best;
    }

    private void flip(int[] side, int[] gain, int v) {
        side[v] ^= 1;
        gain[v] = -gain[v];
        for (int i = start[v]; i < start[v + 1]; i++) {
            int w = nbr[i];
            // v moved: if now on w's side the link stopped crossing (gain of w drops by 2w), else it started
            gain[w] += side[w] == side[v] ? -2 * weight[i] : 2 * weight[i];
        }
    }

    private int weightBetween(int a, int b) {
        for (int i = start[a]; i < start[a + 1]; i++) {
            if (nbr[i] == b) {
                return weight[i];
            }
        }
        return 0;
    }
}
