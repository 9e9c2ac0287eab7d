package org.ccopt.routing;

import java.util.ArrayList;
import java.util.List;
import org.ccopt.InvalidInputException;

/**
 * Proves a routing function deadlock free on a network before a run: it follows the route of every pair of source
 * router and destination terminal (and every per-packet value the function can draw), checks each hop against the
 * adjacency, and builds the channel dependency graph over (router-to-router channel, VC class); a routing function
 * whose graph has no cycle cannot deadlock under wormhole flow control (Dally &amp; Seitz 1987). A cycle is reported
 * with its channels.
 *
 * <p>Cost: a route's next hop depends only on the channel it arrived on, its class, the destination and the per-packet
 * value, so for one destination and value the walk from a channel is the same whichever source reached it. Each walk
 * stops at the first channel already proved to deliver for that destination and value (after recording the dependency
 * into it), so the check takes about channels x classes x destinations x values steps, not sources x destinations x
 * route length. A channel's dependencies are a bit set over the next router's channels and classes, so no step
 * allocates.
 */
public final class DeadlockCheck {

    private DeadlockCheck() {
    }

    /**
     * What the check found: the dependency graph's size and the longest route in router hops; or, for a network beyond
     * {@link #PROVED_STEPS} under a function with a published proof, that proof ({@link RoutingFunction#deadlockProof})
     * and zeros.
     */
    public record Result(int channels, int dependencies, int longestRoute, String proof) {
    }

    /**
     * The most channel-destination steps (channels x VC classes x destinations x per-packet values) a check takes: about
     * a minute on a 2-core machine of 2026 (Valiant on a 32x32 torus, 2.1e10 steps, 55 s; dimension order takes longer a
     * step: 2.7e9 on a 128x128 torus, 50 s). A network above it runs under a routing function with a published proof,
     * and is refused under any other.
     */
    public static final long MAX_STEPS = 25_000_000_000L;

    /**
     * The most steps a check walks for a routing function with a published proof ({@link RoutingFunction#deadlockProof}:
     * dimension order on tori and meshes); above, its proof stands. The same code routes every size and the walk of
     * every smaller network checks it (torus:32x32, 1.0e7 steps, is walked), while a torus:64x64 run (1.7e8) had spent
     * about 30 of its 38 set-up CPU-s walking it.
     */
    public static final long PROVED_STEPS = 100_000_000L;

    /** The steps a check of {@code routing} on {@code net} takes ({@link #MAX_STEPS}). */
    public static long steps(RouterPorts net, RoutingFunction routing) {
        return (long) net.ports() * routing.vcClasses() * net.terminals() * routing.auxValues();
    }

    /**
     * Checks {@code routing} on {@code net}; fails with one line naming a wrong hop or a dependency cycle. For a function
     * that chooses at every hop ({@link RoutingFunction#choosesEachHop}) the graph is its escape routes', entered at every
     * router and followed to the destination (Duato 1993: the escape channels' extended dependency graph, which has only
     * direct dependencies where no packet leaves the escape), and the adaptive routes are only checked to deliver.
     */
    public static Result check(RouterPorts net, RoutingFunction routing) {
        long steps = steps(net, routing);
        if (steps > PROVED_STEPS && routing.deadlockProof() != null) {
            return new Result(0, 0, 0, routing.deadlockProof());
        }
        if (steps > MAX_STEPS) {
            throw new InvalidInputException("routing function '" + routing.name() + "' on '" + net.topology().spec()
                    + "' takes " + steps + " steps to prove deadlock free (channels x classes x destinations x values), above "
                    + "the " + MAX_STEPS + " ccopt takes before a run; expected a smaller network, or a routing function with "
                    + "a published proof (dor, dor-booksim on tori and meshes)");
        }
        Walker w = new Walker(net, routing);
        boolean escape = routing.choosesEachHop();
        int[] alternatives = new int[net.maxRadix() + 1];
        int longest = 0;
        for (int dest = 0; dest < net.terminals(); dest++) {
            for (int aux = 0; aux < routing.auxValues(); aux++) {
                w.stamp++;
                for (int src = 0; src < net.routers(); src++) {
                    int injection = net.injectionPort(src);
                    if (injection >= 0) {
                        int first = routing.route(src, injection, 0, dest, aux);
                        longest = Math.max(longest, w.walk(src, first, dest, aux, !escape));
                    }
                    if (escape) { // the escape entered here, from the adaptive class
                        int n = routing.alternatives(src, Math.max(injection, 0), 0, dest, aux, alternatives);
                        longest = Math.max(longest, w.walk(src, alternatives[n - 1], dest, aux, true));
                    }
                }
            }
        }
        int classes = routing.vcClasses();
        int nodes = w.nodes;
        int[] start = new int[nodes + 1];
        for (int u = 0; u < nodes; u++) {
            for (int i = 0; i < w.words; i++) {
                start[u + 1] += Long.bitCount(w.next[u * w.words + i]);
            }
        }
        for (int i = 0; i < nodes; i++) {
            start[i + 1] += start[i];
        }
        int[] target = new int[start[nodes]];
        for (int u = 0; u < nodes; u++) {
            if (start[u + 1] == start[u]) {
                continue; // no dependency (a terminal's channel, or one no route uses)
            }
            int base = net.portStart(net.neighbourRouter(u / classes)) * classes; // the next router's first channel node
            int at = start[u];
            for (int i = 0; i < w.words; i++) {
                for (long bits = w.next[u * w.words + i]; bits != 0; bits &= bits - 1) {
                    target[at++] = base + (i << 6) + Long.numberOfTrailingZeros(bits);
                }
            }
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
        return new Result(nodes, target.length, longest, null);
    }

    /**
     * Follows packets hop by hop, remembering per channel node (global port x classes + class) what the walks of the
     * current destination and value proved: that the route from it delivers ({@code delivers}) and, where dependencies
     * are recorded, that its route's dependencies are in the graph ({@code recorded}), with its hops to the terminal.
     */
    private static final class Walker {
        final RouterPorts net;
        final RoutingFunction routing;
        final int classes;
        final int nodes;
        final int limit;
        /** Longs per node of {@link #next}: one bit per channel and class of the next router. */
        final int words;
        /** Per node, its dependencies: bit (local port x classes + class) of the router its channel leads to. */
        final long[] next;
        final int[] delivers;
        final int[] recorded;
        final int[] hopsLeft;
        final int[] onWalk;
        final int[] path;
        /** One stamp per destination and value; one per walk. */
        int stamp;
        int walkId;

        Walker(RouterPorts net, RoutingFunction routing) {
            this.net = net;
            this.routing = routing;
            this.classes = routing.vcClasses();
            this.nodes = net.ports() * classes;
            this.limit = net.routers() * classes + 1;
            this.words = (net.maxRadix() * classes + 63) >>> 6;
            this.next = new long[nodes * words];
            this.delivers = new int[nodes];
            this.recorded = new int[nodes];
            this.hopsLeft = new int[nodes];
            this.onWalk = new int[nodes];
            this.path = new int[limit + 1];
        }

        /**
         * Follows a packet for {@code dest} from {@code router}, whose first hop is {@code first}, to its terminal or to
         * a channel already proved for this destination and value, checking every hop and recording the dependencies
         * between consecutive channels where {@code record}; its router hops.
         */
        int walk(int router, int first, int dest, int aux, boolean record) {
            int start = router;
            int r = first;
            int previous = -1;
            int hops = 0;
            int length = 0;
            int total;
            walkId++;
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
                        throw new InvalidInputException("routing function '" + routing.name() + "' delivers a packet for "
                                + "terminal " + dest + " to terminal " + net.portTerminal(global));
                    }
                    total = hops;
                    break;
                }
                int node = global * classes + cls;
                if (previous >= 0 && record) {
                    int slot = port * classes + cls;
                    next[previous * words + (slot >>> 6)] |= 1L << slot;
                }
                if (recorded[node] == stamp || (!record && delivers[node] == stamp)) {
                    total = hops + 1 + hopsLeft[node];
                    break;
                }
                if (onWalk[node] == walkId || ++hops > limit) {
                    throw new InvalidInputException("routing function '" + routing.name() + "' does not deliver a packet "
                            + "from router " + start + " to terminal " + dest + " within " + limit + " hops");
                }
                onWalk[node] = walkId;
                path[length++] = node;
                previous = node;
                int nextRouter = net.neighbourRouter(global);
                int inPort = net.peerPort(global) - net.portStart(nextRouter);
                router = nextRouter;
                r = routing.route(router, inPort, cls, dest, aux);
            }
            for (int i = 0; i < length; i++) {
                int node = path[i];
                hopsLeft[node] = total - (i + 1);
                delivers[node] = stamp;
                if (record) {
                    recorded[node] = stamp;
                }
            }
            return total;
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
