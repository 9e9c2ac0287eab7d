package org.ccopt.joint;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.ccopt.flitsim.net.DeadlockException;
import org.ccopt.flitsim.FlitRouter;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.SimResult;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.flitsim.Workload;
import org.ccopt.mapping.PatternTiming;

/**
 * Simple stacking as the inner evaluation of a spatio-temporal search (Yokota et al. 2023, §4.1 and Table 2): for
 * each VC selection scheme, every port at that scheme, no injection delays, the problem's slices released V apart
 * for V from the slice length l_c to the single-slice duration t_d; the shortest run wins. The model's default
 * scheme is tried first and the others in order C00..C09, V ascending; ties keep the first found.
 *
 * <p>As a {@link PatternTiming} it answers the duration, or -1 once no scheme and interval can end within the
 * limit: every run is cut at the limit, then at one cycle below the best so far, and the search stops as soon as
 * the best reaches the pattern's lower bound (V = l_c is run alone first for that reason). Every run counts as one simulation, the single-slice runs that set
 * the ranges included, and runs cut short too. A scheme that deadlocks the network (possible under router readings
 * that do not guarantee freedom from deadlock) is skipped.
 */
public final class SimpleStacking implements PatternTiming {

    private static final int WINDOW = 8;

    private final JointProblem problem;
    private final VcSelection[] schemes;
    private final RouterConfig[] configs;
    private final int intervals;

    /** The paper's sweep: all ten schemes, V from l_c to t_d. */
    public SimpleStacking(JointProblem problem) {
        this(problem, List.of(VcSelection.values()), 0);
    }

    /**
     * A narrower sweep, ccopt's cheap inner evaluation: only {@code schemes} (the model's default first whether listed
     * or not), and with {@code intervals} > 0, V from l_c to l_c + intervals - 1 without the single-slice run that
     * sets the paper's range.
     */
    public SimpleStacking(JointProblem problem, List<VcSelection> schemes, int intervals) {
        if (intervals < 0 || intervals > 1000) {
            throw org.ccopt.InvalidInputException.parameter("inner-intervals", intervals + " is invalid; expected 0 (l_c to t_d) "
                    + "or 1..1000");
        }
        this.problem = problem;
        this.intervals = intervals;
        List<VcSelection> order = new ArrayList<>();
        VcSelection first = problem.setup().defaultScheme();
        order.add(first);
        for (VcSelection c : VcSelection.values()) {
            // BookSim's router has no VC selection scheme: every scheme would run the same
            if (c != first && schemes.contains(c) && problem.setup().papersRouter()) {
                order.add(c);
            }
        }
        this.schemes = order.toArray(VcSelection[]::new);
        this.configs = new RouterConfig[this.schemes.length];
        for (int i = 0; i < configs.length; i++) {
            configs[i] = problem.config(this.schemes[i]); // read only from here on, shared by the evaluation threads
        }
    }

    /**
     * The most simulations one pattern's search takes: every scheme, every interval (with the paper's range, an
     * estimate: the single-slice run plus {@value #WINDOW} x 4 intervals).
     */
    public int maxRuns() {
        return problem.slices() == 1 ? schemes.length : schemes.length * (intervals == 0 ? 1 + 4 * WINDOW : intervals);
    }

    @Override
    public int durationWithin(FlitRouter sim, int pattern, int[] destination, int lowerBound, int limit,
                              AtomicLong simulations) {
        long found = search(sim, destination, lowerBound, limit, simulations);
        return found < 0 ? -1 : (int) (found >>> 32);
    }

    /** The best simple-stacking plan of one pattern (no limit). */
    public PatternPlan plan(FlitRouter sim, int[] destination, int lowerBound, AtomicLong simulations) {
        long found = search(sim, destination, lowerBound, Integer.MAX_VALUE, simulations);
        if (found < 0) {
            throw new IllegalStateException("every VC selection scheme deadlocks this pattern");
        }
        int duration = (int) (found >>> 32);
        int scheme = (int) ((found >>> 24) & 0xff);
        int interval = (int) (found & 0xffffff);
        Workload w = problem.stacked(destination, interval, null);
        return new PatternPlan(problem.config(schemes[scheme]), w, duration,
                schemes[scheme] + (problem.slices() > 1 ? " V=" + interval : ""));
    }

    /**
     * The best (duration, scheme index, interval) packed as duration << 32 | scheme << 24 | interval, or -1 when
     * nothing ends within {@code limit}.
     */
    private long search(FlitRouter sim, int[] destination, int lowerBound, int limit, AtomicLong simulations) {
        long best = -1;
        int cut = limit;
        int lc = problem.sliceFlits();
        for (int s = 0; s < schemes.length; s++) {
            RouterConfig config = configs[s];
            try {
                if (problem.slices() == 1) {
                    simulations.incrementAndGet();
                    int d = sim.durationWithin(config, problem.stacked(destination, 0, null), cut);
                    if (d >= 0) {
                        best = pack(d, s, 0);
                        cut = d - 1;
                    }
                } else {
                    int top = lc + intervals - 1;
                    if (intervals == 0) {
                        simulations.incrementAndGet();
                        top = Math.max(lc, sim.run(config, new Workload(destination, 1, problem.packetsPerSlice(),
                                problem.flitsPerPacket(), 0, null)).durationCycles());
                    }
                    Workload w = problem.stacked(destination, lc, null);
                    // V = l_c alone first (under the default scheme it is the plain run): at the bound, nothing is left to try
                    for (int a = lc; a <= top && cut >= lowerBound; a += a == lc ? 1 : WINDOW) {
                        int[] window = new int[a == lc ? 1 : Math.min(WINDOW, top - a + 1)];
                        for (int i = 0; i < window.length; i++) {
                            window[i] = a + i;
                        }
                        simulations.addAndGet(window.length);
                        SimResult[] runs = sim.runIntervals(config, w, window, cut, true);
                        for (int i = 0; i < window.length; i++) {
                            if (runs[i] != null && runs[i].durationCycles() <= cut) {
                                best = pack(runs[i].durationCycles(), s, window[i]);
                                cut = runs[i].durationCycles() - 1;
                            }
                        }
                    }
                }
            } catch (DeadlockException e) {
                // this scheme deadlocks the pattern: left out
            }
            if (best >= 0 && (best >>> 32) <= lowerBound) {
                break; // nothing can end sooner
            }
        }
        return best;
    }

    private static long pack(int duration, int scheme, int interval) {
        return (long) duration << 32 | (long) scheme << 24 | interval;
    }
}
