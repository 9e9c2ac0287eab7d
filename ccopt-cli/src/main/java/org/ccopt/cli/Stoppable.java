package org.ccopt.cli;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs a search so that Ctrl-C stops it instead of killing the JVM: a shutdown hook sets the stop flag the search
 * polls and waits (up to 10 s) for the search to print the best it has found.
 */
final class Stoppable {

    /** A search that polls its stop flag and prints what it found. */
    interface Search {
        void run(AtomicBoolean stop) throws IOException;
    }

    private Stoppable() {
    }

    static void run(Search search) throws IOException {
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch done = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stop.set(true);
            try {
                done.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            search.run(stop);
        } finally {
            done.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is already running and waits for this output
            }
        }
    }
}
