package org.ccopt.cli;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A line on a timer, for a long command whose output is redirected (no progress bar shows): every {@code seconds}, on
 * a daemon thread, until closed, so that a batch job's log shows the command is alive however long one step takes.
 */
final class Heartbeat implements AutoCloseable {

    /**
     * Seconds between the lines of a redirected long command: a minute, or the system property
     * {@code ccopt.progress.seconds} (tests shorten it).
     */
    static volatile double seconds = Double.parseDouble(System.getProperty("ccopt.progress.seconds",
            Integer.toString(ResumableRun.Progress.AUTO_SECONDS)));

    private final ScheduledExecutorService timer;

    private Heartbeat(double seconds, Runnable line) {
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ccopt-progress");
            t.setDaemon(true);
            return t;
        });
        long every = Math.max(1, Math.round(seconds * 1000));
        timer.scheduleAtFixedRate(line, every, every, TimeUnit.MILLISECONDS);
    }

    /** Runs {@code line} every {@code seconds} until {@link #close}. */
    static Heartbeat every(double seconds, Runnable line) {
        return new Heartbeat(seconds, line);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
