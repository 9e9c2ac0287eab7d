package org.ccopt.schedule;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.Literal;
import java.util.ArrayList;
import java.util.List;

/**
 * Translation-invariant all-to-all scatters on binary hypercubes: every node s sends to s XOR x in step sigma(x)
 * along the e-cube route (dimensions in ascending order), so a schedule is one step per offset x = 1..P-1.
 *
 * <p>Two offsets x and y that share a dimension g collide in any common step: the copy from s uses channel
 * (s XOR prefix, g) and the copy from s XOR prefix_x XOR prefix_y uses the same one. Copies of one offset from
 * different sources never collide (their channels are distinct translates), and every node sends and receives
 * one message per offset. So the P x (P-1) transfers are conflict-free exactly when the offsets of every step
 * have pairwise disjoint dimension sets and a step holds at most k offsets (k ports). This reduced problem has
 * P-1 variables; ccopt solves it (for all-port it is a perfect packing of the d 2^(d-1) dimension uses
 * into P/2 steps, e.g. the pairs {x, complement of x}); a tabu min-conflicts search on it runs first, the CP-SAT
 * model after it. It is the symmetry argument behind the time-arc-disjoint
 * trees that Jaros, Ohlidal, Dvorak 2007, §2 and §4 cite for symmetric networks; a reduced model with no solution
 * says nothing about schedules that are not translation-invariant.
 */
final class HypercubeTranslation {

    private HypercubeTranslation() {
    }

    /**
     * True for an all-to-all scatter among every terminal of a hypercube (wormhole); not for a permutation, whose
     * senders and receivers are every terminal too but which sends one message each.
     */
    public static boolean applies(ScheduleProblem p) {
        return p.topology().family().equals("hypercube") && !p.relays() && p.switching() == Switching.WH
                && p.amongAllTerminals();
    }

    public static Attempt run(ScheduleProblem p, int steps, Budget budget, long seed) {
        long t0 = System.nanoTime();
        int n = p.topology().terminalCount();
        int d = Integer.numberOfTrailingZeros(n);
        int k = p.sendPorts(0);
        int[] sigma = localSearch(n, d, k, steps, budget.slice(budget.remainingSeconds() * 0.5), seed);
        if (sigma == null && ExactSolver.available()) {
            sigma = exact(n, d, k, steps, budget, seed);
        }
        if (sigma == null) {
            return new Attempt("hypercube-translation", steps, Attempt.Outcome.UNKNOWN, null, -1, 0,
                    (System.nanoTime() - t0) / 1e9);
        }
        Schedule out = new Schedule(steps, p.transferCount());
        for (int t = 0; t < p.transferCount(); t++) {
            int src = p.sender(p.message(t));
            int dst = p.destination(t);
            int path = ecubeIndex(p, src, dst);
            if (path < 0) {
                // the e-cube route is beyond --path-limit for this pair
                return new Attempt("hypercube-translation", steps, Attempt.Outcome.UNKNOWN, null, -1, 0,
                        (System.nanoTime() - t0) / 1e9);
            }
            out.set(t, sigma[src ^ dst], 0, path);
        }
        return new Attempt("hypercube-translation", steps, Attempt.Outcome.FOUND, out, 0, 0,
                (System.nanoTime() - t0) / 1e9);
    }

    /**
     * Min-conflicts with a tabu tenure on the reduced problem: a random offset in conflict moves to the step
     * where it adds the fewest shared dimensions and port overruns (ties at random; the step it left is tabu for a
     * few moves). Returns the steps of the offsets, or null when the budget ends first.
     */
    static int[] localSearch(int n, int d, int k, int steps, Budget budget, long seed) {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
        int[] sigma = new int[n];
        int[][] use = new int[steps][d];
        int[] size = new int[steps];
        long[] tabu = new long[n * steps];
        for (int x = 1; x < n; x++) {
            sigma[x] = rnd.nextInt(steps);
            place(x, sigma[x], use, size, d, 1);
        }
        int[] conflicted = new int[n];
        for (long it = 0; ; it++) {
            if ((it & 1023) == 0 && budget.expired()) {
                return null;
            }
            int c = 0;
            for (int x = 1; x < n; x++) {
                if (cost(x, sigma[x], use, size, d, k, true) > 0) {
                    conflicted[c++] = x;
                }
            }
            if (c == 0) {
                return sigma;
            }
            int x = conflicted[rnd.nextInt(c)];
            int from = sigma[x];
            place(x, from, use, size, d, -1);
            int best = -1;
            int bestCost = Integer.MAX_VALUE;
            int ties = 0;
            for (int s = 0; s < steps; s++) {
                if (s == from || tabu[x * steps + s] > it) {
                    continue;
                }
                int cs = cost(x, s, use, size, d, k, false);
                if (cs < bestCost) {
                    bestCost = cs;
                    best = s;
                    ties = 1;
                } else if (cs == bestCost && rnd.nextInt(++ties) == 0) {
                    best = s;
                }
            }
            if (best < 0 || rnd.nextInt(100) == 0) {
                best = rnd.nextInt(steps);
            }
            tabu[x * steps + from] = it + 5 + rnd.nextInt(10);
            sigma[x] = best;
            place(x, best, use, size, d, 1);
        }
    }

    private static void place(int x, int s, int[][] use, int[] size, int d, int delta) {
        for (int g = 0; g < d; g++) {
            if ((x >>> g & 1) != 0) {
                use[s][g] += delta;
            }
        }
        size[s] += delta;
    }

    /** Shared dimensions and port overrun of offset x in step s (counting x itself when it is placed there). */
    private static int cost(int x, int s, int[][] use, int[] size, int d, int k, boolean placed) {
        int self = placed ? 1 : 0;
        int c = 0;
        for (int g = 0; g < d; g++) {
            if ((x >>> g & 1) != 0) {
                c += use[s][g] - self;
            }
        }
        return c + Math.max(0, size[s] - self + 1 - k);
    }

    /** The reduced problem as a CP-SAT model. */
    private static int[] exact(int n, int d, int k, int steps, Budget budget, long seed) {
        ExactSolver.requireNative();
        CpModel model = new CpModel();
        BoolVar[][] y = new BoolVar[n][steps];
        for (int x = 1; x < n; x++) {
            for (int s = 0; s < steps; s++) {
                y[x][s] = model.newBoolVar("");
            }
            model.addExactlyOne(y[x]);
        }
        for (int s = 0; s < steps; s++) {
            List<Literal> all = new ArrayList<>();
            for (int g = 0; g < d; g++) {
                List<Literal> users = new ArrayList<>();
                for (int x = 1; x < n; x++) {
                    if ((x >>> g & 1) != 0) {
                        users.add(y[x][s]);
                    }
                }
                model.addAtMostOne(users.toArray(new Literal[0]));
            }
            for (int x = 1; x < n; x++) {
                all.add(y[x][s]);
            }
            if (k < d) {
                model.addLessOrEqual(LinearExpr.sum(all.toArray(new Literal[0])), k);
            }
        }
        // steps are interchangeable: number them by their smallest offset, so offset x sits in a step below x
        for (int x = 1; x < n; x++) {
            for (int s = x; s < steps; s++) {
                model.addEquality(LinearExpr.term(y[x][s], 1), 0);
            }
        }
        CpSolver solver = ExactSolver.solver(Math.max(0.1, budget.remainingSeconds()), seed, budget);
        CpSolverStatus status = solver.solve(model);
        if (status != CpSolverStatus.OPTIMAL && status != CpSolverStatus.FEASIBLE) {
            return null;
        }
        int[] sigma = new int[n];
        for (int x = 1; x < n; x++) {
            for (int s = 0; s < steps; s++) {
                if (solver.booleanValue(y[x][s])) {
                    sigma[x] = s;
                }
            }
        }
        return sigma;
    }

    /** Index of the route that flips the differing bits in ascending order, or -1 when it is not listed. */
    private static int ecubeIndex(ScheduleProblem p, int src, int dst) {
        int[][] routes = p.paths(src, dst);
        for (int i = 0; i < routes.length; i++) {
            int u = src;
            boolean ok = true;
            int lastBit = -1;
            for (int c : routes[i]) {
                int v = p.topology().channelTarget(c);
                int bit = Integer.numberOfTrailingZeros(u ^ v);
                if (bit < lastBit) {
                    ok = false;
                    break;
                }
                lastBit = bit;
                u = v;
            }
            if (ok) {
                return i;
            }
        }
        return -1;
    }
}
