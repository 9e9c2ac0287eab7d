package org.ccopt.routing;

/**
 * E-cube routing on a binary hypercube ({@code ecube}): the lowest differing address bit is corrected first
 * (Sullivan &amp; Bashkow 1977). Its channel dependencies only go from lower to higher dimensions, so one VC class
 * is deadlock free. A folded hypercube's complement links are not used.
 */
final class ECubeRouting implements RoutingFunction {

    private final RouterPorts net;
    private final int dims;
    /** Local port of router r along bit b at {@code r * dims + b}. */
    private final int[] port;

    ECubeRouting(RouterPorts net, int dims) {
        this.net = net;
        this.dims = dims;
        port = new int[net.routers() * dims];
        for (int r = 0; r < net.routers(); r++) {
            for (int b = 0; b < dims; b++) {
                port[r * dims + b] = net.portTo(r, r ^ (1 << b)) - net.portStart(r);
            }
        }
    }

    @Override
    public String name() {
        return "ecube";
    }

    @Override
    public int vcClasses() {
        return 1;
    }

    @Override
    public int route(int router, int inPort, int inClass, int dest, int aux) {
        int diff = router ^ dest;
        if (diff == 0) {
            return net.ejection(dest);
        }
        return RoutingFunction.encode(port[router * dims + Integer.numberOfTrailingZeros(diff)], 0);
    }
}
