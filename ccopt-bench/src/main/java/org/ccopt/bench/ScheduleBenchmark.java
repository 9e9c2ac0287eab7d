package org.ccopt.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.PortModel;
import org.ccopt.schedule.ConflictState;
import org.ccopt.schedule.Greedy;
import org.ccopt.schedule.Schedule;
import org.ccopt.schedule.ScheduleProblem;
import org.ccopt.schedule.Switching;
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
 * The step scheduler's shared evaluator: 100,000 delta moves (a random transfer to a random step and route, as
 * HGSA's Metropolis moves are) and one full fitness count (what UMDA and MBOA pay per chromosome), on the MIN
 * paper's largest all-to-all cases. One thread.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ScheduleBenchmark {

    @Param({"fbtree:63 AAS 1", "omega:16 AAB 1", "hypercube:6 AAS all"})
    public String instance;

    private ConflictState state;
    private Schedule schedule;
    private int[] moves;
    private ScheduleProblem problem;

    @Setup
    public void setUp() {
        String[] f = instance.split(" ");
        Topology t = TopologySpec.parse(f[0]);
        problem = new ScheduleProblem(t, Collective.standard(CollectiveKind.parse(f[1]), t, 0), PortModel.parse(f[2]),
                Switching.WH, 0, 1024);
        schedule = Greedy.build(problem, 1);
        state = new ConflictState(problem, schedule.steps());
        state.load(schedule);
        SplittableRandom rnd = new SplittableRandom(1);
        moves = new int[4 * 100_000];
        for (int i = 0; i < 100_000; i++) {
            int tr = rnd.nextInt(problem.transferCount());
            int si = rnd.nextInt(problem.sources(tr).length);
            moves[4 * i] = tr;
            moves[4 * i + 1] = rnd.nextInt(schedule.steps());
            moves[4 * i + 2] = si;
            moves[4 * i + 3] = rnd.nextInt(problem.paths(problem.sources(tr)[si], problem.destination(tr)).length);
        }
    }

    @Benchmark
    public long moves100k() {
        long c = 0;
        for (int i = 0; i < moves.length; i += 4) {
            c += state.move(moves[i], moves[i + 1], moves[i + 2], moves[i + 3]);
        }
        return c;
    }

    @Benchmark
    public long fullCount() {
        return state.load(schedule);
    }
}
