package org.ccopt.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The check that stops each walk at a channel already proved for its destination finds what following every route
 * from its source to its terminal finds: the same dependency graph (its edge count), the same longest route, and the
 * same refusals, for every routing function on every network it accepts.
 */
class DeadlockCheckTest {

    @ParameterizedTest
    @ValueSource(strings = {"torus:4x4", "torus:5x3", "mesh:4x4", "torus:3x3x3", "hypercube:4", "kary-ntree:2,3",
        "kary-ntree:4,2", "dragonfly:2,2,1", "dragonfly:4,1,2,5", "circulant2:16", "random-shortcut:16:4", "ring:7",
        "fat-octagon", "coated-mesh:3x3", "amp:12:3", "flatfly:3,2,2", "flatfly:3,3", "cmesh:3,3,2"})
    void memoisedWalksFindWhatEveryWholeRouteFinds(String spec) {
        RouterPorts net = new RouterPorts(TopologySpec.parse(spec));
        int checked = 0;
        for (String name : RoutingFunctions.NAMES) {
            RoutingFunction f;
            try {
                f = RoutingFunctions.create(name, net);
            } catch (InvalidInputException e) {
                continue; // not a function of this network
            }
            String expected;
            try {
                DeadlockCheck.Result r = wholeRoutes(net, f);
                expected = r.dependencies() + " " + r.longestRoute();
            } catch (InvalidInputException e) {
                expected = "refused";
            }
            String actual;
            try {
                DeadlockCheck.Result r = DeadlockCheck.check(net, f);
                actual = r.dependencies() + " " + r.longestRoute();
            } catch (InvalidInputException e) {
                actual = "refused";
            }
            assertThat(actual).as("%s on %s", name, spec).isEqualTo(expected);
            checked++;
        }
        assertThat(checked).isPositive();
    }

    /**
     * Beyond {@link DeadlockCheck#MAX_STEPS}: dimension order runs on its published proof, with no walk; Valiant, whose
     * per-packet intermediates multiply the steps, is refused with one line naming the figure.
     */
    @org.junit.jupiter.api.Test
    void aNetworkBeyondTheCheckRunsOnAPublishedProofOrIsRefused() {
        RouterPorts big = new RouterPorts(TopologySpec.parse("torus:256x256"));
        RoutingFunction dor = RoutingFunctions.create("dor-booksim", big);
        assertThat(DeadlockCheck.steps(big, dor)).isGreaterThan(DeadlockCheck.MAX_STEPS);
        assertThat(DeadlockCheck.check(big, dor).proof()).contains("BookSim's classes");
        RouterPorts mid = new RouterPorts(TopologySpec.parse("torus:64x64"));
        RoutingFunction valiant = RoutingFunctions.create("valiant", mid);
        assertThat(valiant.deadlockProof()).isNull();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DeadlockCheck.check(mid, valiant))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("steps to prove deadlock free")
                .hasMessageContaining(Long.toString(DeadlockCheck.steps(mid, valiant)));
        // a proved function is walked up to its own bound, and runs on its proof above it
        assertThat(DeadlockCheck.steps(mid, RoutingFunctions.create("dor", mid))).isGreaterThan(DeadlockCheck.PROVED_STEPS);
        assertThat(DeadlockCheck.check(mid, RoutingFunctions.create("dor", mid)).proof()).isNotNull();
        // below the bound the walk runs and the proof is not consulted
        RouterPorts small = new RouterPorts(TopologySpec.parse("torus:8x8"));
        assertThat(DeadlockCheck.check(small, RoutingFunctions.create("dor", small)).proof()).isNull();
        RouterPorts walked = new RouterPorts(TopologySpec.parse("torus:32x32"));
        assertThat(DeadlockCheck.steps(walked, RoutingFunctions.create("dor-booksim", walked)))
                .isLessThan(DeadlockCheck.PROVED_STEPS);
    }

    /** The reference: every (source, destination, value) route followed to its terminal, dependencies in a set. */
    private static DeadlockCheck.Result wholeRoutes(RouterPorts net, RoutingFunction routing) {
        int classes = routing.vcClasses();
        Set<Long> edges = new HashSet<>();
        int longest = 0;
        boolean escape = routing.choosesEachHop();
        int[] alternatives = new int[net.maxRadix() + 1];
        for (int src = 0; src < net.routers(); src++) {
            int injection = -1;
            for (int p = net.portStart(src); p < net.portEnd(src); p++) {
                if (net.portTerminal(p) >= 0) {
                    injection = p - net.portStart(src);
                    break;
                }
            }
            for (int dest = 0; dest < net.terminals(); dest++) {
                for (int aux = 0; aux < routing.auxValues(); aux++) {
                    if (injection >= 0) {
                        longest = Math.max(longest, walk(net, routing, src, routing.route(src, injection, 0, dest, aux), dest,
                                aux, escape ? null : edges));
                    }
                    if (escape) {
                        int n = routing.alternatives(src, Math.max(injection, 0), 0, dest, aux, alternatives);
                        longest = Math.max(longest, walk(net, routing, src, alternatives[n - 1], dest, aux, edges));
                    }
                }
            }
        }
        int nodes = net.ports() * classes;
        int[] start = new int[nodes + 1];
        for (long e : edges) {
            start[(int) (e >>> 32) + 1]++;
        }
        for (int i = 0; i < nodes; i++) {
            start[i + 1] += start[i];
        }
        int[] target = new int[edges.size()];
        int[] fill = java.util.Arrays.copyOf(start, nodes);
        for (long e : edges) {
            target[fill[(int) (e >>> 32)]++] = (int) e;
        }
        if (DeadlockCheck.findCycle(nodes, start, target) != null) {
            throw new InvalidInputException("cycle");
        }
        return new DeadlockCheck.Result(nodes, edges.size(), longest, null);
    }

    private static int walk(RouterPorts net, RoutingFunction routing, int router, int first, int dest, int aux,
                            Set<Long> edges) {
        int classes = routing.vcClasses();
        int limit = net.routers() * classes + 1;
        int r = first;
        int previous = -1;
        int hops = 0;
        while (true) {
            int port = RoutingFunction.port(r);
            int cls = RoutingFunction.vcClass(r);
            if (port >= net.radix(router) || cls >= classes) {
                throw new InvalidInputException("bad hop");
            }
            int global = net.portStart(router) + port;
            if (net.portTerminal(global) >= 0) {
                if (net.portTerminal(global) != dest) {
                    throw new InvalidInputException("wrong terminal");
                }
                return hops;
            }
            int node = global * classes + cls;
            if (previous >= 0 && edges != null) {
                edges.add(((long) previous << 32) | node);
            }
            previous = node;
            if (++hops > limit) {
                throw new InvalidInputException("no delivery");
            }
            int next = net.neighbourRouter(global);
            int inPort = net.peerPort(global) - net.portStart(next);
            router = next;
            r = routing.route(router, inPort, cls, dest, aux);
        }
    }
}
