package org.ccopt.flitsim;

import org.ccopt.InvalidInputException;

/**
 * Simple stacking's interval sweep (Yokota et al. 2023, §4.1): the same sliced workload at every inter-slice interval
 * V of a range, keeping the shortest run (the first on a tie).
 *
 * @param durations the duration at each V of the range, in order
 * @param best      the V of the shortest run
 */
public record IntervalSweep(int from, int to, int[] durations, int best) {

    /** The longest interval a sweep accepts. */
    public static final int MAX_INTERVAL = 100_000;

    /** Runs {@code workload} at every interval from {@code from} to {@code to} on {@code sim}. */
    public static IntervalSweep run(FlitRouter sim, RouterConfig config, Workload workload, int from, int to) {
        if (from < 0 || from > to || to > MAX_INTERVAL) {
            throw InvalidInputException.parameter("sweep-interval", from + ":" + to + " is invalid; expected FROM:TO with "
                    + "0 <= FROM <= TO <= " + MAX_INTERVAL);
        }
        if (workload.slices() < 2) {
            throw InvalidInputException.parameter("sweep-interval", "needs --slices >= 2; got --slices " + workload.slices());
        }
        int[] intervals = new int[to - from + 1];
        for (int v = from; v <= to; v++) {
            intervals[v - from] = v;
        }
        // the runs share their cycles before the second slice's release (FlitSimulator#runIntervals)
        SimResult[] runs = sim.runIntervals(config, workload, intervals, Integer.MAX_VALUE, false);
        int[] durations = new int[runs.length];
        int best = from;
        for (int v = from; v <= to; v++) {
            durations[v - from] = runs[v - from].durationCycles();
            best = durations[v - from] < durations[best - from] ? v : best;
        }
        return new IntervalSweep(from, to, durations, best);
    }

    /** FROM:TO, two integers, or one line naming the option. */
    public static int[] parseRange(String text) {
        String[] parts = text.split(":", -1);
        try {
            if (parts.length == 2) {
                return new int[] {Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim())};
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw InvalidInputException.parameter("sweep-interval", "'" + text + "' is invalid; expected FROM:TO with "
                + "0 <= FROM <= TO <= " + MAX_INTERVAL);
    }
}
