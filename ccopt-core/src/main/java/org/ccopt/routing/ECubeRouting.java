package org.ccopt.routing;

import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;

/** E-cube routing on the binary hypercube: correct the differing address bits from the lowest to the highest (dimension order for Q_d). */
final class ECubeRouting implements Routing {

    private final Topology topology;

    public ECubeRouting(Topology topology) {
        if (!(topology.geometry() instanceof Geometry.Hypercube h) || h.folded()) {
            throw new IllegalArgumentException("e-cube routing needs a hypercube, got " + topology.spec());
        }
        this.topology = topology;
    }

    @Override
    public Topology topology() {
        return topology;
    }

    @Override
    public int[] route(int source, int destination) {
        int diff = source ^ destination;
        int[] path = new int[Integer.bitCount(diff) + 1];
        path[0] = source;
        int u = source;
        for (int i = 1; diff != 0; i++) {
            int bit = Integer.lowestOneBit(diff);
            u ^= bit;
            diff ^= bit;
            path[i] = u;
        }
        return path;
    }

    @Override
    public String name() {
        return "e-cube";
    }
}
