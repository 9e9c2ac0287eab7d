package org.ccopt.topology.metrics;

import java.util.Arrays;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;

/**
 * Up to 64 backward breadth-first searches at once: every node holds a 64-bit word of the sources it has reached,
 * and one sweep over the channels per level advances all searches (a node reaches at level l the sources its
 * out-neighbours reached at level l - 1, so the levels are distances <em>to</em> the sources, right on one-way
 * networks too). Used where many single-destination searches would cost too much: the rank module's distance table
 * between mapped nodes and the message simulator's routes. Reusable; not thread-safe (one instance per thread).
 */
public final class BitParallelBfs {

    /** Receives the nodes that reach some sources at a level: bit k of {@code sources} is {@code sources[offset + k]}. */
    @FunctionalInterface
    public interface Visitor {
        void reached(int node, long sources, int level);
    }

    /** The deepest level searched (distances are kept in 16-bit tables). */
    public static final int MAX_LEVEL = Short.MAX_VALUE;

    private final Topology topology;
    private final long[] seen;
    private final long[] frontier;
    private final long[] fresh;

    public BitParallelBfs(Topology topology) {
        this.topology = topology;
        int n = topology.nodeCount();
        seen = new long[n];
        frontier = new long[n];
        fresh = new long[n];
    }

    /**
     * Searches backwards from {@code sources[offset .. offset+count-1]} (count at most 64), reporting level 0 (the
     * sources themselves) and then every level until no node reaches a new source.
     *
     * @return the largest level reported
     */
    public int run(int[] sources, int offset, int count, Visitor visitor) {
        if (count < 1 || count > 64) {
            throw new IllegalArgumentException("between 1 and 64 sources at a time, not " + count);
        }
        int n = topology.nodeCount();
        Arrays.fill(seen, 0L);
        Arrays.fill(frontier, 0L);
        long all = count == 64 ? -1L : (1L << count) - 1;
        for (int k = 0; k < count; k++) {
            int v = sources[offset + k];
            seen[v] |= 1L << k;
            frontier[v] |= 1L << k;
        }
        for (int k = 0; k < count; k++) {
            visitor.reached(sources[offset + k], 1L << k, 0);
        }
        int level = 0;
        boolean active = true;
        while (active) {
            level++;
            if (level > MAX_LEVEL) {
                throw new InvalidInputException("a distance in " + topology.spec() + " is above " + MAX_LEVEL
                        + " hops; at most " + MAX_LEVEL + " are supported");
            }
            active = false;
            for (int v = 0; v < n; v++) {
                if (seen[v] == all) {
                    fresh[v] = 0;
                    continue;
                }
                long reach = 0;
                for (int c = topology.outStart(v), end = topology.outEnd(v); c < end; c++) {
                    reach |= frontier[topology.channelTarget(c)];
                }
                reach &= ~seen[v];
                fresh[v] = reach;
                active |= reach != 0;
            }
            for (int v = 0; v < n; v++) {
                long reach = fresh[v];
                frontier[v] = reach;
                if (reach != 0) {
                    seen[v] |= reach;
                    visitor.reached(v, reach, level);
                }
            }
        }
        return level - 1;
    }
}
