package org.ccopt.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * Valiant's phases and UGAL on the flattened butterfly {@code flatfly:4,2} (16 routers, router r at x = r mod 4,
 * y = r / 4, one terminal each), hand-derived: the routers a route visits, its VC classes, UGAL's intermediate subcube
 * and its choice by hops times occupancy plus 2.
 */
class FlatflyRoutingTest {

    private static final RouterPorts NET = new RouterPorts(TopologySpec.parse("flatfly:4,2"));

    /** The routers the route from terminal s to d under {@code aux} visits, each with the class it arrived in. */
    private static List<String> walk(RoutingFunction f, int s, int d, int aux) {
        int router = NET.terminalRouter(s);
        int inPort = NET.terminalPort(s) - NET.portStart(router);
        int inClass = 0;
        List<String> visited = new ArrayList<>(List.of(Integer.toString(router)));
        while (true) {
            int route = f.route(router, inPort, inClass, d, aux);
            int port = NET.portStart(router) + RoutingFunction.port(route);
            if (NET.portTerminal(port) >= 0) {
                return visited;
            }
            int next = NET.neighbourRouter(port);
            inPort = NET.peerPort(port) - NET.portStart(next);
            inClass = RoutingFunction.vcClass(route);
            router = next;
            visited.add(router + "/" + inClass);
        }
    }

    @Test
    void valiantRunsToItsIntermediateInClass0ThenOnInClass1() {
        RoutingFunction valiant = RoutingFunctions.create("valiant", NET);
        // 0 (0,0) to 5 (1,1) via 10 (2,2): x first to 2, y to 10; then x to 9, y to 5
        assertThat(walk(valiant, 0, 5, 1 + 10)).containsExactly("0", "2/0", "10/0", "9/1", "5/1");
        // to 2 (2,0) via 10: router 2 is reached in phase 0 and the packet ends there, as BookSim's valiant_flatfly
        assertThat(walk(valiant, 0, 2, 1 + 10)).containsExactly("0", "2/0");
    }

    @Test
    void ugalDrawsItsIntermediateInTheSmallestSubcubeOfSourceAndDestination() {
        RoutingFunction ugal = RoutingFunctions.create("ugal", NET);
        SplittableRandom random = new SplittableRandom(3);
        Set<Integer> drawn = new HashSet<>();
        for (int i = 0; i < 400; i++) {
            drawn.add(ugal.prepare(0, 4, random) - 1); // 0 (0,0) and 4 (0,1) agree in x: x stays 0, y is drawn
        }
        assertThat(drawn).containsExactlyInAnyOrder(0, 4, 8, 12);
    }

    /**
     * From router 0 to 5, two hops, via 10, four hops: minimal unless 2 q_min > 4 q_nonmin + 2, q the occupancy of the
     * first output (to router 1 minimally, to router 2 via 10).
     */
    @Test
    void ugalTakesTheDetourWhereHopsTimesOccupancyExceedItsByMoreThanTwo() {
        RoutingFunction ugal = RoutingFunctions.create("ugal", NET);
        int toward1 = NET.portTo(0, NET.routerNode(1));
        int toward2 = NET.portTo(0, NET.routerNode(2));
        int in = NET.terminalPort(0) - NET.portStart(0);
        assertThat(ugal.decide(0, in, 5, 1 + 10, p -> p == toward1 ? 1 : 0)).isZero(); // 2 x 1 <= 4 x 0 + 2
        assertThat(ugal.decide(0, in, 5, 1 + 10, p -> p == toward1 ? 2 : 0)).isEqualTo(11); // 4 > 2
        assertThat(ugal.decide(0, in, 5, 1 + 10, p -> p == toward1 ? 5 : p == toward2 ? 2 : 0)).isZero(); // 10 <= 10
        assertThat(ugal.decide(0, in, 5, 1 + 0, p -> 9)).isZero(); // the intermediate is the source router
        // a minimal packet runs in class 1 from the start; a detour in class 0 to router 10, then in class 1
        assertThat(walk(ugal, 0, 5, 0)).containsExactly("0", "1/1", "5/1");
        assertThat(walk(ugal, 0, 5, 11)).containsExactly("0", "2/0", "10/0", "9/1", "5/1");
    }
}
