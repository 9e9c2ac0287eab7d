package org.ccopt.msgsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.msgsim.MessageSimulator.Options;
import org.ccopt.msgsim.MessageSimulator.Sharing;
import org.ccopt.msgsim.MsgNetwork.Duplex;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

class MessageSimulatorTest {

    static final double BW = 12.5e9;
    static final double LAT = 100e-9;

    private static MsgNetwork net(String spec, Duplex duplex) {
        return new MsgNetwork(TopologySpec.parse(spec), BW, LAT, duplex);
    }

    /** A topology whose links carry latencies in cycles (a file's) is refused: the message model's links take seconds. */
    @Test
    void aNetworkWithLinkLatenciesInCyclesIsRefused() {
        Topology ring = TopologySpec.parse("ring:4");
        int[] three = new int[ring.channelCount()];
        java.util.Arrays.fill(three, 3);
        Topology timed = ring.withChannelLatencies(three);
        assertThatThrownBy(() -> new MsgNetwork(timed, 12.5e9, 100e-9, Duplex.SHARED))
                .isInstanceOf(org.ccopt.InvalidInputException.class).hasMessageContaining("latencies in cycles");
    }

    @Test
    void oneFlowTakesLatencyPlusBytesOverBandwidth() {
        // ring:8, 0 -> 3 is three links: 300 ns, then 1 MiB at 12.5 GB/s
        Program p = new Program();
        p.message(0, 3, 1 << 20);
        MessageSimulator.Result r = MessageSimulator.run(net("ring:8", Duplex.SHARED), p, Options.DEFAULT);
        assertThat(r.seconds()).isCloseTo(3 * LAT + (1 << 20) / BW, within(1e-15));
        assertThat(r.messages()).isEqualTo(1);
    }

    @Test
    void twoFlowsOnOneLinkShareIt() {
        // 0 -> 2 and 1 -> 2 share the host link of 2; each gets half the bandwidth
        Program p = new Program();
        double b = 1e6;
        p.message(0, 2, b);
        p.message(1, 2, b);
        MessageSimulator.Result r = MessageSimulator.run(net("ring:8", Duplex.SHARED), p, Options.DEFAULT);
        // 1 -> 2 starts sharing after 100 ns, 0 -> 2 after 200 ns: 1->2 runs alone for 100 ns first
        double alone = LAT * BW;            // bytes 1 -> 2 moves alone in [100, 200] ns
        double t1 = 2 * LAT + 2 * (b - alone) / BW; // then both at BW/2 until 1 -> 2 ends
        double left = b - (t1 - 2 * LAT) * BW / 2;   // 0 -> 2 still has this much, then runs alone
        assertThat(r.finish()[1]).isCloseTo(t1, within(1e-15));
        assertThat(r.finish()[0]).isCloseTo(t1 + left / BW, within(1e-15));
    }

    @Test
    void aChainIsLimitedByItsBottleneckAndMaxMinGivesTheRestToOthers() {
        // path 0-1-2-3 (mesh:4): flows A 0->3, B 0->1, C 2->3 with split duplex links.
        // Host link of 0 carries A and B, host link of 3 carries A and C: every flow gets BW/2.
        Program p = new Program();
        double b = 1e7;
        p.message(0, 3, b);
        p.message(0, 1, b);
        p.message(2, 3, b);
        MessageSimulator.Result r = MessageSimulator.run(net("mesh:4", Duplex.SPLIT), p, Options.DEFAULT);
        // B and C start sharing at 100 ns with A still in its latency (300 ns): alone for 200 ns at BW
        double early = 2 * LAT * BW;
        double tBC = 3 * LAT + 2 * (b - early) / BW;
        assertThat(r.finish()[1]).isCloseTo(tBC, within(1e-14));
        assertThat(r.finish()[2]).isCloseTo(tBC, within(1e-14));
        double aLeft = b - (tBC - 3 * LAT) * BW / 2;
        assertThat(r.finish()[0]).isCloseTo(tBC + aLeft / BW, within(1e-14));
    }

    @Test
    void cm02GivesLongerRoutesASmallerShare() {
        // 0 -> 4 (4 links) and 3 -> 4 (1 link) share the host link of 4, split duplex: weights 1/400ns and 1/100ns
        Program p = new Program();
        p.message(0, 4, 1e7);
        p.message(3, 4, 1e7);
        Options cm02 = new Options(Sharing.CM02, 0, 1, 0);
        MessageSimulator.Result r = MessageSimulator.run(net("mesh:8", Duplex.SPLIT), p, cm02);
        double alone = 3 * LAT * BW;       // 3 -> 4 alone in [100, 400] ns
        double share = BW * 4 / 5;          // then 4:1
        double t1 = 4 * LAT + (1e7 - alone) / share;
        double left = 1e7 - (t1 - 4 * LAT) * BW / 5;
        assertThat(r.finish()[1]).isCloseTo(t1, within(1e-14));
        assertThat(r.finish()[0]).isCloseTo(t1 + left / BW, within(1e-14));
    }

    @Test
    void broadcastOnAPathFollowsTheBinomialTree() {
        // mesh:8 (a path), bcast of 8 ranks on terminals 0..7, 1 MB: rank 0 sends to 4, then to 2, then to 1;
        // rank 4 sends to 6 after its receive, then to 5; ... The sends of a rank are sequential, and no two
        // concurrent messages share a link in this tree, so the time is the longest chain of sends.
        Topology t = TopologySpec.parse("mesh:8");
        double b = 1e6;
        int[] ranks = {0, 1, 2, 3, 4, 5, 6, 7};
        Program p = CollectivePrograms.of(MpiAlgorithm.BCAST.transfers(8), ranks, b, false);
        MessageSimulator.Result r = MessageSimulator.run(new MsgNetwork(t, BW, LAT, Duplex.SPLIT), p, Options.DEFAULT);
        double tx = b / BW;
        // chain 0->4 (4 hops), 4->6 (2), 6->7 (1): 7 latencies + 3 transfers; chain 0->4, 0->2, 0->1: 4+2+1 too
        assertThat(r.seconds()).isCloseTo(7 * LAT + 3 * tx, within(1e-14));
        // synchronised steps: each step waits for its slowest message: (4) + (2) + (1) hops, 3 transfers
        Program sync = CollectivePrograms.of(MpiAlgorithm.BCAST.transfers(8), ranks, b, true);
        assertThat(MessageSimulator.run(new MsgNetwork(t, BW, LAT, Duplex.SPLIT), sync, Options.DEFAULT).seconds())
                .isCloseTo(7 * LAT + 3 * tx, within(1e-14));
    }

    @Test
    void overheadAndSmallMessageFactorAreApplied() {
        Program p = new Program();
        p.message(0, 1, 1000);
        MsgNetwork n = net("ring:8", Duplex.SHARED);
        assertThat(MessageSimulator.run(n, p, new Options(Sharing.MAXMIN, 1e-6, 1, 0)).seconds())
                .isCloseTo(1e-6 + LAT + 1000 / BW, within(1e-15));
        assertThat(MessageSimulator.run(n, p, new Options(Sharing.MAXMIN, 0, 0.5, 4096)).seconds())
                .isCloseTo(LAT + 2000 / BW, within(1e-15));
    }

    @Test
    void lv08AppliesSimGridsFactorsAndPenalty() {
        // one flow alone, 3 links on a path (5 resources with the host links): 13.01 x the latency, then 0.97 of
        // the bandwidth
        Program p = new Program();
        p.message(0, 3, 1e6);
        MsgNetwork n = net("mesh:8", Duplex.SPLIT);
        assertThat(MessageSimulator.run(n, p, new Options(Sharing.LV08, 0, 1, 0)).seconds())
                .isCloseTo(13.01 * 3 * LAT + 1e6 / (0.97 * BW), within(1e-15));
        // 0 -> 4 and 3 -> 4 share the host link of 4: penalties 4 LAT + 6 S / BW and 1 LAT + 3 S / BW
        Program two = new Program();
        two.message(0, 4, 1e7);
        two.message(3, 4, 1e7);
        MessageSimulator.Result r = MessageSimulator.run(n, two, new Options(Sharing.LV08, 0, 1, 0));
        double w0 = 1 / (4 * LAT + 6 * 20537 / BW);
        double w1 = 1 / (1 * LAT + 3 * 20537 / BW);
        double alone = (13.01 * 4 - 13.01) * LAT * 0.97 * BW; // bytes 3 -> 4 moves before 0 -> 4 starts
        double share1 = BW * w1 / (w0 + w1);
        double t1 = 13.01 * 4 * LAT + (1e7 - alone) / (0.97 * share1);
        double left0 = 1e7 - (t1 - 13.01 * 4 * LAT) * 0.97 * (BW - share1);
        assertThat(r.finish()[1]).isCloseTo(t1, within(1e-13));
        assertThat(r.finish()[0]).isCloseTo(t1 + left0 / (0.97 * BW), within(1e-13));
    }

    @Test
    void crossTrafficLoadsTheRouteBack() {
        Program one = new Program();
        one.message(0, 1, 1e6);
        Options cross = new Options(Sharing.MAXMIN, 0, 1, 0, true);
        // shared duplex: the route back is the same two host links and link, so each carries 1.05 x the rate
        assertThat(MessageSimulator.run(net("mesh:8", Duplex.SHARED), one, cross).seconds())
                .isCloseTo(LAT + 1e6 * 1.05 / BW, within(1e-15));
        // split duplex: the route back uses the other direction, so a lone flow keeps the whole bandwidth
        assertThat(MessageSimulator.run(net("mesh:8", Duplex.SPLIT), one, cross).seconds())
                .isCloseTo(LAT + 1e6 / BW, within(1e-15));
        // two opposite flows on split duplex: each direction carries x + 0.05 x
        Program both = new Program();
        both.message(0, 1, 1e6);
        both.message(1, 0, 1e6);
        MessageSimulator.Result r = MessageSimulator.run(net("mesh:8", Duplex.SPLIT), both, cross);
        assertThat(r.finish()[0]).isCloseTo(LAT + 1e6 * 1.05 / BW, within(1e-15));
        assertThat(r.finish()[1]).isCloseTo(LAT + 1e6 * 1.05 / BW, within(1e-15));
        // without it, the same runs take LAT + 1e6 / BW
        assertThat(MessageSimulator.run(net("mesh:8", Duplex.SHARED), one, Options.DEFAULT).seconds())
                .isCloseTo(LAT + 1e6 / BW, within(1e-15));
    }

    @Test
    void aTcpWindowBoundThatWouldBindIsRefused() {
        Program p = new Program();
        p.message(0, 7, 1e6);
        MsgNetwork slow = new MsgNetwork(TopologySpec.parse("mesh:8"), BW, 1e-3, Duplex.SPLIT);
        assertThatThrownBy(() -> MessageSimulator.run(slow, p, new Options(Sharing.CM02, 0, 1, 0)))
                .isInstanceOf(org.ccopt.InvalidInputException.class).hasMessageContaining("TCP window bound");
        assertThat(MessageSimulator.run(slow, p, Options.DEFAULT).seconds()).isCloseTo(7e-3 + 1e6 / BW, within(1e-12));
    }

    @Test
    void sizesParse() {
        assertThat(CollectivePrograms.parseBytes("256B")).isEqualTo(256);
        assertThat(CollectivePrograms.parseBytes("4KiB")).isEqualTo(4096);
        assertThat(CollectivePrograms.parseBytes("1MiB")).isEqualTo(1 << 20);
        assertThat(CollectivePrograms.parseBandwidth("100Gbps")).isEqualTo(12.5e9);
        assertThat(CollectivePrograms.parseSeconds("100ns")).isCloseTo(1e-7, within(1e-20));
        // a time needs its unit, a size whole bytes: neither is guessed
        for (String bad : new String[] {"5", "1e-7", "100"}) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> CollectivePrograms.parseSeconds(bad)).as(bad)
                    .isInstanceOf(org.ccopt.InvalidInputException.class).hasMessageContaining("with a unit");
        }
        assertThat(CollectivePrograms.parseSeconds("0")).isZero();
        assertThat(CollectivePrograms.parseBytes("1.5KiB")).isEqualTo(1536);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> CollectivePrograms.parseBytes("1.5B"))
                .isInstanceOf(org.ccopt.InvalidInputException.class).hasMessageContaining("whole number of bytes");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"random-shortcut:200:5:seed=4", "circulant2:128", "torus:6x6",
        "dragonfly:4,2,2", "fattree:16", "omega:8"})
    void routesAreTheCoresDeterministicRoutes(String spec) {
        Topology t = TopologySpec.parse(spec);
        MsgNetwork net = new MsgNetwork(t, BW, LAT, Duplex.SPLIT);
        org.ccopt.routing.Routing routing = org.ccopt.routing.Routings.deterministic(t, new org.ccopt.routing.MinimalPaths(t));
        int terminals = t.terminalCount();
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        int n = 300;
        int[] from = new int[n];
        int[] to = new int[n];
        for (int i = 0; i < n; i++) {
            from[i] = random.nextInt(terminals);
            do {
                to[i] = random.nextInt(terminals);
            } while (to[i] == from[i]);
        }
        MsgNetwork.Routes routes = net.routes(from, to);
        for (int i = 0; i < n; i++) {
            int[] path = routing.route(from[i], to[i]);
            assertThat(routes.hops()[i]).isEqualTo(path.length - 1);
            for (int k = 0; k + 1 < path.length; k++) {
                assertThat(routes.resources()[i][k + 1]).isEqualTo(net.resourceOfChannel(t.channel(path[k], path[k + 1])));
            }
        }
    }
}
