package org.ccopt.flitsim.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.ccopt.routing.RouterPorts;
import org.ccopt.routing.RoutingFunction;
import org.ccopt.routing.RoutingFunctions;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Pins the engine bit for bit on every routing function: an open Bernoulli load, an on-off load and a closed batch,
 * recorded on 2026-11-28 (after BookSimCrossCheckTest passed on that build). A change of the engine that changes any
 * run fails here; one that should (a new reading) must say so and record the lines again.
 */
class NetworkSimulatorGoldenTest {

    @ParameterizedTest
    @CsvSource({
        "torus:8x8, dor, 4688, 165, 2597, 6161, 104, 115",
        "torus:8x8, dor-booksim, 4688, 147, 2607, 6161, 129, 115",
        "mesh:8x8, dor, 4688, 230, 2628, 6161, 192, 136",
        "torus:4x4x4, dor, 4688, 102, 2564, 6161, 73, 84",
        "hypercube:6, ecube, 4688, 86, 2551, 6161, 66, 68",
        "'kary-ntree:4,3', nca, 4688, 100, 2561, 6161, 78, 68",
        "'dragonfly:4,2,2', dragonfly-min, 5299, 114, 2571, 7055, 75, 109",
        "'dragonfly:4,2,2', dragonfly-valiant, 5299, 1922, 4311, 7055, 237, 210",
        "circulant2:64, min-hop, 4688, 87, 2552, 6161, 58, 137",
        "random-shortcut:64:4, updown, 4658, 5570, 7500, 6161, 467, 251"})
    void runsAreUnchanged(String spec, String routing, long packets, int max, int cycles, long onOffPackets, int onOffMax,
                          int batchCycles) {
        RouterPorts net = new RouterPorts(TopologySpec.parse(spec));
        RoutingFunction f = RoutingFunctions.create(routing, net);
        NetworkSimulator sim = new NetworkSimulator(net, f, RouterTiming.BOOKSIM, Math.max(4, f.vcClasses()), 4);
        Destinations uniform = new Destinations.Uniform(net.terminals());
        OpenLoopResult r = sim.runOpenLoop(OpenLoopTraffic.bernoulli(uniform, 0.3, 8), 500, 2000, 5000, 11);
        OpenLoopResult o = sim.runOpenLoop(new OpenLoopTraffic(uniform, OpenLoopTraffic.Process.ON_OFF, 0.2, 4, 12),
                500, 2000, 5000, 12);
        int[] d = new int[net.terminals()];
        for (int t = 0; t < d.length; t++) {
            d[t] = (t * 7 + 3) % d.length;
        }
        OpenLoopResult b = sim.runBatch(d, 4, 8, 13);
        assertThat(new long[] {r.packets(), r.latencyMax(), r.cycles(), o.packets(), o.latencyMax(), b.cycles()})
                .containsExactly(packets, max, cycles, onOffPackets, onOffMax, batchCycles);
    }
}
