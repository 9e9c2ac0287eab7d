package org.ccopt.routing;

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
 *
 * <p>{@code dragonfly-ugal} is UGAL-L (Kim et al. 2008, §4.2, "UGAL-L uses queue length information local to the
 * current router"): at the source router a packet weighs its minimal route against the Valiant route through its
 * randomly drawn intermediate group, each as the occupancy of the output port it would take times the hops it would
 * travel, and takes the minimal one unless it is the heavier by more than {@link #UGAL_THRESHOLD} (a margin that keeps
 * uncongested traffic minimal); the choice holds for the packet's whole route. It uses Valiant's three VC classes.
 */
final class DragonflyRouting implements RoutingFunction {

    /** Flit-hops by which the minimal route may be the heavier and still be taken. */
    static final int UGAL_THRESHOLD = 30;

    private final RouterPorts net;
    private final boolean valiant;
    private final boolean ugal;
    private final int a;
    private final int groups;
    /** The router of group g holding the link to group h, and its local port: at {@code g * groups + h}. */
    private final int[] gateRouter;
    private final int[] gatePort;
    /** Local port of router r to router s of the same group, at {@code r * a + s % a}. */
    private final int[] localPort;

    /** Minimal ({@code valiant} and {@code ugal} false), Valiant, or UGAL-L (both true). */
    DragonflyRouting(RouterPorts net, Geometry.Dragonfly df, boolean valiant, boolean ugal) {
        this.net = net;
        this.valiant = valiant || ugal;
        this.ugal = ugal;
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
        return ugal ? "dragonfly-ugal" : valiant ? "dragonfly-valiant" : "dragonfly-min";
    }

    @Override
    public int vcClasses() {
        return valiant ? 3 : 2;
    }

    /**
     * Two VCs a class, 6, for Valiant and UGAL: with 4 split 1, 1, 2 UGAL saturates at 0.334 flits/terminal/cycle on
     * {@code dragonfly:4,2,2} under uniform traffic where minimal routing reaches 0.478, and at 0.478 with 6 (measured,
     * {@code sim --rate 0.1:0.6:0.1 --vcs 4} and {@code --vcs 6}).
     */
    @Override
    public int defaultVcs() {
        return valiant ? 6 : RoutingFunction.super.defaultVcs();
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
    public boolean adaptive() {
        return ugal;
    }

    @Override
    public int decide(int router, int inPort, int dest, int aux, Congestion congestion) {
        if (aux == 0) {
            return 0; // no intermediate group (same group, or too few groups)
        }
        int minimal = route(router, inPort, 0, dest, 0);
        int nonMinimal = route(router, inPort, 0, dest, aux);
        if (minimal == nonMinimal) {
            return 0; // the same first hop: decide nothing yet, stay minimal
        }
        int start = net.portStart(router);
        long minWeight = (long) congestion.occupancy(start + RoutingFunction.port(minimal)) * hops(router, inPort, dest, 0);
        long nonWeight = (long) congestion.occupancy(start + RoutingFunction.port(nonMinimal)) * hops(router, inPort, dest, aux);
        return minWeight <= nonWeight + UGAL_THRESHOLD ? 0 : aux;
    }

    /** Router-to-router hops of a packet from {@code router} (entered at {@code inPort}) to {@code dest}'s router. */
    private int hops(int router, int inPort, int dest, int aux) {
        int target = net.terminalRouter(dest);
        int cls = 0;
        int h = 0;
        while (router != target) {
            int r = route(router, inPort, cls, dest, aux);
            int port = net.portStart(router) + RoutingFunction.port(r);
            cls = RoutingFunction.vcClass(r);
            int next = net.neighbourRouter(port);
            inPort = net.peerPort(port) - net.portStart(next);
            router = next;
            h++;
        }
        return h;
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
