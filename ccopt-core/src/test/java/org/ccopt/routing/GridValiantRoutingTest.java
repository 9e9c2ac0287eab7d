package org.ccopt.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Valiant's and ROMM's two phases on meshes and tori: a packet's route visits its intermediate router and then its
 * destination, in router hops the grid distance from source to intermediate plus intermediate to destination; ROMM's
 * intermediate lies in the minimal quadrant, so its routes are minimal.
 */
class GridValiantRoutingTest {

    /** Router hops of the route from terminal s to d under value aux, and whether it passed router via. */
    private static int[] walk(RouterPorts net, RoutingFunction f, int s, int d, int aux, int via) {
        int router = net.terminalRouter(s);
        int inPort = net.terminalPort(s) - net.portStart(router);
        int inClass = 0;
        int hops = 0;
        boolean passed = router == via;
        while (true) {
            int route = f.route(router, inPort, inClass, d, aux);
            int port = net.portStart(router) + RoutingFunction.port(route);
            if (net.portTerminal(port) >= 0) {
                return new int[] {hops, passed ? 1 : 0};
            }
            int next = net.neighbourRouter(port);
            inPort = net.peerPort(port) - net.portStart(next);
            inClass = RoutingFunction.vcClass(route);
            router = next;
            passed |= router == via;
            hops++;
        }
    }

    private static int distance(Geometry.Grid g, int a, int b) {
        int[] x = g.coordinates(a);
        int[] y = g.coordinates(b);
        int sum = 0;
        for (int i = 0; i < x.length; i++) {
            int k = g.radix()[i];
            int step = Math.abs(x[i] - y[i]);
            sum += g.wrap() ? Math.min(step, k - step) : step;
        }
        return sum;
    }

    /**
     * 300 random pairs under {@code routing} on {@code spec}: each route visits its intermediate router and takes the
     * router hops from source to intermediate to destination, or where {@code minimal} from source to destination.
     */
    private static void checkRoutes(String spec, String routing, long seed, boolean minimal) {
        RouterPorts net = new RouterPorts(TopologySpec.parse(spec));
        Geometry.Grid g = (Geometry.Grid) net.topology().geometry();
        RoutingFunction f = RoutingFunctions.create(routing, net);
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 300; i++) {
            int s = random.nextInt(net.terminals());
            int d = random.nextInt(net.terminals());
            int m = f.prepare(s, d, random);
            int[] w = walk(net, f, s, d, m, m);
            assertThat(w[1]).as("%s: %d -> %d via %d", spec, s, d, m).isEqualTo(1);
            assertThat(w[0]).as("%s: %d -> %d via %d", spec, s, d, m)
                    .isEqualTo(minimal ? distance(g, s, d) : distance(g, s, m) + distance(g, m, d));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mesh:4x4", "torus:5x4", "mesh:3x3x3"})
    void aValiantRouteVisitsItsIntermediateThenItsDestination(String spec) {
        checkRoutes(spec, "valiant", 7, false);
    }

    @ParameterizedTest
    @ValueSource(strings = {"mesh:4x4", "mesh:5x3", "mesh:3x3x3"})
    void aRommRouteIsMinimal(String spec) {
        checkRoutes(spec, "romm", 11, true);
    }
}
