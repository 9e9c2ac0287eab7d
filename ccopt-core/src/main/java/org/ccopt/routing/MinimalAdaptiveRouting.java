package org.ccopt.routing;

/**
 * Minimal adaptive routing with an escape class (Duato 1993), in two forms:
 * <ul>
 *   <li>{@code min-adaptive}, on any graph: the escape routes by up*&#47;down* ({@code updown}, Schroeder et al. 1991)
 *       in one class; a port's VCs are split evenly between the adaptive class and the escape.
 *   <li>{@code min-adaptive-dor}, on a mesh or torus: the escape routes in dimension order ({@code dor-booksim}: one
 *       class on a mesh, two on a torus), each escape class one VC and the adaptive class the rest, as BookSim 2's
 *       {@code min_adapt_mesh} ("DOR for the escape channel (VC 0)", adaptive VCs 1 to V-1; Jiang et al. 2013). On a
 *       torus BookSim's {@code min_adapt_torus} adapts on VC 3 only and needs exactly four VCs; ccopt adapts on every VC
 *       the two escape classes leave.
 *   <li>{@code min-adaptive-booksim}, on a mesh: {@code min-adaptive-dor} as BookSim 2 runs {@code min_adapt_mesh}
 *       under its default iSLIP VC allocator, which ignores the routing function's preference for the adaptive VCs
 *       ({@link Choice#ALLOCATOR}): a head requests every free VC of every route and the allocator's pointers pick, the
 *       escape VC as likely as an adaptive one; and an adaptive VC is reallocated right after a tail, as BookSim's
 *       default {@code wait_for_tail_credit = 0} does, which Duato's theorem does not cover ({@link #drainsAdaptiveVcs}).
 * </ul>
 * Class 0 is adaptive: a packet in it may take any output port one router hop closer to its destination, on a VC of
 * class 0; the router offers those ports and the escape route together, and the engine re-chooses at every VC
 * allocation the packet's head takes part in ({@link #choosesEachHop}): the least occupied minimal port with a free
 * class-0 VC, else the escape route where its VC is free ({@link #choice}). The escape is entered at any router, routed from there as if
 * the packet had been injected there, and a packet that took it stays in it to its destination.
 *
 * <p>Deadlock freedom (Duato 1993, Theorem 1): the escape subfunction is connected (it reaches every router from every
 * router) and, as no packet leaves it, the extended channel dependency graph of its channels has only their direct
 * dependencies, those of its routes entered at every router: up*&#47;down* routes take up links and then down links
 * only, and dimension-order routes close no cycle with their classes (Dally &amp; Seitz 1987); {@link DeadlockCheck}
 * checks that graph before a run. An adaptive VC is allocated only once it is empty ({@link #drainsAdaptiveVcs}), so a
 * packet in class 0 waits with its head at a router, where it can always wait for the escape VC, which drains. Adaptive routes
 * are minimal, so no packet is routed for ever. BookSim 2 has no such function for arbitrary graphs: its anynet
 * {@code min} uses every VC on minimal routes with no escape.
 *
 * <p>Without congestion (a lone packet) the choice is the first minimal port in channel order, which {@link #route}
 * returns.
 */
final class MinimalAdaptiveRouting implements RoutingFunction {

    /** The adaptive class; the escape's classes follow it. */
    static final int ADAPTIVE = 0;

    /** The escape's route of a packet entering it at {@code router}, as if injected there, in the escape's classes. */
    private interface Entry {
        int route(int router, int dest, int aux);
    }

    private final String name;
    private final RouterPorts net;
    private final RoutingFunction escape;
    private final Entry entry;
    /** Whether each escape class has one VC (else the VCs are split evenly among all classes). */
    private final boolean oneVcEscapes;
    private final Choice choice;
    private final int routers;
    /** Router hops from r to t at {@code r * R + t}. */
    private final int[] dist;

    private MinimalAdaptiveRouting(String name, RouterPorts net, RoutingFunction escape, Entry entry, boolean oneVcEscapes,
            Choice choice) {
        this.name = name;
        this.choice = choice;
        this.net = net;
        this.escape = escape;
        this.entry = entry;
        this.oneVcEscapes = oneVcEscapes;
        routers = net.routers();
        dist = MinimalHopRouting.routerDistances(net);
    }

    /** {@code min-adaptive}: the up*&#47;down* escape, VCs split evenly. */
    static MinimalAdaptiveRouting updown(RouterPorts net) {
        UpDownRouting updown = UpDownRouting.updown(net);
        return new MinimalAdaptiveRouting("min-adaptive", net, updown, (r, dest, aux) -> updown.route(r, false, dest, aux),
                false, Choice.LEAST_OCCUPIED);
    }

    /**
     * {@code min-adaptive-dor} on a mesh or torus ({@link Choice#LEAST_OCCUPIED}), or {@code min-adaptive-booksim}
     * ({@link Choice#ALLOCATOR}): the {@code dor-booksim} escape, one VC per escape class.
     */
    static MinimalAdaptiveRouting dimensionOrder(RouterPorts net, DimensionOrderRouting dor, Choice choice) {
        // every router of a grid has a terminal
        return new MinimalAdaptiveRouting(choice == Choice.ALLOCATOR ? "min-adaptive-booksim" : "min-adaptive-dor", net, dor,
                (r, dest, aux) -> dor.route(r, net.injectionPort(r), 0, dest, aux), true, choice);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int vcClasses() {
        return 1 + escape.vcClasses();
    }

    @Override
    public VcClasses split(int vcs) {
        return oneVcEscapes ? VcClasses.escapes(vcs, escape.vcClasses()) : VcClasses.even(vcs, vcClasses());
    }

    @Override
    public Choice choice() {
        return choice;
    }

    /** BookSim's reading ({@link Choice#ALLOCATOR}) reallocates an adaptive VC after a tail, as BookSim does. */
    @Override
    public boolean drainsAdaptiveVcs() {
        return choice != Choice.ALLOCATOR;
    }

    @Override
    public int auxValues() {
        return escape.auxValues();
    }

    @Override
    public int prepare(int source, int dest, java.util.SplittableRandom random) {
        return escape.prepare(source, dest, random);
    }

    @Override
    public boolean choosesEachHop() {
        return true;
    }

    /** The escape route of a packet in an escape class, else the first minimal port. */
    @Override
    public int route(int router, int inPort, int inClass, int dest, int aux) {
        int fixed = fixed(router, inPort, inClass, dest, aux);
        return fixed >= 0 ? fixed : minimal(router, net.terminalRouter(dest), null);
    }

    /**
     * In an escape class the escape route alone; else every minimal port in class 0 in channel order, then the escape
     * route entered here; at the destination's router, its terminal's port.
     */
    @Override
    public int alternatives(int router, int inPort, int inClass, int dest, int aux, int[] out) {
        int fixed = fixed(router, inPort, inClass, dest, aux);
        if (fixed >= 0) {
            out[0] = fixed;
            return 1;
        }
        int n = minimal(router, net.terminalRouter(dest), out);
        out[n++] = escaped(entry.route(router, dest, aux));
        return n;
    }

    /** The one route a packet has here: the ejection at its destination's router, the escape's in an escape class; else -1. */
    private int fixed(int router, int inPort, int inClass, int dest, int aux) {
        if (router == net.terminalRouter(dest)) {
            return net.ejection(dest);
        }
        if (inClass > ADAPTIVE && net.neighbourRouter(net.portStart(router) + inPort) >= 0) {
            return escaped(escape.route(router, inPort, inClass - 1, dest, aux));
        }
        return -1;
    }

    /** A route of the escape function, its class moved past the adaptive class. */
    private static int escaped(int route) {
        return RoutingFunction.encode(RoutingFunction.port(route), RoutingFunction.vcClass(route) + 1);
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
