package org.ccopt.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ccopt.InvalidInputException;

/**
 * Proves a routing function deadlock free on a network before a run: it follows the route of every pair of source
 * router and destination terminal (and every per-packet value the function can draw), checks each hop against the
 * adjacency, and builds the channel dependency graph over (router-to-router channel, VC class); a routing function
 * whose graph has no cycle cannot deadlock under wormhole flow control (Dally &amp; Seitz 1987). A cycle is reported
 * with its channels.
 */
public final class DeadlockCheck {

    private DeadlockCheck() {
    }

    /** What the check found: the dependency graph's size and the longest route in router hops. */
    public record Result(int channels, int dependencies, int longestRoute) {
    }

    /**
     * Checks {@code routing} on {@code net}; fails with one line naming a wrong hop or a dependency cycle. For a function
     * that chooses at every hop ({@link RoutingFunction#choosesEachHop}) the graph is its escape routes', entered at every
     * router and followed to the destination (Duato 1993: the escape channels' extended dependency graph, which has only
     * direct dependencies where no packet leaves the escape), and the adaptive routes are only checked to deliver.
     */
    public static Result check(RouterPorts net, RoutingFunction routing) {
        int classes = routing.vcClasses();
        int nodes = net.ports() * classes;
        Set<Long> edges = new HashSet<>();
        int longest = 0;
        boolean escape = routing.choosesEachHop();
        int[] alternatives = new int[net.maxRadix() + 1];
        for (int src = 0; src < net.routers(); src++) {
            int injection = -1;
            for (int p = net.portStart(src); p < net.portEnd(src); p++) {
                if (net.portTerminal(p) >= 0) {
                    injection = p - net.portStart(src);
                    break;
                }
            }
            for (int dest = 0; dest < net.terminals(); dest++) {
                for (int aux = 0; aux < routing.auxValues(); aux++) {
                    if (injection >= 0) {
                        int first = routing.route(src, injection, 0, dest, aux);
                        longest = Math.max(longest, walk(net, routing, src, first, dest, aux, escape ? null : edges));
                    }
                    if (escape) { // the escape entered here, from the adaptive class
                        int n = routing.alternatives(src, Math.max(injection, 0), 0, dest, aux, alternatives);
                        longest = Math.max(longest, walk(net, routing, src, alternatives[n - 1], dest, aux, edges));
                    }
                }
            }
        }
        int[] start = new int[nodes + 1];
        for (long e : edges) {
            start[(int) (e >>> 32) + 1]++;
        }
        for (int i = 0; i < nodes; i++) {
            start[i + 1] += start[i];
        }
        int[] target = new int[edges.size()];
        int[] fill = Arrays.copyOf(start, nodes);
        for (long e : edges) {
            target[fill[(int) (e >>> 32)]++] = (int) e;
        }
        List<Integer> cycle = findCycle(nodes, start, target);
        if (cycle != null) {
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < cycle.size() && i < 8; i++) {
                int port = cycle.get(i) / classes;
                s.append(i == 0 ? "" : ", ").append(net.portRouter(port)).append("->").append(net.neighbourRouter(port))
                        .append(" class ").append(cycle.get(i) % classes);
            }
            throw new InvalidInputException("routing function '" + routing.name() + "' can deadlock on '"
                    + net.topology().spec() + "' with " + classes + " VC class(es): its channel dependencies close a cycle of "
                    + cycle.size() + " channels (router->router): " + s + (cycle.size() > 8 ? ", ..." : ""));
        }
        return new Result(nodes, edges.size(), longest);
    }

    /**
     * Follows a packet for {@code dest} from {@code router}, whose first hop is {@code first}, hop by hop to its
     * terminal, checking every hop and adding the dependencies between its consecutive channels to {@code edges} (none
     * where null); its router hops.
     */
    private static int walk(RouterPorts net, RoutingFunction routing, int router, int first, int dest, int aux,
                            Set<Long> edges) {
        int classes = routing.vcClasses();
        int limit = net.routers() * classes + 1;
        int start = router;
        int r = first;
        int previous = -1;
        int hops = 0;
        while (true) {
            int port = RoutingFunction.port(r);
            int cls = RoutingFunction.vcClass(r);
            if (port >= net.radix(router) || cls >= classes) {
                throw new InvalidInputException("routing function '" + routing.name() + "' sends a packet from router "
                        + start + " to terminal " + dest + " to port " + port + " class " + cls + " of router " + router
                        + ", which has " + net.radix(router) + " ports and " + classes + " classes");
            }
            int global = net.portStart(router) + port;
            if (net.portTerminal(global) >= 0) {
                if (net.portTerminal(global) != dest) {
                    throw new InvalidInputException("routing function '" + routing.name() + "' delivers a packet for terminal "
                            + dest + " to terminal " + net.portTerminal(global));
                }
                return hops;
            }
            int node = global * classes + cls;
            if (previous >= 0 && edges != null) {
                edges.add(((long) previous << 32) | node);
            }
            previous = node;
            if (++hops > limit) {
                throw new InvalidInputException("routing function '" + routing.name() + "' does not deliver a packet from router "
                        + start + " to terminal " + dest + " within " + limit + " hops");
            }
            int next = net.neighbourRouter(global);
            int inPort = net.peerPort(global) - net.portStart(next);
            router = next;
            r = routing.route(router, inPort, cls, dest, aux);
        }
    }

    /** A cycle of the graph, as its nodes in order, or null; iterative depth-first search. */
    static List<Integer> findCycle(int nodes, int[] start, int[] target) {
        byte[] colour = new byte[nodes];
        int[] parent = new int[nodes];
        int[] stack = new int[nodes];
        int[] cursor = new int[nodes];
        for (int root = 0; root < nodes; root++) {
            if (colour[root] != 0) {
                continue;
            }
            int depth = 0;
            stack[depth++] = root;
            colour[root] = 1;
            cursor[root] = start[root];
            parent[root] = -1;
            while (depth > 0) {
                int u = stack[depth - 1];
                if (cursor[u] < start[u + 1]) {
                    int v = target[cursor[u]++];
                    if (colour[v] == 1) {
                        List<Integer> cycle = new ArrayList<>();
                        for (int w = u; w != v; w = parent[w]) {
                            cycle.add(0, w);
                        }
                        cycle.add(0, v);
                        return cycle;
                    }
                    if (colour[v] == 0) {
                        colour[v] = 1;
                        parent[v] = u;
                        cursor[v] = start[v];
                        stack[depth++] = v;
                    }
                } else {
                    colour[u] = 2;
                    depth--;
                }
            }
        }
        return null;
    }
}
