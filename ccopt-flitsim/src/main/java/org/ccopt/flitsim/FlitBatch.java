package org.ccopt.flitsim;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

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
        AtomicInteger next = new AtomicInteger();
        Runnable worker = () -> {
            FlitSimulator sim = simulators.get();
            for (int i = next.getAndIncrement(); i < results.length; i = next.getAndIncrement()) {
                Case c = cases.get(i);
                results[i] = sim.run(c.config(), c.workload());
            }
        };
        int workers = Math.max(1, Math.min(threads, cases.size()));
        if (workers == 1) {
            worker.run();
        } else {
            ForkJoinPool pool = new ForkJoinPool(workers);
            try {
                List<Future<?>> futures = new ArrayList<>();
                for (int w = 0; w < workers; w++) {
                    futures.add(pool.submit(worker));
                }
                for (Future<?> f : futures) {
                    f.get();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                throw new IllegalStateException(e.getCause());
            } finally {
                pool.shutdown();
            }
        }
        return List.of(results);
    }
}
