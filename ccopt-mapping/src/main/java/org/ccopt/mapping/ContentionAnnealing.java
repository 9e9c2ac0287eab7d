package org.ccopt.mapping;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.LinkLoadBound;
import org.ccopt.util.Permutations;

/**
 * ccopt's mapping search that runs no simulation (not in Yokota et al. 2018): simulated annealing (Kirkpatrick,
 * Gelatt and Vecchi 1983) over swaps of two physical nodes' logical addresses, minimising a contention surrogate
 * read off the simulator's routes ({@link LinkLoadBound}):
 * <ol>
 *   <li>shared channels: for every pattern and channel, the flows through it beyond the first. Two flows on one link
 *       make the link carry twice a node's flits, which is what holds the 2018 GA's results at about twice the
 *       34-cycle pattern minimum (a link-load bound no injection plan beats);
 *   <li>the longest route of every pattern: a pattern without shared channels lasts about its per-node flits plus its
 *       longest route plus one;
 *   <li>the total hop count, the paper's avg.hop criterion.
 * </ol>
 * The surrogate is {@value #SHARED} x (1) + {@value #LONGEST} x (2) + (3). The temperature falls geometrically from
 * {@value #T0} to 1 over the run (the surrogate's units: early on, accepting one more shared channel is likely, at
 * the end only hop changes are). Geometric cooling spends more of the run at low temperatures than linear cooling;
 * it was chosen during development, when on the fifteen pairs of the 2018 paper (32 candidates, 4 rounds, 10,000
 * simulations) the joint method ended at or below the 2018 GA on all fifteen with it and on fourteen with linear
 * cooling (bcmp,trns: 71 against 70). Linear cooling is not an option, so that comparison has no command. A run is
 * a pure function of its start, iteration count and random stream.
 */
public final class ContentionAnnealing {

    static final long SHARED = 1000;
    static final long LONGEST = 50;
    static final double T0 = 2000;

    private final LinkLoadBound routes;
    private final int[][] patterns;
    private final int n;

    public ContentionAnnealing(LinkLoadBound routes, int[][] patterns) {
        this.routes = routes;
        this.patterns = patterns;
        this.n = patterns[0].length;
    }

    /** The surrogate of {@code mapping} (logical address per physical node). */
    public long score(int[] mapping) {
        return score(mapping, new int[n], new int[routes.channels()]);
    }

    private long score(int[] mapping, int[] position, int[] load) {
        for (int p = 0; p < n; p++) {
            position[mapping[p]] = p;
        }
        long shared = 0;
        long longest = 0;
        long hops = 0;
        for (int[] pattern : patterns) {
            Arrays.fill(load, 0);
            int far = 0;
            for (int a = 0; a < n; a++) {
                int b = position[pattern[mapping[a]]];
                int len = routes.routeLength(a, b);
                for (int i = 0; i < len; i++) {
                    if (load[routes.routeChannel(a, b, i)]++ > 0) {
                        shared++;
                    }
                }
                far = Math.max(far, len);
                hops += Math.max(0, len - 1);
            }
            longest += far;
        }
        return SHARED * shared + LONGEST * longest + hops;
    }

    /** Anneals from {@code start} for {@code iterations} proposed swaps; the best mapping met. */
    public int[] anneal(int[] start, long iterations, SplittableRandom rnd) {
        if (!Permutations.isPermutation(start, n)) {
            throw new InvalidInputException("the start mapping is not a permutation of 0.." + (n - 1));
        }
        if (iterations < 0) {
            throw InvalidInputException.parameter("anneal-iterations", iterations + " is invalid; expected >= 0");
        }
        int[] position = new int[n];
        int[] load = new int[routes.channels()];
        int[] m = start.clone();
        long current = score(m, position, load);
        long best = current;
        int[] bestMapping = m.clone();
        for (long it = 0; it < iterations && n > 1; it++) {
            double temperature = T0 * Math.pow(1 / T0, (double) it / iterations); // geometric cooling, T0 to 1
            int x = rnd.nextInt(n);
            int y = rnd.nextInt(n - 1);
            y += y >= x ? 1 : 0;
            swap(m, x, y);
            long s = score(m, position, load);
            if (s <= current || rnd.nextDouble() < Math.exp((current - s) / temperature)) {
                current = s;
                if (s < best) {
                    best = s;
                    System.arraycopy(m, 0, bestMapping, 0, n);
                }
            } else {
                swap(m, x, y);
            }
        }
        return bestMapping;
    }

    private static void swap(int[] m, int x, int y) {
        int t = m[x];
        m[x] = m[y];
        m[y] = t;
    }
}
