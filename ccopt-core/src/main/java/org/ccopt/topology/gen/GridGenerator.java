package org.ccopt.topology.gen;

import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.topology.TopologyBuilder;

/**
 * Meshes and k-ary n-cubes (tori, rings): node id = x + k0*y + k0*k1*z + ...; each node is linked to its
 * +1 neighbour in every dimension, with wrap-around for tori (Dally &amp; Towles 2004, ch. 5).
 */
public final class GridGenerator {

    private GridGenerator() {
    }

    public static Topology build(String spec, String family, int[] radix, boolean wrap) {
        Params.require(spec, radix.length >= 1, "no radix; expected at least one dimension");
        long count = 1;
        for (int k : radix) {
            Params.atLeast(spec, "radix", k, 2);
            count *= k;
            Params.nodes(spec, count);
        }
        int n = (int) count;
        Geometry.Grid grid = new Geometry.Grid(radix, wrap);
        TopologyBuilder b = new TopologyBuilder(n, n, false);
        int stride = 1;
        for (int d = 0; d < radix.length; d++) {
            int k = radix[d];
            for (int u = 0; u < n; u++) {
                int coordinate = (u / stride) % k;
                if (coordinate + 1 < k) {
                    b.addLink(u, u + stride);
                } else if (wrap && k > 2) {
                    b.addLink(u, u - coordinate * stride);
                }
            }
            stride *= k;
        }
        return b.build(spec, family, grid);
    }
}
