package org.ccopt.topology.gen;

import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.topology.TopologyBuilder;

/**
 * Circulant graphs C(N; j1, j2, ...): node a is linked to a +- j (mod N) for every jump j (Cui 2024,
 * §4.2.1). The thesis's high-radix circulant G(N, log2 N) = C(N; 1, 2, 4, ..., N/2) (§4.2.2) has degree
 * 2 log2 N - 1 because the jump N/2 reaches the same node from both sides.
 */
public final class CirculantGenerator {

    private CirculantGenerator() {
    }

    public static Topology build(String spec, String family, int n, int[] jumps) {
        Params.atLeast(spec, "N", n, 3);
        Params.nodes(spec, n);
        Params.require(spec, jumps.length >= 1, "no jump; expected at least one");
        for (int j : jumps) {
            Params.require(spec, j >= 1 && j <= n / 2, "jump " + j + " is out of range; expected 1 <= j <= N/2 = " + n / 2);
        }
        TopologyBuilder b = new TopologyBuilder(n, n, false);
        for (int jump : jumps) {
            for (int u = 0; u < n; u++) {
                b.addLink(u, (u + jump) % n);
            }
        }
        return b.build(spec, family, Geometry.General.NONE);
    }

    /** The jumps 1, 2, 4, ..., N/2 of G(N, log2 N). */
    public static int[] powerOfTwoJumps(int n) {
        int k = Params.log2(n);
        int[] jumps = new int[k];
        for (int i = 0; i < k; i++) {
            jumps[i] = 1 << i;
        }
        return jumps;
    }
}
