package org.ccopt.rank;

/**
 * A rank placement under evaluation, with delta evaluation of rank swaps (Cui 2024, §3.3.2: the two-opt move
 * swaps the ranks of two compute nodes).
 *
 * <p>{@code slot[r]} is the mapped node (an index into the {@link DistanceTable}) that runs rank r. The state
 * keeps every transfer's current hop count, the weighted total hops, and, when routes are given, a counter
 * per (step, channel) of the transfers whose fixed route uses that channel in that step. The <b>possible
 * contentions</b> of a placement are, summed over steps and channels, the pairs of same-step transfers whose
 * routes share the channel (C(n, 2) for n users), times the collective's weight (1 for a communication matrix,
 * whose volumes weigh only the hops); a pair sharing two channels
 * counts twice, since it can contend on both (§3.3.2: "the total number of possible contentions ... on a
 * link").
 *
 * <p>A swap of ranks a and b changes only the transfers that touch a or b, so {@link #trySwap} costs time
 * proportional to them: hops come from the distance table, contention from removing the old routes from the
 * counters and adding the new ones (removing one of n users of a channel frees n - 1 pairs, adding to n users
 * creates n). {@link #accept} keeps the swap, {@link #reject} undoes it. Nothing is allocated per move. The old
 * hop counts are kept per transfer, and on a two-way network (symmetric distances) every new one is read from the
 * table rows of the two swapped ranks, so a move touches two rows instead of one row per transfer: on the 1 GiB
 * table of 32,768 processes this keeps the lookups in cache and TLB reach.
 */
public final class PlacementState {

    private final CollectiveMix mix;
    private final DistanceTable distances;
    private final RouteTable routes;
    private final int[] slot;
    private final byte[] hop;
    private final int[] counts;
    private final int channels;
    private final boolean symmetric;
    private long totalHops;
    private long contention;

    // the pending swap
    private final int[] touched;
    private final int[] touchedOther;
    private final int[] touchedWeight;
    private final int[] newHop;
    private int touchedCount;
    private int pendingA = -1;
    private int pendingB = -1;
    private long pendingHops;
    private long pendingContention;

    /**
     * @param routes null unless the contention objective is used
     * @param slots  the mapped node of every rank (copied)
     */
    public PlacementState(CollectiveMix mix, DistanceTable distances, RouteTable routes, int[] slots) {
        this.mix = mix;
        this.distances = distances;
        this.routes = routes;
        this.slot = slots.clone();
        this.hop = new byte[mix.transferCount()];
        this.symmetric = distances.symmetric();
        this.channels = routes == null ? 0 : routes.channelCount();
        this.counts = routes == null ? null : new int[mix.steps() * channels];
        int cap = 2 * mix.maxIncident();
        this.touched = new int[cap];
        this.newHop = new int[cap];
        this.touchedOther = new int[cap];
        this.touchedWeight = new int[cap];
        reset(slots);
    }

    /** Sets every rank's slot and recomputes everything from scratch. */
    public void reset(int[] slots) {
        System.arraycopy(slots, 0, slot, 0, slot.length);
        pendingA = -1;
        totalHops = 0;
        for (int t = 0; t < hop.length; t++) {
            int d = distances.distance(slot[mix.source[t]], slot[mix.destination[t]]);
            if (d < 0) {
                throw new org.ccopt.InvalidInputException("mapped node " + slot[mix.destination[t]]
                        + " is unreachable from mapped node " + slot[mix.source[t]] + "; expected a connected network");
            }
            hop[t] = (byte) d;
            totalHops += (long) mix.weight[t] * d;
        }
        if (counts != null) {
            java.util.Arrays.fill(counts, 0);
            contention = 0;
            for (int t = 0; t < hop.length; t++) {
                contention += addRoute(t);
            }
        }
    }

    /** Total hops of another placement, computed from scratch without changing this state. */
    long hopsOf(int[] slots) {
        long sum = 0;
        for (int t = 0; t < hop.length; t++) {
            sum += (long) mix.weight[t] * distances.distance(slots[mix.source[t]], slots[mix.destination[t]]);
        }
        return sum;
    }

    public long totalHops() {
        return totalHops;
    }

    /** Weighted possible contentions; 0 when no routes were given. */
    public long contention() {
        return contention;
    }

    boolean tracksContention() {
        return counts != null;
    }

    /** The mapped-node index of rank r. */
    public int slot(int rank) {
        return slot[rank];
    }

    /** A copy of the slot of every rank. */
    public int[] slots() {
        return slot.clone();
    }

    /**
     * Swaps the slots of ranks a and b (a != b) and returns the change of total hops; {@link #contentionDelta()}
     * gives the change of contention. Must be followed by {@link #accept} or {@link #reject}.
     */
    long trySwap(int a, int b) {
        int n = 0;
        for (int i = mix.incidentStart[a], end = mix.incidentStart[a + 1]; i < end; i++) {
            touched[n] = mix.incident[i];
            touchedOther[n] = mix.incidentOther[i];
            touchedWeight[n++] = mix.incidentWeight[i];
        }
        int fromA = n;
        for (int i = mix.incidentStart[b], end = mix.incidentStart[b + 1]; i < end; i++) {
            if (mix.incidentOther[i] != a) {
                touched[n] = mix.incident[i];
                touchedOther[n] = mix.incidentOther[i];
                touchedWeight[n++] = mix.incidentWeight[i];
            }
        }
        touchedCount = n;
        long dc = 0;
        if (counts != null) {
            for (int k = 0; k < n; k++) {
                dc -= removeRoute(touched[k]);
            }
        }
        int sa = slot[a];
        slot[a] = slot[b];
        slot[b] = sa;
        long dh = 0;
        if (symmetric) {
            // read the rows of the two swapped ranks only: two rows of the table per move
            int rowA = slot[a];
            int rowB = slot[b];
            for (int k = 0; k < n; k++) {
                int d = distances.distance(k < fromA ? rowA : rowB, slot[touchedOther[k]]);
                newHop[k] = d;
                dh += (long) touchedWeight[k] * (d - hop[touched[k]]);
            }
        } else {
            for (int k = 0; k < n; k++) {
                int t = touched[k];
                int d = distances.distance(slot[mix.source[t]], slot[mix.destination[t]]);
                newHop[k] = d;
                dh += (long) touchedWeight[k] * (d - hop[t]);
            }
        }
        if (counts != null) {
            for (int k = 0; k < n; k++) {
                dc += addRoute(touched[k]);
            }
        }
        pendingA = a;
        pendingB = b;
        pendingHops = dh;
        pendingContention = dc;
        return dh;
    }

    /** The contention change of the pending swap. */
    long contentionDelta() {
        return pendingContention;
    }

    public void accept() {
        for (int k = 0; k < touchedCount; k++) {
            hop[touched[k]] = (byte) newHop[k];
        }
        totalHops += pendingHops;
        contention += pendingContention;
        pendingA = -1;
    }

    void reject() {
        if (counts != null) {
            for (int k = 0; k < touchedCount; k++) {
                removeRoute(touched[k]);
            }
        }
        int sa = slot[pendingA];
        slot[pendingA] = slot[pendingB];
        slot[pendingB] = sa;
        if (counts != null) {
            for (int k = 0; k < touchedCount; k++) {
                addRoute(touched[k]);
            }
        }
        pendingA = -1;
    }

    /** Adds transfer t's current route to the counters; returns the weighted pairs it creates. */
    private long addRoute(int t) {
        int from = slot[mix.source[t]];
        int to = slot[mix.destination[t]];
        int base = mix.step[t] * channels;
        long pairs = 0;
        for (int i = routes.start(from, to), end = routes.end(from, to); i < end; i++) {
            pairs += counts[base + routes.channel(i)]++;
        }
        return pairs * mix.pairWeight[t];
    }

    /** Removes transfer t's current route from the counters; returns the weighted pairs it frees. */
    private long removeRoute(int t) {
        int from = slot[mix.source[t]];
        int to = slot[mix.destination[t]];
        int base = mix.step[t] * channels;
        long pairs = 0;
        for (int i = routes.start(from, to), end = routes.end(from, to); i < end; i++) {
            pairs += --counts[base + routes.channel(i)];
        }
        return pairs * mix.pairWeight[t];
    }

    /**
     * Recomputes hops and contention from scratch and fails on any difference from the incrementally kept
     * values (the check mode).
     */
    void verify() {
        long hops = 0;
        for (int t = 0; t < hop.length; t++) {
            int d = distances.distance(slot[mix.source[t]], slot[mix.destination[t]]);
            if (d != hop[t]) {
                throw new IllegalStateException("check mode: transfer " + t + " keeps " + hop[t] + " hops, recomputed " + d);
            }
            hops += (long) mix.weight[t] * d;
        }
        if (hops != totalHops) {
            throw new IllegalStateException("check mode: total hops kept " + totalHops + ", recomputed " + hops);
        }
        if (counts != null) {
            int[] fresh = new int[counts.length];
            long pairs = 0;
            for (int t = 0; t < hop.length; t++) {
                int from = slot[mix.source[t]];
                int to = slot[mix.destination[t]];
                int base = mix.step[t] * channels;
                for (int i = routes.start(from, to); i < routes.end(from, to); i++) {
                    pairs += (long) mix.pairWeight[t] * fresh[base + routes.channel(i)]++;
                }
            }
            if (!java.util.Arrays.equals(fresh, counts) || pairs != contention) {
                throw new IllegalStateException("check mode: contention kept " + contention + ", recomputed " + pairs);
            }
        }
    }
}
