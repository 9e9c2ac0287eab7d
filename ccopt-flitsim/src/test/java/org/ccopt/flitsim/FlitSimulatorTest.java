package org.ccopt.flitsim;

import org.ccopt.flitsim.net.DeadlockException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import org.ccopt.util.Permutations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FlitSimulatorTest {

    private static SimResult run(String spec, int[] dest, int packets, int flits) {
        Topology t = TopologySpec.parse(spec);
        FlitSimulator sim = new FlitSimulator(t, 3, 4);
        return sim.run(RouterConfig.uniform(t.nodeCount(), sim.dimensions(), 3, 4, VcSelection.C00),
                Workload.simple(dest, packets, flits));
    }

    private static int[] only(int nodes, int src, int dst) {
        int[] d = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            d[i] = i;
        }
        d[src] = dst;
        return d;
    }

    /**
     * durationWithin stops early on a completion bound; the bound must never exceed the true duration: with the
     * limit at the duration the run completes, one cycle less and it is cut.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void durationWithinAgreesWithTheFullRunAtTheLimit(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        String spec = seed % 2 == 0 ? "torus:8x8" : "mesh:4x6";
        Topology t = TopologySpec.parse(spec);
        FlitSimulator sim = new FlitSimulator(t, 3, 4);
        RouterConfig config = RouterConfig.uniform(t.nodeCount(), 2, 3, 4, VcSelection.values()[random.nextInt(10)]);
        for (int i = 0; i < 20; i++) {
            int[] dest = Permutations.shuffled(t.nodeCount(), random);
            int[] delay = new int[t.nodeCount()];
            for (int u = 0; u < delay.length && i % 2 == 1; u++) {
                delay[u] = random.nextInt(30); // injection delays: the release-time bound comes into play
            }
            Workload w = new Workload(dest, 1 + random.nextInt(2), 1 + random.nextInt(4), 1 + random.nextInt(8),
                    random.nextInt(20), delay);
            int duration = sim.run(config, w).durationCycles();
            assertThat(sim.durationWithin(config, w, duration)).isEqualTo(duration);
            assertThat(sim.durationWithin(config, w, Integer.MAX_VALUE - 1)).isEqualTo(duration);
            assertThat(sim.durationWithin(config, w, duration - 1)).isEqualTo(-1);
            assertThat(sim.run(config, w).durationCycles()).isEqualTo(duration); // a cut run leaves nothing behind
        }
    }

    /**
     * The same with several senders per destination under per-VC ejection, where a node ejects up to one flit per VC
     * and cycle: the completion bound counts its flits still to eject as {@code ceil(F / vcs)} cycles (counted as F it
     * cut 59 of 120 such runs that ended exactly at the limit, so an optimizer pruning on it could drop a mutant as
     * good as its parent).
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void durationWithinAgreesUnderPerVcEjectionWithManySendersPerNode(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Topology t = TopologySpec.parse(seed % 2 == 0 ? "torus:8x8" : "mesh:4x4");
        RouterModel model = (seed % 3 == 0 ? RouterModel.CCOPT : seed % 3 == 1 ? RouterModel.YOKOTA2018 : RouterModel.YOKOTA2023)
                .with("ejection", "per-vc", "--ejection");
        FlitSimulator sim = new FlitSimulator(t, 3, 4, model);
        int n = t.nodeCount();
        RouterConfig config = RouterConfig.uniform(n, 2, 3, 4, VcSelection.values()[random.nextInt(10)], model);
        for (int i = 0; i < 10; i++) {
            int[] dest = LinkLoadBoundTest.manyToOne(n, random);
            Workload w = new Workload(dest, 1 + random.nextInt(2), 1 + random.nextInt(2), 1 + random.nextInt(8),
                    random.nextInt(20), new int[n]);
            int duration;
            try {
                duration = sim.run(config, w).durationCycles();
            } catch (DeadlockException e) {
                continue;
            }
            assertThat(sim.durationWithin(config, w, duration)).as("seed %d, run %d", seed, i).isEqualTo(duration);
            assertThat(sim.durationWithin(config, w, duration - 1)).isEqualTo(-1);
        }
    }

    /**
     * runIntervals shares the cycles before the first second-slice release; every interval's result must equal a
     * fresh run's (all counters), and cut runs must be exactly those longer than the limit or the best so far.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void intervalRunsFromASharedPrefixEqualFreshRuns(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Topology t = TopologySpec.parse(seed % 3 == 0 ? "mesh:4x6" : "torus:8x8");
        FlitSimulator sim = new FlitSimulator(t, 3, 4);
        FlitSimulator fresh = new FlitSimulator(t, 3, 4);
        RouterConfig config = RouterConfig.uniform(t.nodeCount(), 2, 3, 4, VcSelection.values()[random.nextInt(10)])
                .withSliceReinitialization(seed % 4 == 1).withSliceInterlocking(seed % 5 == 2);
        for (int i = 0; i < 6; i++) {
            int[] dest = Permutations.shuffled(t.nodeCount(), random);
            int[] delay = new int[t.nodeCount()];
            for (int u = 0; u < delay.length; u++) {
                delay[u] = i % 2 == 0 ? 0 : 3 + random.nextInt(25);
            }
            Workload w = new Workload(dest, 1 + random.nextInt(3), 1 + random.nextInt(2), 1 + random.nextInt(8), 0, delay);
            int[] intervals = new int[11];
            int v0 = 6 + random.nextInt(30);
            for (int k = 0; k < intervals.length; k++) {
                intervals[k] = v0 + (k % 2 == 1 ? -(k + 1) / 2 : k / 2);
            }
            boolean cutAtBest = i % 3 != 0;
            int limit = i % 2 == 0 ? Integer.MAX_VALUE : 40 + random.nextInt(60);
            SimResult[] shared = sim.runIntervals(config, w, intervals, limit, cutAtBest);
            int best = Integer.MAX_VALUE;
            for (int k = 0; k < intervals.length; k++) {
                Workload wk = new Workload(dest, w.slices(), w.packetsPerSlice(), w.flitsPerPacket(), intervals[k], delay);
                SimResult full = fresh.run(config, wk);
                int cut = cutAtBest ? Math.min(limit, best) : limit;
                if (full.durationCycles() <= cut) {
                    assertThat(shared[k]).as("V = " + intervals[k]).isEqualTo(full);
                    best = Math.min(best, full.durationCycles());
                } else {
                    assertThat(shared[k]).as("V = " + intervals[k]).isNull();
                }
            }
        }
    }

    /** A delayed lone packet ends exactly at its release-time bound I + L + h + 1, so the bound must be tight. */
    @Test
    void aDelayedLonePacketEndsAtItsReleaseBound() {
        Topology t = TopologySpec.parse("torus:8x8");
        FlitSimulator sim = new FlitSimulator(t, 3, 4);
        int[] dest = new int[64];
        for (int u = 0; u < 64; u++) {
            dest[u] = u;
        }
        dest[9] = 11; // two hops in +x
        int[] delay = new int[64];
        delay[9] = 50;
        Workload w = new Workload(dest, 2, 1, 8, 20, delay);
        RouterConfig config = RouterConfig.uniform(64, 2, 3, 4, VcSelection.C00);
        int duration = 20 + 50 + 8 + 2 + 1;
        assertThat(sim.run(config, w).durationCycles()).isEqualTo(duration);
        assertThat(sim.durationWithin(config, w, duration)).isEqualTo(duration);
        assertThat(sim.durationWithin(config, w, duration - 1)).isEqualTo(-1);
    }

    /**
     * A router of more than 64 input queues keeps its waiting headers in several words: with 13 VCs (65 queues) on a
     * torus, cumulative classes use VCs 0-2 only, so every batch lasts exactly as long as with 3 VCs under the fixed
     * scheme C00. More than 16 VCs are refused with one line.
     */
    @Test
    void routersOfMoreThan64InputQueuesRunAsTheirUsedVcsDo() {
        Topology t = TopologySpec.parse("torus:4x4");
        FlitSimulator wide = new FlitSimulator(t, 13, 4);
        FlitSimulator narrow = new FlitSimulator(t, 3, 4);
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 20; i++) {
            int[] dest = Permutations.shuffled(16, random);
            Workload w = Workload.simple(dest, 4, 8);
            assertThat(wide.run(RouterConfig.uniform(16, 2, 13, 4, VcSelection.C00), w).durationCycles())
                    .isEqualTo(narrow.run(RouterConfig.uniform(16, 2, 3, 4, VcSelection.C00), w).durationCycles());
        }
        assertThatThrownBy(() -> new FlitSimulator(t, 17, 4)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("virtual channel count 17 is out of range; expected 1..16");
    }

    @Test
    void onePacketToANeighbourTakesTenCycles() {
        SimResult r = run("torus:8x8", only(64, 0, 1), 1, 8);
        assertThat(r.durationCycles()).isEqualTo(10);
        assertThat(r.flits()).isEqualTo(8);
        assertThat(r.effectiveThickness()).isEqualTo(8);
    }

    @Test
    void fourPacketsToANeighbourTake34Cycles() {
        // Yokota et al. 2018, §5.2: 1 cycle injection + 32 flits + 1 cycle ejection
        SimResult r = run("torus:8x8", only(64, 0, 1), 4, 8);
        assertThat(r.durationCycles()).isEqualTo(34);
        assertThat(r.effectiveThickness()).isEqualTo(32);
    }

    @Test
    void atomicVcAllocationAddsOneCyclePerPacketBoundary() {
        // packet k+1 may take the output VC only after packet k's tail has left the downstream buffer: the tail
        // crosses in cycle 8k+9, is ejected in 8k+10, the space is visible in 8k+11: 3 boundaries, 34 + 3 cycles
        Topology t = TopologySpec.parse("torus:8x8");
        FlitSimulator sim = new FlitSimulator(t, 3, 4);
        RouterConfig atomic = RouterConfig.uniform(64, 2, 3, 4, VcSelection.C00).withAtomicVcAllocation(true);
        assertThat(sim.run(atomic, Workload.simple(only(64, 0, 1), 4, 8)).durationCycles()).isEqualTo(37);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void undisturbedPacketTakesHopsPlusLengthPlusOne(int hops) {
        // along x on a 16-node ring-shaped torus row: h + L + 1
        SimResult r = run("torus:16x16", only(256, 0, hops), 1, 8);
        assertThat(r.durationCycles()).isEqualTo(hops + 8 + 1);
        SimResult y = run("torus:16x16", only(256, 0, 16 * hops + hops), 2, 8);
        assertThat(y.durationCycles()).isEqualTo(2 * hops + 16 + 1);
    }

    @Test
    void aBusyOutputVcDelaysTheFollowerUntilTheTailPasses() {
        // ring row of a 4x4 torus: 1 -> 2 takes (+x, vc1) at router 1 in cycle 2 (the hop 1 -> 2 crosses the
        // dateline at k/2); 0 -> 2 reaches router 1 in cycle 2, requests the same VC in cycle 3 and gets it in
        // cycle 10, after the tail of 1 -> 2 crossed in cycle 9: its flits cross 1 -> 2 in cycles 10..17 and are
        // ejected in 11..18. No two headers met in one arbitration, so ir = or = 0.
        SimResult r = run("torus:4x4", expand(new int[] {2, 2, 2, 3}, 16), 1, 8);
        assertThat(r.durationCycles()).isEqualTo(18);
        assertThat(r.ir() + r.or()).isZero();
        assertThat(r.effectiveThickness()).isEqualTo(16);
    }

    @Test
    void twoHeadersInOneArbitrationCountOneInOrderBlock() {
        // on an 8x8 torus, 8 -> 25 (x then y) and 1 -> 25 (y only) both reach router 9 in cycle 2 and request
        // (+y, vc0) in cycle 3. Q lists input ports in index order, so the one that travelled +x (port 0) wins
        // and takes 3 + 8 + 1 = 12 cycles; the other starts crossing in cycle 11 and finishes in cycle 20.
        int[] dest = new int[64];
        for (int i = 0; i < 64; i++) {
            dest[i] = i;
        }
        dest[8] = 25;
        dest[1] = 25;
        SimResult r = run("torus:8x8", dest, 1, 8);
        assertThat(r.durationCycles()).isEqualTo(20);
        assertThat(r.ir()).isEqualTo(1);
        assertThat(r.or()).isZero();
    }

    private static int[] expand(int[] firstRow, int nodes) {
        int[] d = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            d[i] = i < firstRow.length ? firstRow[i] : i;
        }
        return d;
    }

    @Test
    void vcSelectionOrders() {
        assertThat(VcSelection.C00.start(2, 3)).isEqualTo(2);
        assertThat(VcSelection.C01.start(2, 3)).isEqualTo(0);
        assertThat(VcSelection.C03.start(0, 3)).isEqualTo(2);
        assertThat(VcSelection.C03.step()).isEqualTo(-1);
        assertThat(VcSelection.C05.start(2, 3)).isEqualTo(1);
        assertThat(VcSelection.C08.step()).isEqualTo(-1);
        assertThat(VcSelection.C09.start(0, 3)).isEqualTo(2);
        assertThat(VcSelection.C04.isRoundRobin()).isFalse();
        assertThatThrownBy(() -> VcSelection.parse("C10")).isInstanceOf(InvalidInputException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:4x4", "torus:6x6", "torus:8x8", "torus:16x16", "torus:5x7", "mesh:6x6", "torus:4x4x4"})
    void randomPermutationsNeverDeadlockAndConserveFlits(String spec) {
        Topology t = TopologySpec.parse(spec);
        int dims = spec.split("x").length;
        int vcs = spec.startsWith("mesh") ? 1 : dims + 1;
        FlitSimulator sim = new FlitSimulator(t, vcs, 4);
        SplittableRandom random = new SplittableRandom(spec.hashCode());
        for (int i = 0; i < 12; i++) {
            int[] dest = Permutations.shuffled(t.nodeCount(), random);
            VcSelection scheme = VcSelection.values()[i % 10];
            SimResult r = sim.run(RouterConfig.uniform(t.nodeCount(), dims, vcs, 4, scheme),
                    new Workload(dest, 2, 2, 8, 5, null));
            long senders = java.util.stream.IntStream.range(0, dest.length).filter(s -> dest[s] != s).count();
            assertThat(r.flits()).isEqualTo(senders * 2 * 2 * 8);
        }
    }

    @Test
    void sameConfigurationGivesTheSameResultOnAnyThreadCount() {
        Topology t = TopologySpec.parse("torus:8x8");
        List<FlitBatch.Case> cases = new ArrayList<>();
        for (TrafficPattern p : new TrafficPattern[] {TrafficPattern.BCMP, TrafficPattern.BREV, TrafficPattern.BROT,
            TrafficPattern.SHFL, TrafficPattern.TORN, TrafficPattern.TRNS, TrafficPattern.RRNG}) {
            for (VcSelection c : new VcSelection[] {VcSelection.C00, VcSelection.C05}) {
                cases.add(new FlitBatch.Case(RouterConfig.uniform(64, 2, 3, 4, c),
                        Workload.simple(p.destinations(t, 3), 4, 8)));
            }
        }
        List<SimResult> one = FlitBatch.run(() -> new FlitSimulator(t, 3, 4), cases, 1);
        List<SimResult> two = FlitBatch.run(() -> new FlitSimulator(t, 3, 4), cases, 2);
        List<SimResult> four = FlitBatch.run(() -> new FlitSimulator(t, 3, 4), cases, 4);
        assertThat(two).isEqualTo(one);
        assertThat(four).isEqualTo(one);
    }

    @Test
    void slicesAndDelaysShiftInjection() {
        int[] dest = only(64, 0, 1);
        Topology t = TopologySpec.parse("torus:8x8");
        FlitSimulator sim = new FlitSimulator(t, 3, 4);
        RouterConfig config = RouterConfig.uniform(64, 2, 3, 4, VcSelection.C00);
        int[] delay = new int[64];
        delay[0] = 5;
        // two slices of one 8-flit packet, interval 20: second slice released at 25, ends at 25 + 10
        SimResult r = sim.run(config, new Workload(dest, 2, 1, 8, 20, delay));
        assertThat(r.durationCycles()).isEqualTo(35);
        assertThat(r.effectiveThickness()).isEqualTo(20 + 8);
    }

    @Test
    void aDeadlockIsReportedWithItsCycleInsteadOfHanging() {
        // without datelines every packet stays on VC 0: on 8-node rings with everybody sending 3 hops +x,
        // four packets each, the ring's VC-0 buffers fill in a cycle of waits
        Topology t = TopologySpec.parse("torus:8x8");
        FlitSimulator sim = new FlitSimulator(t, 3, 4).withoutDatelines();
        int[] dest = new int[64];
        for (int i = 0; i < 64; i++) {
            dest[i] = (i / 8) * 8 + (i % 8 + 3) % 8;
        }
        RouterConfig config = RouterConfig.uniform(64, 2, 3, 4, VcSelection.C00);
        assertThatThrownBy(() -> sim.run(config, Workload.simple(dest, 4, 8)))
                .isInstanceOf(DeadlockException.class)
                .hasMessageContaining("deadlock").hasMessageContaining("node");
        // the same traffic with datelines completes
        assertThat(new FlitSimulator(t, 3, 4).run(config, Workload.simple(dest, 4, 8)).flits()).isEqualTo(64 * 32);
    }

    @Test
    void tooFewVirtualChannelsForDatelinesIsBadInput() {
        assertThatThrownBy(() -> new FlitSimulator(TopologySpec.parse("torus:8x8"), 2, 4))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("needs 3 virtual channels");
    }
}
