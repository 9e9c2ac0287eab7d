package org.ccopt.routing;

import java.util.SplittableRandom;
import org.ccopt.topology.Geometry;

/**
 * Dimension-order routing on a k-ary n-cube or mesh of any dimension (Dally &amp; Towles 2004, §14.2; Yokota et al.
 * 2023, App. A.1: "x then y"): a packet corrects dimension 0 completely, then dimension 1, ..., each the short way
 * round on a torus. Where the offset in a torus dimension is exactly k/2 both ways are minimal, and the {@link Tie}
 * decides; with no tie rule ({@code null}) it is drawn per packet at random, as BookSim 2's {@code dim_order_torus}
 * does (Jiang et al. 2013).
 *
 * <p>Two readings of its VC classes on a torus, both deadlock free ({@link DeadlockCheck} proves it per network):
 * <ul>
 *   <li>{@code dor}: datelines (Dally &amp; Seitz 1987): every dimension is entered in class 0, and the hop across its
 *       wrap-around link and every hop after it in that dimension are taken in class 1.
 *   <li>{@code dor-booksim}: BookSim 2's reading ({@code dim_order_torus}): the class is chosen when a packet enters a
 *       dimension and kept through it, class 1 for a packet going + that will cross the wrap-around link and for one
 *       going - that will not, class 0 otherwise. It spreads a torus's load over both classes, where datelines crowd
 *       class 0.
 * </ul>
 * A mesh needs one class. The routers of the papers' flit router on tori and meshes take their own dateline readings
 * from the same direction rule ({@link #direction(int, int, int, boolean, Tie)}).
 */
public final class DimensionOrderRouting implements RoutingFunction {

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

    private final int dims;
    private final int[] radix;
    private final boolean[] wrap;
    private final boolean anyWrap;
    /** Local port of router r towards dimension d, direction s (0 = +, 1 = -), at {@code r * 2 dims + 2 d + s}. */
    private final int[] port;
    /** Dimension of each local port of each router ({@code -1} for the terminal's), at {@code r * maxRadix + p}. */
    private final int[] portDim;
    private final int maxRadix;
    private final RouterPorts net;
    private final boolean partition;
    /** The tie rule, or null: drawn per packet. */
    private final Tie tie;
    /** Dimensions from the last to the first (y before x), else from the first. */
    private final boolean descending;
    /** Router r's coordinate in dimension d at {@code r * dims + d}. */
    private final int[] coord;

    /**
     * {@code dor} ({@code bookSimClasses} false) or {@code dor-booksim} on a torus or mesh, ties broken by {@code tie}
     * or, where it is null, at random per packet; dimension 0 first.
     */
    public DimensionOrderRouting(RouterPorts net, Geometry.Grid grid, boolean bookSimClasses, Tie tie) {
        this(net, grid, bookSimClasses, tie, false);
    }

    /**
     * As {@link #DimensionOrderRouting(RouterPorts, Geometry.Grid, boolean, Tie)}, the dimensions corrected from the
     * last to the first where {@code descending} (y before x: a reading of the papers' router, Yokota et al. 2023, whose
     * App. A.1 does not say which dimension goes first).
     */
    public DimensionOrderRouting(RouterPorts net, Geometry.Grid grid, boolean bookSimClasses, Tie tie, boolean descending) {
        this.net = net;
        this.partition = bookSimClasses;
        this.tie = tie;
        this.descending = descending;
        dims = grid.dimensions();
        radix = grid.radix().clone();
        wrap = new boolean[dims];
        boolean any = false;
        for (int d = 0; d < dims; d++) {
            wrap[d] = grid.wrap() && radix[d] > 2;
            any |= wrap[d];
        }
        anyWrap = any;
        int routers = net.routers();
        coord = new int[routers * dims];
        for (int r = 0; r < routers; r++) {
            System.arraycopy(grid.coordinates(r), 0, coord, r * dims, dims);
        }
        maxRadix = net.maxRadix();
        port = gridPorts(net, grid);
        portDim = new int[routers * maxRadix];
        java.util.Arrays.fill(portDim, -1);
        for (int i = 0; i < port.length; i++) {
            if (port[i] >= 0) {
                portDim[i / (2 * dims) * maxRadix + port[i]] = i % (2 * dims) / 2;
            }
        }
    }

    /**
     * Dimension order takes the dimensions in a fixed order, so a dependency cycle lies within one ring. On a mesh there
     * is none; on a torus, datelines put every route's hops after the wrap-around link in class 1, whose channels then
     * form chains that end at the link before the dateline (Dally &amp; Seitz 1987, Theorem 1); in BookSim's classes a
     * class-1 route going + crosses the wrap-around link within k/2 hops, so none uses the link opposite it, and a
     * class-0 route going + never crosses it (likewise going -): no ring of one class closes.
     */
    @Override
    public String deadlockProof() {
        return anyWrap ? (partition ? "dimension order with BookSim's classes: no class of a ring closes (no class-1 route "
                + "reaches the link opposite the wrap-around link)" : "dimension order with datelines (Dally & Seitz 1987, "
                + "Theorem 1)") : "dimension order on a mesh (Dally & Seitz 1987)";
    }

    /**
     * The local port of router r towards dimension d, direction s (0 = +, 1 = -), at {@code r * 2 dims + 2 d + s}, or -1
     * where there is none (a mesh's edge); on a ring of two both directions name the one neighbour's first port.
     */
    public static int[] gridPorts(RouterPorts net, Geometry.Grid grid) {
        int dims = grid.dimensions();
        int[] radix = grid.radix();
        int[] port = new int[net.routers() * 2 * dims];
        for (int r = 0; r < net.routers(); r++) {
            int[] c = grid.coordinates(r);
            for (int d = 0; d < dims; d++) {
                for (int s = 0; s < 2; s++) {
                    int old = c[d];
                    int x = old + (s == 0 ? 1 : -1);
                    if (grid.wrap()) {
                        x = Math.floorMod(x, radix[d]);
                    }
                    int p = -1;
                    if (x >= 0 && x < radix[d] && x != old) {
                        c[d] = x;
                        p = net.portTo(r, grid.node(c)) - net.portStart(r);
                        c[d] = old;
                    }
                    port[(r * dims + d) * 2 + s] = p;
                }
            }
        }
        return port;
    }

    /**
     * +1, -1 or 0: the direction from coordinate a to b on a ring of k ({@code wrap}) or a line, the tie at k/2 by
     * {@code tie}.
     */
    public static int direction(int a, int b, int k, boolean wrap, Tie tie) {
        if (a == b) {
            return 0;
        }
        if (!wrap || k <= 2) {
            return b > a ? 1 : -1;
        }
        int forward = Math.floorMod(b - a, k);
        return 2 * forward < k ? 1 : 2 * forward > k ? -1 : tie.direction(a, k);
    }

    @Override
    public String name() {
        return partition ? "dor-booksim" : "dor";
    }

    /** The tie rule, or null where a tie is drawn per packet. */
    public Tie tie() {
        return tie;
    }

    @Override
    public int vcClasses() {
        return anyWrap ? 2 : 1;
    }

    @Override
    public int auxValues() {
        return anyWrap && tie == null ? 1 << dims : 1;
    }

    @Override
    public int prepare(int source, int dest, SplittableRandom random) {
        return anyWrap && tie == null ? random.nextInt(1 << dims) : 0;
    }

    @Override
    public int route(int router, int inPort, int inClass, int dest, int aux) {
        for (int i = 0; i < dims; i++) {
            int d = descending ? dims - 1 - i : i;
            int k = radix[d];
            int a = coord[router * dims + d];
            int b = coord[dest * dims + d];
            if (a == b) {
                continue;
            }
            // 0 = +, 1 = -; a tie at k/2 with no tie rule goes the way the packet drew
            int s = wrap[d] && tie == null && 2 * Math.floorMod(b - a, k) == k ? (aux >>> d) & 1
                    : direction(a, b, k, wrap[d], tie) > 0 ? 0 : 1;
            boolean straight = portDim[router * maxRadix + inPort] == d;
            int cls = straight ? inClass : 0;
            if (partition) {
                if (!straight && wrap[d]) {
                    cls = s == 0 ? (a > b ? 1 : 0) : (b < a ? 1 : 0);
                }
            } else if (wrap[d] && (s == 0 ? a == k - 1 : a == 0)) {
                cls = 1; // the wrap-around link is the dateline
            }
            return RoutingFunction.encode(port[(router * dims + d) * 2 + s], cls);
        }
        return net.ejection(dest);
    }
}
