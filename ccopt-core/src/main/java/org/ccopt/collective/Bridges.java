package org.ccopt.collective;

import org.ccopt.topology.Topology;

/**
 * Bridges of a two-way network (links whose removal disconnects it), found with Tarjan's low-link DFS,
 * iteratively so that million-node graphs do not overflow the stack. For each bridge the DFS subtree below
 * it is the interval {@code [enter[v], exit[v])} of DFS entry times, so any per-node count over one side is a
 * prefix-sum difference.
 */
final class Bridges {

    final int[] order;      // node at each DFS entry time
    final int[] enter;      // DFS entry time of each node
    final int[] exit;       // one past the last entry time in its subtree
    final int[] bridgeChild; // the child endpoint v of each bridge (parent(v), v)

    Bridges(Topology t) {
        int n = t.nodeCount();
        order = new int[n];
        enter = new int[n];
        exit = new int[n];
        int[] low = new int[n];
        int[] parentChannel = new int[n];
        int[] next = new int[n];
        int[] stack = new int[n];
        int[] children = new int[n];
        java.util.Arrays.fill(enter, -1);
        int time = 0;
        int bridges = 0;
        for (int root = 0; root < n; root++) {
            if (enter[root] >= 0) {
                continue;
            }
            int top = 0;
            stack[top++] = root;
            parentChannel[root] = -1;
            enter[root] = low[root] = time;
            order[time++] = root;
            next[root] = t.outStart(root);
            while (top > 0) {
                int u = stack[top - 1];
                if (next[u] < t.outEnd(u)) {
                    int c = next[u]++;
                    int v = t.channelTarget(c);
                    if (parentChannel[u] >= 0 && c == t.reverse(parentChannel[u])) {
                        continue;
                    }
                    if (enter[v] < 0) {
                        enter[v] = low[v] = time;
                        order[time++] = v;
                        parentChannel[v] = c;
                        next[v] = t.outStart(v);
                        stack[top++] = v;
                    } else {
                        low[u] = Math.min(low[u], enter[v]);
                    }
                } else {
                    top--;
                    exit[u] = time;
                    if (parentChannel[u] >= 0) {
                        int p = t.channelSource(parentChannel[u]);
                        low[p] = Math.min(low[p], low[u]);
                        if (low[u] > enter[p]) {
                            children[bridges++] = u;
                        }
                    }
                }
            }
        }
        bridgeChild = java.util.Arrays.copyOf(children, bridges);
    }

    /** Prefix sums over DFS order of a 0/1 membership, so side counts are O(1). */
    long[] prefix(boolean[] member) {
        long[] p = new long[order.length + 1];
        for (int i = 0; i < order.length; i++) {
            p[i + 1] = p[i] + (member[order[i]] ? 1 : 0);
        }
        return p;
    }

    long inside(long[] prefix, int child) {
        return prefix[exit[child]] - prefix[enter[child]];
    }
}
