package org.ccopt.schedule;

import java.util.Arrays;
import org.ccopt.topology.metrics.HopDistances;

/**
 * All-to-all broadcast in P-1 steps by a ring pipeline: order the terminals in a cycle v_0 .. v_{P-1}; in step j
 * every v_i forwards to v_{i+1} the message it got in step j-1 (in step 1 its own). Each node sends and receives
 * one message per step, so this meets the 1-port bound P-1, provided that the cyclic shift v_i -&gt; v_{i+1} can be
 * routed without a shared channel; then every step uses those same routes. It is the classic ring algorithm of
 * all-gather (e.g. Thakur, Rabenseifner and Gropp 2005) laid onto the network.
 *
 * <p>Cycles tried: nearest-neighbour tours by hop distance from every start terminal, each improved by 2-opt on the
 * total hops, and the terminal id order; the first whose shift the per-step CP-SAT model of {@link LatinScatter}
 * routes wins. On a grid with a Hamiltonian cycle, on trees with the leaves in order and on rings of routers with
 * several processors each, a conflict-free cycle exists.
 */
final class RingBroadcast {

    private RingBroadcast() {
    }

    /**
     * True for an all-to-all broadcast with relays among every terminal (under store-and-forward only cycles whose
     * consecutive terminals are neighbours qualify).
     */
    public static boolean applies(ScheduleProblem p) {
        return p.relays() && p.amongAllTerminals() && p.topology().terminalCount() > 2;
    }

    public static Attempt run(ScheduleProblem p, Budget budget, long seed) {
        long t0 = System.nanoTime();
        int n = p.topology().terminalCount();
        HopDistances hops = new HopDistances(p.topology());
        int[] identity = new int[n];
        for (int i = 0; i < n; i++) {
            identity[i] = i;
        }
        java.util.Set<String> tried = new java.util.HashSet<>();
        for (int start = -1; start < n && !budget.expired(); start++) {
            int[] cycle = start < 0 ? identity : twoOpt(nearestNeighbour(start, n, hops), hops);
            if (!tried.add(Arrays.toString(canonical(cycle))) || (p.switching() == Switching.SF && !adjacent(p, cycle))) {
                continue;
            }
            int[] route = routeShift(p, cycle, budget, seed);
            if (route != null) {
                return new Attempt("ring pipeline", n - 1, Attempt.Outcome.FOUND, schedule(p, cycle, route), 0, 0,
                        (System.nanoTime() - t0) / 1e9);
            }
        }
        return new Attempt("ring pipeline", n - 1, Attempt.Outcome.UNKNOWN, null, -1, 0, (System.nanoTime() - t0) / 1e9);
    }

    /** In step j (0-based), v_i forwards the message of v_{i-j} to v_{i+1}, along the shift's route from v_i. */
    private static Schedule schedule(ScheduleProblem p, int[] cycle, int[] route) {
        int n = cycle.length;
        Schedule s = new Schedule(n - 1, p.transferCount());
        for (int i = 0; i < n; i++) {
            int from = cycle[i];
            int to = cycle[(i + 1) % n];
            for (int j = 0; j < n - 1; j++) {
                int origin = cycle[((i - j) % n + n) % n];
                int t = p.transferOf(origin, to); // message index = sender id: the senders are all terminals
                s.set(t, j, p.sourceIndex(t, from), route[i]);
            }
        }
        return s;
    }

    /** Routes for the transfers v_i -&gt; v_{i+1} with no shared channel (their path index), or null. */
    private static int[] routeShift(ScheduleProblem p, int[] cycle, Budget budget, long seed) {
        int n = cycle.length;
        int[] transfers = new int[n];
        for (int i = 0; i < n; i++) {
            transfers[i] = p.transferOf(cycle[i], cycle[(i + 1) % n]); // sent by its own sender: source index 0
        }
        return LatinScatter.routeStep(p, transfers, budget, seed);
    }

    private static int[] nearestNeighbour(int start, int n, HopDistances hops) {
        int[] tour = new int[n];
        boolean[] used = new boolean[n];
        tour[0] = start;
        used[start] = true;
        for (int k = 1; k < n; k++) {
            int last = tour[k - 1];
            int best = -1;
            for (int v = 0; v < n; v++) {
                if (!used[v] && (best < 0 || hops.distance(last, v) < hops.distance(last, best))) {
                    best = v;
                }
            }
            tour[k] = best;
            used[best] = true;
        }
        return tour;
    }

    /** 2-opt on the cycle's total hop length (first improvement until none is left). */
    private static int[] twoOpt(int[] tour, HopDistances hops) {
        int n = tour.length;
        boolean improved = true;
        while (improved) {
            improved = false;
            for (int i = 0; i < n - 1; i++) {
                for (int k = i + 2; k < n && !(i == 0 && k == n - 1); k++) {
                    int a = tour[i];
                    int b = tour[i + 1];
                    int c = tour[k];
                    int d = tour[(k + 1) % n];
                    if (hops.distance(a, c) + hops.distance(b, d) < hops.distance(a, b) + hops.distance(c, d)) {
                        for (int x = i + 1, y = k; x < y; x++, y--) {
                            int tmp = tour[x];
                            tour[x] = tour[y];
                            tour[y] = tmp;
                        }
                        improved = true;
                    }
                }
            }
        }
        return tour;
    }

    private static boolean adjacent(ScheduleProblem p, int[] cycle) {
        for (int i = 0; i < cycle.length; i++) {
            if (p.topology().channel(cycle[i], cycle[(i + 1) % cycle.length]) < 0) {
                return false;
            }
        }
        return true;
    }

    /** The cycle rotated to start at its smallest node, for skipping repeats. */
    private static int[] canonical(int[] cycle) {
        int min = 0;
        for (int i = 1; i < cycle.length; i++) {
            if (cycle[i] < cycle[min]) {
                min = i;
            }
        }
        int[] out = new int[cycle.length];
        for (int i = 0; i < cycle.length; i++) {
            out[i] = cycle[(min + i) % cycle.length];
        }
        return out;
    }
}
