package org.ccopt.bench;

import java.util.concurrent.TimeUnit;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.SimResult;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.flitsim.Workload;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
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

/**
 * The reference case: 16x16 torus, brev, 2 slices of one 8-flit packet, interval 8, 3 VCs x 4 flits, C00,
 * under ccopt's router model and under the {@code yokota2023} preset (one flit per input port, output registers,
 * same-cycle credits: the readings that cost work per port and cycle). One operation = one full run on a reused
 * simulator; router-cycles per second = the run's routerCycles x operations per second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(3)
public class FlitSimBenchmark {

    @Param({"ccopt", "yokota2023"})
    public String model;

    private FlitSimulator simulator;
    private RouterConfig config;
    private Workload workload;

    @Setup
    public void setUp() {
        Topology t = TopologySpec.parse("torus:16x16");
        simulator = new FlitSimulator(t, 3, 4);
        config = RouterConfig.uniform(t.nodeCount(), 2, 3, 4, VcSelection.C00, RouterModel.preset(model));
        workload = new Workload(TrafficPattern.BREV.destinations(t, 1), 2, 1, 8, 8, null);
    }

    @Benchmark
    public SimResult brev16x16TwoSlices() {
        return simulator.run(config, workload);
    }
}
