package org.ccopt.routing;

import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.HopDistances;

/**
 * Minimal routing on any graph made deadlock free by hop-indexed virtual channels: the i-th router-to-router hop of a
 * packet is taken in VC class i, so every channel dependency goes from a class to the next and none can close a cycle
 * (the structured buffer pool of Merlin &amp; Schweitzer 1980; Günther 1981). It needs as many classes as the network's
 * diameter in router hops. Where several next hops are on shortest paths:
 * <ul>
 *   <li>{@code min-hop} takes the (dest mod count)-th, which spreads destinations over them;
 *   <li>{@code shortest-path} takes the first in channel order, which is path 0 of {@link MinimalPaths} (the fixed
 *       shortest path of the message and hop models: Cui 2024, §3.3, routes by SimGrid's Floyd shortest paths).
 * </ul>
 */
final class MinimalHopRouting implements RoutingFunction {

    private final boolean first;
    private final RouterPorts net;
    private final int routers;
    /** Router hops from r to t at {@code r * R + t}. */
    private final int[] dist;
    private final int diameter;

    /**
     * Router distances from the topology's breadth-first search ({@link HopDistances#bfs}): a shortest path between
     * two switches never passes through a terminal, whose only link goes back to its switch.
     */
    MinimalHopRouting(RouterPorts net, boolean firstHop) {
        this.first = firstHop;
        this.net = net;
        routers = net.routers();
        dist = routerDistances(net);
        diameter = java.util.Arrays.stream(dist).max().orElse(0);
    }

    /** Router hops from r to t at {@code r * R + t}; one line for a network that is not connected. */
    static int[] routerDistances(RouterPorts net) {
        int routers = net.routers();
        int[] dist = new int[routers * routers];
        Topology t = net.topology();
        int[] nodeDist = new int[t.nodeCount()];
        int[] queue = new int[t.nodeCount()];
        for (int to = 0; to < routers; to++) {
            HopDistances.bfs(t, net.routerNode(to), true, nodeDist, queue);
            for (int r = 0; r < routers; r++) {
                int d = nodeDist[net.routerNode(r)];
                if (d == HopDistances.UNREACHABLE) {
                    throw new InvalidInputException("'" + t.spec() + "' is not connected; the flit engine needs a connected network");
                }
                dist[r * routers + to] = d;
            }
        }
        return dist;
    }

    @Override
    public String name() {
        return first ? "shortest-path" : "min-hop";
    }

    @Override
    public int vcClasses() {
        return Math.max(1, diameter);
    }

    @Override
    public int route(int router, int inPort, int inClass, int dest, int aux) {
        int t = net.terminalRouter(dest);
        if (router == t) {
            return net.ejection(dest);
        }
        boolean fromRouter = net.neighbourRouter(net.portStart(router) + inPort) >= 0;
        int cls = fromRouter ? inClass + 1 : 0;
        int here = dist[router * routers + t];
        int pick = 0;
        if (!first) {
            int count = 0;
            for (int p = net.portStart(router); p < net.portEnd(router); p++) {
                int v = net.neighbourRouter(p);
                if (v >= 0 && dist[v * routers + t] == here - 1) {
                    count++;
                }
            }
            pick = Math.floorMod(dest, count);
        }
        for (int p = net.portStart(router); p < net.portEnd(router); p++) {
            int v = net.neighbourRouter(p);
            if (v >= 0 && dist[v * routers + t] == here - 1 && pick-- == 0) {
                return RoutingFunction.encode(p - net.portStart(router), cls);
            }
        }
        throw new IllegalStateException("no minimal hop from router " + router + " to terminal " + dest);
    }
}
