package org.ccopt.flitsim;

import java.util.Arrays;
import org.ccopt.InvalidInputException;

/**
 * A lower bound on the duration of one traffic pattern, computed without simulating: every channel a flow uses (its
 * source's injection channel, each network link of its dimension-order path, its destination's ejection port) carries
 * one flit per cycle. If a channel carries {@code F} flits, the first of them needs at least the channels before it
 * on the shortest such prefix to reach it, and the last one at least the channels after it on the shortest suffix to
 * leave the network, so no plan finishes before {@code F + minBefore + minAfter} cycles. The bound is the largest of
 * these over all channels; for a permutation whose flows are one hop long and share no link it is {@code F + 2}, the
 * 34 cycles of 4 packets of 8 flits that Yokota et al. 2018 (§5.2) call the minimum of a pattern on their 8x8 torus.
 *
 * <p>An ejection port carries one flit per cycle, or up to one per VC under {@link RouterModel.Ejection#PER_VC} (every VC
 * of the processor port with a flit ejects it), where its load counts as {@code ceil(F / vcs)} cycles; a sender's own
 * last link still carries one a cycle, so the links keep the bound of one-to-one traffic.
 *
 * <p>It holds for every injection plan (slices, intervals, delays, VC selection, queue order: Yokota et al. 2023, §5),
 * since a plan can only add waiting, never bandwidth; {@code LinkLoadBoundTest} checks it against the simulator on
 * random mappings and random plans. The routes are the simulator's own ({@link FlitSimulator#path}), so the bound
 * follows the router model's routing readings. Paths of every pair are tabulated, so networks of at most
 * {@value #MAX_TABLE_NODES} nodes are accepted.
 *
 * <p>On BookSim's router ({@link #of}) a channel is an output port, which its switch allocator grants one flit a cycle,
 * and every stage of its pipeline takes at least a cycle, so the same argument holds: the routes are its routing
 * function's where the function has one route a pair (no per-packet draw, no choice by congestion), else only the ejection port, which
 * every route of a pair shares.
 */
public final class LinkLoadBound {

    /** Largest network whose all-pairs path table is built (16 x 16: about half a million entries). */
    public static final int MAX_TABLE_NODES = 256;

    private final int n;
    private final int channels;
    /** Channel ids (node * ports + port) of the path from a to b: {@code hops[start[a * n + b] .. start[a * n + b + 1])}. */
    private final int[] start;
    private final int[] hops;
    /** Flits an ejection port takes per cycle: 1, or the VC count under per-VC ejection; 0 marks a network link. */
    private final int[] ejectsPerCycle;
    private final ThreadLocal<int[][]> scratch;

    /** Tabulates the routes of {@code sim}'s network under {@code model}'s routing. */
    public LinkLoadBound(FlitSimulator sim, RouterModel model) {
        this(sim.nodes(), sim.routers() * sim.ports(), model.ejection() == RouterModel.Ejection.PER_VC ? sim.vcs() : 1,
                (a, b) -> {
                    int[] path = sim.path(model, a, b).clone();
                    for (int i = 0; i < path.length; i++) {
                        path[i] /= sim.vcs();
                    }
                    return path;
                });
    }

    /** The bound of {@code router}'s network and routing: the papers' router under its {@code kind}'s model, or BookSim's. */
    public static LinkLoadBound of(FlitRouter router, RouterKind kind) {
        if (router instanceof FlitSimulator sim) {
            return new LinkLoadBound(sim, ((RouterKind.Papers) kind).model());
        }
        org.ccopt.flitsim.net.NetworkSimulator engine = ((BooksimRouter) router).engine();
        org.ccopt.routing.RouterPorts net = engine.network();
        org.ccopt.routing.RoutingFunction f = engine.routing();
        // one route a pair: the function's own path (FunctionRouting), read as the output ports it leaves by
        org.ccopt.routing.FunctionRouting paths = f.auxValues() == 1 && !f.adaptive() && !f.choosesEachHop()
                ? new org.ccopt.routing.FunctionRouting(net, f, 0) : null;
        boolean direct = net.topology().isDirect();
        return new LinkLoadBound(net.terminals(), net.ports(), 1, (a, b) -> {
            if (paths == null) {
                return new int[] {net.terminalPort(b)};
            }
            int[] nodes = paths.route(a, b);
            int[] out = new int[nodes.length];
            int length = 0;
            for (int i = 0; i + 1 < nodes.length; i++) {
                int at = net.nodeRouter(nodes[i]);
                if (at >= 0) { // not an indirect network's source terminal
                    out[length++] = net.portTo(at, nodes[i + 1]);
                }
            }
            if (direct) {
                out[length++] = net.terminalPort(b); // a direct network's path ends at the router, which ejects
            }
            return Arrays.copyOf(out, length);
        });
    }

    /** The channels a route from a to b uses, the ejection last. */
    private interface Routes {
        int[] path(int a, int b);
    }

    private LinkLoadBound(int n, int channels, int perCycle, Routes routes) {
        this.n = n;
        if (n > MAX_TABLE_NODES) {
            throw new InvalidInputException("the link-load bound tabulates all paths; " + n + " nodes are too many (at most "
                    + MAX_TABLE_NODES + ")");
        }
        this.channels = channels;
        this.start = new int[n * n + 1];
        this.ejectsPerCycle = new int[channels];
        int[] all = new int[16];
        int count = 0;
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                start[a * n + b] = count;
                if (a == b) {
                    continue;
                }
                int[] path = routes.path(a, b);
                if (count + path.length > all.length) {
                    all = Arrays.copyOf(all, Math.max(all.length * 2, count + path.length));
                }
                for (int o : path) {
                    all[count++] = o;
                }
                ejectsPerCycle[all[count - 1]] = perCycle; // a route's last channel ejects
            }
        }
        start[n * n] = count;
        this.hops = Arrays.copyOf(all, count);
        this.scratch = ThreadLocal.withInitial(() -> new int[][] {new int[channels], new int[channels], new int[channels]});
    }

    /** Channels on the route from a to b: its network links, then the destination's ejection port (none when a == b). */
    public int routeLength(int a, int b) {
        return start[a * n + b + 1] - start[a * n + b];
    }

    /** Channel {@code i} (node * ports + port) of the route from a to b, {@code 0 <= i < routeLength(a, b)}. */
    public int routeChannel(int a, int b, int i) {
        return hops[start[a * n + b] + i];
    }

    /** Channel ids are below this. */
    public int channels() {
        return channels;
    }

    /** Network links (hops) from a to b on the simulator's route. */
    public int hops(int a, int b) {
        return a == b ? 0 : routeLength(a, b) - 1;
    }

    /**
     * The bound for every node i sending {@code flitsPerNode} flits to {@code destination[i]} (none where it is i);
     * 0 when nobody sends.
     */
    public int cycles(int[] destination, int flitsPerNode) {
        if (destination.length != n) {
            throw new InvalidInputException("pattern covers " + destination.length + " nodes; the network has " + n);
        }
        int[][] s = scratch.get();
        int[] load = s[0];
        int[] before = s[1];
        int[] after = s[2];
        Arrays.fill(load, 0);
        Arrays.fill(before, Integer.MAX_VALUE);
        Arrays.fill(after, Integer.MAX_VALUE);
        long bound = 0;
        for (int a = 0; a < n; a++) {
            int b = destination[a];
            if (b == a) {
                continue;
            }
            int from = start[a * n + b];
            int to = start[a * n + b + 1];
            // injection channel: nothing before it, the route's links and the ejection port after it
            bound = Math.max(bound, (long) flitsPerNode + to - from);
            for (int j = from; j < to; j++) {
                int c = hops[j];
                int pre = j - from + 1; // the injection channel and the links before this one
                int post = to - 1 - j;
                load[c] += flitsPerNode;
                before[c] = Math.min(before[c], pre);
                after[c] = Math.min(after[c], post);
            }
        }
        for (int c = 0; c < channels; c++) {
            if (load[c] > 0) {
                int cycles = ejectsPerCycle[c] > 1 ? (load[c] + ejectsPerCycle[c] - 1) / ejectsPerCycle[c] : load[c];
                bound = Math.max(bound, (long) cycles + before[c] + after[c]);
            }
        }
        return (int) Math.min(Integer.MAX_VALUE, bound);
    }
}
