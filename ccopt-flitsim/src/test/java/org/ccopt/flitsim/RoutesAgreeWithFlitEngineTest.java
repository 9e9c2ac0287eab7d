package org.ccopt.flitsim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.net.NetworkSimulator;
import org.ccopt.flitsim.net.RouterTiming;
import org.ccopt.routing.FunctionRouting;
import org.ccopt.routing.RouteQuery;
import org.ccopt.routing.RouterPorts;
import org.ccopt.routing.RoutingFunction;
import org.ccopt.routing.RoutingFunctions;
import org.ccopt.routing.Routings;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One routing layer: on every two-way topology family, for 200 seeded random pairs of terminals, the route
 * {@code ccopt routes --routing F} prints is the route a lone packet takes in the flit engine under F, observed hop by
 * hop on the booksim router ({@link NetworkSimulator#observeRoutes}) for every deterministic function that routes the
 * network, and on the papers' router ({@link LinkTrace}) for the function it runs there (on tori and meshes, dimension
 * order under the default preset's tie and dimension order; the network's default elsewhere).
 */
class RoutesAgreeWithFlitEngineTest {

    @ParameterizedTest
    @ValueSource(strings = {"ring:8", "mesh:4x4", "torus:4x4", "torus:5x3", "hypercube:4", "kring:3", "octagon",
        "fat-octagon", "octagon-bridged:2", "octagon-md:2", "coated-mesh:4x4", "amp:16:4", "twisted-ladder:8",
        "moore:petersen", "btree:16", "fattree:16", "kary-ntree:4,3", "kary-ntree:2,3", "fbtree:15", "circulant:16:1,4",
        "circulant2:16", "random-shortcut:32:4", "dragonfly:4,2,2"})
    void everyRoutePrintedIsTheRouteALonePacketTakes(String spec) {
        Topology t = TopologySpec.parse(spec);
        int[][] pairs = pairs(t, spec.hashCode());
        int functions = 0;
        for (String name : RoutingFunctions.DETERMINISTIC) {
            FunctionRouting routing;
            try {
                routing = (FunctionRouting) Routings.byName(t, name, null);
            } catch (InvalidInputException doesNotApply) {
                continue;
            }
            functions++;
            RoutingFunction f = routing.function();
            RouterPorts net = new RouterPorts(t);
            NetworkSimulator engine = new NetworkSimulator(net, f, RouterTiming.BOOKSIM, Math.max(4, f.vcClasses()), 4);
            List<Integer> hops = new ArrayList<>();
            engine.observeRoutes((router, out, dest) -> {
                hops.add(router);
                hops.add(out);
            });
            for (int[] p : pairs) {
                int[] printed = RouteQuery.run(new RouteQuery.Request(t, p[0], p[1], 1, 0, null, name)).route();
                hops.clear();
                engine.runBatch(lone(t, p[0], p[1]), 1, 2, 1);
                assertThat(walked(net, p[0], p[1], hops)).as("%s under %s: %d -> %d", spec, name, p[0], p[1])
                        .containsExactly(printed);
            }
        }
        assertThat(functions).as("deterministic functions that route %s", spec).isPositive();
        FlitSimulator papers = new FlitSimulator(t, 8, 4, RouterModel.DEFAULT);
        RouterConfig config = papers.uniformConfig(VcSelection.C00, RouterModel.DEFAULT);
        String name = t.geometry() instanceof Geometry.Grid ? null : RoutingFunctions.defaultName(t);
        for (int[] p : pairs) {
            LinkTrace trace = new LinkTrace();
            papers.trace(trace).run(config, Workload.simple(lone(t, p[0], p[1]), 1, 2));
            int[] printed = name != null ? RouteQuery.run(new RouteQuery.Request(t, p[0], p[1], 1, 0, null, name)).route()
                    : Routings.dimensionOrder(t, RouterModel.DEFAULT.tie(),
                    RouterModel.DEFAULT.dimensionOrder() == RouterModel.DimensionOrder.Y_FIRST).route(p[0], p[1]);
            assertThat(traced(t, trace, p[0], p[1])).as("%s on the papers' router: %d -> %d", spec, p[0], p[1])
                    .containsExactly(printed);
        }
    }

    static int[][] pairs(Topology t, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[][] out = new int[200][];
        for (int i = 0; i < out.length; i++) {
            int s = random.nextInt(t.terminalCount());
            int d = (s + 1 + random.nextInt(t.terminalCount() - 1)) % t.terminalCount();
            out[i] = new int[] {s, d};
        }
        return out;
    }

    /** One packet from {@code s} to {@code d}; every other terminal sends to itself, which is no packet. */
    static int[] lone(Topology t, int s, int d) {
        int[] dest = new int[t.terminalCount()];
        for (int i = 0; i < dest.length; i++) {
            dest[i] = i;
        }
        dest[s] = d;
        return dest;
    }

    /** The nodes a packet visited from the (router, output port) pairs the engine routed it by. */
    static int[] walked(RouterPorts net, int s, int d, List<Integer> hops) {
        boolean direct = net.topology().isDirect();
        List<Integer> nodes = new ArrayList<>(List.of(s));
        for (int i = 0; i < hops.size(); i += 2) {
            int router = hops.get(i);
            int out = hops.get(i + 1);
            if (i == 0 && !direct) {
                nodes.add(net.routerNode(router));
            }
            nodes.add(net.portTerminal(out) >= 0 ? (direct ? -1 : net.portTerminal(out))
                    : net.routerNode(net.neighbourRouter(out)));
        }
        return nodes.stream().filter(x -> x >= 0).mapToInt(Integer::intValue).toArray();
    }

    /**
     * The nodes a lone packet visited on the papers' router, from the links its flits crossed in the order its head
     * crossed them: on a torus or mesh port 2d + s of node u leads along dimension d (s = 0: +), elsewhere the ports
     * are {@link RouterPorts}', padded to the largest radix.
     */
    static int[] traced(Topology t, LinkTrace trace, int s, int d) {
        List<Integer> links = new ArrayList<>();
        for (int i = 0; i < trace.size(); i++) {
            if (trace.slice(i) >= 0 && !links.contains(trace.link(i))) {
                links.add(trace.link(i));
            }
        }
        int ports = trace.ports();
        List<Integer> nodes = new ArrayList<>(List.of(s));
        RouterPorts net = new RouterPorts(t);
        if (!t.isDirect()) {
            nodes.add(net.routerNode(net.terminalRouter(s)));
        }
        for (int link : links) {
            int router = link / ports;
            int port = link % ports;
            if (t.geometry() instanceof Geometry.Grid grid) {
                int[] c = grid.coordinates(router);
                int k = grid.radix()[port / 2];
                c[port / 2] = Math.floorMod(c[port / 2] + (port % 2 == 0 ? 1 : -1), k);
                nodes.add(grid.node(c));
            } else {
                nodes.add(net.routerNode(net.neighbourRouter(net.portStart(router) + port)));
            }
        }
        if (!t.isDirect()) {
            nodes.add(d);
        }
        return nodes.stream().mapToInt(Integer::intValue).toArray();
    }

}
