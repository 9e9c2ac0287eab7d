package org.ccopt.schedule;

import java.util.concurrent.atomic.AtomicBoolean;

/** A wall-clock deadline plus a stop flag (set on Ctrl-C) that every solver polls. */
public final class Budget {

    private final long deadline;
    private final AtomicBoolean stop;

    private Budget(long deadline, AtomicBoolean stop) {
        this.deadline = deadline;
        this.stop = stop;
    }

    public static Budget seconds(double seconds, AtomicBoolean stop) {
        return new Budget(System.nanoTime() + (long) (seconds * 1e9), stop);
    }

    public static Budget seconds(double seconds) {
        return seconds(seconds, new AtomicBoolean());
    }

    /** A budget that ends at the sooner of this one's deadline and {@code seconds} from now, sharing the stop flag. */
    public Budget slice(double seconds) {
        return new Budget(Math.min(deadline, System.nanoTime() + (long) (seconds * 1e9)), stop);
    }

    public boolean expired() {
        return stop.get() || System.nanoTime() >= deadline;
    }

    public boolean stopped() {
        return stop.get();
    }

    public double remainingSeconds() {
        return Math.max(0, (deadline - System.nanoTime()) / 1e9);
    }
}
