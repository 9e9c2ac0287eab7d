package org.ccopt.topology;

import org.ccopt.topology.spec.TopologySpec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.ccopt.topology.io.JGraphTAdapter;
import org.ccopt.topology.metrics.HopDistances;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.ConnectivityInspector;
import org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector;
import org.jgrapht.alg.shortestpath.FloydWarshallShortestPaths;
import org.jgrapht.graph.DefaultEdge;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** One contract, run over every generator; metrics cross-checked against JGraphT. */
class TopologyContractTest {

    static Stream<String> specs() {
        return Stream.of("ring:7", "mesh:3x5", "mesh:2x3x4", "torus:4x4", "torus:5x3", "torus:2x2x2", "hypercube:4",
                "kring:4", "octagon", "octagon:12", "fat-octagon", "fat-octagon:12", "octagon-bridged:3", "octagon-md:2",
                "coated-mesh:4x4",
                "coated-mesh:3x5", "amp:16:3", "twisted-ladder:10", "moore:petersen", "moore:hoffman-singleton",
                "omega:8", "omega:16", "butterfly:8", "butterfly:16", "butterfly:8:textbook", "clos:3,3,4", "clos:4,4,4",
                "clos:2,3,5", "clos:2,2,2,2,2",
                "btree:8", "fattree:8", "kary-ntree:3,2", "fbtree:15", "circulant:20:1,3,7", "circulant2:32",
                "random-shortcut:60:5:seed=3", "dragonfly:4,2,2", "dragonfly:3,1,2", "dragonfly:4,1,2,5", "flatfly:4,2",
                "flatfly:3,3,2", "cmesh:4,4,4", "cmesh:3,2,3");
    }

    /** Expected degree range per family: {min, max} over all nodes. */
    private static int[] documentedDegrees(String spec) {
        return switch (spec) {
            case "ring:7" -> new int[] {2, 2};
            case "torus:4x4" -> new int[] {4, 4};
            case "hypercube:4" -> new int[] {4, 4};
            case "kring:4" -> new int[] {5, 5};
            case "octagon", "octagon:12", "twisted-ladder:10", "moore:petersen", "amp:16:3" -> new int[] {3, 3};
            case "octagon-bridged:3" -> new int[] {3, 6};
            case "octagon-md:2" -> new int[] {6, 6};
            case "moore:hoffman-singleton" -> new int[] {7, 7};
            case "circulant:20:1,3,7" -> new int[] {6, 6};
            case "circulant2:32" -> new int[] {9, 9};
            case "omega:8", "omega:16", "butterfly:8", "butterfly:16", "butterfly:8:textbook", "clos:2,2,2,2,2" ->
                    new int[] {2, 4};
            case "btree:8" -> new int[] {1, 3};
            case "fbtree:15" -> new int[] {1, 3};
            case "coated-mesh:4x4" -> new int[] {1, 4};
            default -> null;
        };
    }

    @ParameterizedTest
    @MethodSource("specs")
    void contract(String spec) {
        Topology t = TopologySpec.parse(spec);
        assertThat(t.terminalCount()).isPositive();
        for (int c = 0; c < t.channelCount(); c++) {
            int u = t.channelSource(c);
            int v = t.channelTarget(c);
            assertThat(u).isNotEqualTo(v);
            if (!t.isOneWay()) {
                assertThat(t.reverse(c)).as("reverse of %d->%d", u, v).isGreaterThanOrEqualTo(0);
                assertThat(t.channelSource(t.reverse(c))).isEqualTo(v);
            }
        }
        for (int u = 0; u < t.nodeCount(); u++) {
            for (int c = t.outStart(u) + 1; c < t.outEnd(u); c++) {
                assertThat(t.channelTarget(c)).isGreaterThan(t.channelTarget(c - 1));
            }
        }
        HopDistances.Summary s = HopDistances.summarize(t, 2);
        assertThat(s.connected()).as("every terminal reaches every terminal").isTrue();
        int[] degrees = documentedDegrees(spec);
        if (degrees != null) {
            for (int u = 0; u < t.nodeCount(); u++) {
                assertThat(t.degree(u)).isBetween(degrees[0], degrees[1]);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("specs")
    void metricsAgreeWithJGraphT(String spec) {
        Topology t = TopologySpec.parse(spec);
        Graph<Integer, DefaultEdge> g = JGraphTAdapter.toGraph(t);
        assertThat(g.edgeSet()).hasSize(t.linkCount());
        if (t.isOneWay()) {
            assertThat(new KosarajuStrongConnectivityInspector<>(g).isStronglyConnected()).isTrue();
        } else {
            assertThat(new ConnectivityInspector<>(g).isConnected()).isTrue();
        }
        FloydWarshallShortestPaths<Integer, DefaultEdge> fw = new FloydWarshallShortestPaths<>(g);
        long sum = 0;
        int max = 0;
        for (int a = 0; a < t.terminalCount(); a++) {
            for (int b = 0; b < t.terminalCount(); b++) {
                if (a != b) {
                    int d = (int) fw.getPathWeight(a, b);
                    sum += d;
                    max = Math.max(max, d);
                }
            }
        }
        HopDistances.Summary s = HopDistances.summarize(t, 2);
        assertThat(s.totalHops()).isEqualTo(sum);
        assertThat(s.diameter()).isEqualTo(max);
    }
}
