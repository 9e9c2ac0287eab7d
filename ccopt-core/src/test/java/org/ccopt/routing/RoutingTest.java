package org.ccopt.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RoutingTest {

    private static void assertValidPath(Topology t, int[] path, int s, int d, int length) {
        assertThat(path[0]).isEqualTo(s);
        assertThat(path[path.length - 1]).isEqualTo(d);
        assertThat(path.length - 1).isEqualTo(length);
        for (int i = 0; i + 1 < path.length; i++) {
            assertThat(t.channel(path[i], path[i + 1])).as("channel %d->%d", path[i], path[i + 1]).isGreaterThanOrEqualTo(0);
        }
    }

    @Test
    void hypercubeAntipodalPairHasDFactorialMinimalPaths() {
        Topology t = TopologySpec.parse("hypercube:5");
        MinimalPaths p = new MinimalPaths(t);
        assertThat(p.count(0, 31)).isEqualTo(120);
        Set<String> seen = new HashSet<>();
        for (long i = 0; i < 120; i++) {
            int[] path = p.path(0, 31, i);
            assertValidPath(t, path, 0, 31, 5);
            seen.add(java.util.Arrays.toString(path));
        }
        assertThat(seen).hasSize(120);
    }

    @Test
    void torusPathCountIsBinomialAndTiesDoubleIt() {
        Topology t = TopologySpec.parse("torus:8x8");
        MinimalPaths p = new MinimalPaths(t);
        // offset (3, 2): C(5, 2) = 10 paths; offset (4, 2): both x directions minimal, 2 * C(6, 2) = 30
        assertThat(p.count(0, 3 + 8 * 2)).isEqualTo(10);
        assertThat(p.count(0, 4 + 8 * 2)).isEqualTo(30);
        assertThat(p.path(0, 19, 0)).containsExactly(p.paths(0, 19, 1).get(0));
    }

    @Test
    void dimensionOrderGoesXThenYAndHonoursTheTieRule() {
        Topology t = TopologySpec.parse("torus:8x8");
        Routing pos = Routings.dimensionOrder(t, DimensionOrderRouting.Tie.POSITIVE);
        assertThat(pos.route(0, 2 + 8 * 7)).containsExactly(0, 1, 2, 2 + 8 * 7);
        assertThat(pos.route(0, 4)).containsExactly(0, 1, 2, 3, 4);
        Routing neg = Routings.dimensionOrder(t, DimensionOrderRouting.Tie.NEGATIVE);
        assertThat(neg.route(0, 4)).containsExactly(0, 7, 6, 5, 4);
        // half avoids the wraparound link 7/0 at a tie, wrap takes it
        Routing half = Routings.dimensionOrder(t, DimensionOrderRouting.Tie.HALF);
        Routing wrap = Routings.dimensionOrder(t, DimensionOrderRouting.Tie.WRAP);
        assertThat(half.route(1, 5)).containsExactly(1, 2, 3, 4, 5);
        assertThat(half.route(6, 2)).containsExactly(6, 5, 4, 3, 2);
        assertThat(wrap.route(1, 5)).containsExactly(1, 0, 7, 6, 5);
        assertThat(wrap.route(6, 2)).containsExactly(6, 7, 0, 1, 2);
        assertThat(wrap.route(1, 4)).isEqualTo(half.route(1, 4)); // no tie: the shorter way under every rule
        MinimalPaths p = new MinimalPaths(t);
        for (int s = 0; s < 64; s += 5) {
            for (int d = 0; d < 64; d++) {
                assertValidPath(t, pos.route(s, d), s, d, p.length(s, d));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"omega:8", "omega:16", "butterfly:8", "butterfly:32", "butterfly:16:textbook",
        "clos:3,3,4", "clos:2,2,2,2,2", "clos:3,2,2,3,2", "fattree:16",
        "kary-ntree:3,3", "hypercube:6", "random-shortcut:50:4", "fbtree:15"})
    void defaultRoutesAreMinimalAndDestinationTagIsTheUniquePath(String spec) {
        Topology t = TopologySpec.parse(spec);
        MinimalPaths p = new MinimalPaths(t);
        Routing r = Routings.deterministic(t, p);
        for (int s = 0; s < t.terminalCount(); s++) {
            for (int d = 0; d < t.terminalCount(); d++) {
                if (s == d && t.isOneWay()) {
                    continue;
                }
                int[] route = r.route(s, d);
                assertValidPath(t, route, s, d, p.length(s, d));
                if (spec.startsWith("omega") || spec.startsWith("butterfly")) {
                    assertThat(p.count(s, d)).isEqualTo(1);
                }
            }
        }
    }

    /**
     * The routing functions of indirect networks run between terminals: a switch endpoint is refused with one line
     * (fattree:16 from switch 20 once gave [20, 26, 34, 40, 32, 24, 0], over a link 24-0 that does not exist), and
     * the route check catches a walk off the graph.
     */
    @ParameterizedTest
    @ValueSource(strings = {"fattree:16", "kary-ntree:3,3", "omega:8", "butterfly:16:textbook", "clos:3,3,4"})
    void switchEndpointsAreRefusedAndRoutesChecked(String spec) {
        Topology t = TopologySpec.parse(spec);
        Routing r = Routings.deterministic(t, new MinimalPaths(t));
        int sw = t.terminalCount() + 1;
        assertThatThrownBy(() -> r.route(sw, 0)).isInstanceOf(org.ccopt.InvalidInputException.class)
                .hasMessageContaining("node " + sw + " of " + spec + " is a switch");
        assertThatThrownBy(() -> r.route(0, sw)).isInstanceOf(org.ccopt.InvalidInputException.class);
        int d = t.terminalCount() - 1;
        assertThat(Routing.check(t, r.route(0, d), 0, d)).isEqualTo(r.route(0, d));
        assertThatThrownBy(() -> Routing.check(t, new int[] {0, d}, 0, d)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("which is no link of " + spec);
        assertThatThrownBy(() -> Routing.check(t, r.route(0, d), 0, 0)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void closPathIndexIsTheMiddleSwitch() {
        Topology t = TopologySpec.parse("clos:3,3,4");
        MinimalPaths p = new MinimalPaths(t);
        MultistageRouting r = new MultistageRouting(t);
        assertThat(p.count(0, 11)).isEqualTo(3);
        for (int m = 0; m < 3; m++) {
            assertThat(p.path(0, 11, m)).containsExactly(r.closRoute(0, 11, m));
        }
    }

    @Test
    void nonMinimalPathsAreSimpleAndWithinTheBudget() {
        Topology t = TopologySpec.parse("mesh:4x4");
        MinimalPaths p = new MinimalPaths(t);
        List<int[]> paths = p.pathsWithin(0, 5, 2, 1000);
        assertThat(paths).hasSizeGreaterThan((int) p.count(0, 5));
        for (int[] path : paths) {
            assertThat(path.length - 1).isBetween(2, 4);
            assertThat(java.util.Arrays.stream(path).distinct().count()).isEqualTo(path.length);
            assertValidPath(t, path, 0, 5, path.length - 1);
        }
    }

    /**
     * Under the MIN paper's reading, {@code butterfly:N} has exactly Omega's conflicts: two transfers share a channel
     * on one network iff they do on the other, so every step count on one holds on the other and a result on both
     * is one result (docs/results/schedule-tables.md counts it once). The textbook Butterfly does not.
     */
    @ParameterizedTest
    @ValueSource(ints = {8, 16, 32})
    void paperButterflyHasOmegasConflictsAndTheTextbookOneDoesNot(int n) {
        boolean[][] omega = conflicts(TopologySpec.parse("omega:" + n));
        assertThat(conflicts(TopologySpec.parse("butterfly:" + n))).isDeepEqualTo(omega);
        assertThat(conflicts(TopologySpec.parse("butterfly:" + n + ":textbook"))).isNotEqualTo(omega);
    }

    /** conflicts[a * n + b][c * n + d]: the unique paths a -> b and c -> d share a channel. */
    private static boolean[][] conflicts(Topology t) {
        int n = t.terminalCount();
        MinimalPaths p = new MinimalPaths(t);
        List<Set<Long>> channels = new java.util.ArrayList<>();
        for (int s = 0; s < n; s++) {
            for (int d = 0; d < n; d++) {
                Set<Long> used = new HashSet<>();
                int[] path = p.path(s, d, 0);
                for (int i = 0; i + 1 < path.length; i++) {
                    used.add((long) path[i] * t.nodeCount() + path[i + 1]);
                }
                channels.add(used);
            }
        }
        boolean[][] result = new boolean[n * n][n * n];
        for (int x = 0; x < n * n; x++) {
            for (int y = 0; y < n * n; y++) {
                Set<Long> shared = new HashSet<>(channels.get(x));
                shared.retainAll(channels.get(y));
                result[x][y] = x / n != x % n && y / n != y % n && !shared.isEmpty();
            }
        }
        return result;
    }
}
