package org.ccopt.routing;

/**
 * {@code min-adaptive}: minimal adaptive routing on any graph with an escape class (Duato 1993). A port's VCs are split
 * into two classes: class 0 is adaptive, class 1 the escape. A packet in class 0 may take any output port one router hop
 * closer to its destination, on a VC of class 0; the router offers those ports and the escape route together, and the
 * engine re-chooses at every VC allocation the packet's head takes part in ({@link #choosesEachHop}): the least occupied
 * minimal port with a free class-0 VC, else the escape route where its VC is free. The escape routes by up*&#47;down*
 * ({@code updown}, Schroeder et al. 1991) in class 1, entered at any router, and a packet that took it stays in it to its
 * destination.
 *
 * <p>Deadlock freedom (Duato 1993, Theorem 1): the escape subfunction is connected (up*&#47;down* reaches every router
 * from every router) and, as no packet leaves it, the extended channel dependency graph of its channels has only
 * their direct dependencies; up*&#47;down* routes from any router take up links and then down links only, so those
 * dependencies follow the (rank, router) order and close no cycle; {@link DeadlockCheck} checks that graph, entered
 * at every router, before a run. A packet in class 0 can always wait for the escape VC, which drains. Adaptive routes
 * are minimal, so no packet is routed for ever. BookSim 2 has no such function for arbitrary graphs: its anynet
 * {@code min} uses every VC on minimal routes with no escape.
 *
 * <p>Without congestion (a lone packet) the choice is the first minimal port in channel order, which {@link #route}
 * returns and {@code routes --routing min-adaptive} prints.
 */
final class MinimalAdaptiveRouting implements RoutingFunction {

    /** The classes: adaptive, then the escape. */
    static final int ADAPTIVE = 0;
    static final int ESCAPE = 1;

    private final RouterPorts net;
    private final UpDownRouting escape;
    private final int routers;
    /** Router hops from r to t at {@code r * R + t}. */
    private final int[] dist;

    MinimalAdaptiveRouting(RouterPorts net) {
        this.net = net;
        this.escape = UpDownRouting.updown(net);
        routers = net.routers();
        dist = MinimalHopRouting.routerDistances(net);
    }

    @Override
    public String name() {
        return "min-adaptive";
    }

    @Override
    public int vcClasses() {
        return 2;
    }

    @Override
    public boolean choosesEachHop() {
        return true;
    }

    /** The escape route of a packet in class 1 (down links only once it went down), else the first minimal port. */
    @Override
    public int route(int router, int inPort, int inClass, int dest, int aux) {
        int fixed = fixed(router, inPort, inClass, dest, aux);
        return fixed >= 0 ? fixed : minimal(router, net.terminalRouter(dest), null);
    }

    /**
     * In class 1 the escape route alone; else every minimal port in class 0 in channel order, then the escape route
     * entered here (up links allowed) in class 1; at the destination's router, its terminal's port.
     */
    @Override
    public int alternatives(int router, int inPort, int inClass, int dest, int aux, int[] out) {
        int fixed = fixed(router, inPort, inClass, dest, aux);
        if (fixed >= 0) {
            out[0] = fixed;
            return 1;
        }
        int n = minimal(router, net.terminalRouter(dest), out);
        out[n++] = RoutingFunction.encode(RoutingFunction.port(escape.route(router, false, dest, aux)), ESCAPE);
        return n;
    }

    /** The one route a packet has here: the ejection at its destination's router, the escape's in class 1; else -1. */
    private int fixed(int router, int inPort, int inClass, int dest, int aux) {
        if (router == net.terminalRouter(dest)) {
            return net.ejection(dest);
        }
        if (inClass == ESCAPE && net.neighbourRouter(net.portStart(router) + inPort) >= 0) {
            return RoutingFunction.encode(RoutingFunction.port(escape.route(router, inPort, 0, dest, aux)), ESCAPE);
        }
        return -1;
    }

    /**
     * The ports of {@code router} one hop closer to router t, in channel order and class 0: all of them into {@code out}
     * and their count, or, where {@code out} is null, the first.
     */
    private int minimal(int router, int t, int[] out) {
        int here = dist[router * routers + t];
        int n = 0;
        for (int p = net.portStart(router); p < net.portEnd(router); p++) {
            int v = net.neighbourRouter(p);
            if (v >= 0 && dist[v * routers + t] == here - 1) {
                int route = RoutingFunction.encode(p - net.portStart(router), ADAPTIVE);
                if (out == null) {
                    return route;
                }
                out[n++] = route;
            }
        }
        if (n == 0) {
            throw new IllegalStateException("no minimal hop from router " + router + " to router " + t);
        }
        return n;
    }
}
