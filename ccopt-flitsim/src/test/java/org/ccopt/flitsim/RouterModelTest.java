package org.ccopt.flitsim;

import org.ccopt.flitsim.net.DeadlockException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.ccopt.routing.DimensionOrderRouting;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The router model's readings, each against a hand-computed route or a known answer. */
class RouterModelTest {

    private static final Topology T8 = TopologySpec.parse("torus:8x8");
    private static final int PORTS = 5;
    private static final int VCS = 3;

    /** "node:port:vc" for every hop of the route from (x0, y0) to (x1, y1) on the 8x8 torus. */
    private static String route(RouterModel m, int x0, int y0, int x1, int y1) {
        FlitSimulator sim = new FlitSimulator(T8, VCS, 4, m);
        List<String> hops = new ArrayList<>();
        for (int o : sim.path(m, y0 * 8 + x0, y1 * 8 + x1)) {
            int node = o / (PORTS * VCS);
            hops.add((node % 8) + "," + (node / 8) + ":" + "EWNSP".charAt((o / VCS) % PORTS) + (o % VCS));
        }
        return String.join(" ", hops);
    }

    /**
     * Port letters: E = +x, W = -x, N = +y, S = -y, P = ejection. Ring 0..7, datelines at 0 and 4. Positive from x = 1
     * to 4 (3 hops) and negative from x = 6 to 3 (3 hops): where does each placement raise the VC?
     */
    @ParameterizedTest
    @CsvSource({
        "EDGE,       '1,0:E0 2,0:E0 3,0:E1 4,0:P1', '6,0:W0 5,0:W0 4,0:W1 3,0:P1'",
        "EDGE_ABOVE, '1,0:E0 2,0:E0 3,0:E0 4,0:P0', '6,0:W0 5,0:W1 4,0:W1 3,0:P1'",
        "INTO,       '1,0:E0 2,0:E0 3,0:E1 4,0:P1', '6,0:W0 5,0:W1 4,0:W1 3,0:P1'",
        "OUT_OF,     '1,0:E0 2,0:E0 3,0:E0 4,0:P0', '6,0:W0 5,0:W0 4,0:W1 3,0:P1'",
        "THROUGH,    '1,0:E0 2,0:E0 3,0:E0 4,0:P0', '6,0:W0 5,0:W0 4,0:W1 3,0:P1'",
    })
    void datelinePlacements(RouterModel.Dateline d, String positive, String negative) {
        RouterModel m = RouterModel.CCOPT.withDateline(d);
        assertThat(route(m, 1, 0, 4, 0)).isEqualTo(positive);
        assertThat(route(m, 6, 0, 3, 0)).isEqualTo(negative);
    }

    @Test
    void outOfCountsTheSourceAndThroughDoesNot() {
        // from x = 4 (a dateline node) to x = 6
        assertThat(route(RouterModel.CCOPT.withDateline(RouterModel.Dateline.OUT_OF), 4, 0, 6, 0)).isEqualTo("4,0:E1 5,0:E1 6,0:P1");
        assertThat(route(RouterModel.CCOPT.withDateline(RouterModel.Dateline.THROUGH), 4, 0, 6, 0)).isEqualTo("4,0:E0 5,0:E0 6,0:P0");
    }

    /** Distance exactly 4 on the 8-ring: from x = 1 to 5 and from x = 6 to 2. */
    @ParameterizedTest
    @CsvSource({"POSITIVE, E, E", "NEGATIVE, W, W", "SOURCE_PARITY, W, E", "HALF, E, W"})
    void tieAtHalfTheRing(DimensionOrderRouting.Tie tie, char fromOne, char fromSix) {
        RouterModel m = RouterModel.CCOPT.withTie(tie);
        assertThat(route(m, 1, 0, 5, 0).charAt(4)).isEqualTo(fromOne);
        assertThat(route(m, 6, 0, 2, 0).charAt(4)).isEqualTo(fromSix);
    }

    /** Datelines at x = 4 and y = 4 (EDGE placement): (3, 3) to (5, 5) crosses both, (1, 3) to (2, 5) only the y one. */
    @ParameterizedTest
    @CsvSource({
        "CUMULATIVE,       X_FIRST, 3, 3, 5, 5, '3,3:E1 4,3:E1 5,3:N2 5,4:N2 5,5:P2'",
        "RESET_ON_TURN,    X_FIRST, 3, 3, 5, 5, '3,3:E1 4,3:E1 5,3:N1 5,4:N1 5,5:P1'",
        "CUMULATIVE,       Y_FIRST, 3, 3, 5, 5, '3,3:N1 3,4:N1 3,5:E2 4,5:E2 5,5:P2'",
        "CUMULATIVE,       X_FIRST, 1, 3, 2, 5, '1,3:E0 2,3:N1 2,4:N1 2,5:P1'",
        "RESET_ON_TURN,    X_FIRST, 1, 3, 2, 5, '1,3:E0 2,3:N1 2,4:N1 2,5:P1'",
        "DIMENSION_OFFSET, X_FIRST, 1, 3, 2, 5, '1,3:E0 2,3:N2 2,4:N2 2,5:P2'",
        "DIMENSION_OFFSET, Y_FIRST, 1, 3, 2, 5, '1,3:N1 1,4:N1 1,5:E1 2,5:P1'",
    })
    void vcClassAndDimensionOrder(RouterModel.VcClass c, RouterModel.DimensionOrder o, int x0, int y0, int x1, int y1,
                                  String expected) {
        assertThat(route(RouterModel.CCOPT.withVcClass(c).withDimensionOrder(o), x0, y0, x1, y1)).isEqualTo(expected);
    }

    @Test
    void dimensionOffsetGivesTheSecondDimensionItsOwnClassesEvenWithoutACrossing() {
        // from (1, 1) to (2, 2): no dateline; cumulative stays on VC 0, dimension-offset moves to VC 1 in y
        assertThat(route(RouterModel.CCOPT, 1, 1, 2, 2)).isEqualTo("1,1:E0 2,1:N0 2,2:P0");
        assertThat(route(RouterModel.CCOPT.withVcClass(RouterModel.VcClass.DIMENSION_OFFSET), 1, 1, 2, 2))
                .isEqualTo("1,1:E0 2,1:N1 2,2:P1");
    }

    /**
     * dimension-window: x (routed first) uses VCs 0-1 and y VCs 1-2, so VC 0 and VC 2 never share a link; a packet
     * before its dateline may take the upper VC of its dimension (every input that may ask for the lower VC may ask
     * for the upper one), which dimension-offset never allows.
     */
    @Test
    void dimensionWindowLetsAPacketTakeTheUpperVcOfItsDimensionBeforeItsDateline() {
        RouterModel window = RouterModel.CCOPT.withVcClass(RouterModel.VcClass.DIMENSION_WINDOW);
        RouterModel offset = RouterModel.CCOPT.withVcClass(RouterModel.VcClass.DIMENSION_OFFSET);
        int[] w = new FlitSimulator(T8, VCS, 4, window).requestingInputs(window);
        int[] f = new FlitSimulator(T8, VCS, 4, offset).requestingInputs(offset);
        boolean offsetNarrower = false;
        for (int node = 0; node < 64; node++) {
            for (int port = 0; port < 4; port++) {
                int o = (node * PORTS + port) * VCS;
                int lower = port < 2 ? 0 : 1; // E, W: x; N, S: y
                assertThat(w[o + (port < 2 ? 2 : 0)]).as("node %d port %d: VC 0 and VC 2 apart", node, port).isZero();
                assertThat(w[o + lower + 1] & w[o + lower]).as("node %d port %d", node, port).isEqualTo(w[o + lower]);
                assertThat(w[o + lower]).isEqualTo(f[o + lower]);
                offsetNarrower |= (f[o + lower + 1] & f[o + lower]) != f[o + lower];
            }
        }
        assertThat(offsetNarrower).isTrue();
        // the routes name the lowest VC a hop may use, as under dimension-offset
        assertThat(route(window, 1, 1, 2, 2)).isEqualTo(route(offset, 1, 1, 2, 2));
        int[] dest = org.ccopt.traffic.TrafficPattern.BCMP.destinations(T8, 1);
        FlitSimulator sim = new FlitSimulator(T8, VCS, 4, window);
        assertThat(sim.run(RouterConfig.uniform(64, 2, 3, 4, VcSelection.C00, window), Workload.simple(dest, 4, 8)).flits())
                .isEqualTo(64 * 32);
    }

    @Test
    void resetOnTurnNeedsOnlyTwoVirtualChannels() {
        RouterModel m = RouterModel.CCOPT.withVcClass(RouterModel.VcClass.RESET_ON_TURN);
        FlitSimulator sim = new FlitSimulator(T8, 2, 4, m);
        int[] dest = org.ccopt.traffic.TrafficPattern.BCMP.destinations(T8, 1);
        assertThat(sim.run(RouterConfig.uniform(64, 2, 2, 4, VcSelection.C00, m), Workload.simple(dest, 4, 8)).flits())
                .isEqualTo(64 * 32);
        assertThatThrownBy(() -> new FlitSimulator(T8, 2, 4, RouterModel.CCOPT)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("needs 3 virtual channels");
    }

    /**
     * Yokota et al. 2018, §5.2: one 8-flit packet to a neighbour takes 10 cycles, four take 34, under both presets, with
     * or without output registers.
     */
    @ParameterizedTest
    @CsvSource({"yokota2018, NONE", "yokota2023, NONE", "ccopt, NONE", "yokota2018, REGISTER", "yokota2023, REGISTER",
        "ccopt, REGISTER"})
    void presetsKeepTheKnownAnswers(String name, RouterModel.OutputStage stage) {
        RouterModel m = RouterModel.preset(name).withOutputStage(stage);
        FlitSimulator sim = new FlitSimulator(T8, 3, 4, m);
        int[] dest = org.ccopt.traffic.TrafficPattern.NEIGHBOR.destinations(T8, 1);
        RouterConfig c = RouterConfig.uniform(64, 2, 3, 4, m.defaultScheme(), m);
        assertThat(sim.run(c, Workload.simple(dest, 1, 8)).durationCycles()).isEqualTo(10);
        assertThat(sim.run(c, Workload.simple(dest, 4, 8)).durationCycles()).isEqualTo(34);
    }

    /**
     * Two packets share the +x link out of (0,0): A from (0,0) to (1,3) (1 + 3 hops, alone 4 + 8 + 1 = 13 cycles) and B
     * from (7,0) to (1,0) over the wrap (2 hops, VC 1 after the dateline, alone 11). A's header takes the link in cycle
     * 2, B's arrives a cycle later. Held per packet, A crosses in cycles 2-9 undisturbed (ends at 13) and B's eight
     * flits follow in cycles 10-17 and are ejected one cycle later: 18. Interleaved per flit (C01 alternates the two
     * VCs), A's tail leaves the shared link later and its three y hops make the run longer than 18.
     */
    @ParameterizedTest
    @CsvSource({"FLIT, -1", "PACKET, 18", "PACKET_YIELD, 18"})
    void linkMultiplexingPerFlitOrPerPacket(RouterModel.LinkMux mux, int expected) {
        RouterModel m = RouterModel.CCOPT.withLinkMux(mux);
        FlitSimulator sim = new FlitSimulator(T8, 3, 4, m);
        RouterConfig c = RouterConfig.uniform(64, 2, 3, 4, VcSelection.C01, m); // round robin from the next channel
        int[] alone = new int[64];
        for (int u = 0; u < 64; u++) {
            alone[u] = u;
        }
        int[] a = alone.clone();
        a[0] = 3 * 8 + 1;
        int[] b = alone.clone();
        b[7] = 1;
        int[] both = a.clone();
        both[7] = 1;
        assertThat(sim.run(c, Workload.simple(a, 1, 8)).durationCycles()).isEqualTo(13);
        assertThat(sim.run(c, Workload.simple(b, 1, 8)).durationCycles()).isEqualTo(11);
        int d = sim.run(c, Workload.simple(both, 1, 8)).durationCycles();
        if (expected < 0) {
            assertThat(d).isGreaterThan(18);
        } else {
            assertThat(d).isEqualTo(expected);
        }
    }

    /**
     * Output registers: a flit crosses an empty register in the same cycle, so an undisturbed packet of L flits over h
     * hops still takes h + L + 1 cycles (the timing of {@link FlitSimulator}), for every hop count on the 8x8 torus.
     */
    @ParameterizedTest
    @CsvSource({"1", "2", "3", "4", "5", "6", "7", "8"})
    void anOutputRegisterAddsNoLatencyToAnUndisturbedPacket(int hops) {
        RouterModel m = RouterModel.YOKOTA2023.withOutputStage(RouterModel.OutputStage.REGISTER);
        FlitSimulator sim = new FlitSimulator(T8, 3, 4, m);
        int[] dest = new int[64];
        for (int u = 0; u < 64; u++) {
            dest[u] = u;
        }
        int y = Math.min(hops, 4); // y first, then x (at most 4 hops per ring of 8)
        dest[0] = (y * 8 + (hops - y)) % 64;
        for (int flits : new int[] {1, 8}) {
            assertThat(sim.run(RouterConfig.uniform(64, 2, 3, 4, VcSelection.C00, m), Workload.simple(dest, 1, flits))
                    .durationCycles()).as(hops + " hops, " + flits + " flits").isEqualTo(hops + flits + 1);
        }
    }

    @Test
    void creditDelayCostsThroughputOnlyWhenTheRoundTripExceedsTheBuffer() {
        // round trip of a credit: 2 cycles + delay; 4-flit buffers stream at full rate while it is at most 4
        int[] dest = org.ccopt.traffic.TrafficPattern.NEIGHBOR.destinations(T8, 1);
        int[] durations = new int[5];
        for (int d = 0; d <= 4; d++) {
            RouterModel m = RouterModel.CCOPT.withCreditDelay(d);
            FlitSimulator sim = new FlitSimulator(T8, 3, 4, m);
            durations[d] = sim.run(RouterConfig.uniform(64, 2, 3, 4, VcSelection.C00, m), Workload.simple(dest, 4, 8)).durationCycles();
        }
        assertThat(durations[0]).isEqualTo(34);
        assertThat(durations[1]).isEqualTo(34);
        assertThat(durations[2]).isEqualTo(34);
        assertThat(durations[3]).isGreaterThan(34);
        assertThat(durations[4]).isGreaterThan(durations[3]);
    }

    /**
     * Same-cycle credits (credit delay -1): on a 5-node line, nodes 0 and 4 both send 8 flits to node 2, whose one
     * ejection port serves node 0's packet first; node 4's packet waits with 4 flits in node 2's buffer and 4 in node
     * 3's. Node 2 starts ejecting it in cycle 12; with next-cycle credits link 3 -> 2 moves again in cycle 13, with
     * same-cycle credits in cycle 12, the cycle the full buffer's head leaves. The known answers stay 10 and 34.
     */
    @Test
    void sameCycleCreditRefillsAFullBufferInTheCycleItsHeadLeaves() {
        Topology line = TopologySpec.parse("mesh:5x2");
        int[] dest = {2, 1, 2, 3, 2, 5, 6, 7, 8, 9};
        int link32 = 3 * 5 + 1; // node 3, port -x
        int[] resumed = new int[2];
        for (int i = 0; i < 2; i++) {
            RouterModel m = RouterModel.CCOPT.withCreditDelay(i == 0 ? 0 : RouterModel.SAME_CYCLE_CREDIT);
            LinkTrace trace = new LinkTrace();
            SimResult r = new FlitSimulator(line, 3, 4, m).trace(trace)
                    .run(RouterConfig.uniform(10, 2, 3, 4, VcSelection.C00, m), Workload.simple(dest, 1, 8));
            assertThat(r.durationCycles()).isEqualTo(19);
            List<Integer> sent = new ArrayList<>();
            int blocked = 0;
            for (int e = 0; e < trace.size(); e++) {
                if (trace.link(e) == link32) {
                    if (trace.slice(e) == LinkTrace.BLOCKED) {
                        blocked++;
                    } else {
                        sent.add(trace.cycle(e));
                    }
                }
            }
            assertThat(sent).hasSize(8).startsWith(3, 4, 5, 6);
            resumed[i] = sent.get(4);
            assertThat(blocked).isEqualTo(resumed[i] - 7); // blocked from cycle 7 until it resumes
        }
        assertThat(resumed).containsExactly(13, 12);
        RouterModel same = RouterModel.CCOPT.withCreditDelay(RouterModel.SAME_CYCLE_CREDIT);
        int[] neighbour = org.ccopt.traffic.TrafficPattern.NEIGHBOR.destinations(T8, 1);
        FlitSimulator sim = new FlitSimulator(T8, 3, 4, same);
        assertThat(sim.run(RouterConfig.uniform(64, 2, 3, 4, VcSelection.C00, same), Workload.simple(neighbour, 1, 8))
                .durationCycles()).isEqualTo(10);
        assertThat(sim.run(RouterConfig.uniform(64, 2, 3, 4, VcSelection.C00, same), Workload.simple(neighbour, 4, 8))
                .durationCycles()).isEqualTo(34);
    }

    /**
     * Same-cycle credits are resolved in passes within a cycle, and output registers are filled after each port's VC
     * selection; a run gives the same result traced or not, cut short or not, and continued from a shared prefix under
     * several intervals ({@link FlitSimulator#runIntervals}), on seeded random workloads and the papers' patterns.
     */
    @ParameterizedTest
    @CsvSource({"1, NONE", "2, NONE", "3, NONE", "4, NONE", "5, NONE", "6, NONE",
        "1, REGISTER", "2, REGISTER", "3, REGISTER", "4, REGISTER", "5, REGISTER", "6, REGISTER"})
    void runsAgreeTracedCutAndFromSnapshots(long seed, RouterModel.OutputStage stage) {
        SplittableRandom r = new SplittableRandom(seed);
        int credit = stage == RouterModel.OutputStage.NONE || r.nextBoolean() ? RouterModel.SAME_CYCLE_CREDIT : 0;
        RouterModel m = (r.nextBoolean() ? RouterModel.YOKOTA2023 : RouterModel.CCOPT).withCreditDelay(credit)
                .withCrossbar(r.nextBoolean() ? RouterModel.Crossbar.PER_VC : RouterModel.Crossbar.PER_INPUT_PORT)
                .withVcCompetition(r.nextInt(3) == 0 ? RouterModel.VcCompetition.READY : RouterModel.VcCompetition.SENDABLE)
                .withOutputStage(stage);
        int[] dest = new int[64];
        for (int u = 0; u < 64; u++) {
            dest[u] = r.nextInt(64);
        }
        Workload w = new Workload(seed % 2 == 0 ? dest : org.ccopt.traffic.TrafficPattern.parse("brev").destinations(T8, 1), 3,
                1 + r.nextInt(2), 8, 9 + r.nextInt(6), null);
        RouterConfig c = RouterConfig.uniform(64, 2, 3, 4, VcSelection.values()[r.nextInt(10)], m);
        FlitSimulator sim = new FlitSimulator(T8, 3, 4, m);
        SimResult plain = sim.run(c, w);
        LinkTrace trace = new LinkTrace();
        SimResult traced = sim.trace(trace).run(c, w);
        sim.trace(null);
        assertThat(traced).isEqualTo(plain);
        long sends = 0;
        for (int e = 0; e < trace.size(); e++) {
            sends += trace.slice(e) == LinkTrace.BLOCKED ? 0 : 1;
        }
        assertThat(trace.size() - sends).as("blocked marks in the trace").isEqualTo(plain.lb());
        assertThat(sim.runWithin(c, w, plain.durationCycles())).isEqualTo(plain);
        assertThat(sim.durationWithin(c, w, plain.durationCycles() - 1)).isEqualTo(-1);
        int[] intervals = {w.interval() + 4, w.interval(), w.interval() + 1};
        SimResult[] shared = sim.runIntervals(c, w, intervals, Integer.MAX_VALUE, false);
        for (int i = 0; i < intervals.length; i++) {
            assertThat(shared[i]).as("V = " + intervals[i]).isEqualTo(sim.run(c, w.withInterval(intervals[i])));
        }
    }

    /** Every non-default reading is wired: it changes some result of a few random workloads (and all conserve flits). */
    @Test
    void everyReadingChangesSomeResult() {
        Topology t = TopologySpec.parse("torus:8x8");
        List<Workload> loads = new ArrayList<>();
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 6; i++) {
            int[] dest = new int[64];
            for (int u = 0; u < 64; u++) {
                dest[u] = r.nextInt(64);
            }
            int[] delay = new int[64];
            for (int u = 0; u < 64; u++) {
                delay[u] = r.nextInt(24); // delays let transit packets reach a router before its own first injection,
            } // the only way the initial Q order can matter (after a node's first grant its entry is at the tail)
            loads.add(new Workload(dest, 2, 2, 1 + r.nextInt(8), 6, delay));
        }
        for (String p : new String[] {"bcmp", "torn", "brev"}) {
            loads.add(new Workload(org.ccopt.traffic.TrafficPattern.parse(p).destinations(t, 1), 2, 2, 8, 6, null));
        }
        String base = signature(t, RouterModel.CCOPT, loads);
        List<RouterModel> variants = new ArrayList<>();
        for (RouterModel.Dateline v : RouterModel.Dateline.values()) {
            variants.add(RouterModel.CCOPT.withDateline(v));
        }
        for (RouterModel.VcClass v : RouterModel.VcClass.values()) {
            variants.add(RouterModel.CCOPT.withVcClass(v));
        }
        for (DimensionOrderRouting.Tie v : DimensionOrderRouting.Tie.values()) {
            variants.add(RouterModel.CCOPT.withTie(v));
        }
        variants.add(RouterModel.CCOPT.withDimensionOrder(RouterModel.DimensionOrder.Y_FIRST));
        variants.add(RouterModel.CCOPT.withCrossbar(RouterModel.Crossbar.PER_INPUT_PORT));
        variants.add(RouterModel.CCOPT.withQueueUpdate(RouterModel.QueueUpdate.ROTATE));
        variants.add(RouterModel.CCOPT.withQueueDefault(RouterModel.QueueDefault.PROCESSOR_FIRST));
        variants.add(RouterModel.CCOPT.withVcRelease(RouterModel.VcRelease.DRAINED));
        variants.add(RouterModel.CCOPT.withCreditDelay(3));
        variants.add(RouterModel.CCOPT.withCreditDelay(RouterModel.SAME_CYCLE_CREDIT));
        variants.add(RouterModel.CCOPT.withRoundRobinStart(RouterModel.RoundRobinStart.LAST));
        variants.add(RouterModel.CCOPT.withEjection(RouterModel.Ejection.PER_VC));
        variants.add(RouterModel.CCOPT.withVcCompetition(RouterModel.VcCompetition.READY));
        variants.add(RouterModel.CCOPT.withLinkMux(RouterModel.LinkMux.PACKET));
        variants.add(RouterModel.CCOPT.withLinkMux(RouterModel.LinkMux.PACKET_YIELD));
        variants.add(RouterModel.CCOPT.withOutputStage(RouterModel.OutputStage.REGISTER));
        for (RouterModel v : variants) {
            if (!v.equals(RouterModel.CCOPT)) {
                assertThat(signature(t, v, loads)).as(v.describe()).isNotEqualTo(base);
            }
        }
    }

    private static String signature(Topology t, RouterModel m, List<Workload> loads) {
        FlitSimulator sim = new FlitSimulator(t, 3, 4, m);
        StringBuilder s = new StringBuilder();
        for (Workload w : loads) {
            for (VcSelection c : new VcSelection[] {VcSelection.C00, VcSelection.C01, VcSelection.C05}) {
                try {
                    SimResult res = sim.run(RouterConfig.uniform(64, 2, 3, 4, c, m), w);
                    s.append(res.durationCycles()).append(',').append(res.ir()).append(',').append(res.ib()).append(';');
                } catch (DeadlockException e) {
                    s.append("deadlock;"); // any-at-or-above does not guarantee freedom from deadlock
                }
            }
        }
        return s.toString();
    }

    /**
     * In a run where every node injects at once and has one destination, the initial Q order cannot matter: a node's
     * first packet is granted its output VC before transit traffic reaches that router, after which the processor's
     * entry is last under either initial order (Calibration leaves it out of its search for this reason).
     */
    @ParameterizedTest
    @CsvSource({"bcmp, 1", "brev, 4", "brot, 2", "shfl, 4", "torn, 1", "trns, 3", "rrng, 2"})
    void initialQueueOrderIsIrrelevantWhenEveryNodeInjectsAtOnce(String pattern, int packets) {
        int[] dest = org.ccopt.traffic.TrafficPattern.parse(pattern).destinations(T8, 3);
        for (RouterModel m : new RouterModel[] {RouterModel.CCOPT, RouterModel.YOKOTA2018,
            RouterModel.CCOPT.withQueueUpdate(RouterModel.QueueUpdate.ROTATE).withTie(DimensionOrderRouting.Tie.HALF)}) {
            RouterModel p = m.withQueueDefault(RouterModel.QueueDefault.PROCESSOR_FIRST);
            for (VcSelection c : VcSelection.values()) {
                Workload w = new Workload(dest, 2, packets, 8, 9, null);
                SimResult a = new FlitSimulator(T8, 3, 4, m).run(RouterConfig.uniform(64, 2, 3, 4, c, m), w);
                SimResult b = new FlitSimulator(T8, 3, 4, p).run(RouterConfig.uniform(64, 2, 3, 4, c, p), w);
                assertThat(b).as(pattern + " " + c + " " + m.describe()).isEqualTo(a);
            }
        }
    }

    @Test
    void parameterFilesCarryTheModelAndOldAtomicFilesStillReplay() {
        int[] dest = org.ccopt.traffic.TrafficPattern.BREV.destinations(T8, 1);
        RouterModel m = RouterModel.YOKOTA2023.withVcRelease(RouterModel.VcRelease.DRAINED);
        SimParameters p = SimParameters.parse(SimParameters.of(T8, RouterConfig.uniform(64, 2, 3, 4, VcSelection.C05, m),
                Workload.simple(dest, 2, 8), "brev", null).toJson());
        assertThat(p.model()).isEqualTo(m);
        assertThat(p.atomicVcAllocation()).isNull(); // the model holds it
        String old = "{\"topology\":\"torus:8x8\",\"vcs\":3,\"bufferFlits\":4,\"destination\":" + java.util.Arrays.toString(dest)
                + ",\"slices\":1,\"packetsPerSlice\":2,\"flitsPerPacket\":8,\"interval\":0,\"atomicVcAllocation\":true}";
        assertThat(SimParameters.parse(old).routerConfig(new FlitSimulator(T8, 3, 4)).atomicVcAllocation()).isTrue();
        String both = old.replace("}", ",\"routerModel\":\"ccopt\"}");
        assertThatThrownBy(() -> SimParameters.parse(both).model()).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("atomicVcAllocation true but routerModel has vc-release=tail");
    }

    @Test
    void descriptionsParseBack() {
        for (RouterModel m : new RouterModel[] {RouterModel.CCOPT, RouterModel.YOKOTA2018, RouterModel.YOKOTA2023,
            RouterModel.CCOPT.withCreditDelay(2).withTie(DimensionOrderRouting.Tie.HALF).withDefaultScheme(VcSelection.C07)}) {
            assertThat(RouterModel.parse(m.describe())).isEqualTo(m);
        }
        assertThat(RouterModel.parse("yokota2018")).isEqualTo(RouterModel.YOKOTA2018);
        assertThatThrownBy(() -> RouterModel.parse("dateline=sideways")).isInstanceOf(InvalidInputException.class)
                .hasMessage("dateline 'sideways' is not a reading; expected one of edge, edge-above, into, out-of, through");
        assertThatThrownBy(() -> RouterModel.parse("colour=red")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("router model reading 'colour' is unknown");
        assertThatThrownBy(() -> RouterModel.preset("booksim")).isInstanceOf(InvalidInputException.class)
                .hasMessage("unknown router model 'booksim'; expected ccopt, yokota2018 or yokota2023");
    }

    /**
     * The readings are declared once (an {@link RouterModel.Open} on each record component): every component declares
     * one, its ccopt value is {@link RouterModel#CCOPT}'s, describe and parse round-trip any model, and each typed
     * with-method sets its own reading only.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "seed {0}")
    @org.junit.jupiter.params.provider.ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void theDeclaredReadingsRoundTripThroughDescribeAndParse(long seed) {
        assertThat(RouterModel.READINGS).hasSize(RouterModel.class.getRecordComponents().length);
        assertThat(RouterModel.KEYS).doesNotHaveDuplicates();
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        RouterModel drawn = RouterModel.CCOPT;
        for (RouterModel.ReadingSpec reading : RouterModel.READINGS) {
            assertThat(RouterModel.CCOPT.value(reading.key())).as(reading.key()).isEqualTo(reading.ccopt());
            assertThat(reading.values()).as(reading.key()).doesNotHaveDuplicates().contains(RouterModel.ReadingSpec.format(reading.ccopt()));
            drawn = drawn.with(reading.key(), reading.values().get(r.nextInt(reading.values().size())), reading.option());
        }
        assertThat(RouterModel.parse(drawn.describe())).isEqualTo(drawn);
        assertThat(drawn.describe().split(",")).extracting(kv -> kv.split("=")[0]).containsExactlyElementsOf(RouterModel.KEYS);
        RouterModel before = drawn;
        RouterModel moved = drawn.withOutputStage(drawn.outputStage() == RouterModel.OutputStage.NONE
                ? RouterModel.OutputStage.REGISTER : RouterModel.OutputStage.NONE);
        java.util.List<String> changed = new java.util.ArrayList<>(java.util.List.of(moved.describe().split(",")));
        changed.removeAll(java.util.List.of(drawn.describe().split(",")));
        assertThat(changed).singleElement().asString().startsWith("output-stage=");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> before.withCreditDelay(9))
                .isInstanceOf(org.ccopt.InvalidInputException.class).hasMessageContaining("credit delay 9");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> before.with("credit-delay", "9", "--credit-delay"))
                .isInstanceOf(org.ccopt.InvalidInputException.class).hasMessage("--credit-delay 9 is out of range; expected -1..8");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> before.with("credit-delay", "\u0664", "--credit-delay"))
                .isInstanceOf(org.ccopt.InvalidInputException.class).hasMessageContaining("is not a number"); // an Arabic-Indic 4
    }

    /** Off tori and meshes a description leaves out the routing readings, which the network's routing function replaces. */
    @Test
    void offGridDescriptionsLeaveOutTheGridReadings() {
        String onGrid = RouterModel.YOKOTA2023.describe(T8);
        assertThat(onGrid).isEqualTo(RouterModel.YOKOTA2023.describe());
        String off = RouterModel.YOKOTA2023.describe(TopologySpec.parse("hypercube:4"));
        assertThat(off).doesNotContain("dateline=", "vc-class=", "dim-order=", "ring-tie=").contains("crossbar=per-vc", "scheme=C00");
        assertThat(off.split(",")).hasSize(RouterModel.KEYS.size() - 4);
    }
}
