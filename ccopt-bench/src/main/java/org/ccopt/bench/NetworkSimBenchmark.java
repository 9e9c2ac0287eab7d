package org.ccopt.bench;

import java.util.concurrent.TimeUnit;
import org.ccopt.flitsim.net.Destinations;
import org.ccopt.routing.RouterPorts;
import org.ccopt.flitsim.net.NetworkSimulator;
import org.ccopt.flitsim.net.OpenLoopResult;
import org.ccopt.flitsim.net.OpenLoopTraffic;
import org.ccopt.flitsim.net.RouterTiming;
import org.ccopt.routing.RoutingFunction;
import org.ccopt.routing.RoutingFunctions;
import org.ccopt.topology.spec.TopologySpec;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * The flit engine's {@code booksim} router on the networks of its cross-check and beyond, uniform random traffic at
 * 0.1 flits per terminal per cycle (the load at which BookSim's speed is compared), 4 VCs of 4 flits, 8-flit packets:
 * one operation = one open-loop run of 1,000 warm-up and 4,000 measured cycles and its drain on a reused engine.
 * The secondary result {@code routerCycles} counts routers x cycles simulated, so JMH prints router-cycles per second
 * directly ({@code experiments/engine_speed.sh} sets it beside BookSim 2's on the same machine).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class NetworkSimBenchmark {

    @Param({"mesh:8x8", "torus:8x8", "kary-ntree:4,3", "dragonfly:4,2,2"})
    public String topology;

    /** A routing function by name, or empty for the network's default (an A/B across a change of default names it). */
    @Param({""})
    public String routing;

    private NetworkSimulator engine;
    private OpenLoopTraffic traffic;
    private long seed;

    @Setup
    public void setUp() {
        RouterPorts net = new RouterPorts(TopologySpec.parse(topology));
        RoutingFunction f = RoutingFunctions.create(routing.isEmpty() ? RoutingFunctions.defaultName(net) : routing, net);
        engine = new NetworkSimulator(net, f, RouterTiming.BOOKSIM, Math.max(4, f.vcClasses()), 4);
        traffic = OpenLoopTraffic.bernoulli(new Destinations.Uniform(net.terminals()), 0.1, 8);
    }

    /** Router-cycles simulated, reported by JMH as a rate beside operations per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Work {
        public long routerCycles;
    }

    @Benchmark
    public OpenLoopResult uniformAtTenthLoad(Work work) {
        OpenLoopResult r = engine.runOpenLoop(traffic, 1_000, 4_000, 10_000, ++seed);
        work.routerCycles += r.routerCycles();
        return r;
    }
}
