package org.ccopt.schedule;

import java.util.SplittableRandom;

/**
 * ccopt's own local search for a fixed step count: min-conflicts (Minton et al. 1992) with a tabu list in the
 * manner of TabuCol for graph colouring (Hertz and de Werra 1987; tenure 0.6 x conflicting + U(0..9), Galinier
 * and Hao 1999) and a little random walk, on the conflict model of {@link ConflictState}. It is not one of the
 * papers' algorithms; {@code auto} uses it because the conflict state knows the conflicting transfers at all times.
 *
 * <p>Each iteration takes a random conflicting transfer and moves it where the schedule gets the fewest
 * conflicts, over
 * <ul>
 *   <li>every step and up to {@value #ROUTES} of its routes (its current one and random others), and
 *   <li>for scatters (and broadcasts without relays), swapping steps with a transfer of the same sender: the
 *       MIN paper's time-slot swap (§4.4), which keeps the sender's injections per step unchanged.
 * </ul>
 * Moving a transfer back to a step it just left is tabu for the tenure unless it gives a new best schedule;
 * ties are broken at random. With probability {@code noise} the transfer goes to a random step and route instead.
 * The search stops at cost 0 or when the budget ends (its time, or its evaluation cap as a count of iterations),
 * returning the lowest-cost schedule seen.
 */
final class MinConflicts {

    static final int ROUTES = 32;
    public static final double DEFAULT_NOISE = 0.01;
    /** Tabu lists larger than this many (transfer, step) entries are not kept. */
    private static final long MAX_TABU = 50_000_000L;

    private MinConflicts() {
    }

    public static Attempt run(ScheduleProblem p, int steps, Schedule start, Budget budget, long seed, double noise) {
        long t0 = System.nanoTime();
        SplittableRandom rnd = new SplittableRandom(seed);
        Schedule init = start.withSteps(steps);
        for (int t = 0; t < init.transferCount(); t++) {
            if (init.step[t] >= steps) {
                init.step[t] = rnd.nextInt(steps);
            }
        }
        int n = p.transferCount();
        ConflictState st = new ConflictState(p, steps);
        long cost = st.load(init);
        long best = cost;
        Schedule bestSchedule = st.snapshot();
        long[] tabu = (long) n * steps <= MAX_TABU ? new long[n * steps] : null;
        long evaluations = 0;
        int[] candSrc = new int[ROUTES];
        int[] candPath = new int[ROUTES];
        boolean swaps = !p.relays();
        long iteration = 0;
        while (cost > 0) {
            if (budget.exhausted(iteration)) { // an evaluation cap counts iterations
                break;
            }
            iteration++;
            int t = st.conflicting(rnd.nextInt(st.conflictingCount()));
            int oldStep = st.step(t);
            int oldSrc = st.sourceIndex(t);
            int oldPath = st.pathIndex(t);
            int[] sources = p.sources(t);
            int d = p.destination(t);
            if (rnd.nextDouble() < noise) {
                int si = rnd.nextInt(sources.length);
                cost = st.move(t, rnd.nextInt(steps), si, rnd.nextInt(p.paths(sources[si], d).length));
                continue;
            }
            st.remove(t);
            long base = st.cost();
            int routes = routes(p, t, oldSrc, oldPath, candSrc, candPath, rnd);
            long bestTotal = Long.MAX_VALUE;
            int ties = 0;
            int cs = oldStep;
            int csrc = oldSrc;
            int cpath = oldPath;
            int swapWith = -1;
            for (int r = 0; r < routes; r++) {
                boolean same = candSrc[r] == oldSrc && candPath[r] == oldPath;
                for (int s = 0; s < steps; s++) {
                    if (same && s == oldStep) {
                        continue;
                    }
                    long total = base + st.insertCost(t, s, candSrc[r], candPath[r]);
                    evaluations++;
                    if (tabu != null && tabu[t * steps + s] > iteration && total >= best) {
                        continue;
                    }
                    if (total < bestTotal) {
                        bestTotal = total;
                        ties = 1;
                        cs = s;
                        csrc = candSrc[r];
                        cpath = candPath[r];
                    } else if (total == bestTotal && rnd.nextInt(++ties) == 0) {
                        cs = s;
                        csrc = candSrc[r];
                        cpath = candPath[r];
                    }
                }
            }
            st.insert(t, oldStep, oldSrc, oldPath);
            if (swaps) {
                int f = sources[oldSrc];
                for (int s = 0; s < steps; s++) {
                    int u = s == oldStep ? -1 : st.sendOccupant(s, f);
                    if (u < 0) {
                        continue;
                    }
                    long total = swapped(st, t, u);
                    evaluations++;
                    swapped(st, t, u);
                    if (tabu != null && tabu[t * steps + s] > iteration && total >= best) {
                        continue;
                    }
                    if (total < bestTotal || (total == bestTotal && rnd.nextInt(++ties) == 0)) {
                        if (total < bestTotal) {
                            ties = 1;
                        }
                        bestTotal = total;
                        swapWith = u;
                    }
                }
            }
            if (bestTotal == Long.MAX_VALUE) {
                continue; // every move tabu
            }
            if (swapWith >= 0) {
                cost = swapped(st, t, swapWith);
            } else {
                cost = st.move(t, cs, csrc, cpath);
            }
            if (tabu != null) {
                tabu[t * steps + oldStep] = iteration + (long) (0.6 * st.conflictingCount()) + rnd.nextInt(10);
            }
            if (cost < best) {
                best = cost;
                bestSchedule = st.snapshot();
            }
        }
        return new Attempt("min-conflicts", steps, best == 0 ? Attempt.Outcome.FOUND : Attempt.Outcome.UNKNOWN,
                bestSchedule, best, evaluations, (System.nanoTime() - t0) / 1e9);
    }

    /** Exchanges the steps of transfers t and u (applying it twice undoes it); returns the new cost. */
    private static long swapped(ConflictState st, int t, int u) {
        int ts = st.step(t);
        int us = st.step(u);
        st.remove(t);
        st.remove(u);
        st.insert(t, us, st.sourceIndex(t), st.pathIndex(t));
        st.insert(u, ts, st.sourceIndex(u), st.pathIndex(u));
        return st.cost();
    }

    /** Fills the candidate routes of t: all of them when few, else the current one and random others. */
    static int routes(ScheduleProblem p, int t, int curSrc, int curPath, int[] candSrc, int[] candPath,
                      SplittableRandom rnd) {
        int[] sources = p.sources(t);
        int d = p.destination(t);
        int total = 0;
        for (int f : sources) {
            total += p.paths(f, d).length;
            if (total > candSrc.length) {
                break;
            }
        }
        int k = 0;
        if (total <= candSrc.length) {
            for (int si = 0; si < sources.length; si++) {
                for (int pi = 0; pi < p.paths(sources[si], d).length; pi++) {
                    candSrc[k] = si;
                    candPath[k++] = pi;
                }
            }
            return k;
        }
        candSrc[k] = curSrc;
        candPath[k++] = curPath;
        while (k < candSrc.length) {
            int si = rnd.nextInt(sources.length);
            candSrc[k] = si;
            candPath[k++] = rnd.nextInt(p.paths(sources[si], d).length);
        }
        return k;
    }
}
