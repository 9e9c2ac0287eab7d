package org.ccopt.flitsim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * A regression lock for speed work on the simulator: 100 randomized runs (tori and meshes of 2 and 3 dimensions,
 * random buffers, VCs, destinations, slices, delays, per-port schemes and Q orders, atomic allocation, slice
 * re-initialisation and interlocking, traces, cut and interval runs) must give exactly the results recorded in
 * {@code golden-runs.txt}, which an earlier, independently reviewed build produced. A faster simulator has to be
 * the same simulator.
 */
class FlitSimulatorGoldenTest {

    private static final String[] SPECS = {"torus:4x4", "torus:8x8", "torus:5x7", "mesh:6x6", "torus:4x4x4", "torus:16x16",
        "mesh:4x5", "torus:3x3"};

    /** One line per case: the full run, its trace digest, and the cut and shared-prefix interval runs. */
    static String runCase(int i) {
        SplittableRandom r = new SplittableRandom(1000 + i);
        String spec = SPECS[r.nextInt(SPECS.length)];
        Topology t = TopologySpec.parse(spec);
        int dims = spec.split("x").length;
        int vcs = (spec.startsWith("mesh") ? 1 : dims + 1) + r.nextInt(3);
        int buffer = 1 + r.nextInt(6);
        int n = t.nodeCount();
        int ports = 2 * dims + 1;
        StringBuilder out = new StringBuilder(i + " " + spec + " ");
        FlitSimulator sim = new FlitSimulator(t, vcs, buffer);
        int[] dest = new int[n];
        boolean permutation = r.nextBoolean();
        List<Integer> nodes = shuffled(n, r);
        for (int u = 0; u < n; u++) {
            dest[u] = permutation ? nodes.get(u) : r.nextInt(n);
        }
        int[] delay = new int[n];
        if (r.nextBoolean()) {
            for (int u = 0; u < n; u++) {
                delay[u] = r.nextInt(12);
            }
        }
        Workload w = new Workload(dest, 1 + r.nextInt(3), 1 + r.nextInt(3), 1 + r.nextInt(9), r.nextInt(25), delay);
        RouterConfig c = RouterConfig.uniform(n, dims, vcs, buffer, VcSelection.values()[r.nextInt(10)]);
        if (r.nextBoolean()) {
            for (int u = 0; u < n; u++) {
                for (int p = 0; p < ports; p++) {
                    c.setVcSelection(u, p, VcSelection.values()[r.nextInt(10)]);
                }
            }
        }
        if (r.nextBoolean()) {
            for (int u = 0; u < n; u++) {
                for (int p = 0; p < ports; p++) {
                    for (int v = 0; v < vcs; v++) {
                        c.setQueueOrder(u, p, v, shuffled(ports, r).stream().mapToInt(Integer::intValue).toArray());
                    }
                }
            }
        }
        c = c.withAtomicVcAllocation(r.nextInt(4) == 0).withSliceReinitialization(r.nextInt(3) == 0)
                .withSliceInterlocking(r.nextInt(3) == 0);
        LinkTrace trace = r.nextInt(4) == 0 ? new LinkTrace() : null;
        sim.trace(trace);
        SimResult full = sim.run(c, w);
        out.append(full);
        if (trace != null) {
            out.append(" trace ").append(trace.toCsv().hashCode());
        }
        sim.trace(null);
        int limit = full.durationCycles() - r.nextInt(5);
        out.append(" within ").append(sim.durationWithin(c, w, limit)).append(' ').append(sim.runWithin(c, w, limit + 2));
        int[] intervals = {w.interval(), w.interval() + 3, Math.max(0, w.interval() - 4), w.interval() + 1};
        out.append(" iv ").append(Arrays.toString(sim.runIntervals(c, w, intervals, Integer.MAX_VALUE, false)));
        out.append(" ivcut ").append(Arrays.toString(sim.runIntervals(c, w, intervals, limit + 3, true)));
        return out.toString();
    }

    private static List<Integer> shuffled(int count, SplittableRandom r) {
        List<Integer> list = new ArrayList<>();
        for (int x = 0; x < count; x++) {
            list.add(x);
        }
        Collections.shuffle(list, new Random(r.nextLong()));
        return list;
    }

    @Test
    void randomizedRunsGiveTheRecordedResults() throws IOException {
        List<String> golden = new ArrayList<>();
        try (InputStream in = FlitSimulatorGoldenTest.class.getResourceAsStream("golden-runs.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.startsWith("#") && !line.isBlank()) {
                    golden.add(line);
                }
            }
        }
        assertThat(golden).hasSize(100);
        for (int i = 0; i < golden.size(); i++) {
            assertThat(runCase(i)).as("case %d", i).isEqualTo(golden.get(i));
        }
    }
}
