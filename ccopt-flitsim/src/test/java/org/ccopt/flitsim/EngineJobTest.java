package org.ccopt.flitsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.net.RouterTiming;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

class EngineJobTest {

    private static EngineJob.Request request(Topology t, String traffic, String rates) {
        return new EngineJob.Request(FlitSetup.booksim(t, 4, 4, null, null), traffic, 8, 1, rates, null, null, 100, 400, 2000);
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
        assertThatThrownBy(() -> EngineJob.run(new EngineJob.Request(FlitSetup.booksim(t, 4, 4, "ecube", null), null, 8, 1, "0.1",
                null, null, null, null, null))).isInstanceOf(InvalidInputException.class);
    }

    /** {@code SimJob} names the engine's router without depending on this package: the same name. */
    @org.junit.jupiter.api.Test
    void theSimJobsNameForTheEnginesRouterIsTheEngines() {
        org.assertj.core.api.Assertions.assertThat(org.ccopt.flitsim.SimJob.Request.ENGINE_MODEL)
                .isEqualTo(RouterTiming.BOOKSIM.name());
    }
}
