package org.ccopt.flitsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sim}'s library job: a known duration, its parameter file replayed, a mapping, a sweep and repeats; the same on
 * BookSim's router, whose batch is the engine's injection plan and whose trace accounts for every hop.
 */
class SimJobTest {

    @TempDir
    Path dir;

    private static final FlitSetup SETUP = FlitSetup.of(TopologySpec.parse("torus:8x8")).withModel(RouterModel.YOKOTA2018);

    private static SimJob.Request request(String traffic, int slices, String sweep, int repeat, Path params, Path mapping) {
        return new SimJob.Request(params, mapping, SETUP, traffic, 1, slices, 4, 8, null, false, false, false, sweep, repeat,
                false);
    }

    @Test
    void bitReversalOnTheTorusTakesItsKnownCyclesAndItsParameterFileReplaysThem() throws Exception {
        SimJob.Outcome o = SimJob.run(request("brev", 1, null, 1, null, null));
        // the deterministic answer docs/api.md prints: every node but the 8 palindromes sends 4 packets of 8 flits
        assertThat(o.result().durationCycles()).isEqualTo(197);
        assertThat(o.result().flits()).isEqualTo(56 * 4 * 8);
        assertThat(o.figures()).containsEntry("model", "yokota2018").containsEntry("traffic", "brev")
                .containsEntry("durationCycles", 197).doesNotContainKeys("repeat", "interval");
        Path file = dir.resolve("brev.json");
        Files.writeString(file, o.parameters().toJson());
        assertThat(SimJob.run(request(null, 1, null, 1, file, null)).result().durationCycles()).isEqualTo(197);
        // a file of physical destinations cannot be placed by a mapping
        Path identity = dir.resolve("identity.json");
        Files.writeString(identity, java.util.stream.IntStream.range(0, 64).boxed().toList().toString());
        assertThatThrownBy(() -> SimJob.run(request(null, 1, null, 1, file, identity))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("holds physical ones");
        // the identity mapping places every destination where it was
        assertThat(SimJob.run(request("brev", 1, null, 1, null, identity)).result().durationCycles()).isEqualTo(197);
    }

    @Test
    void aSweepKeepsTheShortestIntervalAndRepeatsMeasureTheSpeed() {
        SimJob.Outcome o = SimJob.run(request("shfl", 2, "0:12", 3, null, null));
        int best = o.result().durationCycles();
        assertThat(o.sweep().durations()).hasSize(13).contains(best);
        assertThat(java.util.Arrays.stream(o.sweep().durations()).min().orElseThrow()).isEqualTo(best);
        assertThat(o.workload().interval()).isEqualTo(o.sweep().best());
        assertThat(o.figures()).containsKeys("interval", "sweepDurations", "repeat", "routerCyclesPerSecond");
        assertThat(o.routerCyclesPerSecond()).isPositive();
        assertThat(o.trace()).isNull();
    }

    @Test
    void aTraceIsKeptWhenAskedAndBadCountsAreRefused() {
        SimJob.Outcome traced = SimJob.run(new SimJob.Request(null, null, SETUP, "bcmp", 1, 1, 1, 8, 0, false, false, false,
                null, 1, true));
        assertThat(traced.trace()).isNotNull();
        assertThatThrownBy(() -> request("bcmp", 1, null, 0, null, null)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("repeat");
        assertThatThrownBy(() -> new SimJob.Request(null, null, SETUP, "bcmp", 1, 1, 1, 8, -1, false, false, false, null, 1,
                false)).isInstanceOf(InvalidInputException.class).hasMessageContaining("interval");
    }

    private static SimJob.Request booksim(FlitSetup setup, String traffic, int slices, Integer interval, long seed) {
        return new SimJob.Request(null, null, setup, traffic, seed, slices, 2, 8, interval, false, false, false, null, 1,
                false);
    }

    @Test
    void aBatchOnBooksimsRouterIsTheEnginesInjectionPlanAndItsParameterFileReplaysIt() throws Exception {
        org.ccopt.topology.Topology t = TopologySpec.parse("torus:4x4");
        FlitSetup setup = FlitSetup.booksim(t, 4, 4, null, null);
        SimJob.Outcome o = SimJob.run(booksim(setup, "brev", 3, 11, 1));
        int[] dest = org.ccopt.traffic.TrafficPattern.BREV.destinations(t, 1);
        var direct = org.ccopt.flitsim.net.EngineSetup.booksim(t, null, 4, 4).runPlan(dest, 3, 2, 8, 11, new int[16], 1,
                Integer.MAX_VALUE);
        assertThat(o.packets()).isEqualTo(direct);
        assertThat(o.result().durationCycles()).isEqualTo(direct.cycles());
        assertThat(o.figures()).containsEntry("model", "booksim").containsEntry("routing", "dor-booksim")
                .containsEntry("slices", 3).containsEntry("interval", 11).containsEntry("packets", direct.packets())
                .doesNotContainKeys("effectiveThickness", "lb");
        Path file = dir.resolve("booksim.json");
        Files.writeString(file, o.parameters().toJson());
        assertThat(Files.readString(file)).contains("\"routerModel\" : \"booksim\"").contains("\"routing\" : \"dor-booksim\"")
                .doesNotContain("vcSelection");
        SimJob.Outcome replay = SimJob.run(request(null, 1, null, 1, file, null));
        assertThat(replay.packets()).isEqualTo(direct);
        assertThat(replay.setup().routingName()).isEqualTo("dor-booksim");
        assertThat(replay.setup().papersRouter()).isFalse();
    }

    /** A random routing draws from the run's seed, which the parameter file keeps: the replay is the run, packet by packet. */
    @Test
    void aRandomRoutingReplaysFromItsFilesSeed() throws Exception {
        FlitSetup setup = FlitSetup.booksim(TopologySpec.parse("kary-ntree:2,3"), 4, 4, "nca-random", null);
        SimJob.Outcome a = SimJob.run(booksim(setup, "randperm", 2, 3, 7));
        Path file = dir.resolve("nca.json");
        Files.writeString(file, a.parameters().toJson());
        SimJob.Outcome replay = SimJob.run(request(null, 1, null, 1, file, null));
        assertThat(replay.packets()).isEqualTo(a.packets());
        assertThat(replay.figures()).containsEntry("routing", "nca-random");
    }

    /**
     * The trace of BookSim's router records one event per flit per hop between routers (mean hops x packets x flits),
     * each within the run, on a port to another router, of the slice its packet belongs to.
     */
    @Test
    void booksimsTraceRecordsEveryFlitOnEveryLinkItCrosses() {
        FlitSetup setup = FlitSetup.booksim(TopologySpec.parse("torus:4x4"), 4, 2, null, null);
        SimJob.Outcome o = SimJob.run(booksim(setup, "shfl", 2, 4, 1).withTrace(true));
        LinkTrace trace = o.trace();
        long flits = 0;
        long blocked = 0;
        for (int i = 0; i < trace.size(); i++) {
            assertThat(trace.cycle(i)).isBetween(1, o.result().durationCycles());
            assertThat(trace.link(i) % trace.ports()).isLessThan(trace.ports() - 1); // 4 link ports, then the terminal's
            if (trace.slice(i) == LinkTrace.BLOCKED) {
                blocked++;
            } else {
                assertThat(trace.slice(i)).isBetween(0, 1);
                flits++;
            }
        }
        assertThat(trace.ports()).isEqualTo(5);
        assertThat((double) flits).isCloseTo(o.packets().hops() * o.packets().packets() * 8, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(blocked).as("2-flit buffers under a shuffle block somewhere").isPositive();
        // the trace does not change the run
        assertThat(SimJob.run(booksim(setup, "shfl", 2, 4, 1)).packets()).isEqualTo(o.packets());
    }

    @Test
    void theFunctionsOfThePapersRouterAreRefusedOnBooksimsWithOneLine() throws Exception {
        FlitSetup setup = FlitSetup.booksim(TopologySpec.parse("torus:4x4"), 4, 4, null, null);
        assertThatThrownBy(() -> SimJob.run(new SimJob.Request(null, null, setup, "brev", 1, 2, 2, 8, 0, true, false, false,
                null, 1, false))).isInstanceOf(InvalidInputException.class).hasMessageContaining("--reinit");
        Path file = dir.resolve("gene.json");
        Files.writeString(file, "{\"topology\":\"torus:4x4\",\"vcs\":4,\"bufferFlits\":4,\"destination\":[0,1,2,3,4,5,6,7,"
                + "8,9,10,11,12,13,14,15],\"slices\":1,\"packetsPerSlice\":1,\"flitsPerPacket\":8,\"interval\":0,"
                + "\"routerModel\":\"booksim\",\"queueOrder\":[]}");
        assertThatThrownBy(() -> SimJob.run(request(null, 1, null, 1, file, null))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("queueOrder");
    }

    /**
     * On a torus both routers' traces name a link by the papers' port: a lone packet one hop away (wrapping links
     * included; no tie of direction or dimension order, where the routers may differ) has the same link ids on both.
     */
    @Test
    void bothRoutersTraceALonePacketOnTheSameLinks() {
        org.ccopt.topology.Topology t = TopologySpec.parse("torus:4x4");
        for (int[] pair : new int[][] {{5, 6}, {6, 5}, {5, 9}, {9, 5}, {3, 0}, {0, 12}, {15, 3}}) {
            int[] dest = java.util.stream.IntStream.range(0, 16).toArray();
            dest[pair[0]] = pair[1];
            Workload w = new Workload(dest, 1, 1, 4, 0, null);
            java.util.Set<Integer> papers = new java.util.TreeSet<>();
            java.util.Set<Integer> booksim = new java.util.TreeSet<>();
            for (FlitRouter r : new FlitRouter[] {new FlitSimulator(t, 3, 4, RouterModel.YOKOTA2023),
                FlitSetup.booksim(t, 4, 4, "dor", null).router()}) {
                LinkTrace trace = new LinkTrace();
                r.trace(trace).run(r instanceof FlitSimulator f ? f.uniformConfig(VcSelection.C00, RouterModel.YOKOTA2023)
                        : RouterConfig.uniform(t, 4, 4, VcSelection.C00, RouterModel.CCOPT), w);
                assertThat(trace.ports()).isEqualTo(5);
                for (int i = 0; i < trace.size(); i++) {
                    (r instanceof FlitSimulator ? papers : booksim).add(trace.link(i));
                }
            }
            assertThat(booksim).as("%d -> %d", pair[0], pair[1]).isNotEmpty().isEqualTo(papers);
        }
    }
}
