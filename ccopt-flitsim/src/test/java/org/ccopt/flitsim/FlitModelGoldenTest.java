package org.ccopt.flitsim;

import org.ccopt.flitsim.net.DeadlockException;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * A regression lock on every router reading, before the simulator is restructured: each preset (ccopt, yokota2018,
 * yokota2023) on 8 randomized runs, and 50 random combinations of readings (every reading of {@link #DRAWN}, the
 * readings as they were when the file was recorded, and the credit delay drawn at random) on 2 runs each, must give exactly the results in
 * {@code golden-models.txt}. {@link FlitSimulatorGoldenTest} draws the runs' other inputs; this test adds the model.
 * A line records the full run, the cut run and the interval runs, or why the model refused the run or deadlocked.
 *
 * <p>To record the file again after a deliberate change of results: {@code -Dccopt.golden.write=PATH}.
 */
class FlitModelGoldenTest {

    private static final String[] SPECS = {"torus:4x4", "torus:8x8", "torus:5x7", "mesh:6x6", "torus:4x4x4", "mesh:4x5",
        "torus:3x3", "torus:6x6"};

    static final int PRESET_RUNS = 8;
    static final int RANDOM_MODELS = 50;
    static final int RANDOM_RUNS = 2;

    /**
     * The readings the random models draw, each with the values it had when {@code golden-models.txt} was recorded,
     * in the order of the draws; the credit delay (-1..2) is drawn after them. Frozen here rather than read from
     * {@link RouterModel#READINGS}, so that a reading or a value added later leaves every recorded line alone (a new
     * reading stays at ccopt's value in these models, which the reading must give today's behaviour).
     */
    static final Map<String, List<String>> DRAWN = frozen(
            "dateline", List.of("edge", "edge-above", "into", "out-of", "through"),
            "vc-class", List.of("cumulative", "reset-on-turn", "dimension-offset", "any-at-or-above", "class-or-next", "dimension-window"),
            "dim-order", List.of("x-first", "y-first"),
            "ring-tie", List.of("positive", "negative", "source-parity", "half", "wrap"),
            "crossbar", List.of("per-vc", "per-input-port"),
            "q-update", List.of("move-to-tail", "rotate"),
            "q-default", List.of("port-order", "processor-first"),
            "vc-release", List.of("tail", "drained"),
            "rr-start", List.of("zero", "last"),
            "ejection", List.of("one-per-cycle", "per-vc"),
            "vc-competition", List.of("sendable", "ready"),
            "link-mux", List.of("flit", "packet", "packet-yield"),
            "output-stage", List.of("none", "register"));

    @SuppressWarnings("unchecked")
    private static Map<String, List<String>> frozen(Object... keysAndValues) {
        Map<String, List<String>> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], (List<String>) keysAndValues[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    /** The i-th random combination of readings. */
    static RouterModel randomModel(int i) {
        SplittableRandom r = new SplittableRandom(7000 + i);
        RouterModel m = RouterModel.CCOPT;
        for (Map.Entry<String, List<String>> reading : DRAWN.entrySet()) {
            List<String> values = reading.getValue();
            m = m.with(reading.getKey(), values.get(r.nextInt(values.size())), reading.getKey());
        }
        return m.withCreditDelay(RouterModel.SAME_CYCLE_CREDIT + r.nextInt(4));
    }

    /** Every frozen reading and value is still one the model declares (a rename would otherwise go unnoticed). */
    @Test
    void theFrozenDrawsAreDeclaredReadings() {
        for (Map.Entry<String, List<String>> reading : DRAWN.entrySet()) {
            RouterModel.ReadingSpec spec = RouterModel.READINGS.get(RouterModel.KEYS.indexOf(reading.getKey()));
            assertThat(spec.values()).as(reading.getKey()).containsAll(reading.getValue());
        }
    }

    /** One run of {@code model}, drawn from {@code seed}. */
    static String runCase(RouterModel model, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        String spec = SPECS[r.nextInt(SPECS.length)];
        Topology t = TopologySpec.parse(spec);
        int dims = spec.split("x").length;
        int vcs = (spec.startsWith("mesh") ? 1 : dims + 1) + r.nextInt(3);
        int buffer = 1 + r.nextInt(5);
        int n = t.nodeCount();
        int[] dest = new int[n];
        for (int u = 0; u < n; u++) {
            dest[u] = r.nextInt(n);
        }
        int[] delay = new int[n];
        if (r.nextBoolean()) {
            for (int u = 0; u < n; u++) {
                delay[u] = r.nextInt(10);
            }
        }
        Workload w = new Workload(dest, 1 + r.nextInt(3), 1 + r.nextInt(3), 1 + r.nextInt(8), r.nextInt(20), delay);
        StringBuilder out = new StringBuilder(spec + " vcs " + vcs + " buffer " + buffer + ": ");
        try {
            FlitSimulator sim = new FlitSimulator(t, vcs, buffer, model);
            RouterConfig c = RouterConfig.uniform(n, dims, vcs, buffer, VcSelection.values()[r.nextInt(10)], model)
                    .withAtomicVcAllocation(r.nextInt(4) == 0).withSliceReinitialization(r.nextInt(3) == 0)
                    .withSliceInterlocking(r.nextInt(3) == 0);
            SimResult full = sim.run(c, w);
            out.append(full);
            int limit = full.durationCycles() - r.nextInt(4);
            out.append(" within ").append(sim.durationWithin(c, w, limit));
            int[] intervals = {w.interval(), w.interval() + 2, Math.max(0, w.interval() - 3)};
            out.append(" iv ").append(Arrays.stream(sim.runIntervals(c, w, intervals, Integer.MAX_VALUE, false))
                    .map(x -> String.valueOf(x.durationCycles())).toList());
        } catch (InvalidInputException e) {
            out.append("refused: ").append(e.getMessage());
        } catch (DeadlockException e) {
            out.append("deadlock");
        }
        return out.toString();
    }

    /** Every case in order, one line each, prefixed by the model's name. */
    static List<String> cases() {
        List<String> lines = new ArrayList<>();
        int k = 0;
        for (String preset : List.of("ccopt", "yokota2018", "yokota2023")) {
            RouterModel m = RouterModel.preset(preset);
            for (int i = 0; i < PRESET_RUNS; i++) {
                lines.add(preset + " " + i + " " + runCase(m, 5000 + k++));
            }
        }
        for (int i = 0; i < RANDOM_MODELS; i++) {
            RouterModel m = randomModel(i);
            for (int j = 0; j < RANDOM_RUNS; j++) {
                lines.add("random" + i + " " + j + " " + runCase(m, 5000 + k++));
            }
        }
        return lines;
    }

    @Test
    void everyPresetAndFiftyRandomReadingCombinationsGiveTheRecordedResults() throws IOException {
        List<String> now = cases();
        String write = System.getProperty("ccopt.golden.write");
        if (write != null) {
            Files.write(Path.of(write), now);
        }
        List<String> golden = new ArrayList<>();
        try (InputStream in = FlitModelGoldenTest.class.getResourceAsStream("golden-models.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.startsWith("#") && !line.isBlank()) {
                    golden.add(line);
                }
            }
        }
        assertThat(golden).hasSize(3 * PRESET_RUNS + RANDOM_MODELS * RANDOM_RUNS);
        for (int i = 0; i < golden.size(); i++) {
            assertThat(now.get(i)).as("case %d", i).isEqualTo(golden.get(i));
        }
        // the file exercises what it claims: runs that end, refusals and deadlocks are each a minority, not all
        assertThat(golden.stream().filter(l -> l.contains("SimResult")).count()).isGreaterThan(golden.size() / 2);
    }
}
