package org.ccopt.schedule;

import java.util.concurrent.atomic.AtomicBoolean;
import org.ccopt.InvalidInputException;

/**
 * A wall-clock allowance plus a stop flag (set on Ctrl-C) that every solver polls. Time is kept as a start and a
 * length in nanoseconds and compared by difference, so no allowance, however long, overflows.
 */
public final class Budget {

    private final long start;
    private final long nanos;
    private final AtomicBoolean stop;
    private final long evaluations;
    /** The allowance the search was given as a whole (a slice keeps its parent's): a fixed input, not a measurement. */
    private final long allowed;
    /** CP-SAT's deterministic time limit per solve, in its deterministic seconds; infinite when not set. */
    private final double deterministic;

    private Budget(long start, long nanos, AtomicBoolean stop, long evaluations, long allowed, double deterministic) {
        this.start = start;
        this.nanos = nanos;
        this.stop = stop;
        this.evaluations = evaluations;
        this.allowed = allowed;
        this.deterministic = deterministic;
    }

    /**
     * This budget with a limit on each CP-SAT solve in CP-SAT's deterministic time (a count of work, the same on any
     * machine) as well: with ccopt's one worker and seed, a solve that must end by it gives the same answer anywhere,
     * as long as the wall-clock allowance is long enough.
     */
    public Budget withDeterministicTime(double seconds) {
        if (!(seconds > 0)) {
            throw new InvalidInputException("deterministic time " + seconds + " is invalid; expected above 0");
        }
        return new Budget(start, nanos, stop, evaluations, allowed, seconds);
    }

    /** The deterministic time limit of a CP-SAT solve, or infinity. */
    double deterministicSeconds() {
        return deterministic;
    }

    /**
     * This budget with a cap on the evaluations of an evolutionary search as well (each search checks it at its
     * generation or exchange boundaries): a search that must end by its evaluation count gives the same result on any
     * machine, as long as the time allowance is long enough.
     */
    public Budget withEvaluations(long max) {
        if (max < 1) {
            throw InvalidInputException.parameter("max-evaluations", max + " is invalid; expected 1 or more");
        }
        return new Budget(start, nanos, stop, max, allowed, deterministic);
    }

    /**
     * This budget with at most {@code maxEvaluations} evaluations a search and {@code deterministicSeconds} a CP-SAT
     * solve, or this budget's own limits where they are smaller: a short first try whose end does not depend on the
     * machine's speed.
     */
    Budget capped(long maxEvaluations, double deterministicSeconds) {
        return new Budget(start, nanos, stop, Math.min(evaluations, maxEvaluations), allowed,
                Math.min(deterministic, deterministicSeconds));
    }

    /** Time is up, the run was stopped, or a search has made {@code used} evaluations of at most the cap. */
    boolean exhausted(long used) {
        return used >= evaluations || expired();
    }

    /** The longest time limit accepted (a week). */
    public static final double MAX_SECONDS = 7 * 86400;

    /** A time limit with its unit: {@code 500ms}, {@code 60s}, {@code 5m}, {@code 2h}; positive, at most a week. */
    public static double parseLimit(String text) {
        double v = org.ccopt.util.Durations.seconds(text, true);
        if (v > 0 && v <= MAX_SECONDS) {
            return v;
        }
        throw new InvalidInputException("bad time limit '" + text + "'; expected a positive duration with its unit, "
                + "at most 168h, like 500ms, 60s, 5m or 2h");
    }

    public static Budget seconds(double seconds, AtomicBoolean stop) {
        return new Budget(System.nanoTime(), nanos(seconds), stop, Long.MAX_VALUE, nanos(seconds), Double.POSITIVE_INFINITY);
    }

    public static Budget seconds(double seconds) {
        return seconds(seconds, new AtomicBoolean());
    }

    /** A budget that ends at the sooner of this one's end and {@code seconds} from now, sharing the stop flag. */
    public Budget slice(double seconds) {
        long now = System.nanoTime();
        return new Budget(now, Math.min(Math.max(0, nanos - (now - start)), nanos(seconds)), stop, evaluations, allowed,
                deterministic);
    }

    boolean expired() {
        return stop.get() || System.nanoTime() - start >= nanos;
    }

    boolean stopped() {
        return stop.get();
    }

    /**
     * The seconds the whole search was allowed (its {@code --time-limit}), whatever has been used: decisions that must
     * not depend on the machine's speed, such as whether a model is small enough to try, are taken against it.
     */
    public double allowedSeconds() {
        return allowed / 1e9;
    }

    public double remainingSeconds() {
        return Math.max(0, nanos - (System.nanoTime() - start)) / 1e9;
    }

    /** Seconds as nanoseconds, saturating at a century; NaN and negative values are refused. */
    private static long nanos(double seconds) {
        if (!(seconds >= 0)) {
            throw new InvalidInputException("time budget " + seconds + " s is invalid; expected >= 0 seconds");
        }
        return (long) Math.min(seconds * 1e9, 100 * 365.25 * 86400 * 1e9);
    }
}
