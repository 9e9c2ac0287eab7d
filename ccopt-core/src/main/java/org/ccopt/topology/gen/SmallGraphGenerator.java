package org.ccopt.topology.gen;

import java.util.SplittableRandom;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.topology.TopologyBuilder;
import org.ccopt.topology.metrics.HopDistances;

/**
 * The small direct networks that Jaros et al. 2007 (§4) scheduled besides hypercubes and meshes:
 * Moore graphs, the twisted ladder and AMP.
 */
public final class SmallGraphGenerator {

    private SmallGraphGenerator() {
    }

    /**
     * The Petersen graph, the Moore graph of degree 3 and diameter 2 (10 nodes): outer 5-cycle i~i+1,
     * inner pentagram 5+i ~ 5+(i+2 mod 5), spokes i ~ 5+i.
     */
    public static Topology petersen(String spec) {
        TopologyBuilder b = new TopologyBuilder(10, 10, false);
        for (int i = 0; i < 5; i++) {
            b.addLink(i, (i + 1) % 5);
            b.addLink(5 + i, 5 + (i + 2) % 5);
            b.addLink(i, 5 + i);
        }
        return b.build(spec, "moore", Geometry.General.NONE);
    }

    /**
     * The Hoffman-Singleton graph, the Moore graph of degree 7 and diameter 2 (50 nodes), by Robertson's
     * construction: pentagons P_h and pentagrams Q_i (h, i in 0..4); vertex j of P_h is node 5h+j, vertex j
     * of Q_i is node 25+5i+j; P_h(j) ~ P_h(j+-1), Q_i(j) ~ Q_i(j+-2), and P_h(j) ~ Q_i(h*i + j mod 5).
     */
    public static Topology hoffmanSingleton(String spec) {
        TopologyBuilder b = new TopologyBuilder(50, 50, false);
        for (int h = 0; h < 5; h++) {
            for (int j = 0; j < 5; j++) {
                b.addLink(5 * h + j, 5 * h + (j + 1) % 5);
                b.addLink(25 + 5 * h + j, 25 + 5 * h + (j + 2) % 5);
                for (int i = 0; i < 5; i++) {
                    b.addLink(5 * h + j, 25 + 5 * i + (h * i + j) % 5);
                }
            }
        }
        return b.build(spec, "moore", Geometry.General.NONE);
    }

    /**
     * Twisted ladder of N nodes (N even): two rails 0..N/2-1 and N/2..N-1 joined by rungs i ~ N/2+i, with the
     * ends crossed (N/2-1 ~ N/2 and N-1 ~ 0), i.e. the Moebius ladder. It is isomorphic to the Octagon ring
     * extension; the numbering differs (rails instead of ring order), which matters to schedules and mappings.
     */
    public static Topology twistedLadder(String spec, int n) {
        Params.atLeast(spec, "N", n, 6);
        Params.nodes(spec, n);
        Params.require(spec, n % 2 == 0, "N " + n + " is odd; expected an even N >= 6");
        int half = n / 2;
        TopologyBuilder b = new TopologyBuilder(n, n, false);
        for (int i = 0; i < half; i++) {
            b.addLink(i, half + i);
            if (i + 1 < half) {
                b.addLink(i, i + 1);
                b.addLink(half + i, half + i + 1);
            }
        }
        b.addLink(half - 1, half);
        b.addLink(n - 1, 0);
        return b.build(spec, "twisted-ladder", Geometry.General.NONE);
    }

    /**
     * AMP, "A Minimum Path" configuration (Chalmers &amp; Gregory 1993, as cited by Jaros et al. 2007 via
     * Chalmers &amp; Tidmus 1996): an N-node graph of degree D whose average shortest path is as small as a
     * search can make it. The published AMP graphs are not available to us, so ccopt constructs one: it starts
     * from the circulant C(N; 1, ...) with D/2 distinct, evenly spread jumps below N/2 (and N/2 for an odd D) and applies degree-preserving edge switches
     * (a-b, c-d -> a-c, b-d) that lower the ASPL while keeping the graph connected, a fixed number of rounds from
     * a fixed seed. The result is deterministic for (N, D, seed) and documented as a construction, not the
     * original table.
     */
    public static Topology amp(String spec, int n, int degree, long seed) {
        Params.atLeast(spec, "N", n, 4);
        Params.atMost(spec, "N", n, 128);
        Params.atLeast(spec, "D", degree, 2);
        Params.atMost(spec, "D", degree, n - 1);
        Params.require(spec, (long) n * degree % 2 == 0, "N*D = " + n * degree + " is odd; a D-regular graph on N nodes needs N*D even");
        int[][] adj = initialCirculant(n, degree);
        SplittableRandom random = new SplittableRandom(seed);
        double best = aspl(n, adj);
        int rounds = 200 * n;
        for (int r = 0; r < rounds; r++) {
            int a = random.nextInt(n);
            int c = random.nextInt(n);
            int bi = random.nextInt(adj[a].length);
            int di = random.nextInt(adj[c].length);
            int bNode = adj[a][bi];
            int dNode = adj[c][di];
            if (a == c || a == dNode || bNode == c || bNode == dNode || contains(adj[a], c) || contains(adj[bNode], dNode)) {
                continue;
            }
            swapNeighbour(adj, a, bNode, c);
            swapNeighbour(adj, c, dNode, a);
            swapNeighbour(adj, bNode, a, dNode);
            swapNeighbour(adj, dNode, c, bNode);
            double candidate = aspl(n, adj);
            if (candidate < best) {
                best = candidate;
            } else {
                swapNeighbour(adj, a, c, bNode);
                swapNeighbour(adj, c, a, dNode);
                swapNeighbour(adj, bNode, dNode, a);
                swapNeighbour(adj, dNode, bNode, c);
            }
        }
        TopologyBuilder b = new TopologyBuilder(n, n, false);
        for (int u = 0; u < n; u++) {
            for (int v : adj[u]) {
                b.addLink(u, v);
            }
        }
        return b.build(spec, "amp", Geometry.General.NONE);
    }

    private static int[][] initialCirculant(int n, int degree) {
        TopologyBuilder b = new TopologyBuilder(n, n, false);
        int jumps = degree / 2;
        // distinct jumps below n/2 (a jump of n/2 joins each pair once, one degree, not two): 1, then spread evenly
        int maxJump = (n - 1) / 2;
        int jump = 0;
        for (int j = 1; j <= jumps; j++) {
            jump = Math.min(Math.max(jump + 1, (int) Math.round((double) j * maxJump / jumps)), maxJump - (jumps - j));
            if (j == 1) {
                jump = 1;
            }
            for (int u = 0; u < n; u++) {
                b.addLink(u, (u + jump) % n);
            }
        }
        if (degree % 2 == 1) {
            for (int u = 0; u < n / 2; u++) {
                b.addLink(u, u + n / 2);
            }
        }
        Topology t = b.build("amp-start", "amp", Geometry.General.NONE);
        int[][] adj = new int[n][];
        for (int u = 0; u < n; u++) {
            adj[u] = t.neighbours(u);
        }
        return adj;
    }

    private static boolean contains(int[] list, int value) {
        for (int v : list) {
            if (v == value) {
                return true;
            }
        }
        return false;
    }

    private static void swapNeighbour(int[][] adj, int node, int from, int to) {
        int[] list = adj[node];
        for (int i = 0; i < list.length; i++) {
            if (list[i] == from) {
                list[i] = to;
                return;
            }
        }
    }

    /** ASPL over ordered pairs, or +infinity when disconnected. */
    private static double aspl(int n, int[][] adj) {
        TopologyBuilder b = new TopologyBuilder(n, n, false);
        for (int u = 0; u < n; u++) {
            for (int v : adj[u]) {
                b.addLink(u, v);
            }
        }
        HopDistances.Summary s = HopDistances.summarize(b.build("amp-step", "amp", Geometry.General.NONE), 1);
        return s.connected() ? s.aspl() : Double.POSITIVE_INFINITY;
    }
}
