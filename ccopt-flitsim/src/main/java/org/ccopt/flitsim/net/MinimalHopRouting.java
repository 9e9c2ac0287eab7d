package org.ccopt.flitsim.net;

import java.util.Arrays;

/**
 * Minimal routing on any graph ({@code min-hop}) made deadlock free by hop-indexed virtual channels: the i-th
 * router-to-router hop of a packet is taken in VC class i, so every channel dependency goes from a class to the next
 * and none can close a cycle (the structured buffer pool of Merlin &amp; Schweitzer 1980; Günther 1981). It needs as
 * many classes as the network's diameter in router hops. Where several next hops are on shortest paths, the
 * (dest mod count)-th is taken.
 */
final class MinimalHopRouting implements RoutingFunction {

    private final FlitNetwork net;
    private final int routers;
    /** Router hops from r to t at {@code r * R + t}. */
    private final int[] dist;
    private final int diameter;

    MinimalHopRouting(FlitNetwork net) {
        this.net = net;
        routers = net.routers();
        dist = new int[routers * routers];
        Arrays.fill(dist, -1);
        int[] queue = new int[routers];
        int max = 0;
        for (int t = 0; t < routers; t++) {
            int tail = 0;
            dist[t * routers + t] = 0;
            queue[tail++] = t;
            for (int head = 0; head < tail; head++) {
                int u = queue[head];
                for (int p = net.portStart(u); p < net.portEnd(u); p++) {
                    int v = net.neighbourRouter(p);
                    if (v >= 0 && dist[v * routers + t] < 0) {
                        dist[v * routers + t] = dist[u * routers + t] + 1;
                        max = Math.max(max, dist[v * routers + t]);
                        queue[tail++] = v;
                    }
                }
            }
            if (tail < routers) {
                throw new org.ccopt.InvalidInputException("'" + net.topology().spec()
                        + "' is not connected; the flit engine needs a connected network");
            }
        }
        diameter = max;
    }

    @Override
    public String name() {
        return "min-hop";
    }

    @Override
    public int vcClasses() {
        return Math.max(1, diameter);
    }

    @Override
    public int route(int router, int inPort, int inClass, int dest, int aux) {
        int t = net.terminalRouter(dest);
        if (router == t) {
            return RoutingFunction.encode(net.terminalPort(dest) - net.portStart(router), 0);
        }
        boolean fromRouter = net.neighbourRouter(net.portStart(router) + inPort) >= 0;
        int cls = fromRouter ? inClass + 1 : 0;
        int here = dist[router * routers + t];
        int count = 0;
        for (int p = net.portStart(router); p < net.portEnd(router); p++) {
            int v = net.neighbourRouter(p);
            if (v >= 0 && dist[v * routers + t] == here - 1) {
                count++;
            }
        }
        int pick = Math.floorMod(dest, count);
        for (int p = net.portStart(router); p < net.portEnd(router); p++) {
            int v = net.neighbourRouter(p);
            if (v >= 0 && dist[v * routers + t] == here - 1 && pick-- == 0) {
                return RoutingFunction.encode(p - net.portStart(router), cls);
            }
        }
        throw new IllegalStateException("no minimal hop from router " + router + " to terminal " + dest);
    }
}
