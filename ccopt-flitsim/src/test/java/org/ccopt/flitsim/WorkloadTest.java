package org.ccopt.flitsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/** A workload whose counts or cycles would overflow the simulator is refused where it is built. */
class WorkloadTest {

    private static int[] shift(int n) {
        int[] d = new int[n];
        for (int i = 0; i < n; i++) {
            d[i] = (i + 1) % n;
        }
        return d;
    }

    @Test
    void boundsAreCheckedBeforeAnythingIsAllocated() {
        int[] d = shift(16);
        assertThatThrownBy(() -> new Workload(d, 2, Integer.MAX_VALUE, 8, 0, null)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("packets");
        // 16 senders x 65,536 packets is one more than the 20-bit packet id holds
        assertThatThrownBy(() -> new Workload(d, 1, 1 << 16, 8, 0, null)).hasMessageContaining("at most 1048575");
        assertThat(new Workload(d, 1, (1 << 16) - 1, 1, 0, null).packetsPerSlice()).isEqualTo(65_535);
        assertThatThrownBy(() -> new Workload(d, 3, 1, 8, 2_000_000_000, null)).hasMessageContaining("released at cycle 4000000000");
        assertThat(new Workload(d, 2, 1, 8, Workload.MAX_RELEASE, null).interval()).isEqualTo(Workload.MAX_RELEASE);
        int[] late = new int[16];
        late[3] = Workload.MAX_RELEASE + 1;
        assertThatThrownBy(() -> new Workload(d, 1, 1, 8, 0, late)).hasMessageContaining("released at cycle");
    }

    /** The last release at the bound still simulates to the right end: the clock skips the idle cycles. */
    @Test
    void aRunReleasedAtTheBoundEndsRight() {
        Topology t = TopologySpec.parse("torus:4x4");
        FlitSimulator sim = new FlitSimulator(t, 3, 4, RouterModel.CCOPT);
        RouterConfig c = RouterConfig.uniform(t.nodeCount(), sim.dimensions(), 3, 4, VcSelection.C00, RouterModel.CCOPT);
        SimResult alone = sim.run(c, new Workload(shift(16), 1, 1, 8, 0, null));
        SimResult late = sim.run(c, new Workload(shift(16), 2, 1, 8, Workload.MAX_RELEASE, null));
        assertThat(late.flits()).isEqualTo(2 * alone.flits());
        assertThat((long) late.durationCycles()).isEqualTo((long) Workload.MAX_RELEASE + alone.durationCycles());
    }
}
