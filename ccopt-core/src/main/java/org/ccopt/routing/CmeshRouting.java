package org.ccopt.routing;

import org.ccopt.topology.Geometry;

/**
 * {@code dor} on a concentrated mesh ({@link Geometry.ConcentratedMesh}): x first, then y, to the destination
 * terminal's router, then its port; BookSim 2's {@code dor_no_express} on its {@code cmesh} (which never takes the
 * express channels of the edge routers). One VC class: dimension order on a mesh closes no cycle (Dally &amp; Seitz
 * 1987), checked per network by {@link DeadlockCheck}.
 */
final class CmeshRouting implements RoutingFunction {

    private final RouterPorts net;
    private final int kx;
    /** Local ports of router r toward x + 1, x - 1, y + 1 and y - 1, at {@code 4 r + direction} (-1 at an edge). */
    private final int[] toward;

    CmeshRouting(RouterPorts net, Geometry.ConcentratedMesh g) {
        this.net = net;
        this.kx = g.kx();
        int routers = net.routers();
        toward = new int[4 * routers];
        for (int r = 0; r < routers; r++) {
            int x = r % kx;
            int[] next = {x + 1 < kx ? r + 1 : -1, x > 0 ? r - 1 : -1, r + kx < routers ? r + kx : -1, r - kx};
            for (int d = 0; d < 4; d++) {
                toward[4 * r + d] = next[d] < 0 ? -1 : net.portTo(r, net.routerNode(next[d])) - net.portStart(r);
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
        if (t == router) {
            return net.ejection(dest);
        }
        int dx = t % kx - router % kx;
        int direction = dx > 0 ? 0 : dx < 0 ? 1 : t > router ? 2 : 3;
        return RoutingFunction.encode(toward[4 * router + direction], 0);
    }
}
