package org.ccopt.routing;

import org.ccopt.topology.Geometry;

/**
 * {@code dor} on a flattened butterfly (Kim, Dally &amp; Abts 2007): a packet corrects dimension 0 in one hop, straight
 * to the router with the destination's coordinate, then dimension 1, and so on, so it takes as many router hops as
 * coordinates differ, a minimal route. This is BookSim 2's {@code ran_min} on its {@code flatfly}
 * ({@code min_flatfly}, which for all its name takes the lowest differing dimension first, on every VC).
 *
 * <p>Deadlock freedom: a route's hops go to strictly increasing dimensions, so a channel of dimension d depends only on
 * channels of higher dimensions and the dependencies close no cycle in one VC class; {@link DeadlockCheck} checks it
 * per network.
 */
final class FlatflyRouting implements RoutingFunction {

    private final RouterPorts net;
    private final int k;
    private final int n;
    /** Local port of router r to the router with coordinate y in dimension d, at {@code (r * n + d) * k + y}. */
    private final int[] port;

    FlatflyRouting(RouterPorts net, Geometry.FlattenedButterfly ff) {
        this.net = net;
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
        return "dor";
    }

    @Override
    public int vcClasses() {
        return 1;
    }

    @Override
    public int route(int router, int inPort, int inClass, int dest, int aux) {
        int t = net.terminalRouter(dest);
        int here = router;
        for (int d = 0; d < n; d++) {
            if (here % k != t % k) {
                return RoutingFunction.encode(port[(router * n + d) * k + t % k], 0);
            }
            here /= k;
            t /= k;
        }
        return net.ejection(dest);
    }
}
