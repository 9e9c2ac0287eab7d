package org.ccopt.flitsim.net;

import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Geometry;

/**
 * Dragonfly routing (Kim, Dally, Scott &amp; Abts 2008, §4): {@code dragonfly-min} takes a local hop to the
 * router of its group that holds the global link to the destination's group, the global link, and a local hop to
 * the destination's router; {@code dragonfly-valiant} first routes minimally to a random intermediate group (chosen
 * per packet, neither the source's nor the destination's), then minimally to the destination. VC classes follow the
 * phase: a packet moves up one class each time it arrives in a group over a global link, so minimal routing needs
 * two classes and Valiant three, and no channel dependency goes from a class to a lower one. Where a group has
 * several links to another, the lowest-numbered router's is used.
 */
final class DragonflyRouting implements RoutingFunction {

    private final FlitNetwork net;
    private final boolean valiant;
    private final int a;
    private final int groups;
    /** The router of group g holding the link to group h, and its local port: at {@code g * groups + h}. */
    private final int[] gateRouter;
    private final int[] gatePort;
    /** Local port of router r to router s of the same group, at {@code r * a + s % a}. */
    private final int[] localPort;

    DragonflyRouting(FlitNetwork net, Geometry.Dragonfly df, boolean valiant) {
        this.net = net;
        this.valiant = valiant;
        this.a = df.a();
        this.groups = df.groups();
        int routers = net.routers();
        gateRouter = new int[groups * groups];
        gatePort = new int[groups * groups];
        java.util.Arrays.fill(gateRouter, -1);
        localPort = new int[routers * a];
        for (int r = 0; r < routers; r++) {
            int g = r / a;
            for (int p = net.portStart(r); p < net.portEnd(r); p++) {
                int s = net.neighbourRouter(p);
                if (s < 0) {
                    continue;
                }
                if (s / a == g) {
                    localPort[r * a + s % a] = p - net.portStart(r);
                } else if (gateRouter[g * groups + s / a] < 0) {
                    gateRouter[g * groups + s / a] = r;
                    gatePort[g * groups + s / a] = p - net.portStart(r);
                }
            }
        }
        for (int g = 0; g < groups; g++) {
            for (int h = 0; h < groups; h++) {
                if (g != h && gateRouter[g * groups + h] < 0) {
                    throw new InvalidInputException("groups " + g + " and " + h + " of '" + net.topology().spec()
                            + "' share no global link; Dragonfly routing needs every pair of groups linked "
                            + "(e.g. the default g = a*h+1), or --routing updown");
                }
            }
        }
    }

    @Override
    public String name() {
        return valiant ? "dragonfly-valiant" : "dragonfly-min";
    }

    @Override
    public int vcClasses() {
        return valiant ? 3 : 2;
    }

    @Override
    public int auxValues() {
        return valiant ? groups + 1 : 1;
    }

    @Override
    public int prepare(int source, int dest, SplittableRandom random) {
        if (!valiant || groups < 3) {
            return 0;
        }
        int gs = net.terminalRouter(source) / a;
        int gt = net.terminalRouter(dest) / a;
        int choices = groups - (gs == gt ? 1 : 2);
        int pick = random.nextInt(choices);
        for (int g = 0; g < groups; g++) {
            if (g != gs && g != gt && pick-- == 0) {
                return g + 1;
            }
        }
        throw new IllegalStateException("no intermediate group");
    }

    @Override
    public int route(int router, int inPort, int inClass, int dest, int aux) {
        int t = net.terminalRouter(dest);
        if (router == t) {
            return net.ejection(dest);
        }
        int g = router / a;
        int from = net.neighbourRouter(net.portStart(router) + inPort);
        int cls = from < 0 ? 0 : from / a != g ? inClass + 1 : inClass;
        int target = aux > 0 && cls == 0 && aux - 1 != g ? aux - 1 : t / a; // an intermediate group is left at once
        if (g == target) {
            return RoutingFunction.encode(localPort[router * a + t % a], cls);
        }
        int gate = gateRouter[g * groups + target];
        if (gate == router) {
            return RoutingFunction.encode(gatePort[g * groups + target], cls);
        }
        return RoutingFunction.encode(localPort[router * a + gate % a], cls);
    }
}
