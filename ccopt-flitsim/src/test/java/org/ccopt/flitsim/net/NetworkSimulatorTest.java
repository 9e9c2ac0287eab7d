package org.ccopt.flitsim.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.ccopt.InvalidInputException;
import org.ccopt.routing.DeadlockCheck;
import org.ccopt.routing.RouterPorts;
import org.ccopt.routing.RoutingFunction;
import org.ccopt.routing.RoutingFunctions;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.util.Permutations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The flit engine over any network: closed-form zero-load latency, routing checks, no deadlock, determinism. */
class NetworkSimulatorTest {

    /** The networks of the engine's done-means, each with its default routing function and two others. */
    static Stream<Arguments> networks() {
        return Stream.of(
                Arguments.of("mesh:8x8", "dor"), Arguments.of("torus:8x8", "dor"), Arguments.of("torus:4x4x4", "dor"),
                Arguments.of("torus:8x8", "dor-booksim"), Arguments.of("hypercube:6", "ecube"),
                Arguments.of("kary-ntree:4,3", "nca"), Arguments.of("kary-ntree:4,3", "nca-random"),
                Arguments.of("circulant2:64", "shortest-path"),
                Arguments.of("dragonfly:4,2,2", "dragonfly-min"), Arguments.of("dragonfly:4,2,2", "dragonfly-valiant"),
                Arguments.of("dragonfly:4,2,2", "dragonfly-ugal"),
                Arguments.of("circulant2:64", "min-hop"), Arguments.of("random-shortcut:64:4", "min-hop"),
                Arguments.of("torus:8x8", "updown"), Arguments.of("kary-ntree:4,3", "min-hop"),
                Arguments.of("random-shortcut:64:4", "min-adaptive"), Arguments.of("circulant2:64", "min-adaptive"),
                Arguments.of("torus:8x8", "min-adaptive"), Arguments.of("mesh:8x8", "min-adaptive-dor"),
                Arguments.of("torus:8x8", "min-adaptive-dor"), Arguments.of("mesh:8x8", "min-adaptive-booksim"),
                Arguments.of("flatfly:4,2,4", "dor"), Arguments.of("flatfly:4,2,4", "min-adaptive"),
                Arguments.of("flatfly:4,2,4", "valiant"), Arguments.of("flatfly:4,2,4", "ugal"),
                Arguments.of("cmesh:4,4,4", "dor"),
                Arguments.of("mesh:8x8", "xy-yx"), Arguments.of("mesh:4x4x4", "adaptive-xy-yx"),
                Arguments.of("torus:8x8", "valiant"), Arguments.of("mesh:8x8", "valiant"), Arguments.of("mesh:8x8", "romm"),
                Arguments.of("kary-ntree:4,3", "anca"));
    }

    private static NetworkSimulator engine(String spec, String routing, int vcs, int buffer) {
        RouterPorts net = new RouterPorts(TopologySpec.parse(spec));
        RoutingFunction f = RoutingFunctions.create(routing, net);
        return new NetworkSimulator(net, f, RouterTiming.BOOKSIM, Math.max(vcs, f.vcClasses()), buffer);
    }

    /**
     * UGAL-L (Kim et al. 2008, §4.2) between minimal and Valiant routing on a Dragonfly: on uniform traffic at a low
     * load its queues are near empty, so it routes (nearly) minimally, with fewer hops than Valiant; on the adversarial
     * pattern that sends every group's traffic to the next group, where minimal routing loads one global link per
     * group, it spreads the load and accepts more than minimal routing, as Valiant does. 16-flit buffers and two VCs a
     * class: with 4-flit buffers a source router's queues do not fill on this pattern, so UGAL-L sees no congestion
     * and stays minimal (measured: 0.11 flits/terminal/cycle accepted at 0.4 offered, as minimal routing), the
     * weakness of local information that Kim et al. 2008 name.
     */
    @Test
    void ugalIsMinimalWhenIdleAndSpreadsAdversarialTraffic() {
        int terminals = 72;
        OpenLoopTraffic uniform = OpenLoopTraffic.bernoulli(new Destinations.Uniform(terminals), 0.05, 8);
        double minHops = engine("dragonfly:4,2,2", "dragonfly-min", 4, 16).runOpenLoop(uniform, 500, 2000, 5000, 3).hops();
        double valHops = engine("dragonfly:4,2,2", "dragonfly-valiant", 6, 16).runOpenLoop(uniform, 500, 2000, 5000, 3).hops();
        double ugalHops = engine("dragonfly:4,2,2", "dragonfly-ugal", 6, 16).runOpenLoop(uniform, 500, 2000, 5000, 3).hops();
        assertThat(ugalHops).isLessThan(minHops * 1.05).isLessThan(valHops);
        int[] nextGroup = new int[terminals];
        for (int t = 0; t < terminals; t++) {
            nextGroup[t] = (t + 8) % terminals; // a group holds 4 routers x 2 terminals
        }
        OpenLoopTraffic adversarial = OpenLoopTraffic.bernoulli(new Destinations.Fixed(nextGroup), 0.4, 8);
        double minAccepted = engine("dragonfly:4,2,2", "dragonfly-min", 4, 16).runOpenLoop(adversarial, 1000, 2000, 2000, 3)
                .accepted();
        double ugalAccepted = engine("dragonfly:4,2,2", "dragonfly-ugal", 6, 16).runOpenLoop(adversarial, 1000, 2000, 2000, 3)
                .accepted();
        assertThat(ugalAccepted).isGreaterThan(minAccepted * 1.5);
    }

    /**
     * A watched lone packet from terminal 0 to 9 of the 8x8 mesh (routers 0, 1, 9 under dimension order, deep buffers):
     * its head reaches router 0 two cycles after injection and is routed there, granted a VC a cycle later and switched
     * a cycle after that, reaches each next router 3 cycles after its switch (switch allocation, traversal, the 1-cycle
     * link), and its tail leaves 6 + 5 H + L cycles after its creation (H = 2 router hops, L = 8 flits).
     */
    @Test
    void aWatchedPacketsLifeFollowsTheRoutersPipeline() {
        NetworkSimulator sim = engine("mesh:8x8", "dor", 4, 32);
        int[] d = new int[64];
        for (int t = 0; t < 64; t++) {
            d[t] = t;
        }
        d[0] = 9;
        PacketWatch watch = new PacketWatch(java.util.List.of(0));
        sim.watch(watch).runBatch(d, 1, 8, 1);
        java.util.List<PacketWatch.Row> rows = watch.rows();
        assertThat(rows.stream().map(r -> r.event().name() + "@" + r.router()).toList()).containsExactly("CREATED@0",
                "INJECTED@0", "ROUTED@0", "VC_GRANTED@0", "SWITCHED@0", "ROUTED@1", "VC_GRANTED@1", "SWITCHED@1",
                "ROUTED@9", "VC_GRANTED@9", "SWITCHED@9", "EJECTED@9");
        int injected = rows.get(1).cycle();
        assertThat(rows.stream().mapToInt(PacketWatch.Row::cycle).toArray()).containsExactly(rows.get(0).cycle(), injected,
                injected + 2, injected + 3, injected + 4, injected + 7, injected + 8, injected + 9, injected + 12,
                injected + 13, injected + 14, rows.get(0).cycle() + 6 + 5 * 2 + 8);
        assertThat(sim.watch(null).runBatch(d, 1, 8, 1).packetLatency()).isEqualTo(6 + 5 * 2 + 8);
    }

    /**
     * Link latencies from a topology file (BookSim anynet's per-channel latencies): terminals 0 and 1 on switches 2 and
     * 3, terminal links of 3 and 2 cycles and a 7-cycle link between the switches. A lone 8-flit packet from 0 to 1 takes
     * the closed form above with each channel's own latency: 6 + (3 - 1) + (2 - 1) + (4 + 7) H + L = 28 cycles (H = 1),
     * against 6 + 5 H + L = 19 on the same graph without latencies; a link latency given beside the file's is refused.
     */
    @Test
    void eachChannelTakesItsLatencyFromATopologyFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        String nodes = "\"nodes\":[{\"id\":0},{\"id\":1},{\"id\":2,\"kind\":\"switch\"},{\"id\":3,\"kind\":\"switch\"}]";
        java.nio.file.Path timed = dir.resolve("timed.json");
        java.nio.file.Files.writeString(timed, "{" + nodes + ",\"links\":[[0,2,3],[1,3,2],[2,3,7]]}");
        java.nio.file.Path plain = dir.resolve("plain.json");
        java.nio.file.Files.writeString(plain, "{" + nodes + ",\"links\":[[0,2],[1,3],[2,3]]}");
        assertThat(lonePacket("file:" + timed, 1)).isEqualTo(6 + 2 + 1 + 11 + 8);
        assertThat(lonePacket("file:" + plain, 1)).isEqualTo(6 + 5 + 8);
        RouterPorts net = new RouterPorts(TopologySpec.parse("file:" + timed));
        assertThatThrownBy(() -> new NetworkSimulator(net, RoutingFunctions.create(RoutingFunctions.defaultName(net), net),
                RouterTiming.BOOKSIM.withLatencies(2, -1), 4, 32)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--link-latency sets links that topology");
    }

    /** The latency of a lone 8-flit packet from terminal 0 to {@code dest} on {@code spec}, deep buffers. */
    private static double lonePacket(String spec, int dest) {
        NetworkSimulator sim = engine(spec, RoutingFunctions.defaultName(new RouterPorts(TopologySpec.parse(spec))), 4, 32);
        int[] d = new int[sim.network().terminals()];
        for (int t = 0; t < d.length; t++) {
            d[t] = t;
        }
        d[0] = dest;
        return sim.runBatch(d, 1, 8, 1).packetLatency();
    }

    /**
     * Request-reply traffic, one transaction alone on the 8x8 mesh (terminal 0 to 9 only, a request every 5,000 cycles
     * on average): the request, 1 flit, takes the closed form below (6 + 5 H + L = 17 cycles, H = 2); its reply, 4
     * flits, is created at terminal 9 in the cycle the request's tail is ejected, enters the network a cycle later (as
     * BookSim retires a flit after its injection step) and returns over routers 9, 8, 0 in 1 + 6 + 5 H + 4 = 21 cycles.
     * Requests hold VCs 0-1 at every hop and replies 2-3 (4 VCs, the halves), and the mean packet latency is the mean of
     * the two, every transaction alone.
     */
    @Test
    void aRequestIsAnsweredByAReplyOnTheUpperHalfOfTheVcs() {
        NetworkSimulator sim = engine("mesh:8x8", "dor", 4, 32);
        int[] d = new int[64];
        for (int t = 0; t < 64; t++) {
            d[t] = t;
        }
        d[0] = 9;
        OpenLoopTraffic load = OpenLoopTraffic.bernoulli(new Destinations.Fixed(d), 0.001, 1)
                .withRequestReply(RequestReply.reads(1, 4));
        PacketWatch watch = new PacketWatch(java.util.List.of(0, 1));
        OpenLoopResult r = sim.watch(watch).runOpenLoop(load, 0, 40_000, 1000, 7);
        java.util.List<PacketWatch.Row> request = watch.rows().stream().filter(w -> w.packet() == 0).toList();
        java.util.List<PacketWatch.Row> reply = watch.rows().stream().filter(w -> w.packet() == 1).toList();
        assertThat(request.stream().map(w -> w.event().name() + "@" + w.router()).toList()).containsExactly("CREATED@0",
                "INJECTED@0", "ROUTED@0", "VC_GRANTED@0", "SWITCHED@0", "ROUTED@1", "VC_GRANTED@1", "SWITCHED@1",
                "ROUTED@9", "VC_GRANTED@9", "SWITCHED@9", "EJECTED@9");
        assertThat(reply.stream().map(w -> w.event().name() + "@" + w.router()).toList()).containsExactly("CREATED@9",
                "INJECTED@9", "ROUTED@9", "VC_GRANTED@9", "SWITCHED@9", "ROUTED@8", "VC_GRANTED@8", "SWITCHED@8",
                "ROUTED@0", "VC_GRANTED@0", "SWITCHED@0", "EJECTED@0");
        int requestEjected = request.get(request.size() - 1).cycle();
        assertThat(requestEjected - request.get(0).cycle()).isEqualTo(6 + 5 * 2 + 1);
        assertThat(reply.get(0).cycle()).isEqualTo(requestEjected);
        assertThat(reply.get(1).cycle()).isEqualTo(requestEjected + 1);
        assertThat(reply.get(reply.size() - 1).cycle() - reply.get(0).cycle()).isEqualTo(1 + 6 + 5 * 2 + 4);
        assertThat(request.stream().filter(w -> w.vc() >= 0).mapToInt(PacketWatch.Row::vc)).allMatch(v -> v < 2);
        assertThat(reply.stream().filter(w -> w.vc() >= 0).mapToInt(PacketWatch.Row::vc)).allMatch(v -> v >= 2);
        assertThat(r.packets() % 2).isZero();
        assertThat(r.packets()).isGreaterThan(4);
        assertThat(r.latencyMin()).isEqualTo(17);
        assertThat(r.latencyMax()).isEqualTo(21);
        assertThat(r.packetLatency()).isEqualTo(19.0);
    }

    /**
     * Under request-reply each half of the VCs must hold the routing function's classes: dimension order on a torus
     * (two dateline classes) with 2 VCs is refused with one line that names the VCs it needs; with 4 it runs, and at a
     * load past saturation it does not deadlock: the network keeps accepting flits, while a terminal that always has
     * replies to send starves its own requests (BookSim's priority of replies), so the load never drains.
     */
    @Test
    void requestReplyNeedsEachHalfToHoldTheRoutingClasses() {
        OpenLoopTraffic load = OpenLoopTraffic.bernoulli(new Destinations.Uniform(64), 0.2, 1)
                .withRequestReply(RequestReply.reads(2, 6));
        assertThatThrownBy(() -> engine("torus:8x8", "dor-booksim", 2, 4).runOpenLoop(load, 100, 500, 5000, 1))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("expected --vcs 4 or more");
        NetworkSimulator sim = engine("torus:8x8", "dor-booksim", 4, 4);
        OpenLoopResult stable = sim.runOpenLoop(load, 500, 2000, 20_000, 3);
        assertThat(stable.stable()).isTrue();
        assertThat(stable.accepted()).isCloseTo(0.2, org.assertj.core.data.Offset.offset(0.02));
        OpenLoopResult past = sim.runOpenLoop(OpenLoopTraffic.bernoulli(new Destinations.Uniform(64), 0.9, 1)
                .withRequestReply(RequestReply.reads(8, 8)), 200, 300, 20_000, 3);
        assertThat(past.stable()).isFalse();
        assertThat(past.accepted()).isGreaterThan(0.25);
    }

    /**
     * One packet alone: a terminal's flit reaches its router 2 cycles after it is written, every router takes routing,
     * VC allocation, switch allocation and traversal (4 cycles) and every link its latency, the ejection channel 1;
     * with buffers deeper than the packet no credit stalls it: latency = 6 + (4 + link) H + L for H router hops.
     */
    @ParameterizedTest
    @CsvSource({"mesh:8x8, 1, 1, 1", "mesh:8x8, 9, 1, 8", "mesh:8x8, 63, 1, 8", "torus:8x8, 9, 2, 8", "torus:8x8, 36, 2, 16",
        "torus:8x8, 1, 2, 1", "hypercube:6, 63, 1, 8"})
    void aLonePacketTakesTheClosedFormLatency(String spec, int dest, int link, int flits) {
        NetworkSimulator sim = engine(spec, RoutingFunctions.defaultName(new RouterPorts(TopologySpec.parse(spec))), 4, 32);
        int n = sim.network().terminals();
        int[] d = new int[n];
        for (int t = 0; t < n; t++) {
            d[t] = t;
        }
        d[0] = dest;
        OpenLoopResult r = sim.runBatch(d, 1, flits, 1);
        int hops = (int) Math.round(r.hops());
        assertThat(r.packets()).isEqualTo(1);
        assertThat(r.packetLatency()).isEqualTo(6 + (4 + link) * hops + flits);
        assertThat(r.cycles()).isEqualTo(6 + (4 + link) * hops + flits + 1);
        assertThat(sim.linkLatency()).isEqualTo(link);
    }

    /**
     * Channel latency per class on a Dragonfly: terminal 2 (group 0, router 1) to terminal 8 (group 1, router 0) goes
     * local, global, local (router 1 -> 0, whose first global port reaches group 1 at its router 3, -> 0), so with
     * 10-cycle local and 100-cycle global links a lone packet takes 6 + 4 H + (10 + 100 + 10) + L cycles (the closed
     * form above with each hop's own latency), and 6 + 5 H + L at the default 1.
     */
    @ParameterizedTest
    @CsvSource({"-1, -1, 29", "10, 100, 146", "10, -1, 56"})
    void eachLinkTakesItsChannelClassLatency(int link, int global, int latency) {
        NetworkSimulator sim = EngineSetup.booksim(TopologySpec.parse("dragonfly:4,2,2"), "dragonfly-min", 4, 32,
                RouterTiming.BOOKSIM.withLatencies(link, global));
        int[] d = new int[72];
        for (int t = 0; t < 72; t++) {
            d[t] = t;
        }
        d[2] = 8;
        OpenLoopResult r = sim.runBatch(d, 1, 8, 1);
        assertThat(r.hops()).isEqualTo(3);
        assertThat(r.packetLatency()).isEqualTo(latency);
    }

    @ParameterizedTest
    @MethodSource("networks")
    void everyRoutingFunctionIsProvedDeadlockFree(String spec, String routing) {
        RouterPorts net = new RouterPorts(TopologySpec.parse(spec));
        DeadlockCheck.Result r = DeadlockCheck.check(net, RoutingFunctions.create(routing, net));
        assertThat(r.dependencies()).isPositive();
        assertThat(r.longestRoute()).isPositive();
    }

    /**
     * {@code nca-random} (BookSim's {@code fattree_nca}) takes every up link: 400 packets from terminal 0 to terminal 63
     * of the 4-ary 3-tree, whose nearest common ancestors are the 16 top switches, use 41 (router, output) hops (4 up
     * links at the source's leaf, 4 at each of the 4 second-level switches, one down link at each of the 16 top and 4
     * second-level switches, the ejection), each of the leaf's up links about a quarter of the time; {@code nca} sends
     * them all one way, 5 hops.
     */
    @Test
    void ncaRandomSpreadsOverEveryUpLinkWhereNcaTakesOne() {
        for (String routing : new String[] {"nca", "nca-random"}) {
            NetworkSimulator sim = engine("kary-ntree:4,3", routing, 4, 4);
            java.util.Map<Long, Integer> hops = new java.util.HashMap<>();
            sim.observeRoutes((router, out, dest) -> hops.merge(((long) router << 32) | out, 1, Integer::sum));
            int[] d = new int[64];
            for (int t = 0; t < d.length; t++) {
                d[t] = t;
            }
            d[0] = 63;
            sim.runBatch(d, 400, 2, 7);
            int leaf = sim.network().terminalRouter(0);
            java.util.List<Integer> fromLeaf = hops.entrySet().stream().filter(e -> e.getKey() >>> 32 == leaf)
                    .map(java.util.Map.Entry::getValue).toList();
            assertThat(hops.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(400 * 5);
            if (routing.equals("nca")) {
                assertThat(hops).hasSize(5);
            } else {
                assertThat(hops).hasSize(41);
                assertThat(fromLeaf).hasSize(4).allMatch(c -> c >= 70 && c <= 130);
            }
        }
    }

    /** The check is not vacuous: dimension order on a torus ring without the dateline's second class has a cycle. */
    @Test
    void aTorusWithoutDatelinesIsRefusedWithItsCycle() {
        RouterPorts net = new RouterPorts(TopologySpec.parse("torus:4x4"));
        RoutingFunction dor = RoutingFunctions.create("dor", net);
        RoutingFunction oneClass = new RoutingFunction() {
            @Override
            public String name() {
                return "dor-one-class";
            }

            @Override
            public int vcClasses() {
                return 1;
            }

            @Override
            public int route(int router, int inPort, int inClass, int dest, int aux) {
                return RoutingFunction.encode(RoutingFunction.port(dor.route(router, inPort, 0, dest, 0)), 0);
            }
        };
        assertThatThrownBy(() -> DeadlockCheck.check(net, oneClass)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("can deadlock on 'torus:4x4'").hasMessageContaining("cycle of 4 channels");
        assertThatThrownBy(() -> new NetworkSimulator(net, oneClass, RouterTiming.BOOKSIM, 4, 4))
                .hasMessageContaining("can deadlock");
    }

    /**
     * The check of a function that chooses at every hop covers its escape: an escape routed by one-class dimension order
     * on a torus closes a cycle, entered at any router, and is refused, whatever its adaptive routes.
     */
    @Test
    void anEscapeThatCanDeadlockIsRefused() {
        RouterPorts net = new RouterPorts(TopologySpec.parse("torus:4x4"));
        RoutingFunction dor = RoutingFunctions.create("dor", net);
        RoutingFunction badEscape = new RoutingFunction() {
            @Override
            public String name() {
                return "bad-escape";
            }

            @Override
            public int vcClasses() {
                return 2;
            }

            @Override
            public boolean choosesEachHop() {
                return true;
            }

            @Override
            public int route(int router, int inPort, int inClass, int dest, int aux) {
                int r = dor.route(router, inPort, 0, dest, 0);
                boolean ejects = net.portTerminal(net.portStart(router) + RoutingFunction.port(r)) >= 0;
                return ejects ? r : RoutingFunction.encode(RoutingFunction.port(r), 1);
            }

            @Override
            public int alternatives(int router, int inPort, int inClass, int dest, int aux, int[] out) {
                out[0] = route(router, inPort, inClass, dest, aux);
                return 1;
            }
        };
        assertThatThrownBy(() -> DeadlockCheck.check(net, badEscape)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("can deadlock on 'torus:4x4'");
    }

    /**
     * Minimal adaptive routing with an up*&#47;down* escape (Duato 1993) against minimal routing in hop classes on a
     * random shortcut network, uniform traffic at 0.4: the adaptive function uses the free VCs of every minimal port and
     * is faster; at 0.9, far past saturation, it runs on without a deadlock.
     */
    @Test
    void minimalAdaptiveRoutingOutrunsHopClassesAndDoesNotDeadlock() {
        OpenLoopTraffic load = OpenLoopTraffic.bernoulli(new Destinations.Uniform(64), 0.4, 8);
        double hopClasses = engine("random-shortcut:64:4", "min-hop", 4, 4).runOpenLoop(load, 1000, 3000, 6000, 5)
                .packetLatency();
        OpenLoopResult adaptive = engine("random-shortcut:64:4", "min-adaptive", 4, 4).runOpenLoop(load, 1000, 3000, 6000, 5);
        assertThat(adaptive.packetLatency()).isLessThan(hopClasses * 0.9);
        assertThatThrownBy(() -> org.ccopt.routing.Routings.byName(TopologySpec.parse("random-shortcut:64:4"),
                "min-adaptive", null)).isInstanceOf(InvalidInputException.class).hasMessageContaining("by congestion");
        OpenLoopTraffic heavy = OpenLoopTraffic.bernoulli(new Destinations.Uniform(64), 0.9, 8);
        OpenLoopResult saturated = engine("random-shortcut:64:4", "min-adaptive", 4, 4).runOpenLoop(heavy, 500, 2000, 20000, 6);
        assertThat(saturated.accepted()).isPositive();
    }

    /**
     * Both routers share one flit encoding ({@link Flits}): a packet of up to 2,048 flits, the papers' unsplit message
     * of 64 slices of 32 flits included, runs here as on the papers' router; one flit more is refused with one line.
     */
    @Test
    void aPacketOfTheSharedEncodingsLargestSizeRuns() {
        NetworkSimulator sim = engine("torus:4x4", "dor-booksim", 4, 4);
        int[] d = new int[16];
        for (int t = 0; t < 16; t++) {
            d[t] = (t + 1) % 16;
        }
        assertThat(sim.runBatch(d, 1, Flits.MAX_PACKET_FLITS, 1).packets()).isEqualTo(16);
        assertThat(Flits.MAX_PACKET_FLITS).isEqualTo(2048);
        assertThatThrownBy(() -> sim.runBatch(d, 1, Flits.MAX_PACKET_FLITS + 1, 1)).isInstanceOf(InvalidInputException.class)
                .hasMessage("packet size 2049 flits is invalid; expected 1..2048");
    }

    @Test
    void tooFewVcsForTheRoutingFunctionAreRefused() {
        RouterPorts net = new RouterPorts(TopologySpec.parse("dragonfly:4,2,2"));
        assertThatThrownBy(() -> new NetworkSimulator(net, RoutingFunctions.create("dragonfly-valiant", net),
                RouterTiming.BOOKSIM, 2, 4)).isInstanceOf(InvalidInputException.class)
                .hasMessage("the routing function needs 3 VC classes; got 2 virtual channels; expected --vcs 3 or more");
        assertThatThrownBy(() -> RoutingFunctions.create("dor", net)).hasMessageContaining("needs a torus, mesh, concentrated mesh or flattened butterfly");
        assertThatThrownBy(() -> RoutingFunctions.create("xy", net)).hasMessageContaining("unknown routing function 'xy'");
        assertThatThrownBy(() -> new RouterPorts(TopologySpec.parse("omega:8"))).hasMessageContaining("one-way");
    }

    /**
     * Seeded randomized test: 200 random permutations, 4 packets a terminal, on every network and routing function;
     * each batch ends with every packet delivered (no deadlock, no flit lost) and minimal functions take minimal routes.
     */
    @ParameterizedTest
    @MethodSource("networks")
    void randomPermutationsAllArrive(String spec, String routing) {
        NetworkSimulator sim = engine(spec, routing, 4, 4);
        int n = sim.network().terminals();
        SplittableRandom random = new SplittableRandom(spec.hashCode() * 31L + routing.hashCode());
        for (int i = 0; i < 200; i++) {
            int[] d = Permutations.shuffled(n, random);
            int senders = 0;
            for (int t = 0; t < n; t++) {
                senders += d[t] != t ? 1 : 0;
            }
            OpenLoopResult r = sim.runBatch(d, 4, 4, i);
            assertThat(r.packets()).isEqualTo(4L * senders);
            assertThat(r.cycles()).isGreaterThan(16);
        }
    }

    @Test
    void sameSeedSameRunAndRatesAreMeasured() {
        NetworkSimulator sim = engine("torus:4x4x4", "dor", 4, 4);
        OpenLoopTraffic uniform = OpenLoopTraffic.bernoulli(new Destinations.Uniform(64), 0.2, 8);
        OpenLoopResult a = sim.runOpenLoop(uniform, 500, 2000, 5000, 7);
        OpenLoopResult b = sim.runOpenLoop(uniform, 500, 2000, 5000, 7);
        OpenLoopResult c = sim.runOpenLoop(uniform, 500, 2000, 5000, 8);
        assertThat(b).isEqualTo(a);
        assertThat(c).isNotEqualTo(a);
        assertThat(a.stable()).isTrue();
        assertThat(a.offered()).isCloseTo(0.2, org.assertj.core.data.Offset.offset(0.02));
        assertThat(a.accepted()).isCloseTo(a.offered(), org.assertj.core.data.Offset.offset(0.02));
        // uniform over all 64 terminals of a 4-ary 3-cube: 3 x (0 + 1 + 2 + 1) / 4 = 3 router hops on average
        assertThat(a.hops()).isCloseTo(3.0, org.assertj.core.data.Offset.offset(0.15));
        assertThat(a.latencyP50()).isLessThanOrEqualTo(a.latencyP99());
        assertThat(a.latencyP99()).isLessThanOrEqualTo(a.latencyMax());
    }

    /** Past saturation the measured packets cannot all leave within the drain limit: the run says it is unstable. */
    @Test
    void aLoadPastSaturationIsUnstable() {
        NetworkSimulator sim = engine("mesh:4x4", "dor", 2, 4);
        OpenLoopResult r = sim.runOpenLoop(OpenLoopTraffic.bernoulli(new Destinations.Uniform(16), 0.9, 8), 200, 1000, 200, 1);
        assertThat(r.stable()).isFalse();
        assertThat(r.accepted()).isLessThan(0.8);
    }

    @Test
    void terminalsAttachToTheirSwitches() {
        Topology t = TopologySpec.parse("kary-ntree:4,3");
        RouterPorts net = new RouterPorts(t);
        assertThat(net.routers()).isEqualTo(48);
        assertThat(net.terminals()).isEqualTo(64);
        assertThat(net.maxRadix()).isEqualTo(8);
        assertThat(net.terminalRouter(5)).isEqualTo(1); // leaf switch 1 holds terminals 4..7
        for (int p = 0; p < net.ports(); p++) {
            if (net.portTerminal(p) < 0) {
                assertThat(net.peerPort(net.peerPort(p))).isEqualTo(p);
            }
        }
    }
}
