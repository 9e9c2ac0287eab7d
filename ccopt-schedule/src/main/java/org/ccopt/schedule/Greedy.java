package org.ccopt.schedule;

import java.util.SplittableRandom;

/**
 * First-fit construction of a conflict-free schedule: ccopt's upper bound and the start of the local search.
 *
 * <p>Scatters: transfers in random order, longest routes first; each goes to the earliest step in which one of its
 * routes finds every channel and both port cells free (list scheduling on the conflict model of Jaros, Ohlidal,
 * Dvorak 2007, §2). Broadcasts: step by step, every undelivered transfer is tried in random order from each node
 * that held the message before the step, so the schedule is admissible by construction. Both always finish:
 * a new step always has room for at least one transfer.
 */
public final class Greedy {

    /** Routes tried per transfer and step before moving on (all of them when fewer). */
    private static final int ROUTE_TRIES = 64;
    /** Sources tried per transfer and step. */
    private static final int SOURCE_TRIES = 8;

    private Greedy() {
    }

    /** A conflict-free schedule with no empty steps. */
    public static Schedule build(ScheduleProblem p, long seed) {
        return build(p, seed, null);
    }

    /**
     * {@link #build(ScheduleProblem, long)} within {@code budget} (null: none): the construction every solver starts
     * from checks it as it places transfers and, once it has expired, stops with one line saying how far it got, so
     * that --time-limit holds on a problem too large to construct in it.
     */
    public static Schedule build(ScheduleProblem p, long seed, Budget budget) {
        int cap = Math.max(4, 2 * p.maxPathLength() + 8);
        while (true) {
            Schedule s = p.relays() ? broadcast(p, cap, seed, budget) : scatter(p, cap, seed, budget);
            if (s != null) {
                return s.compacted();
            }
            cap *= 2;
        }
    }

    /** Refuses, in one line, a construction whose budget has expired after {@code placed} of its transfers. */
    private static void check(Budget budget, ScheduleProblem p, int placed) {
        if (budget != null && budget.expired()) {
            throw new org.ccopt.InvalidInputException("the greedy construction every solver starts from placed " + placed
                    + " of " + p.transferCount() + " transfers within the time limit; expected a longer --time-limit or a "
                    + "smaller problem");
        }
    }

    private static Schedule scatter(ScheduleProblem p, int cap, long seed, Budget budget) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int n = p.transferCount();
        int[] order = shuffled(n, rnd);
        // stable sort by descending route length (counting sort over lengths)
        int maxLen = p.maxPathLength();
        int[] byLen = new int[n];
        int k = 0;
        for (int len = maxLen; len >= 0; len--) {
            for (int t : order) {
                if (p.paths(p.sources(t)[0], p.destination(t))[0].length == len) {
                    byLen[k++] = t;
                }
            }
        }
        ConflictState st = new ConflictState(p, cap);
        st.clear();
        int placed = 0;
        for (int t : byLen) {
            if ((placed++ & 1023) == 0) {
                check(budget, p, placed - 1);
            }
            if (!place(p, st, t, 0, cap, rnd)) {
                return null;
            }
        }
        return st.snapshot();
    }

    private static Schedule broadcast(ScheduleProblem p, int cap, long seed, Budget budget) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int n = p.transferCount();
        ConflictState st = new ConflictState(p, cap);
        st.clear();
        int left = n;
        for (int s = 0; s < cap && left > 0; s++) {
            check(budget, p, n - left);
            for (int t : shuffled(n, rnd)) {
                if (!st.placed(t) && place(p, st, t, s, s + 1, rnd)) {
                    left--;
                }
            }
        }
        return left == 0 ? st.snapshot() : null;
    }

    /**
     * Places transfer t at the earliest free step in [from, to) over its admissible routes; false if none. Per
     * step it tries up to {@value #SOURCE_TRIES} sources that hold the message, from a random one on, and up to
     * {@value #ROUTE_TRIES} paths of each.
     */
    private static boolean place(ScheduleProblem p, ConflictState st, int t, int from, int to, SplittableRandom rnd) {
        int[] sources = p.sources(t);
        int d = p.destination(t);
        int m = p.message(t);
        for (int s = from; s < to; s++) {
            int srcStart = rnd.nextInt(sources.length);
            int tried = 0;
            for (int i = 0; i < sources.length && tried < SOURCE_TRIES; i++) {
                int si = (srcStart + i) % sources.length;
                int f = sources[si];
                if (f != p.sender(m)) {
                    int h = p.transferOf(m, f);
                    if (!st.placed(h) || st.step(h) >= s) {
                        continue;
                    }
                }
                tried++;
                int count = p.paths(f, d).length;
                int tries = Math.min(count, p.relays() ? ROUTE_TRIES / 8 : ROUTE_TRIES);
                int start = rnd.nextInt(count);
                for (int j = 0; j < tries; j++) {
                    int pi = (start + j) % count;
                    if (st.insertCost(t, s, si, pi) == 0) {
                        st.insert(t, s, si, pi);
                        return true;
                    }
                }
            }
        }
        return false;
    }

    static int[] shuffled(int n, SplittableRandom rnd) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int x = a[i];
            a[i] = a[j];
            a[j] = x;
        }
        return a;
    }
}
