package org.ccopt.flitsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.net.EngineSetup;
import org.ccopt.flitsim.net.OpenLoopResult;
import org.ccopt.flitsim.net.RouterTiming;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;

class EngineJobTest {

    private static EngineJob.Request request(Topology t, String traffic, String rates) {
        return new EngineJob.Request(t, traffic, null, null, 4, 8, 2, 1, rates, null, null, 100, 400, 2000, null, 1, 0);
    }

    @Test
    void aBatchIsTheEnginesBatchOnTheNetworksDefaultRouting() {
        Topology t = TopologySpec.parse("hypercube:4");
        EngineJob.Outcome o = EngineJob.run(request(t, "brev", null));
        OpenLoopResult direct = EngineSetup.booksim(t, null, null, 4)
                .runBatch(TrafficPattern.BREV.destinations(t, 1), 2, 8, 1);
        assertThat(o.batch().cycles()).isEqualTo(direct.cycles());
        assertThat(o.curve()).isNull();
        assertThat(o.figures()).containsEntry("durationCycles", direct.cycles()).containsEntry("routing", "ecube")
                .containsEntry("vcs", EngineSetup.DEFAULT_VCS).doesNotContainKey("loads");
        assertThat(o.lines()).hasSize(1);
        assertThat(o.lines().get(0)).startsWith("brev on hypercube:4, router booksim, routing ecube, 4 VCs x 4 flits, 8-flit packets: ");
    }

    @Test
    void oneLoadPutsItsFieldsAtTheTopAndACurveFindsItsSaturation() {
        Topology t = TopologySpec.parse("mesh:4x4");
        Map<String, Object> one = EngineJob.run(request(t, null, "0.1")).figures();
        assertThat(one).containsEntry("traffic", "uniform").containsEntry("rate", 0.1).containsKey("packetLatency")
                .doesNotContainKey("saturationThroughput");
        assertThat((List<?>) one.get("loads")).hasSize(1);
        EngineJob.Outcome curve = EngineJob.run(request(t, null, "0.1:0.9:0.4"));
        assertThat(curve.isCurve()).isTrue();
        double saturation = (double) curve.figures().get("saturationThroughput");
        assertThat(saturation).isBetween(0.1, 0.9);
        assertThat(curve.lines()).last().asString().startsWith("saturation throughput: ");
    }

    @Test
    void aRoutingThatCannotRouteTheNetworkIsRefusedWithOneLine() {
        Topology t = TopologySpec.parse("mesh:4x4");
        assertThatThrownBy(() -> EngineJob.run(new EngineJob.Request(t, null, "ecube", null, 4, 8, 2, 1, null, null, null,
                null, null, null, null, 1, 0))).isInstanceOf(InvalidInputException.class);
    }

    /** {@code SimJob} names the engine's router without depending on this package: the same name. */
    @org.junit.jupiter.api.Test
    void theSimJobsNameForTheEnginesRouterIsTheEngines() {
        org.assertj.core.api.Assertions.assertThat(org.ccopt.flitsim.SimJob.Request.ENGINE_MODEL)
                .isEqualTo(RouterTiming.BOOKSIM.name());
    }

    /** A batch in slices on the booksim router is the engine's injection plan, released at s V. */
    @Test
    void slicesOnTheBooksimRouterAreItsInjectionPlan() {
        Topology t = TopologySpec.parse("torus:4x4");
        EngineJob.Outcome o = EngineJob.run(new EngineJob.Request(t, "brev", null, null, 4, 8, 2, 1, null, null, null, null,
                null, null, null, 3, 11));
        int[] dest = TrafficPattern.parse("brev").destinations(t, 1);
        OpenLoopResult direct = EngineSetup.booksim(t, null, null, 4).runPlan(dest, 3, 2, 8, 11, new int[16], 1,
                Integer.MAX_VALUE);
        assertThat(o.batch()).isEqualTo(direct);
        assertThat(o.figures()).containsEntry("slices", 3).containsEntry("interval", 11);
        assertThatThrownBy(() -> new EngineJob.Request(t, null, null, null, 4, 8, 2, 1, "0.1", null, null, null, null, null,
                null, 2, 0)).isInstanceOf(InvalidInputException.class);
    }
}
