package org.ccopt.flitsim.net;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;
import org.ccopt.InvalidInputException;

/**
 * A latency-throughput curve: open-loop runs of a flit router at a list of offered loads, and the saturation
 * throughput found by bisection. A load is saturated when its measured packets do not all leave within the drain
 * limit, when their mean latency exceeds {@code latencyLimit} (BookSim's {@code latency_thres}, 500 cycles), or when
 * the network accepts less than 95 % of what was offered in the window.
 */
public final class LoadSweep {

    private LoadSweep() {
    }

    /** The measurement protocol of every run: warm-up, window and drain limit in cycles, and the latency limit. */
    public record Protocol(int warmup, int window, int drain, double latencyLimit) {
        public static final Protocol DEFAULT = new Protocol(3_000, 10_000, 20_000, 500);

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
    }

    /** The step to which {@link #curve} bisects the saturation throughput, in flits per terminal per cycle. */
    public static final double TOLERANCE = 0.005;

    /** One load of the curve. */
    public record Point(double rate, OpenLoopResult result, boolean saturated) {
    }

    /** The runs at every load and the saturation throughput ({@code NaN} for a single load, which is no curve). */
    public record Curve(List<Point> points, double saturation) {
        public Curve {
            points = List.copyOf(points);
        }
    }

    /** Every rate of {@code rates} and, with two or more, the saturation throughput to {@link #TOLERANCE}. */
    public static Curve curve(OpenLoopRouter sim, DoubleFunction<OpenLoopTraffic> traffic, double[] rates, Protocol p,
                              long seed) {
        traffic.apply(rates[0]); // a bad source is refused before the first run
        List<Point> points = sweep(sim, traffic, rates, p, seed);
        return new Curve(points, rates.length > 1 ? saturation(sim, traffic, points, p, seed, TOLERANCE) : Double.NaN);
    }

    /** Whether {@code r} is past saturation under {@code p}. */
    public static boolean saturated(OpenLoopResult r, Protocol p) {
        return !r.stable() || !(r.packetLatency() <= p.latencyLimit()) || r.accepted() < 0.95 * r.offered();
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
            OpenLoopResult r = sim.runOpenLoop(traffic.apply(rate), p.warmup(), p.window(), p.drain(), seed);
            points.add(new Point(rate, r, saturated(r, p)));
        }
        return points;
    }

    /**
     * The saturation throughput: the largest offered load found not saturated, by bisection to {@code tolerance}
     * between the curve's last unsaturated and first saturated point (0 and 1 where it has none).
     */
    public static double saturation(OpenLoopRouter sim, DoubleFunction<OpenLoopTraffic> traffic, List<Point> curve,
                                    Protocol p, long seed, double tolerance) {
        double lo = 0;
        double hi = 1;
        for (Point point : curve) {
            if (point.saturated()) {
                hi = Math.min(hi, point.rate());
            }
        }
        for (Point point : curve) {
            if (!point.saturated() && point.rate() < hi) {
                lo = Math.max(lo, point.rate());
            }
        }
        if (hi == 1 && lo < 1 && !saturated(sim.runOpenLoop(traffic.apply(1), p.warmup(), p.window(), p.drain(), seed), p)) {
            return 1;
        }
        while (hi - lo > tolerance) {
            double mid = (lo + hi) / 2;
            OpenLoopResult r = sim.runOpenLoop(traffic.apply(mid), p.warmup(), p.window(), p.drain(), seed);
            if (saturated(r, p)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return lo;
    }
}
