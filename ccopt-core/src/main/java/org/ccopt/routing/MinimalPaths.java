package org.ccopt.routing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.HopDistances;

/**
 * All minimal paths between two nodes, counted and indexable without materialising them.
 *
 * <p>For a destination d, {@code count(u)} = number of minimal u-&gt;d paths = sum of count(v) over the
 * out-channels u-&gt;v with dist(v, d) = dist(u, d) - 1 (counts saturate at Long.MAX_VALUE). Path index i of
 * the pair (s, d) is decoded greedily: at each node take the first eligible channel (channels are sorted by
 * target node) whose count exceeds the remaining index, else subtract its count and try the next. So index i
 * is stable, index 0 is the "lowest-index next hop" route, and decoding costs O(path length x degree). A path never
 * passes through a processor of an indirect network ({@link Topology#relays}).
 */
public final class MinimalPaths {

    private final Topology topology;
    private final HopDistances distances;
    private final AtomicReferenceArray<long[]> counts;

    public MinimalPaths(Topology topology) {
        this(new HopDistances(topology));
    }

    public MinimalPaths(HopDistances distances) {
        this.topology = distances.topology();
        this.distances = distances;
        this.counts = new AtomicReferenceArray<>(topology.nodeCount());
    }

    public Topology topology() {
        return topology;
    }

    public HopDistances distances() {
        return distances;
    }

    /** Hop length of the minimal paths s -&gt; d, or -1 if d is unreachable. */
    public int length(int s, int d) {
        return distances.distance(s, d);
    }

    /** Number of minimal paths s -&gt; d (saturating), 0 if unreachable, 1 if s == d. */
    public long count(int s, int d) {
        return countsTo(d)[s];
    }

    private long[] countsTo(int d) {
        long[] c = counts.get(d);
        if (c != null) {
            return c;
        }
        int[] dist = distances.to(d);
        int n = topology.nodeCount();
        // process nodes by increasing distance to d
        int maxDist = 0;
        for (int x : dist) {
            maxDist = Math.max(maxDist, x);
        }
        int[] bucketStart = new int[maxDist + 2];
        for (int x : dist) {
            if (x >= 0) {
                bucketStart[x + 1]++;
            }
        }
        for (int i = 0; i <= maxDist; i++) {
            bucketStart[i + 1] += bucketStart[i];
        }
        int[] order = new int[bucketStart[maxDist + 1]];
        int[] fill = bucketStart.clone();
        for (int u = 0; u < n; u++) {
            if (dist[u] >= 0) {
                order[fill[dist[u]]++] = u;
            }
        }
        c = new long[n];
        c[d] = 1;
        for (int u : order) {
            if (u == d) {
                continue;
            }
            long sum = 0;
            for (int ch = topology.outStart(u); ch < topology.outEnd(u); ch++) {
                int v = topology.channelTarget(ch);
                if (dist[v] == dist[u] - 1 && hopTo(v, d)) {
                    sum += c[v];
                    if (sum < 0) {
                        sum = Long.MAX_VALUE;
                        break;
                    }
                }
            }
            c[u] = sum;
        }
        counts.compareAndSet(d, null, c);
        return counts.get(d);
    }

    /** A path towards {@code d} may step to {@code v}: v is d, or a node that relays ({@link Topology#relays}). */
    private boolean hopTo(int v, int d) {
        return v == d || topology.relays(v);
    }

    /** The nodes of minimal path number {@code index} from s to d, s first and d last. */
    public int[] path(int s, int d, long index) {
        long total = count(s, d);
        if (index < 0 || index >= total) {
            throw new IndexOutOfBoundsException("path index " + index + " out of range 0.." + (total - 1)
                    + " for pair " + s + "->" + d);
        }
        int[] dist = distances.to(d);
        long[] c = countsTo(d);
        int[] nodes = new int[dist[s] + 1];
        int u = s;
        nodes[0] = s;
        long rest = index;
        for (int step = 1; step < nodes.length; step++) {
            for (int ch = topology.outStart(u); ch < topology.outEnd(u); ch++) {
                int v = topology.channelTarget(ch);
                if (dist[v] == dist[u] - 1 && hopTo(v, d)) {
                    if (rest < c[v]) {
                        u = v;
                        break;
                    }
                    rest -= c[v];
                }
            }
            nodes[step] = u;
        }
        return nodes;
    }

    /** The first {@code limit} minimal paths s -&gt; d in index order (all of them when fewer). */
    public List<int[]> paths(int s, int d, int limit) {
        long total = Math.min(count(s, d), limit);
        List<int[]> result = new ArrayList<>((int) total);
        for (long i = 0; i < total; i++) {
            result.add(path(s, d, i));
        }
        return result;
    }

    /**
     * The most hops above minimal any ccopt search routes over: the number of simple paths grows exponentially with
     * it, and no paper's router goes beyond a few.
     */
    public static final int MAX_EXTRA_HOPS = 16;

    /**
     * Simple paths from s to d of length at most dist(s, d) + {@code extraHops}, shortest first within a
     * depth-first order, at most {@code limit} of them: the non-minimal routes the schedulers may use.
     */
    public List<int[]> pathsWithin(int s, int d, int extraHops, int limit) {
        int[] dist = distances.to(d);
        List<int[]> result = new ArrayList<>();
        if (dist[s] < 0) {
            return result;
        }
        for (int len = dist[s]; len <= dist[s] + extraHops && result.size() < limit; len++) {
            int[] stack = new int[len + 1];
            boolean[] onPath = new boolean[topology.nodeCount()];
            stack[0] = s;
            onPath[s] = true;
            extend(stack, 1, len, d, dist, onPath, result, limit);
        }
        return result;
    }

    private void extend(int[] stack, int depth, int len, int d, int[] dist, boolean[] onPath, List<int[]> out, int limit) {
        int u = stack[depth - 1];
        if (depth == len + 1) {
            if (u == d) {
                out.add(stack.clone());
            }
            return;
        }
        for (int ch = topology.outStart(u); ch < topology.outEnd(u) && out.size() < limit; ch++) {
            int v = topology.channelTarget(ch);
            if (onPath[v] || dist[v] < 0 || dist[v] > len - depth || (v == d && depth != len) || !hopTo(v, d)) {
                continue;
            }
            onPath[v] = true;
            stack[depth] = v;
            extend(stack, depth + 1, len, d, dist, onPath, out, limit);
            onPath[v] = false;
        }
    }
}
