package org.ccopt.util;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/** Indexed work spread over worker threads, each taking the next index as it finishes one. */
public final class Workers {

    private Workers() {
    }

    /**
     * The most worker threads any ccopt option accepts: far above the cores of one machine (threads beyond them only
     * add switching), and far below the 32,767 a {@link ForkJoinPool} can hold.
     */
    public static final int MAX_THREADS = 1024;

    /** Refuses a thread count outside 1..{@link #MAX_THREADS} with one line naming {@code parameter}. */
    public static int check(String parameter, int threads) {
        if (threads < 1 || threads > MAX_THREADS) {
            throw org.ccopt.InvalidInputException.parameter(parameter, threads + " is invalid; expected 1 to " + MAX_THREADS);
        }
        return threads;
    }

    /**
     * Runs {@code body(0..count-1)} on {@code threads} workers (the caller's thread when one suffices); returns when
     * every index is done and rethrows the first failure. Each worker calls {@code perWorker} once before its first
     * index (null for none), e.g. to set up a thread's own simulator.
     */
    public static void forEachIndex(int count, int threads, Runnable perWorker, IntConsumer body) {
        AtomicInteger next = new AtomicInteger();
        Runnable worker = () -> {
            if (perWorker != null) {
                perWorker.run();
            }
            for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                body.accept(i);
            }
        };
        int workers = Math.max(1, Math.min(threads, count));
        if (workers == 1) {
            worker.run();
            return;
        }
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
}
