package org.ccopt.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ccopt.InvalidInputException;
import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.PortModel;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/** The bound {@code ccopt bounds} reports, chosen by switching mode and collective, against known values. */
class ScheduleJobBoundTest {

    private static final Topology H4 = TopologySpec.parse("hypercube:4");

    @Test
    void theHypercubesKnownBoundsUnderWormholeSwitching() {
        // all-to-all broadcast on 16 nodes, one port: each node receives 15 messages, one a step
        assertThat(ScheduleJob.bound(H4, Collective.standard(CollectiveKind.AAB, H4, 0), PortModel.ONE, Switching.WH).steps())
                .isEqualTo(15);
        // one-to-all broadcast: the number of informed nodes at most doubles, log2 16 = 4 steps
        assertThat(ScheduleJob.bound(H4, Collective.standard(CollectiveKind.OAB, H4, 0), PortModel.ONE, Switching.WH).steps())
                .isEqualTo(4);
    }

    @Test
    void aSwitchingModeNotModelledForTheKindIsRefused() {
        Collective reduce = Collective.standard(CollectiveKind.AOR, H4, 0);
        assertThatThrownBy(() -> ScheduleJob.bound(H4, reduce, PortModel.ONE, Switching.SF))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("takes --switching wh");
        assertThatThrownBy(() -> ScheduleJob.bound(H4, Collective.standard(CollectiveKind.OAB, H4, 0), PortModel.ONE,
                Switching.SF_ROUTER)).isInstanceOf(InvalidInputException.class).hasMessageContaining("applies to scatters");
    }

    @Test
    void theReportNamesTheCollectiveAndTheFormulaThatDecides() {
        ScheduleJob.BoundReport r = ScheduleJob.boundReport(H4, Collective.standard(CollectiveKind.OAB, H4, 0), PortModel.ONE,
                Switching.WH);
        assertThat(r.figures()).containsEntry("cc", "OAB").containsEntry("senders", 1).containsEntry("receivers", 15)
                .containsEntry("lowerBound", 4L).containsEntry("switching", "wh");
        assertThat(r.lines().get(0)).isEqualTo("OAB on hypercube:4, " + PortModel.ONE + ", wh: at least 4 steps");
        assertThat(r.lines().get(1)).isEqualTo("  decided by: " + r.bound().formula());
        assertThat(r.lines()).hasSize(2 + r.bound().arguments().size());
    }
}
