package org.ccopt.routing;

import java.util.SplittableRandom;
import org.ccopt.topology.Geometry;

/**
 * XY-YX routing on a mesh (BookSim 2's {@code xy_yx_mesh} and {@code adaptive_xy_yx_mesh}; Jiang et al. 2013): a packet
 * is routed in dimension order, either dimension 0 first (XY, VC class 0) or the last dimension first (YX, VC class 1),
 * and keeps the order and its class to its destination. {@code xy-yx} draws the order per packet at random;
 * {@code adaptive-xy-yx} chooses it at the source router, the order whose first output port has fewer flits not yet
 * credited back, a tie by the drawn order, as BookSim's does with its routers' used credits.
 *
 * <p>Deadlock freedom: each class is routed by dimension order on a mesh, whose channel dependencies are acyclic (Dally
 * &amp; Seitz 1987), and no packet changes class, so the two classes' dependency graphs are disjoint; {@link
 * DeadlockCheck} checks it per network. A port's VCs are split evenly between the orders; BookSim gives each order
 * half of them rounded down, and with an odd count lets the two share the middle VC.
 */
final class XyYxRouting implements RoutingFunction {

    private final RouterPorts net;
    private final DimensionOrderRouting xy;
    private final DimensionOrderRouting yx;
    private final boolean adaptive;

    XyYxRouting(RouterPorts net, Geometry.Grid grid, boolean adaptive) {
        this.net = net;
        this.xy = new DimensionOrderRouting(net, grid, false, DimensionOrderRouting.Tie.POSITIVE, false);
        this.yx = new DimensionOrderRouting(net, grid, false, DimensionOrderRouting.Tie.POSITIVE, true);
        this.adaptive = adaptive;
    }

    @Override
    public String name() {
        return adaptive ? "adaptive-xy-yx" : "xy-yx";
    }

    @Override
    public int vcClasses() {
        return 2;
    }

    /** The order: 0 dimension 0 first, 1 the last dimension first. */
    @Override
    public int auxValues() {
        return 2;
    }

    @Override
    public int prepare(int source, int dest, SplittableRandom random) {
        return random.nextInt(2);
    }

    @Override
    public boolean adaptive() {
        return adaptive;
    }

    /** The order whose first hop's output port is less occupied; on a tie, {@code aux}. */
    @Override
    public int decide(int router, int inPort, int dest, int aux, Congestion congestion) {
        int first = net.portStart(router);
        int a = congestion.occupancy(first + RoutingFunction.port(xy.route(router, inPort, 0, dest, 0)));
        int b = congestion.occupancy(first + RoutingFunction.port(yx.route(router, inPort, 0, dest, 0)));
        return a < b ? 0 : a > b ? 1 : aux;
    }

    @Override
    public int route(int router, int inPort, int inClass, int dest, int aux) {
        int route = (aux == 0 ? xy : yx).route(router, inPort, 0, dest, 0);
        return router == net.terminalRouter(dest) ? route : RoutingFunction.encode(RoutingFunction.port(route), aux);
    }
}
