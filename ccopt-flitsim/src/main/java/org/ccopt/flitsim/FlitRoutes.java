package org.ccopt.flitsim;

import java.util.Arrays;

/**
 * The network and routing that the papers' router ({@link FlitSimulator}) runs on: its routers, each with {@code ports}
 * port slots (port id {@code router * ports + port}), the router and input port behind every output port, the
 * terminal on every terminal port, and the next output VC of a packet. Two kinds: the torus and mesh tables of the
 * papers' readings ({@link FlitRouting}), and any other two-way network under a routing function of the flit engine
 * ({@link NetworkRoutes}). On a torus or mesh every node is a router with one terminal, at port {@code 2n}.
 *
 * <p>An output VC id is {@code (router * ports + port) * vcs + vc}; a request names the lowest VC it may use and
 * {@link #span} says how far above it the granted VC may lie.
 */
abstract sealed class FlitRoutes permits FlitRouting, NetworkRoutes {

    final int routers;
    final int ports;
    final int vcs;
    final int terminals;
    /** The router behind output port id i, or -1 (a mesh's edge, an unused slot, a terminal's port). */
    final int[] neighbour;
    /** The input port (local to {@code neighbour[i]}) that the link of output port id i enters, or -1. */
    final int[] inputAt;
    /** The terminal on port id i, or -1. */
    final int[] portTerminal;
    /** The port id of terminal t. */
    final int[] terminalPort;

    FlitRoutes(int routers, int ports, int vcs, int terminals) {
        this.routers = routers;
        this.ports = ports;
        this.vcs = vcs;
        this.terminals = terminals;
        neighbour = new int[routers * ports];
        inputAt = new int[routers * ports];
        portTerminal = new int[routers * ports];
        terminalPort = new int[terminals];
        Arrays.fill(neighbour, -1);
        Arrays.fill(inputAt, -1);
        Arrays.fill(portTerminal, -1);
    }

    /** Rebuilds the tables for {@code m}'s routing readings where they apply. */
    abstract void use(RouterModel m);

    /** Router-to-router hops of a packet from terminal {@code src} to terminal {@code dest}. */
    abstract int hops(int src, int dest);

    /**
     * The output VC id a packet for terminal {@code dest} requests at {@code router}, which it entered on VC
     * {@code vcIn} through local input port {@code inPort} (its terminal's port at its source).
     */
    abstract int routeTo(int router, int dest, int vcIn, int inPort);

    /** How far above output VC id {@code o}, a request's lowest VC, the granted VC may lie. */
    abstract int span(int o);

    /**
     * True when a request names a VC class, any VC of which may be granted (the routing functions of the flit
     * engine), so the simulator allocates as under {@link RouterModel.VcClass#ANY_AT_OR_ABOVE}.
     */
    abstract boolean classRanges();

    /**
     * For every output VC id, the set of input ports (bit p for input port p) from which some packet, between any pair
     * of terminals, can request it under {@code model}. An entry of a queue selection order Q may be N/A only for
     * input ports outside this set (Yokota et al. 2023, §5.2: "possible choices are directions of input ports").
     */
    final int[] requestingInputs(RouterModel model) {
        use(model);
        int[] inputs = new int[routers * ports * vcs];
        // a hop depends only on the router, the input port, the VC and the destination: once a walk towards one
        // destination reaches such a state, the rest of its route was recorded, so each destination costs a walk over
        // the states its routes pass, not sources x route length
        int[] seen = new int[routers * ports * vcs];
        for (int dst = 0; dst < terminals; dst++) {
            int stamp = dst + 1;
            for (int src = 0; src < terminals; src++) {
                if (src == dst) {
                    continue;
                }
                int u = terminalPort[src] / ports;
                int inPort = terminalPort[src] % ports;
                int vc = 0;
                while (true) {
                    int state = (u * ports + inPort) * vcs + vc;
                    if (seen[state] == stamp) {
                        break;
                    }
                    seen[state] = stamp;
                    int o = routeTo(u, dst, vc, inPort);
                    int top = Math.min(o + 1 + span(o), (o / vcs + 1) * vcs);
                    for (int v = o; v < top; v++) {
                        inputs[v] |= 1 << inPort; // any VC at or above the lowest one it may use
                    }
                    int port = o / vcs;
                    if (portTerminal[port] >= 0) {
                        break;
                    }
                    vc = o % vcs;
                    inPort = inputAt[port];
                    u = neighbour[port];
                }
            }
        }
        return inputs;
    }

    /**
     * The output VC ids a packet from terminal {@code src} to terminal {@code dst} requests under {@code model}'s
     * routing, hop by hop (the lowest VC of each request), the last one at the destination's terminal port.
     */
    final int[] path(RouterModel model, int src, int dst) {
        use(model);
        int[] hops = new int[8];
        int count = 0;
        int u = terminalPort[src] / ports;
        int inPort = terminalPort[src] % ports;
        int vc = 0;
        while (true) {
            int o = routeTo(u, dst, vc, inPort);
            if (count == hops.length) {
                hops = Arrays.copyOf(hops, 2 * count);
            }
            hops[count++] = o;
            int port = o / vcs;
            if (portTerminal[port] >= 0) {
                return Arrays.copyOf(hops, count);
            }
            vc = o % vcs;
            inPort = inputAt[port];
            u = neighbour[port];
        }
    }
}
