package org.ccopt.routing;

import java.util.SplittableRandom;
import org.ccopt.topology.Geometry;

/**
 * Routing on a flattened butterfly (Kim, Dally &amp; Abts 2007), as BookSim 2 routes its {@code flatfly}
 * ({@code networks/flatfly_onchip.cpp}). Every route hop corrects the lowest dimension in which the router's
 * coordinate differs from its target's, in one hop straight to the router with the target's coordinate.
 * <ul>
 *   <li>{@code dor}: minimal, one VC class; BookSim's {@code ran_min} ({@code min_flatfly}, which for all its name
 *       takes the lowest differing dimension first, on every VC).
 *   <li>{@code valiant}: Valiant's two phases (Valiant &amp; Brebner 1981): to a router drawn uniformly at injection,
 *       then to the destination, the first phase in the lower half of the VCs and the second in the upper; a packet
 *       that reaches its destination's router in the first phase ends there (BookSim's {@code valiant}).
 *   <li>{@code ugal}: UGAL with local information (Singh 2005; Kim, Dally &amp; Abts 2007, §4.2): at the source router
 *       an intermediate router is drawn in the smallest subcube holding the source and the destination (a random
 *       coordinate in each dimension where they differ, theirs where they agree), and the packet goes minimally unless
 *       H_min x q_min exceeds H_nonmin x q_nonmin + 2, H the router hops of a route and q the flits its first output
 *       port has sent and not had credited; a nonminimal packet runs to the intermediate in the lower half of the VCs
 *       and on in the upper half, where minimal packets run from the start (BookSim's {@code ugal}, threshold 2).
 * </ul>
 *
 * <p>Deadlock freedom: within a class a route's hops go to strictly increasing dimensions, so a channel of dimension d
 * depends only on channels of higher dimensions, and a packet only moves from the lower class to the upper; the
 * dependencies close no cycle. {@link DeadlockCheck} checks it per network.
 */
final class FlatflyRouting implements RoutingFunction {

    /** How a packet is routed: minimally, by Valiant's two phases, or by UGAL's choice between the two. */
    enum Mode {
        MINIMAL, VALIANT, UGAL
    }

    /** BookSim's UGAL margin in flits ({@code threshold} in its {@code ugal_flatfly_onchip}). */
    static final int UGAL_THRESHOLD = 2;

    private final RouterPorts net;
    private final Mode mode;
    private final int k;
    private final int n;
    /** Local port of router r to the router with coordinate y in dimension d, at {@code (r * n + d) * k + y}. */
    private final int[] port;

    FlatflyRouting(RouterPorts net, Geometry.FlattenedButterfly ff, Mode mode) {
        this.net = net;
        this.mode = mode;
        k = ff.k();
        n = ff.n();
        port = new int[net.routers() * n * k];
        for (int r = 0; r < net.routers(); r++) {
            int stride = 1;
            for (int d = 0; d < n; d++) {
                int x = r / stride % k;
                for (int y = 0; y < k; y++) {
                    port[(r * n + d) * k + y] = y == x ? -1
                            : net.portTo(r, net.routerNode(r + (y - x) * stride)) - net.portStart(r);
                }
                stride *= k;
            }
        }
    }

    @Override
    public String name() {
        return switch (mode) {
            case MINIMAL -> "dor";
            case VALIANT -> "valiant";
            case UGAL -> "ugal";
        };
    }

    @Override
    public int vcClasses() {
        return mode == Mode.MINIMAL ? 1 : 2;
    }

    /** 0 for none, else 1 + the intermediate router. */
    @Override
    public int auxValues() {
        return mode == Mode.MINIMAL ? 1 : net.routers() + 1;
    }

    @Override
    public int prepare(int source, int dest, SplittableRandom random) {
        if (mode == Mode.VALIANT) {
            return 1 + random.nextInt(net.routers());
        }
        if (mode == Mode.MINIMAL) {
            return 0;
        }
        int s = net.terminalRouter(source);
        int t = net.terminalRouter(dest);
        int intermediate = 0;
        for (int d = 0, stride = 1; d < n; d++, stride *= k) {
            int sx = s / stride % k;
            intermediate += (sx == t / stride % k ? sx : random.nextInt(k)) * stride;
        }
        return 1 + intermediate;
    }

    @Override
    public boolean adaptive() {
        return mode == Mode.UGAL;
    }

    @Override
    public int decide(int router, int inPort, int dest, int aux, Congestion congestion) {
        int t = net.terminalRouter(dest);
        int intermediate = aux - 1;
        if (aux == 0 || intermediate == router || router == t) {
            return 0; // no detour: the intermediate is here (BookSim then routes minimally as well), or so is the destination
        }
        int start = net.portStart(router);
        long minimal = (long) distance(router, t) * congestion.occupancy(start + toward(router, t));
        long detour = (long) (distance(router, intermediate) + distance(intermediate, t))
                * congestion.occupancy(start + toward(router, intermediate));
        return minimal <= detour + UGAL_THRESHOLD ? 0 : aux;
    }

    @Override
    public int route(int router, int inPort, int inClass, int dest, int aux) {
        int t = net.terminalRouter(dest);
        if (mode == Mode.MINIMAL) {
            return router == t ? net.ejection(dest) : RoutingFunction.encode(toward(router, t), 0);
        }
        boolean fromRouter = net.neighbourRouter(net.portStart(router) + inPort) >= 0;
        int intermediate = aux - 1;
        boolean second = aux == 0 || fromRouter && inClass == 1 || router == intermediate
                || mode == Mode.VALIANT && router == t;
        if (second) {
            return router == t ? net.ejection(dest) : RoutingFunction.encode(toward(router, t), 1);
        }
        return RoutingFunction.encode(toward(router, intermediate), 0);
    }

    /** The local port of {@code router} toward router {@code target}: its lowest differing dimension first. */
    private int toward(int router, int target) {
        for (int d = 0, a = router, b = target; d < n; d++, a /= k, b /= k) {
            if (a % k != b % k) {
                return port[(router * n + d) * k + b % k];
            }
        }
        throw new IllegalStateException("router " + router + " is its own target");
    }

    /** Router hops from router {@code a} to router {@code b}: the dimensions in which their coordinates differ. */
    private int distance(int a, int b) {
        int hops = 0;
        for (int d = 0; d < n; d++, a /= k, b /= k) {
            hops += a % k != b % k ? 1 : 0;
        }
        return hops;
    }
}
