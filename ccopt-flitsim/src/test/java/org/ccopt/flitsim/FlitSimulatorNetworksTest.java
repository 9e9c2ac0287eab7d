package org.ccopt.flitsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.util.Permutations;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The papers' router on networks other than tori and meshes ({@link NetworkRoutes}). */
class FlitSimulatorNetworksTest {

    /**
     * The timing rule of the papers' router holds on every network: one undisturbed packet of L flits over h router
     * hops takes h + L + 1 cycles (injection, a cycle a hop, ejection), for every destination of terminal 0 (h = 0
     * between two terminals of one router). Six VCs: minimal hop-indexed routing needs one class per hop.
     */
    @ParameterizedTest
    @ValueSource(strings = {"hypercube:6", "kary-ntree:4,3", "dragonfly:4,2,2", "circulant2:64", "random-shortcut:64:4"})
    void onePacketTakesHopsPlusLengthPlusOne(String spec) {
        Topology t = TopologySpec.parse(spec);
        FlitSimulator sim = new FlitSimulator(t, 6, 4, RouterModel.CCOPT);
        RouterConfig config = sim.uniformConfig(VcSelection.C00, RouterModel.CCOPT);
        int n = sim.nodes();
        assertThat(n).isEqualTo(t.terminalCount());
        for (int dst = 1; dst < n; dst++) {
            int[] dest = new int[n];
            for (int i = 0; i < n; i++) {
                dest[i] = i;
            }
            dest[0] = dst;
            int hops = sim.path(RouterModel.CCOPT, 0, dst).length - 1;
            assertThat(hops).isNotNegative().isLessThanOrEqualTo(t.nodeCount());
            assertThat(sim.run(config, Workload.simple(dest, 1, 8)).durationCycles()).as("0 -> %d", dst).isEqualTo(hops + 8 + 1);
        }
    }

    /**
     * Every routing function the papers' router uses is deadlock free with its VC classes: 200 random permutations
     * (seeded) of 4 packets a node complete under ccopt's readings and the 2023 preset, every flit delivered.
     */
    @ParameterizedTest
    @ValueSource(strings = {"hypercube:6", "kary-ntree:4,3", "dragonfly:4,2,2", "circulant2:64"})
    void randomPermutationsNeverDeadlock(String spec) {
        Topology t = TopologySpec.parse(spec);
        SplittableRandom random = new SplittableRandom(spec.hashCode());
        for (RouterModel m : new RouterModel[] {RouterModel.CCOPT, RouterModel.YOKOTA2023}) {
            FlitSimulator sim = new FlitSimulator(t, 3, 4, m);
            RouterConfig config = sim.uniformConfig(m.defaultScheme(), m);
            for (int i = 0; i < 100; i++) {
                int[] dest = Permutations.shuffled(sim.nodes(), random);
                int sending = 0;
                for (int u = 0; u < dest.length; u++) {
                    sending += dest[u] != u ? 1 : 0;
                }
                SimResult r = sim.run(config, Workload.simple(dest, 4, 8));
                assertThat(r.flits()).isEqualTo(sending * 4L * 8);
            }
        }
    }

    /**
     * Several terminals on one router (a fat tree's leaf switch): four terminals of one leaf sending to four others
     * share nothing but the leaf's ports, so they finish together, at the single-packet time, and a terminal's
     * reception is counted for it, not for its router.
     */
    @Test
    void terminalsOfOneRouterInjectAndEjectSeparately() {
        Topology t = TopologySpec.parse("kary-ntree:4,3");
        FlitSimulator sim = new FlitSimulator(t, 4, 4, RouterModel.CCOPT);
        int n = sim.nodes();
        int[] dest = new int[n];
        for (int i = 0; i < n; i++) {
            dest[i] = i;
        }
        for (int i = 0; i < 4; i++) {
            dest[i] = 4 + i; // leaf 0's terminals to leaf 1's
        }
        int hops = sim.path(RouterModel.CCOPT, 0, 4).length - 1;
        SimResult r = sim.run(sim.uniformConfig(VcSelection.C00, RouterModel.CCOPT), Workload.simple(dest, 1, 8));
        assertThat(r.flits()).isEqualTo(4 * 8);
        assertThat(r.durationCycles()).isEqualTo(hops + 8 + 1);
    }

    @Test
    void aConfigurationForOtherRoutersIsRefused() {
        FlitSimulator sim = new FlitSimulator(TopologySpec.parse("kary-ntree:4,3"), 3, 4, RouterModel.CCOPT);
        RouterConfig torus = RouterConfig.uniform(64, 2, 3, 4, VcSelection.C00);
        int[] dest = new int[64];
        assertThatThrownBy(() -> sim.run(torus, Workload.simple(dest, 1, 8))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("router configuration is for 64 routers of 5 ports");
        assertThat(RouterConfig.uniform(sim.topology(), 3, 4, VcSelection.C00, RouterModel.CCOPT).nodes()).isEqualTo(sim.routers());
        assertThat(sim.routing()).isEqualTo("nca");
        assertThat(FlitSimulator.routingOf(sim.topology())).isEqualTo("nca");
    }

    @Test
    void aOneWayNetworkIsRefusedWithOneLine() {
        assertThatThrownBy(() -> new FlitSimulator(TopologySpec.parse("omega:16"), 3, 4))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("two-way links");
    }

    /** A network's VC classes must fit: Dragonfly minimal routing needs two. */
    @Test
    void tooFewVcsForTheRoutingFunctionsClassesIsRefused() {
        assertThatThrownBy(() -> new FlitSimulator(TopologySpec.parse("dragonfly:4,2,2"), 1, 4))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("needs 2 VC classes");
    }
}
