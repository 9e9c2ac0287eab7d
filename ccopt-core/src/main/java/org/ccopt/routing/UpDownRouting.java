package org.ccopt.routing;

import java.util.Arrays;

/**
 * Up*&#47;down* routing (Schroeder et al. 1991, Autonet): every router gets a rank, a link is "up" towards the lower
 * (rank, router) pair, and a legal route takes zero or more up links and then only down links, so its channel
 * dependencies cannot close a cycle and one VC class is deadlock free. Among legal routes the shortest is taken;
 * where several next hops are equally short, the one that digit l of the destination (in base count) names, l the
 * router's level (|rank|), so destinations spread over the up links of every level (destination-mod-k, Zahavi et
 * al. 2010).
 *
 * <ul>
 *   <li>{@code nca} (fat trees): the rank is minus the router's height above the terminals, so a packet climbs to a
 *       nearest common ancestor of source and destination and descends: minimal on a k-ary n-tree.
 *   <li>{@code nca-random}: BookSim 2's reading of {@code nca} ({@code fattree_nca}, Jiang et al. 2013): the same
 *       routes, but on the way up every packet takes a random up link at each level (digit l of a value drawn per
 *       packet, so each level's choice is uniform and independent), where {@code nca} spreads destinations over the
 *       up links deterministically.
 *   <li>{@code anca} (fat trees): BookSim 2's adaptive {@code fattree_anca}: on the way up, at each router, two up
 *       links drawn at random and the one with fewer flits not yet credited back taken (the first on a tie); the
 *       routes are {@code nca-random}'s, so the check of every drawn value covers every choice.
 *   <li>{@code updown} (any graph): the rank is the hop distance from router 0, the root of a breadth-first tree;
 *       not minimal in general.
 * </ul>
 */
final class UpDownRouting implements RoutingFunction {

    private final String name;
    /** Up links chosen by a per-packet random value ({@code nca-random}, {@code anca}), else by the destination. */
    private final boolean random;
    /** Up links chosen at each hop by the occupancy of two drawn at random ({@code anca}). */
    private final boolean adaptive;
    /** Per-packet values of {@code nca-random}: the largest choice count to the power of the highest level. */
    private final int auxCount;
    private final RouterPorts net;
    private final long[] key;
    private final int[] level;
    /** Legal hops left from router r to router t, having gone down already (phase 1) or not (0): {@code [phase][r * R + t]}. */
    private final int[][] dist;
    private final int routers;

    private UpDownRouting(String name, RouterPorts net, int[] rank) {
        this.name = name;
        this.random = name.equals("nca-random") || name.equals("anca");
        this.adaptive = name.equals("anca");
        this.net = net;
        routers = net.routers();
        key = new long[routers];
        level = new int[routers];
        for (int r = 0; r < routers; r++) {
            key[r] = ((long) rank[r] << 32) | r;
            level[r] = Math.abs(rank[r]);
        }
        int maxLevel = 0;
        int maxUp = 1;
        for (int r = 0; r < routers; r++) {
            maxLevel = Math.max(maxLevel, level[r]);
            int up = 0;
            for (int p = net.portStart(r); p < net.portEnd(r); p++) {
                up += net.neighbourRouter(p) >= 0 && key[net.neighbourRouter(p)] < key[r] ? 1 : 0;
            }
            maxUp = Math.max(maxUp, up);
        }
        long values = 1;
        for (int l = 0; random && l < maxLevel && values <= Integer.MAX_VALUE; l++) {
            values *= maxUp;
        }
        if (values > 1 << 20) {
            throw new org.ccopt.InvalidInputException("routing function '" + name + "' on '" + net.topology().spec()
                    + "' draws one of " + values + " up-link choices a packet; at most " + (1 << 20)
                    + " are supported; expected a smaller tree, or nca");
        }
        auxCount = (int) values;
        dist = new int[][] {new int[routers * routers], new int[routers * routers]};
        Arrays.fill(dist[0], Integer.MAX_VALUE);
        Arrays.fill(dist[1], Integer.MAX_VALUE);
        int[] queue = new int[2 * routers];
        for (int t = 0; t < routers; t++) {
            // backward breadth-first search over (router, phase) states towards t
            int head = 0;
            int tail = 0;
            dist[0][t * routers + t] = 0;
            dist[1][t * routers + t] = 0;
            queue[tail++] = t;
            queue[tail++] = routers + t;
            while (head < tail) {
                int s = queue[head++];
                int v = s % routers;
                int phase = s / routers;
                int dv = dist[phase][v * routers + t];
                for (int p = net.portStart(v); p < net.portEnd(v); p++) {
                    int u = net.neighbourRouter(p);
                    if (u < 0) {
                        continue;
                    }
                    boolean up = key[v] < key[u]; // the hop u -> v goes up
                    // predecessors of (v, phase): (u, 0) by an up hop into phase 0; (u, 0) or (u, 1) by a down hop into 1
                    if (phase == 0 && up && dist[0][u * routers + t] == Integer.MAX_VALUE) {
                        dist[0][u * routers + t] = dv + 1;
                        queue[tail++] = u;
                    }
                    if (phase == 1 && !up) {
                        for (int q = 0; q < 2; q++) {
                            if (dist[q][u * routers + t] == Integer.MAX_VALUE) {
                                dist[q][u * routers + t] = dv + 1;
                                queue[tail++] = q * routers + u;
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * {@code nca} ({@code random} false) or {@code nca-random}: ranks by height above the terminals (breadth-first
     * from the terminals' routers).
     */
    static UpDownRouting nca(RouterPorts net, boolean random) {
        return new UpDownRouting(random ? "nca-random" : "nca", net, heightRanks(net));
    }

    /** {@code anca}: {@code nca-random}'s routes, each up link chosen at its hop by occupancy. */
    static UpDownRouting anca(RouterPorts net) {
        return new UpDownRouting("anca", net, heightRanks(net));
    }

    /** Ranks by height above the terminals: minus the breadth-first distance from the terminals' routers. */
    private static int[] heightRanks(RouterPorts net) {
        int[] height = bfs(net, leafRouters(net));
        int[] rank = new int[height.length];
        for (int r = 0; r < rank.length; r++) {
            rank[r] = -height[r];
        }
        return rank;
    }

    /** {@code updown}: ranks by hop distance from router 0. */
    static UpDownRouting updown(RouterPorts net) {
        return new UpDownRouting("updown", net, bfs(net, new int[] {0}));
    }

    private static int[] leafRouters(RouterPorts net) {
        int[] leaves = new int[net.terminals()];
        for (int t = 0; t < leaves.length; t++) {
            leaves[t] = net.terminalRouter(t);
        }
        return leaves;
    }

    private static int[] bfs(RouterPorts net, int[] sources) {
        int[] d = new int[net.routers()];
        Arrays.fill(d, -1);
        int[] queue = new int[net.routers()];
        int tail = 0;
        for (int s : sources) {
            if (d[s] < 0) {
                d[s] = 0;
                queue[tail++] = s;
            }
        }
        for (int head = 0; head < tail; head++) {
            int u = queue[head];
            for (int p = net.portStart(u); p < net.portEnd(u); p++) {
                int v = net.neighbourRouter(p);
                if (v >= 0 && d[v] < 0) {
                    d[v] = d[u] + 1;
                    queue[tail++] = v;
                }
            }
        }
        return d;
    }

    /** Digit {@code position} of {@code value} in base {@code base}. */
    static int digit(int value, int base, int position) {
        int v = value;
        for (int i = 0; i < position && v > 0; i++) {
            v /= base;
        }
        return v % base;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int vcClasses() {
        return 1;
    }

    @Override
    public int auxValues() {
        return auxCount;
    }

    @Override
    public int prepare(int source, int dest, java.util.SplittableRandom stream) {
        return auxCount > 1 ? stream.nextInt(auxCount) : 0;
    }

    @Override
    public int route(int router, int inPort, int inClass, int dest, int aux) {
        return route(router, down(router, inPort), dest, aux);
    }

    /** Whether a packet that entered {@code router} through local port {@code inPort} came by a down hop: down only now. */
    private boolean down(int router, int inPort) {
        int from = net.neighbourRouter(net.portStart(router) + inPort);
        return from >= 0 && key[router] > key[from];
    }

    @Override
    public boolean adaptsEachHop() {
        return adaptive;
    }

    /**
     * {@code anca}: where several next hops are legal and equally short (up links), two of them drawn at random, the
     * one whose port has fewer flits not yet credited back (the first drawn on a tie), as BookSim's
     * {@code fattree_anca} compares its routers' used credits.
     */
    @Override
    public int adapt(int router, int inPort, int inClass, int dest, int aux, Congestion congestion,
            java.util.SplittableRandom stream) {
        int route = route(router, inPort, inClass, dest, aux);
        int t = net.terminalRouter(dest);
        if (!adaptive || router == t) {
            return route;
        }
        int phase = down(router, inPort) ? 1 : 0;
        int here = dist[phase][router * routers + t];
        int count = legalHops(router, phase, t, here);
        if (count < 2) {
            return route;
        }
        int a = nth(router, phase, t, here, stream.nextInt(count));
        int b = nth(router, phase, t, here, stream.nextInt(count));
        int port = congestion.occupancy(a) > congestion.occupancy(b) ? b : a;
        return RoutingFunction.encode(port - net.portStart(router), 0);
    }

    /** Whether global port p of {@code router} is a legal next hop in phase {@code phase} that is one step closer to t. */
    private boolean legal(int router, int p, int phase, int t, int here) {
        int v = net.neighbourRouter(p);
        if (v < 0) {
            return false;
        }
        boolean up = key[v] < key[router];
        return !(phase == 1 && up) && dist[up ? 0 : 1][v * routers + t] == here - 1;
    }

    /** How many next hops of {@code router} are legal ({@link #legal}). */
    private int legalHops(int router, int phase, int t, int here) {
        int count = 0;
        for (int p = net.portStart(router); p < net.portEnd(router); p++) {
            count += legal(router, p, phase, t, here) ? 1 : 0;
        }
        return count;
    }

    /** The {@code n}-th legal next hop's global port ({@link #legal}). */
    private int nth(int router, int phase, int t, int here, int n) {
        int seen = 0;
        for (int p = net.portStart(router); p < net.portEnd(router); p++) {
            if (legal(router, p, phase, t, here) && seen++ == n) {
                return p;
            }
        }
        throw new IllegalStateException("no legal hop " + n + " from router " + router);
    }

    /** The next hop from {@code router} to {@code dest}, down links only where {@code down} (the packet went down already). */
    int route(int router, boolean down, int dest, int aux) {
        int t = net.terminalRouter(dest);
        if (router == t) {
            return net.ejection(dest);
        }
        int phase = down ? 1 : 0;
        int here = dist[phase][router * routers + t];
        int count = legalHops(router, phase, t, here);
        if (count == 0) {
            throw new IllegalStateException("no legal up*/down* hop from router " + router + " to terminal " + dest);
        }
        int port = nth(router, phase, t, here, digit(random ? aux : dest, count, level[router]));
        return RoutingFunction.encode(port - net.portStart(router), 0);
    }
}
