package org.ccopt.topology.gen;

import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.topology.TopologyBuilder;

/**
 * Bidirectional trees of the MIN paper (Jaros et al., §2 and §5): the binary tree with processors at the
 * leaves (B-Tree), the k-ary n-tree fat tree (Petrini &amp; Vanneschi 1997), whose k=2 case is the folded
 * butterfly the paper calls F-Tree, and the full binary tree with a processor at every node (FB-Tree).
 */
public final class TreeGenerator {

    private TreeGenerator() {
    }

    /**
     * B-Tree with N leaf terminals: a complete binary tree of N-1 switches in heap order (switch 0 is the
     * root, children of s are 2s+1 and 2s+2); the leaves 0..N-1 hang below the last N/2 switches.
     */
    public static Topology binaryTree(String spec, int leaves) {
        Params.powerOfTwo(spec, "N", leaves, 2, 1 << 18);
        int switches = leaves - 1;
        TopologyBuilder b = new TopologyBuilder(leaves + switches, leaves, false);
        for (int s = 1; s < switches; s++) {
            b.addLink(leaves + s, leaves + (s - 1) / 2);
        }
        for (int t = 0; t < leaves; t++) {
            int heapIndex = switches + t;
            b.addLink(t, leaves + (heapIndex - 1) / 2);
        }
        return b.build(spec, "btree", new Geometry.Tree("btree", Params.log2(leaves), 1));
    }

    /**
     * k-ary n-tree: k^n terminals, n levels of k^(n-1) switches. A switch is (level l, word w) with w a
     * (n-1)-digit base-k number; switch (l, w) and (l+1, w') are linked iff w and w' differ at most in digit
     * l. Terminal t hangs below level-0 switch t / k. Switch (l, w) is node k^n + l*k^(n-1) + w.
     * Bisection: k^n / 2 links (full bisection bandwidth) for even k.
     */
    public static Topology karyNTree(String spec, String family, int k, int n) {
        Params.require(spec, k >= 2 && n >= 1, "expected k >= 2 and n >= 1, got k=" + k + ", n=" + n);
        Params.require(spec, Math.pow(k, n) * (1 + n / (double) k) <= org.ccopt.topology.Topology.MAX_NODES, "too many nodes");
        int terminals = pow(k, n);
        int perLevel = pow(k, n - 1);
        TopologyBuilder b = new TopologyBuilder(terminals + n * perLevel, terminals, false);
        for (int t = 0; t < terminals; t++) {
            b.addLink(t, terminals + t / k);
        }
        for (int level = 0; level + 1 < n; level++) {
            int digit = pow(k, level);
            for (int w = 0; w < perLevel; w++) {
                int base = w - ((w / digit) % k) * digit;
                for (int j = 0; j < k; j++) {
                    int w2 = base + j * digit;
                    b.addLink(terminals + level * perLevel + w, terminals + (level + 1) * perLevel + w2);
                }
            }
        }
        long bisection = k % 2 == 0 ? terminals / 2 : -1;
        return b.build(spec, family, new Geometry.Tree(family, n, bisection));
    }

    /** Full binary tree of N = 2^h - 1 processors in heap order: node s has children 2s+1 and 2s+2. */
    public static Topology fullBinaryTree(String spec, int nodes) {
        Params.atLeast(spec, "N", nodes, 3);
        Params.nodes(spec, nodes);
        Params.require(spec, Integer.bitCount(nodes + 1) == 1, "N " + nodes + " is not 2^h - 1; expected 3, 7, 15, 31, 63, ...");
        TopologyBuilder b = new TopologyBuilder(nodes, nodes, false);
        for (int s = 1; s < nodes; s++) {
            b.addLink(s, (s - 1) / 2);
        }
        // One root link separates a subtree of (N-1)/2 nodes from the other (N+1)/2: a bisection of 1 link.
        return b.build(spec, "fbtree", new Geometry.Tree("fbtree", Params.log2(nodes + 1), nodes >= 3 ? 1 : -1));
    }

    static int pow(int base, int exponent) {
        int r = 1;
        for (int i = 0; i < exponent; i++) {
            r = Math.multiplyExact(r, base);
        }
        return r;
    }
}
