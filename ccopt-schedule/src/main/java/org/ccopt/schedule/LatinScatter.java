package org.ccopt.schedule;

import com.google.ortools.Loader;
import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.Literal;
import java.util.ArrayList;
import java.util.List;

/**
 * All-to-all scatters in P-1 steps from a Latin square: in step j every terminal s sends to s XOR j (P a power of
 * two) or to s + j mod P, the pairwise-exchange and shift patterns of MPI all-to-all implementations. Each step is
 * then a permutation, so every node sends and receives once per step and the per-node bound ceil((P-1)/k) is met
 * for one port; what remains is to route each permutation without a shared channel, which a small CP-SAT model
 * per step decides exactly over all listed minimal routes. On networks that route these permutations without
 * contention (Omega, Butterfly, fat trees, hypercubes, the 4x4 mesh) this gives the 1-port optimum at once; where a
 * step cannot be routed the construction fails and the search goes on without it.
 */
final class LatinScatter {

    private LatinScatter() {
    }

    /** True for an all-to-all scatter among every terminal (wormhole, no relays); not for a permutation. */
    public static boolean applies(ScheduleProblem p) {
        return !p.relays() && p.switching() == Switching.WH && p.amongAllTerminals() && p.topology().terminalCount() > 2;
    }

    public static Attempt run(ScheduleProblem p, Budget budget, long seed) {
        long t0 = System.nanoTime();
        int n = p.topology().terminalCount();
        boolean[] patterns = Integer.bitCount(n) == 1 ? new boolean[] {true, false} : new boolean[] {false};
        for (boolean xor : patterns) {
            Schedule s = new Schedule(n - 1, p.transferCount());
            boolean ok = true;
            for (int j = 1; j < n && ok; j++) {
                if (budget.expired()) {
                    return fail(n, t0);
                }
                int[] transfers = new int[n];
                for (int src = 0; src < n; src++) {
                    int dst = xor ? src ^ j : (src + j) % n;
                    transfers[src] = p.transferOf(src, dst); // message index = sender index: senders are 0..n-1
                }
                int[] route = routeStep(p, transfers, budget, seed);
                if (route == null) {
                    ok = false;
                } else {
                    for (int src = 0; src < n; src++) {
                        s.set(transfers[src], j - 1, 0, route[src]);
                    }
                }
            }
            if (ok) {
                return new Attempt(xor ? "latin-square (xor)" : "latin-square (shift)", n - 1, Attempt.Outcome.FOUND,
                        s, 0, 0, (System.nanoTime() - t0) / 1e9);
            }
        }
        return fail(n, t0);
    }

    private static Attempt fail(int n, long t0) {
        return new Attempt("latin-square", n - 1, Attempt.Outcome.UNKNOWN, null, -1, 0, (System.nanoTime() - t0) / 1e9);
    }

    /** Routes for one step's transfers with no channel used twice, or null when there are none. */
    static int[] routeStep(ScheduleProblem p, int[] transfers, Budget budget, long seed) {
        Loader.loadNativeLibraries();
        CpModel model = new CpModel();
        int channels = p.topology().channelCount();
        List<List<Literal>> byChannel = new ArrayList<>(channels);
        for (int c = 0; c < channels; c++) {
            byChannel.add(new ArrayList<>());
        }
        BoolVar[][] x = new BoolVar[transfers.length][];
        for (int i = 0; i < transfers.length; i++) {
            int t = transfers[i];
            int[][] routes = p.paths(p.sources(t)[0], p.destination(t));
            x[i] = new BoolVar[routes.length];
            for (int r = 0; r < routes.length; r++) {
                x[i][r] = model.newBoolVar("");
                for (int c : routes[r]) {
                    byChannel.get(c).add(x[i][r]);
                }
            }
            model.addExactlyOne(x[i]);
        }
        for (List<Literal> users : byChannel) {
            if (users.size() > 1) {
                model.addAtMostOne(users.toArray(new Literal[0]));
            }
        }
        CpSolver solver = ExactSolver.solver(Math.max(0.1, Math.min(5, budget.remainingSeconds())), seed, budget);
        CpSolverStatus status = solver.solve(model);
        if (status != CpSolverStatus.OPTIMAL && status != CpSolverStatus.FEASIBLE) {
            return null;
        }
        int[] route = new int[transfers.length];
        for (int i = 0; i < transfers.length; i++) {
            for (int r = 0; r < x[i].length; r++) {
                if (solver.booleanValue(x[i][r])) {
                    route[i] = r;
                }
            }
        }
        return route;
    }
}
