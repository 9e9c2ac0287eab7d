package org.ccopt.bench;

import java.util.concurrent.TimeUnit;
import org.ccopt.rank.CollectiveMix;
import org.ccopt.rank.ProcessMapping;
import org.ccopt.rank.RankPlacement;
import org.ccopt.rank.RankPlacer;
import org.ccopt.rank.RankProblem;
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
 * Issue 5's reference case: 200,000 two-opt iterations (hops objective) for 512 processes, random mapping, on a
 * 1,024-node degree-19 random shortcut network; one thread. The distance table is built once in setup.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RankPlacementBenchmark {

    @Param({"bcast", "allreduce", "alltoall"})
    public String collective;

    private RankProblem problem;
    private RankPlacer.Settings settings;

    @Setup
    public void setUp() {
        Topology t = TopologySpec.parse("random-shortcut:1024:19:seed=1");
        int[] mapped = ProcessMapping.RANDOM.nodes(t, 512, 1);
        problem = RankProblem.of(t, mapped, CollectiveMix.parse(collective, 512), false, 1);
        settings = new RankPlacer.Settings(RankPlacement.TWO_OPT, RankPlacement.Objective.HOPS, 200_000, 1, false, 0);
    }

    @Benchmark
    public long twoOpt200k() {
        return RankPlacer.place(problem, settings).totalHops();
    }
}
