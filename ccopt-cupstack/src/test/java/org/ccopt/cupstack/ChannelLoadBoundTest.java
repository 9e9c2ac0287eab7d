package org.ccopt.cupstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The lower bound on a slice's duration that lets Cup-Stacking refuse an oversized network before its quadratic
 * set-up: never above a simulated single slice, under any VC selection scheme; and a network whose sweeps it already
 * puts past the limit is refused before the requesting inputs are computed.
 */
class ChannelLoadBoundTest {

    @ParameterizedTest
    @CsvSource({"torus:4x4,brev", "torus:8x8,brev", "torus:8x8,shfl", "torus:8x8,tornado", "torus:8x8,bcmp",
        "mesh:6x6,trns", "mesh:4x4x4,brev"})
    void theBoundIsNeverAboveASimulatedSlice(String topology, String traffic) {
        Problem p = Fixtures.problem(TopologySpec.parse(topology), traffic, 2, 4);
        FlitSimulator sim = p.simulator();
        int bound = CupStackRun.channelLoadBound(sim, p);
        assertThat(bound).isGreaterThanOrEqualTo(p.sliceFlits());
        for (VcSelection scheme : VcSelection.values()) {
            int duration = Stacking.singleSlice(sim, p.baseConfig(scheme), p, new int[p.destination().length])
                    .durationCycles();
            assertThat(duration).as(topology + " " + traffic + " " + scheme).isGreaterThanOrEqualTo(bound);
        }
    }

    @Test
    void aNetworkWhoseSweepsTheBoundPutsPastTheLimitIsRefusedAtOnce() {
        Problem p = Fixtures.problem(TopologySpec.parse("torus:192x192"), "tornado", 2, 8);
        CupStackRun.Options o = new CupStackRun.Options(Method.SIMPLE, p, VcSelection.C00, EnumSet.noneOf(GeneGroup.class),
                SortKey.T01, 1, 2, p.sliceFlits(), Fixtures.settings(1, 1), "test", 1, false, CupStackRun.DEFAULT_HISTORY);
        assertThatThrownBy(() -> new CupStackRun(o)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("a slice takes at least ").hasMessageContaining("expected a smaller network");
    }
}
