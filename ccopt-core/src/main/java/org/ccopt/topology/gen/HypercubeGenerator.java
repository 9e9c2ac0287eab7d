package org.ccopt.topology.gen;

import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.topology.TopologyBuilder;

/**
 * Binary hypercube Q_d (node i linked to i ^ (1 &lt;&lt; k)) and the folded hypercube, which Jaros et al. 2007
 * call K-ring: Q_d plus a link from every node to its complement i ^ (2^d - 1) (El-Amawy &amp; Latifi 1991).
 */
public final class HypercubeGenerator {

    private HypercubeGenerator() {
    }

    public static Topology build(String spec, String family, int dimension, boolean folded) {
        Params.atLeast(spec, "D", dimension, folded ? 2 : 1);
        Params.atMost(spec, "D", dimension, 20);
        int n = 1 << dimension;
        TopologyBuilder b = new TopologyBuilder(n, n, false);
        for (int u = 0; u < n; u++) {
            for (int k = 0; k < dimension; k++) {
                b.addLink(u, u ^ (1 << k));
            }
            if (folded) {
                b.addLink(u, u ^ (n - 1));
            }
        }
        return b.build(spec, family, new Geometry.Hypercube(dimension, folded));
    }
}
