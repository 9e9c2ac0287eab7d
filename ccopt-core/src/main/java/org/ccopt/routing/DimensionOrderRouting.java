package org.ccopt.routing;

import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;

/**
 * Dimension-order routing on meshes and k-ary n-cubes (Dally &amp; Towles 2004, §14.2; Yokota et al. 2023,
 * App. A.1: "x then y"): the packet corrects dimension 0 (x) completely, then dimension 1 (y), and so on,
 * each along the shorter way round on a torus. When the distance is exactly k/2 both ways are minimal; the
 * {@link Tie} option picks one (default: the positive direction), a choice that must match the simulator's
 * dateline rules.
 */
public final class DimensionOrderRouting implements Routing {

    /**
     * Direction taken when the offset in a torus dimension is exactly k/2. A tie can only arise at a packet's first hop
     * in a dimension (after it the offset is below k/2), so the rule may depend on the source coordinate.
     */
    public enum Tie {
        POSITIVE,
        NEGATIVE,
        /** Positive from an even source coordinate, negative from an odd one. */
        SOURCE_PARITY,
        /**
         * Positive from a source coordinate below k/2, negative from k/2 upwards: the way that does not use the
         * wraparound link between k-1 and 0.
         */
        HALF,
        /**
         * Negative from a source coordinate below k/2, positive from k/2 upwards: the way through the wraparound link
         * between k-1 and 0 (the mirror of {@link #HALF}).
         */
        WRAP;

        /** +1 or -1: the direction of a tie from coordinate {@code a} on a ring of {@code k}. */
        public int direction(int a, int k) {
            return switch (this) {
                case POSITIVE -> 1;
                case NEGATIVE -> -1;
                case SOURCE_PARITY -> a % 2 == 0 ? 1 : -1;
                case HALF -> a < k / 2 ? 1 : -1;
                case WRAP -> a < k / 2 ? -1 : 1;
            };
        }
    }

    private final Topology topology;
    private final Geometry.Grid grid;
    private final Tie tie;

    public DimensionOrderRouting(Topology topology, Tie tie) {
        if (!(topology.geometry() instanceof Geometry.Grid g)) {
            throw new IllegalArgumentException("dimension-order routing needs a mesh or torus, got " + topology.spec());
        }
        this.topology = topology;
        this.grid = g;
        this.tie = tie;
    }

    @Override
    public Topology topology() {
        return topology;
    }

    /** +1, -1 or 0: the direction to move in dimension {@code dim} from coordinate a to b. */
    public int direction(int dim, int a, int b) {
        if (a == b) {
            return 0;
        }
        int k = grid.radix()[dim];
        if (!grid.wrap() || k <= 2) {
            return b > a ? 1 : -1;
        }
        int forward = Math.floorMod(b - a, k);
        if (2 * forward < k) {
            return 1;
        }
        if (2 * forward > k) {
            return -1;
        }
        return tie.direction(a, k);
    }

    @Override
    public int[] route(int source, int destination) {
        int[] c = grid.coordinates(source);
        int[] target = grid.coordinates(destination);
        int length = 0;
        for (int d = 0; d < c.length; d++) {
            length += distance(d, c[d], target[d]);
        }
        int[] path = new int[length + 1];
        path[0] = source;
        int i = 1;
        for (int d = 0; d < c.length; d++) {
            int k = grid.radix()[d];
            int dir = direction(d, c[d], target[d]);
            while (c[d] != target[d]) {
                c[d] = Math.floorMod(c[d] + dir, k);
                path[i++] = grid.node(c);
            }
        }
        return path;
    }

    private int distance(int dim, int a, int b) {
        int k = grid.radix()[dim];
        int dir = direction(dim, a, b);
        return dir == 0 ? 0 : dir > 0 ? Math.floorMod(b - a, k) : Math.floorMod(a - b, k);
    }

    @Override
    public String name() {
        return "dimension-order";
    }
}
