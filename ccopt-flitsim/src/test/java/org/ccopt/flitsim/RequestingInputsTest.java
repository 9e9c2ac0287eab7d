package org.ccopt.flitsim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link FlitRoutes#requestingInputs} walks each destination's routes once, stopping at a state already walked; it
 * must equal its definition: over every pair of terminals, every hop of {@link FlitRoutes#path} marks its input port
 * on the VCs its request may take.
 */
class RequestingInputsTest {

    static Stream<Arguments> cases() {
        return Stream.of("torus:4x4", "torus:5x3", "mesh:4x3", "torus:4x4x2", "hypercube:4", "kary-ntree:2,3")
                .flatMap(t -> Stream.of(RouterModel.CCOPT, RouterModel.YOKOTA2018, RouterModel.YOKOTA2023)
                        .map(m -> Arguments.of(t, m)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void equalsTheDefinitionOverEveryPair(String spec, RouterModel model) {
        Topology t = TopologySpec.parse(spec);
        FlitSimulator sim = new FlitSimulator(t, 3, 4, model);
        FlitRoutes r = sim.routes;
        int[] expected = new int[r.routers * r.ports * r.vcs];
        for (int src = 0; src < r.terminals; src++) {
            for (int dst = 0; dst < r.terminals; dst++) {
                if (src == dst) {
                    continue;
                }
                int inPort = r.terminalPort[src] % r.ports;
                for (int o : r.path(model, src, dst)) {
                    int top = Math.min(o + 1 + r.span(o), (o / r.vcs + 1) * r.vcs);
                    for (int v = o; v < top; v++) {
                        expected[v] |= 1 << inPort;
                    }
                    inPort = r.inputAt[o / r.vcs];
                }
            }
        }
        assertThat(sim.requestingInputs(model)).isEqualTo(expected);
    }
}
