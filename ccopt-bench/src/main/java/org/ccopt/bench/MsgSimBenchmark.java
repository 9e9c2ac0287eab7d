package org.ccopt.bench;

import java.util.concurrent.TimeUnit;
import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.msgsim.CollectivePrograms;
import org.ccopt.msgsim.MessageSimulator;
import org.ccopt.msgsim.MsgNetwork;
import org.ccopt.msgsim.Program;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
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
 * Issue 6's reference case: one collective of 1,024 processes (every node of random-shortcut:1024:19), 1 MiB, max-min
 * sharing, MPI dependencies; one simulation per operation, routes included (the program is built in setup).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class MsgSimBenchmark {

    @Param({"bcast", "allreduce", "alltoall"})
    public String collective;

    private MsgNetwork network;
    private Program program;

    @Setup
    public void setUp() {
        Topology t = TopologySpec.parse("random-shortcut:1024:19");
        int[] ranks = new int[1024];
        for (int r = 0; r < ranks.length; r++) {
            ranks[r] = r;
        }
        network = MsgNetwork.thesis(t);
        program = CollectivePrograms.of(MpiAlgorithm.parse(collective).transfers(1024), ranks, 1 << 20, false);
    }

    @Benchmark
    public double simulate() {
        return MessageSimulator.run(network, program, MessageSimulator.Options.DEFAULT).seconds();
    }
}
