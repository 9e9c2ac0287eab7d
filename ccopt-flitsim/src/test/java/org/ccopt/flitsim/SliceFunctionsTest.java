package org.ccopt.flitsim;

import static org.assertj.core.api.Assertions.assertThat;

import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/** Slice interlocking and slice re-initialisation (Yokota et al. 2023, §7.2) on scripted cases. */
class SliceFunctionsTest {

    private final Topology torus = TopologySpec.parse("torus:8x8");
    private final FlitSimulator sim = new FlitSimulator(torus, 3, 4);

    private static int[] identity(int n) {
        int[] d = new int[n];
        for (int i = 0; i < n; i++) {
            d[i] = i;
        }
        return d;
    }

    @Test
    void interlockingHoldsTheNextSliceUntilOneWasReceived() {
        // 0 <-> 1 exchange, two slices of one 8-flit packet, both released at cycle 0. Free: 16 flits back to back,
        // 1 + 16 + 1 = 18 cycles. Interlocked: slice 1 waits for the tail from the partner (ejected in cycle 10),
        // injects from cycle 11, its tail is ejected in cycle 20.
        int[] dest = identity(64);
        dest[0] = 1;
        dest[1] = 0;
        Workload w = new Workload(dest, 2, 1, 8, 0, null);
        RouterConfig free = RouterConfig.uniform(64, 2, 3, 4, VcSelection.C00);
        assertThat(sim.run(free, w).durationCycles()).isEqualTo(18);
        assertThat(sim.run(free.withSliceInterlocking(true), w).durationCycles()).isEqualTo(20);
    }

    @Test
    void interlockingNeverWaitsForPacketsThatNobodySends() {
        int[] dest = identity(64);
        dest[0] = 1; // node 0 receives nothing: its second slice must not wait
        Workload w = new Workload(dest, 2, 1, 8, 0, null);
        RouterConfig on = RouterConfig.uniform(64, 2, 3, 4, VcSelection.C00).withSliceInterlocking(true);
        assertThat(sim.run(on, w).durationCycles()).isEqualTo(18);
    }

    @Test
    void reinitialisationRestoresTheQueueSelectionOrder() {
        // Router 27 = (3,3), away from the datelines. A = 26 -> 27 arrives on input port 0 (+x), B = 19 -> 27 on
        // port 2 (+y), D = 11 -> 27 follows B on port 2; all on VC 0 and all eject through output VC (27, P, 0),
        // whose Q order is set to [2, 0, 1, 3, 4]. Slice 0 grants B, then A, then D, rotating Q to
        // [1, 3, 4, 0, 2]: in slice 1 A beats B. With re-initialisation Q returns to [2, 0, 1, 3, 4] whenever a
        // packet for node 27 arrives, so in slice 1 B beats A again and A's link carries its last flit later.
        int[] dest = identity(64);
        dest[26] = 27;
        dest[19] = 27;
        dest[11] = 27;
        Workload w = new Workload(dest, 2, 1, 8, 60, null);
        RouterConfig base = RouterConfig.uniform(64, 2, 3, 4, VcSelection.C00);
        base.setQueueOrder(27, 4, 0, new int[] {2, 0, 1, 3, 4});
        int rotated = lastSliceOneFlitOnLink(base, w, 26 * 5);
        int reset = lastSliceOneFlitOnLink(base.withSliceReinitialization(true), w, 26 * 5);
        assertThat(rotated - 60).isEqualTo(9);   // A wins: its 8 flits cross in cycles 62..69 of slice 1
        assertThat(reset).isGreaterThan(rotated); // A waits for B's tail
    }

    private int lastSliceOneFlitOnLink(RouterConfig config, Workload w, int link) {
        LinkTrace trace = new LinkTrace();
        sim.trace(trace).run(config, w);
        sim.trace(null);
        int last = 0;
        for (int i = 0; i < trace.size(); i++) {
            if (trace.slice(i) == 1 && trace.link(i) == link) {
                last = Math.max(last, trace.cycle(i));
            }
        }
        return last;
    }
}
