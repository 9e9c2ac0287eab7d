package org.ccopt.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every route {@code ccopt routes} prints, on one network of every topology family, for 200 seeded random pairs of
 * nodes (switches among them): a walk over links of the graph from the source to the destination that never passes
 * through a processor of an indirect network, or a one-line refusal; every pair of terminals gets a route.
 */
class RoutesPropertyTest {


    @ParameterizedTest
    @ValueSource(strings = {"ring:8", "mesh:4x4", "torus:4x4", "torus:5x3", "hypercube:4", "kring:3", "octagon",
        "fat-octagon", "octagon-bridged:2", "octagon-md:2", "coated-mesh:4x4", "amp:16:4", "twisted-ladder:8",
        "moore:petersen", "omega:8", "butterfly:8", "butterfly:8:textbook", "clos:2,3,4", "clos:2,2,2,2,2", "btree:16",
        "fattree:16", "kary-ntree:4,3", "kary-ntree:2,3", "fbtree:15", "circulant:16:1,4", "circulant2:16",
        "random-shortcut:32:4", "dragonfly:4,2,2", "flatfly:4,2", "flatfly:3,3,2", "cmesh:3,2,4"})
    void everyRouteIsAWalkOfTheGraphThatNeverRelaysThroughAProcessor(String spec) {
        Topology t = TopologySpec.parse(spec);
        SplittableRandom random = new SplittableRandom(spec.hashCode());
        for (int i = 0; i < 200; i++) {
            boolean terminals = i % 2 == 0;
            int from = random.nextInt(terminals ? t.terminalCount() : t.nodeCount());
            int to = random.nextInt(terminals ? t.terminalCount() : t.nodeCount());
            RouteQuery.Outcome o;
            try {
                o = RouteQuery.run(new RouteQuery.Request(t, from, to, 4, 0, null));
            } catch (InvalidInputException refused) {
                assertThat(t.isTerminal(from) && t.isTerminal(to)).as("%s: %d -> %d refused: %s", spec, from, to,
                        refused.getMessage()).isFalse();
                assertThat(refused.getMessage()).doesNotContain("\n");
                continue;
            }
            assertWalk(t, o.route(), from, to);
            assertThat(o.route().length - 1).as("%s route %d -> %d", spec, from, to).isGreaterThanOrEqualTo(o.hops());
            for (int[] p : o.paths()) {
                assertWalk(t, p, from, to);
                assertThat(p.length - 1).isEqualTo(o.hops());
            }
        }
    }

    static void assertWalk(Topology t, int[] route, int from, int to) {
        String what = t.spec() + " " + from + " -> " + to + ": " + Arrays.toString(route);
        assertThat(route[0]).as(what).isEqualTo(from);
        assertThat(route[route.length - 1]).as(what).isEqualTo(to);
        for (int i = 0; i + 1 < route.length; i++) {
            assertThat(t.channel(route[i], route[i + 1])).as(what).isGreaterThanOrEqualTo(0);
            if (i > 0) {
                assertThat(t.relays(route[i])).as(what + " relays through processor " + route[i]).isTrue();
            }
        }
    }

    @org.junit.jupiter.api.Test
    void aSwitchOfTheRecursiveClosThatOnlyAProcessorCouldReachIsRefused() {
        Topology t = TopologySpec.parse("clos:2,2,2,2,2");
        // node 9 is a first-stage switch: from processor 0 it is reached only through another processor
        assertThatThrownBy(() -> RouteQuery.run(new RouteQuery.Request(t, 0, 9, 16, 0, null)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("a processor never relays");
        RouteQuery.Outcome o = RouteQuery.run(new RouteQuery.Request(t, 0, 7, 16, 0, null));
        assertWalk(t, o.route(), 0, 7);
    }
}
