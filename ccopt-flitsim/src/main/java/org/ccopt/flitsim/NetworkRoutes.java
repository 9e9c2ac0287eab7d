package org.ccopt.flitsim;

import org.ccopt.routing.DeadlockCheck;
import org.ccopt.routing.RouterPorts;
import org.ccopt.routing.RoutingFunction;
import org.ccopt.routing.RoutingFunctions;
import org.ccopt.routing.VcClasses;

/**
 * The papers' router on a network other than a torus or mesh: the routers and ports of the flit engine's
 * {@link RouterPorts} (a router has one port per neighbouring router, then one per attached terminal), padded to the
 * largest radix, and the next hop from one of the engine's deterministic routing functions by name
 * ({@link RoutingFunctions}: e-cube, nearest-common-ancestor up/down, Dragonfly minimal, minimal hop-indexed, Autonet
 * up*&#47;down*), checked deadlock free at set-up ({@link DeadlockCheck}).
 *
 * <p>The routing readings of the papers' router (dateline, VC class, dimension order, tie) describe dimension-order
 * routing on tori and meshes and have no meaning here: the routing function's VC classes replace them. A request
 * names its class, and any free VC of the class may be granted, as in the flit engine's booksim router (Dally &amp;
 * Towles 2004, §14.1: a class is a set of VCs); at the destination's terminal port any VC may be granted. Every
 * other reading (allocation, crossbar, credits, ejection, link multiplexing, the arbitration genes C and Q of
 * Yokota et al. 2023, §5.3) applies as on a torus.
 */
final class NetworkRoutes extends FlitRoutes {

    private final RoutingFunction routing;
    private final VcClasses classes;
    /** Per VC, its class. */
    private final int[] vcClass;
    /** Per output VC id, {@link #span}. */
    private final int[] spans;
    /** Router hops from terminal a to terminal b at {@code a * terminals + b}. */
    private final int[] hopTable;

    /**
     * The routes of the network's default routing function ({@link RoutingFunctions#defaultName}) on {@code net} with
     * {@code vcs} VCs per port; one line where it needs more VCs. Every default is deterministic, as the papers' router
     * needs (it routes every packet of a pair alike).
     */
    NetworkRoutes(RouterPorts net, int vcs) {
        super(net.routers(), net.maxRadix(), vcs, net.terminals());
        routing = RoutingFunctions.create(RoutingFunctions.defaultName(net), net);
        if (routing.auxValues() > 1) {
            throw new IllegalStateException("default routing function '" + routing.name() + "' draws a value per packet");
        }
        classes = routing.split(vcs);
        DeadlockCheck.check(net, routing);
        vcClass = new int[vcs];
        for (int v = 0; v < vcs; v++) {
            vcClass[v] = classes.classOf(v);
        }
        for (int r = 0; r < routers; r++) {
            for (int p = 0; p < net.radix(r); p++) {
                int id = r * ports + p;
                int g = net.portStart(r) + p;
                int t = net.portTerminal(g);
                if (t >= 0) {
                    portTerminal[id] = t;
                    terminalPort[t] = id;
                } else {
                    int peer = net.peerPort(g);
                    neighbour[id] = net.portRouter(peer);
                    inputAt[id] = peer - net.portStart(neighbour[id]);
                }
            }
        }
        spans = new int[routers * ports * vcs];
        for (int o = 0; o < spans.length; o++) {
            int v = o % vcs;
            spans[o] = portTerminal[o / vcs] >= 0 ? vcs - 1 - v : classes.high(vcClass[v]) - v;
        }
        hopTable = new int[terminals * terminals];
        for (int a = 0; a < terminals; a++) {
            for (int b = 0; b < terminals; b++) {
                hopTable[a * terminals + b] = a == b ? 0 : path(RouterModel.CCOPT, a, b).length - 1;
            }
        }
    }

    /** The routing function's name. */
    String routingName() {
        return routing.name();
    }

    @Override
    void use(RouterModel m) {
        // the routing function replaces the routing readings
    }

    @Override
    int hops(int src, int dest) {
        return hopTable[src * terminals + dest];
    }

    @Override
    int routeTo(int router, int dest, int vcIn, int inPort) {
        int r = routing.route(router, inPort, vcClass[vcIn], dest, 0);
        int port = RoutingFunction.port(r);
        int id = router * ports + port;
        return id * vcs + (portTerminal[id] >= 0 ? 0 : classes.low(RoutingFunction.vcClass(r)));
    }

    @Override
    int span(int o) {
        return spans[o];
    }

    @Override
    boolean classRanges() {
        return true;
    }
}
