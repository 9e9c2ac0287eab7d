package org.ccopt.topology;

import java.util.Arrays;

/**
 * Collects links or channels and freezes them into a {@link Topology}. Duplicate links and self loops are
 * dropped silently (a circulant jump of N/2 yields the same link from both ends), so generators may add
 * a link from each endpoint without bookkeeping.
 */
public final class TopologyBuilder {

    private final int nodes;
    private final int terminals;
    private final boolean oneWay;
    private long[] pairs = new long[64];
    private int size;

    /**
     * @param nodes     total node count
     * @param terminals the first {@code terminals} nodes are terminals, the rest switches
     * @param oneWay    true for unidirectional networks ({@link #addChannel}), false for two-way ({@link #addLink})
     */
    public TopologyBuilder(int nodes, int terminals, boolean oneWay) {
        if (nodes < 1 || terminals < 0 || terminals > nodes) {
            throw new IllegalArgumentException("bad node counts: nodes=" + nodes + ", terminals=" + terminals);
        }
        this.nodes = nodes;
        this.terminals = terminals;
        this.oneWay = oneWay;
    }

    public int nodes() {
        return nodes;
    }

    /** Adds a full-duplex link (two channels) between {@code a} and {@code b}. */
    public TopologyBuilder addLink(int a, int b) {
        if (oneWay) {
            throw new IllegalStateException("addLink on a one-way builder");
        }
        push(a, b);
        push(b, a);
        return this;
    }

    /** Adds a single channel {@code from -> to} (one-way networks). */
    public TopologyBuilder addChannel(int from, int to) {
        if (!oneWay) {
            throw new IllegalStateException("addChannel on a two-way builder");
        }
        push(from, to);
        return this;
    }

    private void push(int a, int b) {
        if (a < 0 || a >= nodes || b < 0 || b >= nodes) {
            throw new IllegalArgumentException("node out of range 0.." + (nodes - 1) + ": " + a + "-" + b);
        }
        if (a == b) {
            return;
        }
        if (size == pairs.length) {
            pairs = Arrays.copyOf(pairs, size * 2);
        }
        pairs[size++] = ((long) a << 32) | b;
    }

    public Topology build(String spec, String family, Geometry geometry) {
        long[] sorted = Arrays.copyOf(pairs, size);
        Arrays.sort(sorted);
        int unique = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i] != sorted[i - 1]) {
                sorted[unique++] = sorted[i];
            }
        }
        int[] outStart = new int[nodes + 1];
        int[] target = new int[unique];
        for (int i = 0; i < unique; i++) {
            int a = (int) (sorted[i] >>> 32);
            target[i] = (int) sorted[i];
            outStart[a + 1]++;
        }
        for (int u = 0; u < nodes; u++) {
            outStart[u + 1] += outStart[u];
        }
        return new Topology(spec, family, oneWay, terminals, outStart, target,
                geometry == null ? Geometry.General.NONE : geometry);
    }
}
