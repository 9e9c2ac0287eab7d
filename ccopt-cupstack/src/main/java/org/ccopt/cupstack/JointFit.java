package org.ccopt.cupstack;

import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.net.DeadlockException;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.flitsim.Workload;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;

/**
 * One router model against both flit-level papers at once: the deterministic figures of Yokota et al. 2018 (known
 * answers, six 8x8 durations under the scheme that paper leaves open) and 2023 (Table 2), each measured by the 2023
 * target's own ratio (the larger of mean / 4 % and max / 12 %, at most 1 where both are met), the joint ratio being
 * the larger of the two. Figures held out of every fit are measured beside:
 *
 * <ul>
 *   <li>Table 4's unsplit column of the 2023 paper ("S=1", from its reference [3], under C00): one 16-flit packet per
 *       node on the 16x16 torus, {@link #UNSPLIT_2023};
 *   <li>the 2018 paper's three-pattern physical average (§5.3: "average duration time of the three patterns is 426.3
 *       [cycles] in the physical addressing"), the mean over every triple of its eight patterns of the three durations
 *       run one after another: three times the mean duration of the eight, rpar and rrng drawn with seed 1 (the paper's
 *       draws are not printed), under the model's 2018 scheme.
 * </ul>
 */
public record JointFit(Calibration.Fit2018 fit2018, Calibration.Fit2023 fit2023, int[] unsplit, double triples2018) {

    /** Yokota et al. 2023, Table 4, "prev. work S=1" (cycles), rows {@link Calibration#PATTERNS}. */
    public static final int[] UNSPLIT_2023 = {109, 199, 178, 243, 123, 130};

    /** Yokota et al. 2018, §5.3: the three-pattern average of physical addressing (cycles). */
    public static final double TRIPLES_2018 = 426.3;

    private static final Topology T8 = TopologySpec.parse("torus:8x8");
    private static final Topology T16 = TopologySpec.parse("torus:16x16");

    /**
     * Both fits of {@code m} and its held-out figures; null when the model needs more than the papers' three VCs. The
     * 2023 table is measured only where the 2018 ratio is at most {@code ratio2018Cap} (a screen's shortcut: the joint
     * ratio is then already above the cap); its cells are -1 otherwise.
     */
    public static JointFit of(RouterModel m, int threads, double ratio2018Cap) {
        Calibration.Fit2018 f18 = Calibration.fit2018(m);
        if (f18 == null) {
            return null;
        }
        double r18 = ratio2018(f18);
        Calibration.Fit2023 f23 = r18 <= ratio2018Cap ? Calibration.fit2023(m, threads) : Calibration.Fit2023.unmeasured(m);
        int[] unsplit = Calibration.parallel(6, threads, p -> unsplit(m, p));
        return new JointFit(f18, f23, unsplit, triples(m, f18.knownAnswersHold() ? f18.bestScheme() : VcSelection.C00));
    }

    /** The 2018 ratio: infinite where a known answer is lost or a pattern deadlocks. */
    public double ratio2018() {
        return ratio2018(fit2018);
    }

    private static double ratio2018(Calibration.Fit2018 f) {
        if (!f.knownAnswersHold()) {
            return Double.POSITIVE_INFINITY;
        }
        return f.errors(f.bestScheme()).targetRatio();
    }

    public double ratio2023() {
        return fit2023.errors().targetRatio();
    }

    /** The larger of the two papers' ratios: at most 1 exactly when one model meets both targets. */
    public double ratio() {
        return Math.max(ratio2018(), ratio2023());
    }

    /** Errors of the held-out unsplit column. */
    public Calibration.Errors unsplitErrors() {
        return Calibration.Errors.of(unsplit, UNSPLIT_2023);
    }

    /** Signed % error of the held-out three-pattern average. */
    public double triplesErrorPercent() {
        return 100 * (triples2018 - TRIPLES_2018) / TRIPLES_2018;
    }

    /** The joint descent's order: the smaller joint ratio, then the 2023 table's equal column pairs, then the other ratio. */
    public boolean closerThan(JointFit o) {
        if (ratio() != o.ratio()) {
            return ratio() < o.ratio();
        }
        if (fit2023.equalColumnPairs() != o.fit2023.equalColumnPairs()) {
            return fit2023.equalColumnPairs() > o.fit2023.equalColumnPairs();
        }
        return Math.min(ratio2018(), ratio2023()) < Math.min(o.ratio2018(), o.ratio2023());
    }

    private static int unsplit(RouterModel m, int pattern) {
        int[] dest = TrafficPattern.parse(Calibration.PATTERNS.get(pattern)).destinations(T16, 1);
        Problem p = new Problem(new FlitSetup(T16, 3, Calibration.BUFFER, m), dest, 2, 1, 8, false, false);
        try {
            return p.simulator().run(p.baseConfig(VcSelection.C00), p.unsplit()).durationCycles();
        } catch (DeadlockException e) {
            return -1;
        }
    }

    private static double triples(RouterModel m, VcSelection scheme) {
        String[] patterns = {"bcmp", "brev", "brot", "shfl", "torn", "trns", "rpar", "rrng"};
        FlitSimulator sim = new FlitSimulator(T8, 3, Calibration.BUFFER, m);
        RouterConfig config = RouterConfig.uniform(T8.nodeCount(), 2, 3, Calibration.BUFFER, scheme, m);
        double sum = 0;
        for (String name : patterns) {
            try {
                sum += sim.run(config, new Workload(TrafficPattern.parse(name).destinations(T8, 1), 1, 4, 8, 0, null)).durationCycles();
            } catch (DeadlockException e) {
                return Double.NaN;
            }
        }
        return 3 * sum / patterns.length; // every pattern lies in 21 of the 56 triples
    }
}
