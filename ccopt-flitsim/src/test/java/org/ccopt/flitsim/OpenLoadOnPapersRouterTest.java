package org.ccopt.flitsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.net.Destinations;
import org.ccopt.flitsim.net.EngineSetup;
import org.ccopt.flitsim.net.LoadSweep;
import org.ccopt.flitsim.net.NetworkSimulator;
import org.ccopt.flitsim.net.OpenLoopResult;
import org.ccopt.flitsim.net.OpenLoopTraffic;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Open loads on the papers' router ({@link FlitSimulator#runOpenLoop}): the traffic source every router runs. */
class OpenLoadOnPapersRouterTest {

    private static OpenLoopTraffic uniform(Topology t, double rate) {
        return OpenLoopTraffic.bernoulli(new Destinations.Uniform(t.terminalCount()), rate, 8);
    }

    /**
     * At a load of 0.002 flits a cycle packets almost never meet, so every packet takes the papers' timing rule of a
     * lone packet, h + L + 1 cycles, or a little more where two did meet: never less, and on average within a tenth of
     * a cycle of it (the rule in the mean hops).
     */
    @ParameterizedTest
    @ValueSource(strings = {"torus:8x8", "mesh:4x4", "kary-ntree:2,3", "hypercube:4"})
    void aLightLoadTakesTheLonePacketTiming(String spec) {
        Topology t = TopologySpec.parse(spec);
        FlitSimulator sim = new FlitSimulator(t, 3, 4, RouterModel.YOKOTA2023);
        RouterConfig config = sim.uniformConfig(VcSelection.C00, RouterModel.YOKOTA2023);
        OpenLoopResult r = sim.runOpenLoop(config, uniform(t, 0.002), 1000, 20_000, 5000, 3);
        assertThat(r.stable()).isTrue();
        assertThat(r.packets()).isGreaterThan(40);
        assertThat(r.latencyMin()).isGreaterThanOrEqualTo(8 + 1);
        assertThat(r.packetLatency()).isBetween(r.hops() + 8 + 1, r.hops() + 8 + 1.1);
    }

    /**
     * Both routers are offered the very same packets at one seed: the same offered load and, where both keep up, the
     * same measured packets; the papers' router is the faster (one cycle a hop, against BookSim's five-stage pipeline).
     */
    @Test
    void bothRoutersAreOfferedTheSamePackets() {
        Topology t = TopologySpec.parse("torus:4x4");
        FlitSimulator papers = new FlitSimulator(t, 4, 4, RouterModel.YOKOTA2023);
        NetworkSimulator booksim = EngineSetup.booksim(t, null, 4, 4);
        for (double rate : new double[] {0.05, 0.2}) {
            OpenLoopResult a = papers.runOpenLoop(papers.uniformConfig(VcSelection.C00, RouterModel.YOKOTA2023),
                    uniform(t, rate), 500, 3000, 6000, 11);
            OpenLoopResult b = booksim.runOpenLoop(uniform(t, rate), 500, 3000, 6000, 11);
            assertThat(a.offered()).isEqualTo(b.offered());
            assertThat(a.packets()).isEqualTo(b.packets());
            assertThat(a.stable()).isTrue();
            assertThat(a.accepted()).isCloseTo(a.offered(), org.assertj.core.data.Percentage.withPercentage(3));
            assertThat(a.packetLatency()).isLessThan(b.packetLatency());
        }
    }

    /** Past saturation the run says so; the same seed gives the same run; a closed batch after it is as on a new simulator. */
    @Test
    void saturationDeterminismAndNoTraceOnTheClosedBatchesAfter() {
        Topology t = TopologySpec.parse("torus:4x4");
        FlitSimulator sim = new FlitSimulator(t, 3, 4, RouterModel.YOKOTA2023);
        RouterConfig config = sim.uniformConfig(VcSelection.C00, RouterModel.YOKOTA2023);
        Workload brev = Workload.simple(TrafficPattern.parse("brev").destinations(t, 1), 4, 8);
        SimResult before = sim.run(config, brev);
        OpenLoopResult high = sim.runOpenLoop(config, uniform(t, 0.95), 200, 1000, 500, 5);
        assertThat(LoadSweep.saturated(high, LoadSweep.Protocol.DEFAULT)).isTrue();
        assertThat(sim.runOpenLoop(config, uniform(t, 0.95), 200, 1000, 500, 5)).isEqualTo(high);
        assertThat(sim.run(config, brev)).isEqualTo(before);
        assertThat(sim.runIntervals(config, brev.withInterval(0), new int[] {0, 3}, Integer.MAX_VALUE, false)[0])
                .isEqualTo(before);
    }

    @Test
    void aLoadPastWhatOneRunHoldsIsRefusedWithOneLine() {
        Topology t = TopologySpec.parse("torus:16x16");
        FlitSimulator sim = new FlitSimulator(t, 3, 4, RouterModel.YOKOTA2023);
        RouterConfig config = sim.uniformConfig(VcSelection.C00, RouterModel.YOKOTA2023);
        assertThatThrownBy(() -> sim.runOpenLoop(config, OpenLoopTraffic.bernoulli(new Destinations.Uniform(256), 1, 1),
                0, 4000, 4000, 1)).isInstanceOf(InvalidInputException.class).hasMessageContaining("at most");
    }

    /** Link latencies of a topology file are BookSim's router's: the papers' router refuses such a network in one line. */
    @Test
    void aNetworkWithLinkLatenciesIsRefusedWithOneLine() {
        Topology ring = TopologySpec.parse("ring:4");
        int[] two = new int[ring.channelCount()];
        java.util.Arrays.fill(two, 2);
        assertThatThrownBy(() -> new FlitSimulator(ring.withChannelLatencies(two), 3, 4, RouterModel.YOKOTA2023))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("gives its links latencies");
    }

    /** Request-reply traffic is BookSim's router's: the papers' router refuses it with one line before it runs. */
    @Test
    void requestReplyTrafficIsRefusedWithOneLine() {
        Topology t = TopologySpec.parse("torus:4x4");
        FlitSimulator sim = new FlitSimulator(t, 3, 4, RouterModel.YOKOTA2023);
        RouterConfig config = sim.uniformConfig(VcSelection.C00, RouterModel.YOKOTA2023);
        assertThatThrownBy(() -> sim.runOpenLoop(config, uniform(t, 0.1).withRequestReply(
                org.ccopt.flitsim.net.RequestReply.reads(1, 4)), 100, 400, 400, 1)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--request-reply 1:4").hasMessageNotContaining("\n");
    }
}
