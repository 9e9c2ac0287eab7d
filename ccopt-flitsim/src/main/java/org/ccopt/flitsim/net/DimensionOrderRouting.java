package org.ccopt.flitsim.net;

import java.util.SplittableRandom;
import org.ccopt.topology.Geometry;

/**
 * Dimension-order routing on a k-ary n-cube or mesh of any dimension ({@code dor}): a packet corrects dimension 0
 * first, then 1, ..., each the short way round; a torus dimension's tie (distance k/2) is decided per packet at
 * random, as BookSim's {@code dim_order_torus} does (Jiang et al. 2013). Deadlock freedom on tori uses datelines
 * (Dally &amp; Seitz 1987): every dimension is entered in VC class 0 and the hop across its wrap-around link, and
 * every hop after it in that dimension, is taken in class 1, so a torus needs two classes and a mesh one.
 *
 * <p>{@code dor-booksim} is BookSim 2's reading ({@code dim_order_torus}, Jiang et al. 2013): the class is chosen
 * when a packet enters a dimension and kept through it, class 1 for a packet going + that will cross the wrap-around
 * link and for one going - that will not, class 0 otherwise. Routes are minimal, so a crossing route spans at most
 * k/2 links around the wrap-around link and the classes stay acyclic ({@link DeadlockCheck} proves it per network).
 * It spreads a torus's load over the classes differently: on tornado traffic the two readings differ by 47 % in
 * batch duration (docs/results/flitsim-booksim.md).
 */
final class DimensionOrderRouting implements RoutingFunction {

    private final int dims;
    private final int[] radix;
    private final boolean[] wrap;
    private final boolean anyWrap;
    /** Local port of router r towards dimension d, direction s (0 = +, 1 = -), at {@code r * 2 dims + 2 d + s}. */
    private final int[] port;
    /** Dimension of each local port of each router ({@code -1} for the terminal's), at {@code r * maxRadix + p}. */
    private final int[] portDim;
    private final int maxRadix;
    private final FlitNetwork net;
    private final boolean partition;

    DimensionOrderRouting(FlitNetwork net, Geometry.Grid grid, boolean bookSimPartition) {
        this.net = net;
        this.partition = bookSimPartition;
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
        maxRadix = net.maxRadix();
        port = new int[routers * 2 * dims];
        portDim = new int[routers * maxRadix];
        java.util.Arrays.fill(portDim, -1);
        for (int r = 0; r < routers; r++) {
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
                        p = net.portTo(r, grid.node(c));
                        c[d] = old;
                        portDim[r * maxRadix + p - net.portStart(r)] = d;
                        p -= net.portStart(r);
                    }
                    port[(r * dims + d) * 2 + s] = p;
                }
            }
        }
    }

    @Override
    public String name() {
        return partition ? "dor-booksim" : "dor";
    }

    @Override
    public int vcClasses() {
        return anyWrap ? 2 : 1;
    }

    @Override
    public int auxValues() {
        return anyWrap ? 1 << dims : 1;
    }

    @Override
    public int prepare(int source, int dest, SplittableRandom random) {
        return anyWrap ? random.nextInt(1 << dims) : 0;
    }

    @Override
    public int route(int router, int inPort, int inClass, int dest, int aux) {
        int cur = router;
        int dst = dest;
        for (int d = 0; d < dims; d++) {
            int k = radix[d];
            int a = cur % k;
            int b = dst % k;
            cur /= k;
            dst /= k;
            if (a == b) {
                continue;
            }
            int s;
            if (wrap[d]) {
                int forward = Math.floorMod(b - a, k);
                s = 2 * forward < k ? 0 : 2 * forward > k ? 1 : (aux >>> d) & 1;
            } else {
                s = b > a ? 0 : 1;
            }
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
