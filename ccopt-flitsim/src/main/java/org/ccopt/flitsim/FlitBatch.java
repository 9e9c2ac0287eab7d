package org.ccopt.flitsim;

import java.util.List;
import java.util.function.Supplier;
import org.ccopt.util.Workers;

/**
 * Evaluates many (router configuration, workload) cases on several threads, one reused {@link FlitSimulator}
 * per worker. Results come back in case order, and each is a pure function of its case, so the output is the
 * same whatever the thread count.
 */
public final class FlitBatch {

    /** One case to simulate. */
    public record Case(RouterConfig config, Workload workload) {
    }

    private FlitBatch() {
    }

    public static List<SimResult> run(Supplier<FlitSimulator> simulators, List<Case> cases, int threads) {
        SimResult[] results = new SimResult[cases.size()];
        ThreadLocal<FlitSimulator> own = new ThreadLocal<>();
        Workers.forEachIndex(results.length, threads, () -> own.set(simulators.get()), i -> {
            Case c = cases.get(i);
            results[i] = own.get().run(c.config(), c.workload());
        });
        return List.of(results);
    }
}
