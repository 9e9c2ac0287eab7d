package org.ccopt.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.ccopt.experiments.Commands;
import org.ccopt.experiments.Experiment;
import org.ccopt.experiments.ExperimentRunner;
import org.ccopt.experiments.Row;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.SimParameters;
import org.ccopt.flitsim.Workload;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The experiment runner's own cost: one operation runs the 60 simulations of a grid (six patterns x ten VC selection
 * schemes, two slices of four 8-flit packets, interval 20), either as {@code ccopt run} executes them ({@code grid}:
 * each run parsed, executed by the {@code sim} command, its result turned into a row) or directly on one reused
 * simulator with the same parameters ({@code direct}, the simulations themselves: the parameters are what each run's
 * {@code --save-params} wrote). The difference of the two times, over 60, is the runner's overhead per run. On the
 * 16x16 torus the simulations dominate and the difference drowns in their spread; on the 4x4 torus (a simulation of
 * about 20 microseconds) the overhead is most of {@code grid}, which is where it is measured.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(2)
public class RunnerBenchmark {

    static final String GRID = """
            command: sim
            options: {topology: "torus:16x16", packet-flits: 8, slices: 2, interval: 20}
            grid:
              traffic: [bcmp, brev, brot, shfl, torn, trns]
              vc-select: [C00, C01, C02, C03, C04, C05, C06, C07, C08, C09]
            """;

    /** The grid's network. */
    @Param({"torus:4x4", "torus:16x16"})
    public String topology;

    private Experiment experiment;
    private ExperimentRunner runner;
    private FlitSimulator simulator;
    private final List<RouterConfig> configs = new ArrayList<>();
    private final List<Workload> workloads = new ArrayList<>();

    @Setup
    public void setUp() throws IOException {
        Commands commands = Commands.load();
        experiment = Experiment.parse(GRID.replace("torus:16x16", topology), "bench");
        runner = new ExperimentRunner(commands);
        Path dir = Files.createTempDirectory("ccopt-bench");
        for (Experiment.Run run : experiment.runs()) {
            Path file = dir.resolve("run" + run.index() + ".json");
            List<String> line = new ArrayList<>(run.args());
            line.addAll(List.of("--save-params", file.toString()));
            if (commands.execute(line).exit() != Commands.OK) {
                throw new IllegalStateException("run " + run.index() + " failed");
            }
            SimParameters p = SimParameters.read(file);
            simulator = simulator != null ? simulator : p.setup().simulator();
            configs.add(p.routerConfig(simulator));
            workloads.add(p.workload());
            Files.delete(file);
        }
        Files.delete(dir);
    }

    @Benchmark
    public void grid(Blackhole bh) {
        for (Experiment.Run run : experiment.runs()) {
            Row row = runner.execute(run, run.args());
            bh.consume(row);
        }
    }

    @Benchmark
    public void direct(Blackhole bh) {
        for (int i = 0; i < configs.size(); i++) {
            bh.consume(simulator.run(configs.get(i), workloads.get(i)));
        }
    }
}
