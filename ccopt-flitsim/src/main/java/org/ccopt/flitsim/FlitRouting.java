package org.ccopt.flitsim;

import org.ccopt.InvalidInputException;
import org.ccopt.routing.DimensionOrderRouting;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;

/**
 * The flit simulator's routing tables on a torus or mesh, built for a router model's routing readings (its dateline,
 * VC class, dimension order and tie rule, {@link RouterModel}): the first hop of every coordinate pair per dimension
 * and whether it crosses a dateline, the dimension order, the VC of a turn, how far above its class a request may be
 * granted a VC, and every router's neighbours. {@link FlitSimulator} reads them in its cycle loop and rebuilds them
 * ({@link #use}) when a run's model routes differently from the last one.
 *
 * <p>Dimension-order routing with datelines at coordinate 0 and k/2 of every wrapped dimension (Yokota et al. 2023,
 * App. A.1): a packet moves up one VC whenever a hop crosses one.
 */
final class FlitRouting extends FlitRoutes {

    /** In {@code hop}: the first hop crosses a dateline of a wrapped dimension. */
    private static final int DATELINE = 4;
    /** In {@code hop}: the first hop leaves a dateline node, a crossing only for a packet passing through it. */
    private static final int DATELINE_IF_THROUGH = 8;

    private final Topology topology;
    private final Geometry.Grid grid;
    private final int n;
    private final int dims;
    private final int pPort;
    /** Node u's coordinate in dimension d at {@code u * dims + d}. */
    final int[] coord;
    final int[] radix;
    final boolean[] wrap;
    /**
     * Per dimension d and coordinates (a, b), {@code hop[d][a * k + b]}: 0 when a = b, else 1 for the positive and 2
     * for the negative direction, plus {@code DATELINE} when that first hop crosses a dateline of a wrapped dimension.
     */
    private final byte[][] hop;
    /** Dimensions in routing order. */
    private final int[] dimOrder;
    /** VC of the first hop in the i-th routed dimension before any crossing in it, or -1: keep the incoming VC. */
    private final int[] turnBase;
    /**
     * Per local output VC id {@code port * vcs + vc} taken as a request's lowest VC (its class), how far above it the
     * granted VC may lie: V under ANY_AT_OR_ABOVE, 1 under CLASS_OR_NEXT, 1 or 0 under DIMENSION_WINDOW (1 only on the
     * lower VC of a wrapped dimension's pair).
     */
    private int[] classSpan;
    /** The model whose routing readings the tables hold. */
    private RouterModel built;
    /** Test hook: false routes without the dateline VC change ({@link FlitSimulator#withoutDatelines}). */
    boolean datelines = true;

    /** Tables for {@code model}; fails with one line when its VC classes need more than {@code vcs} channels. */
    FlitRouting(Topology topology, Geometry.Grid grid, int vcs, RouterModel model) {
        super(topology.nodeCount(), 2 * grid.dimensions() + 1, vcs, topology.nodeCount());
        this.topology = topology;
        this.grid = grid;
        this.n = topology.nodeCount();
        this.dims = grid.dimensions();
        this.pPort = 2 * dims;
        this.radix = grid.radix().clone();
        this.wrap = new boolean[dims];
        for (int d = 0; d < dims; d++) {
            wrap[d] = grid.wrap() && radix[d] > 2;
        }
        coord = new int[n * dims];
        for (int u = 0; u < n; u++) {
            System.arraycopy(grid.coordinates(u), 0, coord, u * dims, dims);
        }
        hop = new byte[dims][];
        for (int d = 0; d < dims; d++) {
            hop[d] = new byte[radix[d] * radix[d]];
        }
        dimOrder = new int[dims];
        turnBase = new int[dims];
        build(model);
        for (int u = 0; u < n; u++) {
            portTerminal[u * ports + pPort] = u;
            terminalPort[u] = u * ports + pPort;
            int[] c = grid.coordinates(u);
            for (int d = 0; d < dims; d++) {
                for (int s = 0; s < 2; s++) {
                    int x = c[d] + (s == 0 ? 1 : -1);
                    if (x < 0 || x >= radix[d]) {
                        if (!grid.wrap() || radix[d] <= 2) {
                            continue;
                        }
                        x = Math.floorMod(x, radix[d]);
                    }
                    int old = c[d];
                    c[d] = x;
                    neighbour[u * ports + 2 * d + s] = grid.node(c);
                    inputAt[u * ports + 2 * d + s] = 2 * d + s; // an input port is named after the direction travelled
                    c[d] = old;
                }
            }
        }
    }

    /** Rebuilds the tables for {@code m} unless they hold its routing readings already. */
    @Override
    void use(RouterModel m) {
        if (!m.sameRouting(built)) {
            build(m);
        }
    }

    /** The hops of a packet from u to {@code dest} under the tables' direction rule (the tie at k/2 included). */
    @Override
    int hops(int u, int dest) {
        int h = 0;
        for (int d = 0; d < dims; d++) {
            int a = coord[u * dims + d];
            int b = coord[dest * dims + d];
            int k = radix[d];
            if (a != b) {
                h += (hop[d][a * k + b] & 3) == 1 ? Math.floorMod(b - a, k) : Math.floorMod(a - b, k);
            }
        }
        return h;
    }

    /**
     * Output VC id of the next hop of a packet at node u bound for {@code dest} that arrived on VC {@code vcIn}
     * through input port {@code inPort} (the processor port for a packet at its source), under the routing
     * readings of {@link #use}.
     */
    @Override
    int routeTo(int u, int dest, int vcIn, int inPort) {
        for (int i = 0; i < dims; i++) {
            int d = dimOrder[i];
            int code = hop[d][coord[u * dims + d] * radix[d] + coord[dest * dims + d]];
            if (code != 0) {
                boolean straight = inPort >>> 1 == d; // arrived travelling in this dimension
                int vc = straight || turnBase[i] < 0 ? vcIn : turnBase[i];
                if (datelines && ((code & DATELINE) != 0 || (straight && (code & DATELINE_IF_THROUGH) != 0))) {
                    vc++; // one VC up across a dateline
                }
                return (u * ports + 2 * d + (code & 3) - 1) * vcs + vc;
            }
        }
        return (u * ports + pPort) * vcs + vcIn;
    }

    /** {@link #classSpan} of a request for output VC id {@code o}, its lowest VC. */
    @Override
    int span(int o) {
        return classSpan[o % classSpan.length];
    }

    @Override
    boolean classRanges() {
        return false;
    }

    /**
     * Builds the routing tables for a model's routing readings: per dimension d and coordinates (a, b) the direction
     * of the first hop from a towards b (the one dimension-order rule, {@link DimensionOrderRouting#direction}, its tie
     * rule the model's) and
     * whether that hop crosses a dateline ({@link RouterModel.Dateline}: datelines at coordinate 0 and k/2 of every
     * wrapped dimension, Yokota et al. 2023, App. A.1); the dimension order and the VC of a turn
     * ({@link RouterModel.VcClass}). Checks that the model's VC classes fit in this simulator's VCs.
     */
    private void build(RouterModel m) {
        int needed = 1;
        for (int i = 0; i < dims; i++) {
            int d = m.dimensionOrder() == RouterModel.DimensionOrder.X_FIRST ? i : dims - 1 - i;
            dimOrder[i] = d;
            turnBase[i] = switch (m.vcClass()) {
                case CUMULATIVE, ANY_AT_OR_ABOVE, CLASS_OR_NEXT -> -1;
                case RESET_ON_TURN -> 0;
                case DIMENSION_OFFSET, DIMENSION_WINDOW -> i;
            };
            int top = (wrap[d] ? 1 : 0) + switch (m.vcClass()) {
                case CUMULATIVE, ANY_AT_OR_ABOVE, CLASS_OR_NEXT -> needed - 1;
                case RESET_ON_TURN -> 0;
                case DIMENSION_OFFSET, DIMENSION_WINDOW -> i;
            };
            needed = Math.max(needed, top + 1);
        }
        if (vcs < needed) {
            throw new InvalidInputException("dateline routing on '" + topology.spec() + "' with VC class "
                    + m.vcClass().key() + " needs " + needed + " virtual channels; got " + vcs);
        }
        for (int d = 0; d < dims; d++) {
            int k = radix[d];
            for (int a = 0; a < k; a++) {
                for (int b = 0; b < k; b++) {
                    hop[d][a * k + b] = a == b ? 0 : (byte) firstHop(m, d, a, b);
                }
            }
        }
        classSpan = new int[ports * vcs];
        for (int local = 0; local < ports * vcs; local++) {
            classSpan[local] = spanOf(m, local);
        }
        built = m;
    }

    /**
     * How far above the lowest VC it may use ({@code local = port * vcs + vc}, its class) a request may be granted a
     * VC under {@code m}'s VC class: the whole port under ANY_AT_OR_ABOVE, one VC under CLASS_OR_NEXT, one VC from the
     * lower VC of a wrapped dimension's pair under DIMENSION_WINDOW (none from the upper, none at the processor port),
     * none otherwise. Called by {@link #build} once its tables are built.
     */
    private int spanOf(RouterModel m, int local) {
        int port = local / vcs;
        int vc = local % vcs;
        return switch (m.vcClass()) {
            case ANY_AT_OR_ABOVE -> vcs;
            case CLASS_OR_NEXT -> 1;
            case DIMENSION_WINDOW -> {
                if (port == pPort || !wrap[port >>> 1]) {
                    yield 0;
                }
                int i = 0;
                while (dimOrder[i] != port >>> 1) {
                    i++;
                }
                yield vc == turnBase[i] ? 1 : 0;
            }
            default -> 0;
        };
    }

    /** The hop code of {@link #hop} for a packet at coordinate a bound for b in dimension d. */
    private int firstHop(RouterModel m, int d, int a, int b) {
        int k = radix[d];
        int dir = DimensionOrderRouting.direction(a, b, k, grid.wrap(), m.tie());
        int code = dir > 0 ? 1 : 2;
        if (wrap[d]) {
            int next = Math.floorMod(a + dir, k);
            int half = k / 2;
            code += switch (m.dateline()) {
                case EDGE -> { // the boundary just below coordinate `upper`: (upper-1) | upper
                    int upper = dir > 0 ? next : a;
                    yield upper == 0 || upper == half ? DATELINE : 0;
                }
                case EDGE_ABOVE -> { // the boundary just above coordinate `lower`: lower | (lower+1)
                    int lower = dir > 0 ? a : next;
                    yield lower == 0 || lower == half ? DATELINE : 0;
                }
                case INTO -> next == 0 || next == half ? DATELINE : 0;
                case OUT_OF -> a == 0 || a == half ? DATELINE : 0;
                case THROUGH -> a == 0 || a == half ? DATELINE_IF_THROUGH : 0;
            };
        }
        return code;
    }
}
