package org.ccopt.bench;

import java.util.concurrent.TimeUnit;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.topology.metrics.HopDistances;
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

/** All-pairs BFS summary (diameter, ASPL) of 4,096-node networks, on 1 and 2 threads (a mesh: a torus takes one BFS). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class MetricsBenchmark {

    @Param({"random-shortcut:4096:23", "mesh:64x64"})
    public String spec;

    @Param({"1", "2"})
    public int threads;

    private Topology topology;

    @Setup
    public void setUp() {
        topology = TopologySpec.parse(spec);
    }

    @Benchmark
    public HopDistances.Summary allPairs() {
        return HopDistances.summarize(topology, threads);
    }
}
