package org.ccopt.examples;

import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.topology.metrics.TopologyMetrics;

/** Builds a network from a spec and prints its size, diameter, average shortest path length and Moore bounds. */
public final class TopologyMetricsExample {

    private TopologyMetricsExample() {
    }

    /** @param args a topology spec (default {@code torus:8x8}) */
    public static void main(String[] args) {
        Topology t = TopologySpec.parse(args.length > 0 ? args[0] : "torus:8x8");
        TopologyMetrics m = TopologyMetrics.compute(t, TopologyMetrics.Options.defaults());
        System.out.printf("%s: %d nodes, %d links, diameter %d (Moore bound %d), ASPL %.4f (Moore bound %.4f)%n",
                m.spec(), m.nodes(), m.links(), m.diameter(), m.mooreDiameterBound(), m.aspl(), m.mooreAsplBound());
    }
}
