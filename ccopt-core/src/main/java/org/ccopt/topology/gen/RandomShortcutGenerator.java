package org.ccopt.topology.gen;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.topology.TopologyBuilder;

/**
 * Random shortcut topology (Koibuchi et al. 2012; Cui 2024, §2.1.3): a ring of N nodes, then links added
 * "by picking two nodes among the possible nodes that have lower links than the network degree" until every
 * node has degree D where possible. Picks are uniform over the nodes that still have a free port; a pick
 * that would make a self loop or a parallel link is rejected. When only a few nodes remain whose free ports
 * cannot be joined at random any more, the remaining pairs are tried exhaustively in index order, so the
 * graph ends with the most links possible. Deterministic for (N, D, seed).
 */
public final class RandomShortcutGenerator {

    private RandomShortcutGenerator() {
    }

    public static Topology build(String spec, int n, int degree, long seed) {
        Params.atLeast(spec, "N", n, 3);
        Params.nodes(spec, n);
        Params.atLeast(spec, "D", degree, 2);
        Params.atMost(spec, "D", degree, n - 1);
        Params.require(spec, (long) n * degree <= 64L * org.ccopt.topology.Topology.MAX_NODES, "too many links");
        SplittableRandom random = new SplittableRandom(seed);
        int[][] adjacency = new int[n][degree];
        int[] deg = new int[n];
        for (int u = 0; u < n; u++) {
            link(adjacency, deg, u, (u + 1) % n);
        }
        int[] open = new int[n];
        int openCount = 0;
        for (int u = 0; u < n; u++) {
            if (deg[u] < degree) {
                open[openCount++] = u;
            }
        }
        int failures = 0;
        while (openCount >= 2 && failures < 64 + 8 * openCount) {
            int i = random.nextInt(openCount);
            int j = random.nextInt(openCount);
            int a = open[i];
            int c = open[j];
            if (a == c || adjacent(adjacency, deg, a, c)) {
                failures++;
                continue;
            }
            failures = 0;
            link(adjacency, deg, a, c);
            // remove full nodes, the higher index first so the lower stays valid
            int hi = Math.max(i, j);
            int lo = Math.min(i, j);
            if (deg[open[hi]] == degree) {
                open[hi] = open[--openCount];
            }
            if (deg[open[lo]] == degree) {
                open[lo] = open[--openCount];
            }
        }
        Arrays.sort(open, 0, openCount);
        for (int i = 0; i < openCount; i++) {
            for (int j = i + 1; j < openCount && deg[open[i]] < degree; j++) {
                int a = open[i];
                int c = open[j];
                if (deg[c] < degree && !adjacent(adjacency, deg, a, c)) {
                    link(adjacency, deg, a, c);
                }
            }
        }
        TopologyBuilder b = new TopologyBuilder(n, n, false);
        for (int u = 0; u < n; u++) {
            for (int k = 0; k < deg[u]; k++) {
                b.addLink(u, adjacency[u][k]);
            }
        }
        return b.build(spec, "random-shortcut", Geometry.General.NONE);
    }

    private static boolean adjacent(int[][] adjacency, int[] deg, int a, int c) {
        int[] list = adjacency[a];
        for (int k = 0; k < deg[a]; k++) {
            if (list[k] == c) {
                return true;
            }
        }
        return false;
    }

    private static void link(int[][] adjacency, int[] deg, int a, int c) {
        adjacency[a][deg[a]++] = c;
        adjacency[c][deg[c]++] = a;
    }
}
