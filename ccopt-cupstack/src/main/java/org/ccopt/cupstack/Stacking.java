package org.ccopt.cupstack;

import org.ccopt.flitsim.net.DeadlockException;
import org.ccopt.flitsim.FlitRouter;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.SimResult;
import org.ccopt.flitsim.Workload;

/**
 * Interval sweeps, the parameter-loading mode's way of stacking a fixed configuration (Yokota et al. 2023, §4.1,
 * §6.1 and App. A.4): run the problem's slices at every inter-slice interval V of a range and keep the shortest
 * duration (the smallest V among equal ones). Runs longer than the best so far are cut short; that changes no
 * result. A deadlock at any interval ends the sweep ({@link DeadlockException}): a router model that deadlocks under
 * the papers' own protocol cannot be the papers' router (the calibration counts it as such).
 */
public final class Stacking {

    /** The best interval of a sweep, the run's measurements there, and how many simulations the sweep ran. */
    public record Sweep(int interval, Score score, int runs) {
    }

    private static final int WINDOW = 8;

    private Stacking() {
    }

    /**
     * Sweeps V over {@code from..to} for configuration {@code config} and injection delays {@code delay}, in windows
     * of {@value #WINDOW} intervals that share their first cycles ({@link FlitRouter#runIntervals}).
     */
    public static Sweep sweep(FlitRouter sim, RouterConfig config, Problem p, int[] delay, int from, int to) {
        Workload w = new Workload(p.destination(), p.slices(), p.packetsPerSlice(), p.flitsPerPacket(), from, delay);
        int bestInterval = from;
        Score best = null;
        for (int a = from; a <= to; a += WINDOW) {
            int[] window = new int[Math.min(WINDOW, to - a + 1)];
            for (int i = 0; i < window.length; i++) {
                window[i] = a + i;
            }
            SimResult[] runs = sim.runIntervals(config, w, window, best == null ? Integer.MAX_VALUE : best.duration(), true);
            for (int i = 0; i < window.length; i++) {
                if (runs[i] != null && (best == null || runs[i].durationCycles() < best.duration())) {
                    bestInterval = window[i];
                    best = Score.of(runs[i], runs[i].durationCycles(), window[i]);
                }
            }
        }
        return new Sweep(bestInterval, best, to - from + 1);
    }

    /** The single-slice run of a configuration (t_d and T_e of one slice, §5.3). */
    public static SimResult singleSlice(FlitRouter sim, RouterConfig config, Problem p, int[] delay) {
        return sim.run(config, new Workload(p.destination(), 1, p.packetsPerSlice(), p.flitsPerPacket(), 0, delay));
    }

    /**
     * Slice extrapolation's second step (§6.1): a single-slice run measures the occupation time T_e, then the
     * problem's slices are run with V from the slice length l_c to T_e ("from the packet length to the occupation
     * time") and the shortest is kept.
     */
    public static Sweep restack(FlitRouter sim, RouterConfig config, Problem p, int[] delay) {
        int thickness = singleSlice(sim, config, p, delay).effectiveThickness();
        return oneMore(sweep(sim, config, p, delay, p.sliceFlits(), Math.max(p.sliceFlits(), thickness)));
    }

    /** Simple stacking (§4.1): no timing adjustment, V from l_c to the single-slice duration t_d. */
    public static Sweep simple(FlitRouter sim, RouterConfig config, Problem p) {
        int[] none = new int[p.destination().length];
        int td = singleSlice(sim, config, p, none).durationCycles();
        return oneMore(sweep(sim, config, p, none, p.sliceFlits(), Math.max(p.sliceFlits(), td)));
    }

    /** A sweep that ran one more simulation first (the single-slice run that set its range). */
    private static Sweep oneMore(Sweep s) {
        return new Sweep(s.interval(), s.score(), s.runs() + 1);
    }
}
