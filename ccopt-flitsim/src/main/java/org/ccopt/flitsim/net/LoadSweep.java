package org.ccopt.flitsim.net;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;
import org.ccopt.InvalidInputException;

/**
 * A latency-throughput curve: open-loop runs of a flit router at a list of offered loads, and the saturation
 * throughput found by bisection. A load is saturated when its measured packets do not all leave within a drain limit
 * long enough to tell ({@link #judged}), when their mean latency exceeds {@code latencyLimit} (BookSim's
 * {@code latency_thres}, 500 cycles), when the network accepts less than 95 % of what was offered in the window, or when
 * its backlog grows through the window: the network accepts less than 99 % of the offered flits and the packets
 * generated in the window's second half wait more than 10 % longer on average than those of its first half
 * ({@link #growing}). A load that none of these rules condemns but whose drain was too short to tell, or that measured
 * no packet, is not measured: never reported as saturated, nor as stable.
 */
public final class LoadSweep {

    private LoadSweep() {
    }

    /**
     * The measurement protocol of every run: warm-up, window and drain limit in cycles, the latency limit, and whether
     * a growing backlog makes a load saturated ({@link #growing}; BookSim 2 has no such rule, see {@link #bookSimRule}).
     */
    public record Protocol(int warmup, int window, int drain, double latencyLimit, boolean backlogRule) {
        public static final Protocol DEFAULT = new Protocol(3_000, 10_000, 20_000, 500, true);

        /** The most cycles one load may run, warm-up, window and drain together (100 times BookSim's usual run). */
        public static final long MAX_CYCLES = 100_000_000;

        public Protocol {
            if (warmup < 0 || window < 1 || drain < 0 || !(latencyLimit > 0)) {
                throw new InvalidInputException("warm-up " + warmup + ", window " + window + ", drain " + drain
                        + ", latency limit " + latencyLimit + " are invalid; expected warm-up >= 0, window >= 1, drain >= 0, "
                        + "limit > 0");
            }
            if ((long) warmup + window + drain > MAX_CYCLES) {
                throw new InvalidInputException("--warmup " + warmup + ", --window " + window + " and --drain " + drain
                        + " add up to " + ((long) warmup + window + drain) + " cycles; at most " + MAX_CYCLES
                        + " are accepted");
            }
        }

        /** The protocol with the default backlog rule. */
        public Protocol(int warmup, int window, int drain, double latencyLimit) {
            this(warmup, window, drain, latencyLimit, true);
        }

        /**
         * The same protocol judged as BookSim 2 judges a load (Jiang et al. 2013; its {@code trafficmanager.cpp}):
         * unstable, over the latency limit or, as ccopt adds, accepting under 95 %, without the backlog rule, whose
         * growth over a window BookSim's convergence test (5 % between consecutive samples) lets pass. A comparison of
         * saturation with BookSim's output uses it on both sides.
         */
        public Protocol bookSimRule() {
            return new Protocol(warmup, window, drain, latencyLimit, false);
        }
    }

    /** The step to which {@link #curve} bisects the saturation throughput, in flits per terminal per cycle. */
    public static final double TOLERANCE = 0.005;

    /** What a load's run shows under a protocol. */
    public enum Verdict {
        STABLE, SATURATED, NOT_MEASURED
    }

    /** One load of the curve. */
    public record Point(double rate, OpenLoopResult result, Verdict verdict) {

        public boolean saturated() {
            return verdict == Verdict.SATURATED;
        }

        public boolean stable() {
            return verdict == Verdict.STABLE;
        }
    }

    /**
     * The runs at every load and the saturation point: the highest load found stable, by bisection to {@link #TOLERANCE}
     * (null for a single load, which is no curve, and where no load is stable); its accepted throughput is the curve's
     * saturation throughput.
     */
    public record Curve(List<Point> points, Point saturationPoint, boolean isCurve) {
        public Curve {
            points = List.copyOf(points);
        }

        /** The accepted throughput at the saturation point (0 where no load is stable; NaN for a single load). */
        public double saturation() {
            return !isCurve ? Double.NaN : saturationPoint == null ? 0 : saturationPoint.result().accepted();
        }

        /** The offered load at the saturation point (0 where no load is stable; NaN for a single load). */
        public double saturationOffered() {
            return !isCurve ? Double.NaN : saturationPoint == null ? 0 : saturationPoint.rate();
        }
    }

    /**
     * Every rate of {@code rates} and, with two or more, the saturation point to {@link #TOLERANCE}. A curve needs a
     * drain limit that can tell a saturated load from one still draining ({@link #judged}); a shorter one is refused.
     */
    public static Curve curve(OpenLoopRouter sim, DoubleFunction<OpenLoopTraffic> traffic, double[] rates, Protocol p,
                              long seed) {
        traffic.apply(rates[0]); // a bad source is refused before the first run
        if (rates.length > 1 && !judged(p)) {
            throw new InvalidInputException("--drain " + p.drain() + " cycles cannot tell a saturated load from one still "
                    + "draining; a latency-throughput curve needs --drain >= " + (int) Math.ceil(p.latencyLimit())
                    + " (the latency limit)");
        }
        List<Point> points = sweep(sim, traffic, rates, p, seed);
        if (rates.length < 2) {
            return new Curve(points, null, false);
        }
        return new Curve(points, saturationPoint(sim, traffic, points, p, seed, TOLERANCE), true);
    }

    /**
     * Whether a run that ends with measured packets still in the network proves its load saturated under {@code p}:
     * its drain limit is at least the latency limit, so every such packet is older than a saturated mean allows.
     */
    public static boolean judged(Protocol p) {
        return p.drain() >= p.latencyLimit();
    }

    /** Whether {@code r} is past saturation under {@code p} ({@link #verdict}). */
    public static boolean saturated(OpenLoopResult r, Protocol p) {
        return verdict(r, p) == Verdict.SATURATED;
    }

    /**
     * The backlog grows through the window: less than 99 % of the offered flits accepted, and the packets generated in
     * the window's second half wait more than 10 % longer than those of its first half. Measured on the 2-core machine
     * of docs/speed.md under uniform traffic (seed 1, the default protocol): every stable load of circulant2:64,
     * dragonfly:4,2,2, torus:8x8 and kary-ntree:4,3 accepts at least 99.6 % with a latency ratio of at most 1.0, and
     * loads past the knee of their curves fall below 99.2 % with ratios from 1.13 up.
     */
    public static boolean growing(OpenLoopResult r) {
        return r.accepted() < 0.99 * r.offered() && r.latencySecondHalf() > 1.1 * r.latencyFirstHalf();
    }

    /** What {@code r} shows under {@code p}: the rules of this class's description, in that order. */
    public static Verdict verdict(OpenLoopResult r, Protocol p) {
        if (r.packetLatency() > p.latencyLimit() || (r.packets() > 0 && r.accepted() < 0.95 * r.offered())
                || (p.backlogRule() && growing(r))) {
            return Verdict.SATURATED;
        }
        if (r.packets() == 0) {
            return r.stable() || !judged(p) ? Verdict.NOT_MEASURED : Verdict.SATURATED;
        }
        if (!r.stable()) {
            return judged(p) ? Verdict.SATURATED : Verdict.NOT_MEASURED;
        }
        return Verdict.STABLE;
    }

    /** Parses a rate list {@code R} or {@code FROM:TO:STEP} (flits per terminal per cycle, TO included). */
    public static double[] parseRates(String text) {
        String[] parts = text.split(":", -1);
        try {
            if (parts.length == 1) {
                return new double[] {Double.parseDouble(parts[0])};
            }
            if (parts.length == 3) {
                double from = Double.parseDouble(parts[0]);
                double to = Double.parseDouble(parts[1]);
                double step = Double.parseDouble(parts[2]);
                if (from > 0 && to >= from && step > 0 && to <= 1 && (to - from) / step <= 1000) {
                    int n = (int) Math.floor((to - from) / step + 1e-9) + 1;
                    double[] rates = new double[n];
                    for (int i = 0; i < n; i++) {
                        rates[i] = Math.round((from + i * step) * 1e9) / 1e9;
                    }
                    return rates;
                }
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new InvalidInputException("--rate '" + text + "' is invalid; expected R or FROM:TO:STEP in flits per terminal "
                + "per cycle, 0 < FROM <= TO <= 1, at most 1,000 steps (e.g. 0.02:0.6:0.04)");
    }

    /** Runs every rate of {@code rates} with the same seed. */
    public static List<Point> sweep(OpenLoopRouter sim, DoubleFunction<OpenLoopTraffic> traffic, double[] rates,
                                    Protocol p, long seed) {
        List<Point> points = new ArrayList<>();
        for (double rate : rates) {
            points.add(run(sim, traffic, rate, p, seed));
        }
        return points;
    }

    private static Point run(OpenLoopRouter sim, DoubleFunction<OpenLoopTraffic> traffic, double rate, Protocol p,
                             long seed) {
        OpenLoopResult r = sim.runOpenLoop(traffic.apply(rate), p.warmup(), p.window(), p.drain(), seed);
        return new Point(rate, r, verdict(r, p));
    }

    /**
     * The saturation throughput: the largest offered load found stable ({@link #saturationPoint}), 0 where none is.
     */
    public static double saturation(OpenLoopRouter sim, DoubleFunction<OpenLoopTraffic> traffic, List<Point> curve,
                                    Protocol p, long seed, double tolerance) {
        Point point = saturationPoint(sim, traffic, curve, p, seed, tolerance);
        return point == null ? 0 : point.rate();
    }

    /**
     * The largest load found stable, by bisection to {@code tolerance} between the curve's highest stable point below
     * its first load that is not stable and that load (0 and 1 where it has none), or null where no load is stable. A
     * load that cannot be measured bounds the bisection from above as a saturated one does: the saturation point is
     * always a load measured stable.
     */
    public static Point saturationPoint(OpenLoopRouter sim, DoubleFunction<OpenLoopTraffic> traffic, List<Point> curve,
                                        Protocol p, long seed, double tolerance) {
        double hi = 1;
        for (Point point : curve) {
            if (!point.stable()) {
                hi = Math.min(hi, point.rate());
            }
        }
        Point lo = null;
        for (Point point : curve) {
            if (point.stable() && point.rate() < hi && (lo == null || point.rate() > lo.rate())) {
                lo = point;
            }
        }
        if (hi == 1 && (lo == null || lo.rate() < 1)) {
            Point top = run(sim, traffic, 1, p, seed);
            if (top.stable()) {
                return top;
            }
        }
        while (hi - (lo == null ? 0 : lo.rate()) > tolerance) {
            Point mid = run(sim, traffic, ((lo == null ? 0 : lo.rate()) + hi) / 2, p, seed);
            if (mid.stable()) {
                lo = mid;
            } else {
                hi = mid.rate();
            }
        }
        return lo;
    }
}
