package org.ccopt.routing;

import java.util.SplittableRandom;
import org.ccopt.topology.Geometry;

/**
 * Two-phase oblivious routing on a mesh or torus: a packet goes in dimension order to an intermediate router drawn at
 * injection, then in dimension order to its destination.
 * <ul>
 *   <li>{@code valiant}: the intermediate is any router, uniformly (Valiant &amp; Brebner 1981), which spreads any
 *       permutation evenly at the cost of twice the hops on average; BookSim 2's {@code valiant_mesh} and
 *       {@code valiant_torus}.
 *   <li>{@code romm}: the intermediate is drawn uniformly from the minimal quadrant, each coordinate between the
 *       source's and the destination's (Nesson &amp; Johnsson 1995, ROMM's two-phase form), so routes stay minimal;
 *       BookSim's {@code romm_mesh}, meshes only.
 * </ul>
 * The packet's value ({@link #prepare}) is the intermediate router; a packet that passes its destination before the
 * intermediate goes on to the intermediate, as BookSim's do. Phase 0 takes VC class 0 and phase 1 class 1; on a
 * torus each phase has the two dimension-order classes of {@code dor-booksim} (class 2 x ring part + phase, as BookSim
 * splits its VCs), the second phase starting its dimensions afresh at the intermediate, and a tie at k/2 goes +.
 *
 * <p>Deadlock freedom: each phase is dimension-order routing, deadlock free on its own classes (Dally &amp; Seitz 1987),
 * and a packet moves from phase 0 to phase 1 only, so a dependency from a phase-1 class back to phase 0 never arises;
 * {@link DeadlockCheck} checks it per network over every intermediate.
 */
final class GridValiantRouting implements RoutingFunction {

    private final RouterPorts net;
    private final DimensionOrderRouting dor;
    private final Geometry.Grid grid;
    private final boolean romm;
    private final boolean torus;

    GridValiantRouting(RouterPorts net, Geometry.Grid grid, boolean romm) {
        this.net = net;
        this.grid = grid;
        this.romm = romm;
        this.dor = new DimensionOrderRouting(net, grid, true, DimensionOrderRouting.Tie.POSITIVE);
        this.torus = dor.vcClasses() == 2;
        if (net.terminals() != net.routers()) {
            throw new IllegalStateException("a grid has one terminal on each router");
        }
    }

    @Override
    public String name() {
        return romm ? "romm" : "valiant";
    }

    @Override
    public int vcClasses() {
        return torus ? 4 : 2;
    }

    @Override
    public int auxValues() {
        return net.routers();
    }

    /** The intermediate router: any ({@code valiant}), or one in the minimal quadrant ({@code romm}). */
    @Override
    public int prepare(int source, int dest, SplittableRandom random) {
        if (!romm) {
            return random.nextInt(net.routers());
        }
        int[] a = grid.coordinates(net.terminalRouter(source));
        int[] b = grid.coordinates(net.terminalRouter(dest));
        int[] c = new int[a.length];
        for (int d = 0; d < a.length; d++) {
            int lo = Math.min(a[d], b[d]);
            c[d] = lo + random.nextInt(Math.abs(a[d] - b[d]) + 1);
        }
        return grid.node(c);
    }

    @Override
    public int route(int router, int inPort, int inClass, int dest, int aux) {
        boolean fromTerminal = net.portTerminal(net.portStart(router) + inPort) >= 0;
        int phase = fromTerminal ? 0 : phase(inClass);
        int in = inPort;
        int ring = torus && !fromTerminal ? inClass >> 1 : 0;
        if (phase == 0 && router == aux) {
            phase = 1;
            in = net.injectionPort(router); // phase 1 enters its dimensions afresh, as if injected here
            ring = 0;
        }
        if (phase == 1 && router == net.terminalRouter(dest)) {
            return net.ejection(dest);
        }
        int target = phase == 0 ? aux : dest; // a grid's router r has terminal r
        int route = dor.route(router, in, ring, target, 0);
        int cls = torus ? 2 * RoutingFunction.vcClass(route) + phase : phase;
        return RoutingFunction.encode(RoutingFunction.port(route), cls);
    }

    private int phase(int cls) {
        return torus ? cls & 1 : cls;
    }
}
