package org.ccopt.bench;

import java.util.ArrayList;
import java.util.List;
import org.ccopt.flitsim.FlitBatch;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.flitsim.Workload;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;

/**
 * Scaling of {@link FlitBatch} over threads: 4,000 runs of the reference case (16x16 torus, brev, 2 slices) with
 * the ten VC-selection schemes, on 1..N threads, after a warm-up. Run with
 * {@code java -cp ccopt-bench/target/benchmarks.jar org.ccopt.bench.BatchScaling [maxThreads]}.
 */
public final class BatchScaling {

    private BatchScaling() {
    }

    public static void main(String[] args) {
        int maxThreads = args.length > 0 ? Integer.parseInt(args[0]) : Runtime.getRuntime().availableProcessors();
        Topology t = TopologySpec.parse("torus:16x16");
        List<FlitBatch.Case> cases = new ArrayList<>();
        for (int i = 0; i < 4000; i++) {
            cases.add(new FlitBatch.Case(RouterConfig.uniform(256, 2, 3, 4, VcSelection.values()[i % 10]),
                    new Workload(TrafficPattern.BREV.destinations(t, 1), 2, 1, 8, 8 + i % 8, null)));
        }
        FlitBatch.run(() -> new FlitSimulator(t, 3, 4), cases.subList(0, 1000), maxThreads); // warm-up
        for (int threads = 1; threads <= maxThreads; threads++) {
            long start = System.nanoTime();
            long routerCycles = FlitBatch.run(() -> new FlitSimulator(t, 3, 4), cases, threads).stream()
                    .mapToLong(r -> r.routerCycles()).sum();
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf("threads %d: %.2f s, %.3g router-cycles/s%n", threads, seconds, routerCycles / seconds);
        }
    }
}
