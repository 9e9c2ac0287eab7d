package org.ccopt.schedule;

import com.google.ortools.Loader;
import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.LinearExprBuilder;
import com.google.ortools.sat.Literal;
import java.util.ArrayList;
import java.util.List;
import org.ccopt.InvalidInputException;

/**
 * The exact model: for a given step count, a conflict-free schedule or a proof that none exists, with Google
 * OR-Tools CP-SAT. Jaros, Ohlidal, Dvorak 2007, §2, note that the packing is an integer program but found it too
 * slow "for network sizes of practical interest" and that fixing one path per pair makes it suboptimal; this model
 * keeps every listed route, so with a complete route list ({@link ScheduleProblem#complete()}) an infeasible
 * answer is a proof.
 *
 * <p>Variables: one Boolean x(t, source, path, step) per transfer, route and step (a relay cannot send in step 0).
 * Constraints: exactly one x per transfer; at most one x per (step, channel); at most k per (step, node) on the
 * sending and on the receiving side where the port count k is below the node's channel count (otherwise the
 * channel constraints imply it); for broadcasts, x(t, f, ., s) &lt;= held(f, s-1), where held(f, s) says the
 * transfer that delivers the message to f happened in a step &lt;= s (MIN paper §4.2's admissibility).
 *
 * <p>Symmetry breaking for scatters: the steps of a scatter are interchangeable, so the largest group of transfers
 * that pairwise can never share a step (all of whose routes cross one channel, or that share a one-port sender
 * or receiver) is fixed to steps 0, 1, 2, ... A group larger than the step count proves infeasibility at once.
 *
 * <p>The search runs one CP-SAT worker with the run's seed, so the same inputs and seed give the same schedule
 * whatever the machine's core count; a run cut short by the wall-clock limit reports UNKNOWN.
 */
public final class ExactSolver {

    /** Models with more Boolean variables than this are not built (UNKNOWN: too large). */
    public static final long MAX_VARIABLES = 4_000_000;
    /**
     * Variables worth building per second of budget left: building and presolving cost tens of microseconds per
     * variable, so a model that would eat the budget before the search starts is not built.
     */
    static final long VARIABLES_PER_SECOND = 25_000;
    /**
     * CP-SAT workers: one, so a solve is deterministic for a seed whatever the machine. (OR-Tools 9.15's
     * multi-worker portfolio also aborted the JVM on a fat-Octagon MNB model, "Check failed:
     * heuristics.fixed_search != nullptr".)
     */
    static final int WORKERS = 1;

    /** Why OR-Tools' native library cannot be used here, or null when it loaded; decided once per JVM. */
    private static String nativeProblem;
    private static boolean nativeChecked;

    /**
     * Whether CP-SAT can run on this machine. ccopt bundles OR-Tools' native library for Linux x86-64 only; elsewhere
     * (or with {@code -Dccopt.ortools=off}) the exact model is unavailable, {@code --solver auto} goes on without it and
     * says so, and {@code --solver exact} is refused with one line.
     */
    public static synchronized String unavailableReason() {
        if ("off".equals(System.getProperty("ccopt.ortools"))) {
            return "switched off by -Dccopt.ortools=off";
        }
        if (!nativeChecked) {
            try {
                Loader.loadNativeLibraries();
            } catch (Throwable e) { // UnsatisfiedLinkError, NoClassDefFoundError, an extraction failure
                nativeProblem = "OR-Tools' native library does not load on " + System.getProperty("os.name") + " "
                        + System.getProperty("os.arch") + " (" + e.getClass().getSimpleName() + ")";
            }
            nativeChecked = true;
        }
        return nativeProblem;
    }

    public static boolean available() {
        return unavailableReason() == null;
    }

    /** Loads the native library or refuses with one line. */
    static void requireNative() {
        String why = unavailableReason();
        if (why != null) {
            throw new InvalidInputException("the exact CP-SAT model cannot run here: " + why + "; use another solver (auto, or a "
                    + "heuristic: umda, hgsa, mboa, min-conflicts, greedy)");
        }
    }

    private ExactSolver() {
    }

    /**
     * A CP-SAT solver with ccopt's settings: {@link #WORKERS} worker, the seed, a wall-clock limit of {@code seconds},
     * and the budget's deterministic time limit where it sets one ({@link Budget#withDeterministicTime}).
     */
    static CpSolver solver(double seconds, long seed, Budget budget) {
        CpSolver solver = new CpSolver();
        solver.getParameters().setMaxTimeInSeconds(seconds);
        if (Double.isFinite(budget.deterministicSeconds())) {
            solver.getParameters().setMaxDeterministicTime(budget.deterministicSeconds());
        }
        solver.getParameters().setNumWorkers(WORKERS);
        solver.getParameters().setRandomSeed((int) (seed & 0x7fffffff));
        // Ctrl-C belongs to ccopt (its shutdown hook stops the search and prints the best so far); CP-SAT's own SIGINT
        // handler aborted the JVM ("std::bad_function_call") when a run was interrupted during a solve
        solver.getParameters().setCatchSigintSignal(false);
        return solver;
    }

    /** Solves the model, stopping the search when the budget's stop flag is set (Ctrl-C). */
    static CpSolverStatus run(CpSolver solver, CpModel model, Budget budget) {
        Thread watcher = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                if (budget.stopped()) {
                    solver.stopSearch();
                    return;
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "ccopt-exact-watch");
        watcher.setDaemon(true);
        watcher.start();
        try {
            return solver.solve(model);
        } finally {
            watcher.interrupt();
        }
    }

    /** Number of Boolean x variables the model for {@code steps} would have. */
    static long variables(ScheduleProblem p, int steps) {
        long count = 0;
        for (int t = 0; t < p.transferCount(); t++) {
            int sender = p.sender(p.message(t));
            for (int f : p.sources(t)) {
                count += (long) p.paths(f, p.destination(t)).length * (f == sender ? steps : steps - 1);
            }
        }
        return count;
    }

    public static Attempt solve(ScheduleProblem p, int steps, Budget budget, long seed) {
        return solve(p, steps, budget, seed, null);
    }

    /**
     * @param hint a schedule for the same step count to start the search from (e.g. the local search's best,
     *             conflicts and all), or null; for scatters its steps are relabelled to agree with the fixed group
     */
    public static Attempt solve(ScheduleProblem p, int steps, Budget budget, long seed, Schedule hint) {
        long t0 = System.nanoTime();
        long vars = variables(p, steps);
        // measured against the time limit as given, not the time left, so that whether the model is tried does not
        // depend on how fast the machine ran the stages before it
        if (vars > MAX_VARIABLES || vars > VARIABLES_PER_SECOND * budget.allowedSeconds()) {
            return new Attempt("exact (too large for the time limit)", steps, Attempt.Outcome.UNKNOWN, null, -1, 0, 0);
        }
        if (!p.relays() && p.incompatibleGroup().size() > steps) {
            return new Attempt("exact", steps, p.complete() ? Attempt.Outcome.INFEASIBLE : Attempt.Outcome.UNKNOWN,
                    null, -1, 0, (System.nanoTime() - t0) / 1e9);
        }
        requireNative();
        int n = p.transferCount();
        int channels = p.topology().channelCount();
        int nodes = p.topology().nodeCount();
        CpModel model = new CpModel();
        List<List<Literal>> chan = cells(steps * channels);
        List<List<Literal>> send = cells(steps * nodes);
        List<List<Literal>> recv = cells(steps * nodes);
        // per transfer: its literals and their (source, path, step)
        List<List<BoolVar>> lits = new ArrayList<>(n);
        List<int[]> meta = new ArrayList<>(n);
        // delivered[t][s]: the literals that deliver transfer t in step s
        List<List<List<Literal>>> delivered = new ArrayList<>(n);
        int[] hintStep = hint == null || hint.steps() != steps ? null : relabelled(p, hint);
        List<int[]> relayGroups = new ArrayList<>();
        List<List<Literal>> relayLits = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            if (budget.expired()) {
                return new Attempt("exact", steps, Attempt.Outcome.UNKNOWN, null, -1, 0, (System.nanoTime() - t0) / 1e9);
            }
            int d = p.destination(t);
            int m = p.message(t);
            int[] sources = p.sources(t);
            List<BoolVar> mine = new ArrayList<>();
            List<Integer> info = new ArrayList<>();
            List<List<Literal>> byStep = new ArrayList<>(steps);
            for (int s = 0; s < steps; s++) {
                byStep.add(new ArrayList<>());
            }
            for (int si = 0; si < sources.length; si++) {
                int f = sources[si];
                boolean relay = f != p.sender(m);
                int[][] routes = p.paths(f, d);
                boolean sendCap = p.sendPorts(f) < p.topology().outDegree(f);
                boolean recvCap = p.receivePorts(d) < p.topology().inDegree(d);
                for (int s = relay ? 1 : 0; s < steps; s++) {
                    List<Literal> group = relay ? new ArrayList<>() : null;
                    for (int pi = 0; pi < routes.length; pi++) {
                        BoolVar x = model.newBoolVar("");
                        if (hintStep != null && hintStep[t] == s && hint.sourceIndex(t) == si && hint.pathIndex(t) == pi) {
                            model.addHint(x, true);
                        }
                        mine.add(x);
                        info.add(si);
                        info.add(pi);
                        info.add(s);
                        byStep.get(s).add(x);
                        for (int c : routes[pi]) {
                            chan.get(s * channels + c).add(x);
                        }
                        if (sendCap) {
                            send.get(s * nodes + f).add(x);
                        }
                        if (recvCap) {
                            recv.get(s * nodes + d).add(x);
                        }
                        if (relay) {
                            group.add(x);
                        }
                    }
                    if (relay) {
                        relayGroups.add(new int[] {t, p.transferOf(m, f), s});
                        relayLits.add(group);
                    }
                }
            }
            model.addExactlyOne(mine.toArray(new Literal[0]));
            lits.add(mine);
            meta.add(info.stream().mapToInt(Integer::intValue).toArray());
            delivered.add(byStep);
        }
        for (List<Literal> cell : chan) {
            if (cell.size() > 1) {
                model.addAtMostOne(cell.toArray(new Literal[0]));
            }
        }
        for (int i = 0; i < send.size(); i++) {
            int cap = p.sendPorts(i % nodes);
            if (send.get(i).size() > cap) {
                model.addLessOrEqual(LinearExpr.sum(send.get(i).toArray(new Literal[0])), cap);
            }
            cap = p.receivePorts(i % nodes);
            if (recv.get(i).size() > cap) {
                model.addLessOrEqual(LinearExpr.sum(recv.get(i).toArray(new Literal[0])), cap);
            }
        }
        if (p.relays()) {
            BoolVar[][] held = new BoolVar[n][];
            for (int g = 0; g < relayGroups.size(); g++) {
                int h = relayGroups.get(g)[1];
                int s = relayGroups.get(g)[2];
                if (held[h] == null) {
                    held[h] = heldBy(model, delivered.get(h), steps);
                }
                LinearExprBuilder e = LinearExpr.newBuilder();
                for (Literal x : relayLits.get(g)) {
                    e.add(x);
                }
                e.addTerm(held[h][s - 1], -1);
                model.addLessOrEqual(e, 0);
            }
        } else {
            List<Integer> clique = p.incompatibleGroup();
            for (int i = 0; i < clique.size(); i++) {
                int t = clique.get(i);
                LinearExprBuilder e = LinearExpr.newBuilder();
                for (Literal x : delivered.get(t).get(i)) {
                    e.add(x);
                }
                model.addEquality(e, 1);
            }
        }
        CpSolver solver = solver(Math.max(0.1, budget.remainingSeconds() - 1.0), seed, budget); // a second for stopping and checking
        CpSolverStatus status = run(solver, model, budget);
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (status == CpSolverStatus.OPTIMAL || status == CpSolverStatus.FEASIBLE) {
            Schedule s = new Schedule(steps, n);
            for (int t = 0; t < n; t++) {
                List<BoolVar> mine = lits.get(t);
                int[] info = meta.get(t);
                for (int i = 0; i < mine.size(); i++) {
                    if (solver.booleanValue(mine.get(i))) {
                        s.set(t, info[3 * i + 2], info[3 * i], info[3 * i + 1]);
                        break;
                    }
                }
            }
            return new Attempt("exact", steps, Attempt.Outcome.FOUND, s, 0, 0, seconds);
        }
        if (status == CpSolverStatus.INFEASIBLE && p.complete() && !p.relayNodes()) { // relay nodes: a stricter model
            return new Attempt("exact", steps, Attempt.Outcome.INFEASIBLE, null, -1, 0, seconds);
        }
        return new Attempt("exact", steps, Attempt.Outcome.UNKNOWN, null, -1, 0, seconds);
    }

    /**
     * The hint's steps, for scatters renamed so that the fixed group's i-th transfer sits in step i (a renaming of
     * steps keeps a scatter schedule's conflicts as they are); unchanged when two of the group share a step.
     */
    private static int[] relabelled(ScheduleProblem p, Schedule hint) {
        int[] step = new int[p.transferCount()];
        for (int t = 0; t < step.length; t++) {
            step[t] = hint.step(t);
        }
        if (p.relays()) {
            return step;
        }
        List<Integer> clique = p.incompatibleGroup();
        int steps = hint.steps();
        int[] rename = new int[steps];
        java.util.Arrays.fill(rename, -1);
        boolean[] taken = new boolean[steps];
        for (int i = 0; i < clique.size() && i < steps; i++) {
            int s = step[clique.get(i)];
            if (rename[s] >= 0) {
                return step;
            }
            rename[s] = i;
            taken[i] = true;
        }
        int next = 0;
        for (int s = 0; s < steps; s++) {
            if (rename[s] < 0) {
                while (taken[next]) {
                    next++;
                }
                rename[s] = next;
                taken[next] = true;
            }
        }
        for (int t = 0; t < step.length; t++) {
            step[t] = rename[step[t]];
        }
        return step;
    }

    /** held[s] = the transfer is delivered in a step &lt;= s: held[s] = held[s-1] + sum of its step-s literals. */
    private static BoolVar[] heldBy(CpModel model, List<List<Literal>> byStep, int steps) {
        BoolVar[] held = new BoolVar[steps];
        for (int s = 0; s < steps; s++) {
            held[s] = model.newBoolVar("");
            LinearExprBuilder e = LinearExpr.newBuilder();
            e.add(held[s]);
            if (s > 0) {
                e.addTerm(held[s - 1], -1);
            }
            for (Literal x : byStep.get(s)) {
                e.addTerm(x, -1);
            }
            model.addEquality(e, 0);
        }
        return held;
    }

    private static List<List<Literal>> cells(int size) {
        List<List<Literal>> cells = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            cells.add(new ArrayList<>(2));
        }
        return cells;
    }
}
