package org.ccopt.routing;

import java.util.Arrays;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;

/**
 * The routers and ports of a topology, as a flit-level engine sees them: every switch is a router (in a direct
 * network every node is one, with its own terminal), and every router has one port per neighbouring router, in the
 * topology's channel order, followed by one port per terminal attached to it. A port is both an input (flits from the
 * neighbour or the terminal) and an output (flits to them); ports are numbered globally, router by router.
 *
 * <p>This is the port model of BookSim 2 (Jiang et al. 2013): a terminal's injection and ejection channels are
 * ports of its router, and a router with several terminals (a fat tree's leaf switch, a Dragonfly router with p &gt;
 * 1 processors) has one port each.
 */
public final class RouterPorts {

    private final Topology topology;
    private final int routers;
    private final int terminals;
    private final int[] routerNode;
    private final int[] nodeRouter;
    private final int[] portStart;
    private final int[] portRouter;
    private final int[] peerPort;
    private final int[] portTerminal;
    private final int[] portNeighbour;
    private final int[] terminalPort;
    /** Per router, the local port of its first terminal, or -1. */
    private final int[] injectionPort;

    /** The ports of {@code topology}; fails with one line for a one-way network or a terminal with several links. */
    public RouterPorts(Topology topology) {
        if (topology.isOneWay()) {
            throw new InvalidInputException("the flit engine needs two-way links; '" + topology.spec()
                    + "' is a one-way multistage network; expected a torus, mesh, hypercube, fat tree, Dragonfly, "
                    + "circulant, random shortcut or two-way file topology");
        }
        this.topology = topology;
        int n = topology.nodeCount();
        terminals = topology.terminalCount();
        if (terminals == 0) {
            throw new InvalidInputException("'" + topology.spec() + "' has no terminals; the flit engine sends packets "
                    + "between terminals: expected a network with at least one");
        }
        boolean direct = topology.isDirect();
        routers = direct ? n : topology.switchCount();
        routerNode = new int[routers];
        nodeRouter = new int[n];
        Arrays.fill(nodeRouter, -1);
        for (int r = 0; r < routers; r++) {
            routerNode[r] = direct ? r : terminals + r;
            nodeRouter[routerNode[r]] = r;
        }
        for (int t = 0; !direct && t < terminals; t++) {
            if (topology.outDegree(t) != 1) {
                throw new InvalidInputException("terminal " + t + " of '" + topology.spec() + "' has "
                        + topology.outDegree(t) + " links; the flit engine attaches each terminal to one router");
            }
            int s = topology.channelTarget(topology.outStart(t));
            if (nodeRouter[s] < 0) {
                throw new InvalidInputException("terminal " + t + " of '" + topology.spec()
                        + "' is linked to terminal " + s + "; expected a switch");
            }
        }
        portStart = new int[routers + 1];
        for (int r = 0; r < routers; r++) {
            // a port per neighbouring router or (indirect) attached terminal, and (direct) the router's own terminal
            portStart[r + 1] = portStart[r] + topology.outDegree(routerNode[r]) + (direct ? 1 : 0);
        }
        int ports = portStart[routers];
        portRouter = new int[ports];
        peerPort = new int[ports];
        portTerminal = new int[ports];
        portNeighbour = new int[ports];
        terminalPort = new int[terminals];
        Arrays.fill(peerPort, -1);
        Arrays.fill(portTerminal, -1);
        Arrays.fill(portNeighbour, -1);
        for (int r = 0; r < routers; r++) {
            int u = routerNode[r];
            int p = portStart[r];
            for (int c = topology.outStart(u); c < topology.outEnd(u); c++) {
                if (nodeRouter[topology.channelTarget(c)] >= 0) {
                    portNeighbour[p] = nodeRouter[topology.channelTarget(c)];
                    portRouter[p++] = r;
                }
            }
            for (int c = topology.outStart(u); c < topology.outEnd(u); c++) {
                int v = topology.channelTarget(c);
                if (nodeRouter[v] < 0) {
                    portRouter[p] = r;
                    portTerminal[p] = v;
                    terminalPort[v] = p++;
                }
            }
            if (direct) {
                portRouter[p] = r;
                portTerminal[p] = u;
                terminalPort[u] = p;
            }
        }
        injectionPort = new int[routers];
        for (int r = 0; r < routers; r++) {
            int p = portStart[r];
            for (; p < portStart[r + 1] && portTerminal[p] < 0; p++) {
                peerPort[p] = portTo(portNeighbour[p], routerNode[r]);
            }
            injectionPort[r] = p < portStart[r + 1] ? p - portStart[r] : -1; // terminals' ports follow the routers'
        }
    }

    public Topology topology() {
        return topology;
    }

    public int routers() {
        return routers;
    }

    public int terminals() {
        return terminals;
    }

    /** All ports of all routers. */
    public int ports() {
        return portStart[routers];
    }

    public int portStart(int router) {
        return portStart[router];
    }

    public int portEnd(int router) {
        return portStart[router + 1];
    }

    public int radix(int router) {
        return portStart[router + 1] - portStart[router];
    }

    /** The largest radix of any router. */
    public int maxRadix() {
        int max = 0;
        for (int r = 0; r < routers; r++) {
            max = Math.max(max, radix(r));
        }
        return max;
    }

    public int portRouter(int port) {
        return portRouter[port];
    }

    /** The topology node of a router. */
    public int routerNode(int router) {
        return routerNode[router];
    }

    /** The router of a topology node, or -1 for a terminal node of an indirect network. */
    public int nodeRouter(int node) {
        return nodeRouter[node];
    }

    /** The port at the neighbouring router that the same link reaches, or -1 for a terminal's port. */
    public int peerPort(int port) {
        return peerPort[port];
    }

    /** The terminal on a port, or -1 for a port to a router. */
    public int portTerminal(int port) {
        return portTerminal[port];
    }

    public int terminalPort(int terminal) {
        return terminalPort[terminal];
    }

    /**
     * The local port of router {@code router}'s first terminal, through which its packets enter it, or -1 where no
     * terminal is attached (a fat tree's upper switches).
     */
    public int injectionPort(int router) {
        return injectionPort[router];
    }

    public int terminalRouter(int terminal) {
        return portRouter[terminalPort[terminal]];
    }

    /** The route that ejects a packet for {@code terminal} at its own router: its port, local to the router, class 0. */
    int ejection(int terminal) {
        int port = terminalPort[terminal];
        return RoutingFunction.encode(port - portStart[portRouter[port]], 0);
    }

    /** The router behind a router port, or -1 for a terminal's port. */
    public int neighbourRouter(int port) {
        return portNeighbour[port];
    }

    /** The port of {@code router} whose link reaches node {@code to} (a router's node or a terminal), or -1. */
    public int portTo(int router, int to) {
        for (int p = portStart[router]; p < portStart[router + 1]; p++) {
            if (portNeighbour[p] >= 0 ? routerNode[portNeighbour[p]] == to : portTerminal[p] == to) {
                return p;
            }
        }
        return -1;
    }
}
