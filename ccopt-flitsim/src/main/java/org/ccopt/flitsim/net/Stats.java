package org.ccopt.flitsim.net;

import java.util.Arrays;

/**
 * The counters of one flit router's run over its measurement window, shared by every router: packets created, flits
 * ejected and packets retired in the window, latencies kept for percentiles.
 */
public final class Stats {

    private int from;
    private int to;
    private long measuredCreated;
    private long measuredRetired;
    private long retired;
    private long offeredFlits;
    private long acceptedFlits;
    private long latencySum;
    private long networkSum;
    private long hopSum;
    /** Latency sums and packet counts of the measured packets created in the first and in the second half of the window. */
    private long firstSum;
    private long firstCount;
    private long secondSum;
    private long secondCount;
    private int[] latencies = new int[1024];

    public void reset() {
        measuredCreated = 0;
        measuredRetired = 0;
        retired = 0;
        offeredFlits = 0;
        acceptedFlits = 0;
        latencySum = 0;
        networkSum = 0;
        hopSum = 0;
        firstSum = 0;
        firstCount = 0;
        secondSum = 0;
        secondCount = 0;
    }

    public void window(int from, int to) {
        this.from = from;
        this.to = to;
    }

    private boolean inWindow(int c) {
        return c >= from && c < to;
    }

    /** Whether a packet created in cycle c is measured: created in the window. */
    public boolean measures(int c) {
        return inWindow(c);
    }

    /** A packet of {@code size} flits created in cycle c, measured where it is created in the window. */
    public void created(int c, int size) {
        created(c, size, inWindow(c));
    }

    /**
     * A packet created in cycle c, {@code measured} or not (a reply to a measured request is measured wherever it is
     * created); the offered load counts the flits created in the window.
     */
    public void created(int c, int size, boolean measured) {
        if (inWindow(c)) {
            offeredFlits += size;
        }
        if (measured) {
            measuredCreated++;
        }
    }

    public void ejected(int c) {
        if (inWindow(c)) {
            acceptedFlits++;
        }
    }

    /** A packet's tail ejected in cycle c, measured where it was created in the window. */
    public void retired(int created, int injected, int c, int hops) {
        retired(inWindow(created), created, injected, c, hops);
    }

    /** As {@link #retired(int, int, int, int)}, the packet {@code measured} or not. */
    public void retired(boolean measured, int created, int injected, int c, int hops) {
        retired++;
        if (!measured) {
            return;
        }
        if (measuredRetired == latencies.length) {
            latencies = Arrays.copyOf(latencies, latencies.length * 2);
        }
        int latency = c - created;
        latencies[(int) measuredRetired++] = latency;
        latencySum += latency;
        networkSum += c - injected;
        hopSum += hops;
        if (created < from + (to - from) / 2) {
            firstSum += latency;
            firstCount++;
        } else {
            secondSum += latency;
            secondCount++;
        }
    }

    /** Measured packets still in the network or their source queue. */
    public long measuredLeft() {
        return measuredCreated - measuredRetired;
    }

    /** Packets retired in the run, measured or not. */
    public long retired() {
        return retired;
    }

    public OpenLoopResult result(int terminals, long routerCycles, int windowStart, int windowEnd, boolean stable,
                                 int cycles) {
        int span = Math.min(windowEnd, cycles) - windowStart;
        double norm = (double) terminals * Math.max(span, 1);
        int n = (int) measuredRetired;
        int[] sorted = Arrays.copyOf(latencies, n);
        Arrays.sort(sorted);
        return new OpenLoopResult(offeredFlits / norm, acceptedFlits / norm, n,
                n == 0 ? Double.NaN : (double) latencySum / n, n == 0 ? 0 : sorted[0], percentile(sorted, 0.50), percentile(sorted, 0.99),
                n == 0 ? 0 : sorted[n - 1], n == 0 ? Double.NaN : (double) networkSum / n,
                n == 0 ? Double.NaN : (double) hopSum / n, stable, cycles, routerCycles,
                firstCount == 0 ? Double.NaN : (double) firstSum / firstCount,
                secondCount == 0 ? Double.NaN : (double) secondSum / secondCount);
    }

    private static int percentile(int[] sorted, double q) {
        if (sorted.length == 0) {
            return 0;
        }
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)];
    }
}
