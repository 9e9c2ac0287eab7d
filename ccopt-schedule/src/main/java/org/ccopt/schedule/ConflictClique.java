package org.ccopt.schedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * A set of transfers that pairwise can never share a step: its size is a lower bound on the steps of every
 * schedule over the problem's routes, and the exact model may fix its members to steps 0, 1, 2, ... (symmetry
 * breaking).
 *
 * <p>Two transfers of a scatter (or of a broadcast without relays: each transfer leaves its sender) must conflict
 * when a channel lies on every listed route of both (wormhole switching holds the whole route for the step), or
 * when both leave the same one-port sender or enter the same one-port receiver (Jaros, Ohlidal, Dvorak 2007, §2:
 * a node sends and receives at most k messages per step). The largest such set from a single channel or node is
 * the per-channel and per-node argument; a clique of the "must conflict" graph can mix them (A and B share a
 * channel, B and C a one-port receiver, A and C another channel), which is ccopt's addition. The clique is searched
 * by branch and bound with a greedy-colouring bound (Tomita and Seki 2003) within a fixed number of search nodes,
 * so the result is the same on every machine; {@link #proven()} says whether the search finished, i.e. whether no
 * larger clique exists.
 */
record ConflictClique(List<Integer> transfers, boolean proven, int channelsUsed, int nodesUsed) {

    /** Conflict graphs larger than this keep the single-channel or single-node group (memory T^2 / 8 bytes). */
    static final int MAX_TRANSFERS = 8192;

    /** Search nodes of the branch and bound. */
    static final long SEARCH_NODES = 200_000;

    int size() {
        return transfers.size();
    }

    /** One line naming the argument, for the bound's description. */
    String argument() {
        return transfers.size() + " transfers that pairwise must conflict (a channel on every route of both, or a "
                + "shared one-port sender or receiver; " + count(channelsUsed, "channel") + " and "
                + count(nodesUsed, "one-port node") + " involved" + (proven ? "; the largest such set" : "") + ")";
    }

    private static String count(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    /** The clique of a problem whose transfers start at their senders (not a broadcast with relays). */
    static ConflictClique of(ScheduleProblem p) {
        int count = p.transferCount();
        int channels = p.topology().channelCount();
        int nodes = p.topology().nodeCount();
        BitSet[] forced = new BitSet[count];
        List<List<Integer>> groups = new ArrayList<>();
        List<List<Integer>> byChannel = emptyLists(channels);
        List<List<Integer>> bySender = emptyLists(nodes);
        List<List<Integer>> byReceiver = emptyLists(nodes);
        for (int t = 0; t < count; t++) {
            int f = p.sources(t)[0];
            int d = p.destination(t);
            forced[t] = commonChannels(p.paths(f, d), channels);
            for (int c = forced[t].nextSetBit(0); c >= 0; c = forced[t].nextSetBit(c + 1)) {
                byChannel.get(c).add(t);
            }
            if (p.sendPorts(f) == 1) {
                bySender.get(f).add(t);
            }
            if (p.receivePorts(d) == 1) {
                byReceiver.get(d).add(t);
            }
        }
        groups.addAll(byChannel);
        groups.addAll(bySender);
        groups.addAll(byReceiver);
        List<Integer> largest = List.of();
        for (List<Integer> g : groups) {
            if (g.size() > largest.size()) {
                largest = g;
            }
        }
        if (largest.isEmpty() && count > 0) {
            largest = List.of(0); // one transfer alone is a clique
        }
        if (largest.size() <= 1) {
            return describe(p, largest, forced, true); // no two transfers must conflict
        }
        if (count > MAX_TRANSFERS) {
            return describe(p, largest, forced, false);
        }
        long[][] adjacent = new long[count][(count + 63) >>> 6];
        for (List<Integer> g : groups) {
            for (int a : g) {
                for (int b : g) {
                    if (a != b) {
                        adjacent[a][b >>> 6] |= 1L << b;
                    }
                }
            }
        }
        Search s = new Search(adjacent, largest);
        s.run();
        return describe(p, s.best, forced, s.nodes < SEARCH_NODES);
    }

    private static ConflictClique describe(ScheduleProblem p, List<Integer> clique, BitSet[] forced, boolean proven) {
        BitSet channels = new BitSet();
        BitSet onePortNodes = new BitSet();
        for (int i = 0; i < clique.size(); i++) {
            for (int j = i + 1; j < clique.size(); j++) {
                int a = clique.get(i);
                int b = clique.get(j);
                BitSet shared = (BitSet) forced[a].clone();
                shared.and(forced[b]);
                if (!shared.isEmpty()) {
                    channels.set(shared.nextSetBit(0));
                    continue;
                }
                int fa = p.sources(a)[0];
                int da = p.destination(a);
                if (fa == p.sources(b)[0]) {
                    onePortNodes.set(fa);
                } else if (da == p.destination(b)) {
                    onePortNodes.set(da);
                }
            }
        }
        return new ConflictClique(List.copyOf(clique), proven, channels.cardinality(), onePortNodes.cardinality());
    }

    private static BitSet commonChannels(int[][] routes, int channels) {
        BitSet common = new BitSet(channels);
        for (int c : routes[0]) {
            common.set(c);
        }
        for (int i = 1; i < routes.length && !common.isEmpty(); i++) {
            BitSet other = new BitSet(channels);
            for (int c : routes[i]) {
                other.set(c);
            }
            common.and(other);
        }
        return common;
    }

    private static List<List<Integer>> emptyLists(int n) {
        List<List<Integer>> lists = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            lists.add(new ArrayList<>());
        }
        return lists;
    }

    /**
     * Maximum clique by branch and bound with greedy colouring (Tomita and Seki 2003), vertices in index order. The
     * candidate sets, colour orders and colouring scratch are kept per search depth and reused, so the search itself
     * allocates only when it finds a larger clique.
     */
    private static final class Search {
        private final long[][] adjacent;
        private final int words;
        private List<Integer> best;
        private final int[] current;
        private int depth;
        private long nodes;
        /** Per depth: the candidates (consumed by the loop at that depth), their colour order and colours. */
        private final List<long[]> candidates = new ArrayList<>();
        private final List<int[]> orders = new ArrayList<>();
        private final List<int[]> colours = new ArrayList<>();
        private final long[] uncoloured;
        private final long[] q;

        Search(long[][] adjacent, List<Integer> initial) {
            this.adjacent = adjacent;
            this.words = adjacent.length == 0 ? 0 : adjacent[0].length;
            this.best = initial;
            this.current = new int[adjacent.length];
            this.uncoloured = new long[words];
            this.q = new long[words];
        }

        void run() {
            long[] all = level(0);
            for (int v = 0; v < adjacent.length; v++) {
                if (Arrays.stream(adjacent[v]).anyMatch(w -> w != 0)) {
                    all[v >>> 6] |= 1L << v;
                }
            }
            expand(0);
        }

        /** The candidate set of a depth, allocated the first time the search reaches it. */
        private long[] level(int d) {
            while (candidates.size() <= d) {
                candidates.add(new long[words]);
                orders.add(new int[0]);
                colours.add(new int[0]);
            }
            return candidates.get(d);
        }

        private void expand(int d) {
            if (++nodes > SEARCH_NODES) {
                return;
            }
            long[] p = candidates.get(d);
            int size = 0;
            for (int i = 0; i < words; i++) {
                size += Long.bitCount(p[i]);
            }
            if (orders.get(d).length < size) {
                orders.set(d, new int[size]);
                colours.set(d, new int[size]);
            }
            int[] order = orders.get(d);
            int[] colour = colours.get(d);
            colourSort(p, size, order, colour);
            long[] next = level(d + 1);
            for (int i = size - 1; i >= 0; i--) {
                if (depth + colour[i] <= best.size() || nodes > SEARCH_NODES) {
                    return;
                }
                int v = order[i];
                current[depth++] = v;
                boolean any = false;
                for (int w = 0; w < words; w++) {
                    next[w] = p[w] & adjacent[v][w];
                    any |= next[w] != 0;
                }
                if (!any) {
                    if (depth > best.size()) {
                        List<Integer> found = new ArrayList<>(depth);
                        for (int k = 0; k < depth; k++) {
                            found.add(current[k]);
                        }
                        found.sort(null);
                        best = found;
                    }
                } else {
                    expand(d + 1);
                }
                depth--;
                p[v >>> 6] &= ~(1L << v);
            }
        }

        /** Greedy colouring of the candidates; order lists them by ascending colour, colour[i] its colour (1..). */
        private void colourSort(long[] candidates, int size, int[] order, int[] colour) {
            System.arraycopy(candidates, 0, uncoloured, 0, words);
            int filled = 0;
            int k = 0;
            while (filled < size) {
                k++;
                System.arraycopy(uncoloured, 0, q, 0, words);
                for (int w = 0; w < words; w++) {
                    while (q[w] != 0) {
                        int v = (w << 6) + Long.numberOfTrailingZeros(q[w]);
                        q[w] &= q[w] - 1;
                        uncoloured[w] &= ~(1L << v);
                        for (int x = 0; x < words; x++) {
                            q[x] &= ~adjacent[v][x];
                        }
                        order[filled] = v;
                        colour[filled++] = k;
                    }
                }
            }
        }
    }
}
