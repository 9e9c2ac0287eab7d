package org.ccopt.cupstack;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.IntUnaryOperator;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.net.DeadlockException;
import org.ccopt.flitsim.FlitRouter;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.reference.PaperTable;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.flitsim.Workload;
import org.ccopt.routing.DimensionOrderRouting;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import org.ccopt.util.Workers;

/**
 * Fit of the router's open readings ({@link RouterModel}) to the deterministic figures the two flit-level papers
 * print: the known answers of Yokota et al. 2018, §5.2 (4 back-to-back 8-flit packets to a neighbour: 34 cycles, so
 * one packet: 10), the 2018 paper's physical-addressing durations on the 8x8 torus (Table 2's 15 pair sums, which
 * determine the six single-pattern durations), and the 60 cells of Yokota et al. 2023, Table 2 (simple stacking on
 * the 16x16 torus, two slices of one 8-flit packet, the shortest duration over V, one column per scheme C00-C09).
 * Every evaluation is a pure function of the model, so results do not depend on the thread count.
 */
public final class Calibration {

    /** The six patterns of both papers, in their tables' row order. */
    public static final List<String> PATTERNS = List.of("bcmp", "brev", "brot", "shfl", "torn", "trns");

    /**
     * Yokota et al. 2023, Table 2: rows {@link #PATTERNS}, columns C00..C09 (cycles), from the data file
     * {@code yokota2023-table2} ({@link PaperTable}).
     */
    public static final int[][] TABLE2_2023 = table2023();

    /**
     * Yokota et al. 2018, Table 2, "phys. dur.": pattern pairs (indices into {@link #PATTERNS}) and their sums, from the
     * data file {@code yokota2018-table2}.
     */
    public static final int[][] PAIRS_2018 = pairs2018();

    /** The single-pattern durations the 15 pair sums determine (e.g. bcmp = (283 + 242 - 337) / 2 = 94). */
    public static final int[] SINGLE_2018 = {94, 189, 148, 158, 134, 131};

    /** The 2018 paper's known answers (§5.2): one and four 8-flit packets to a neighbour. */
    public static final int KNOWN_ONE_PACKET = 10;
    public static final int KNOWN_FOUR_PACKETS = 34;

    /** Flits per VC buffer, as both papers state (2023, App. A.1: "each VC has a four-flit buffer"). */
    public static final int BUFFER = 4;

    private static final Topology T8 = TopologySpec.parse("torus:8x8");
    private static final Topology T16 = TopologySpec.parse("torus:16x16");

    private Calibration() {
    }

    private static int[][] table2023() {
        PaperTable t = PaperTable.read("yokota2023-table2");
        return PATTERNS.stream().map(t::ints).toArray(int[][]::new);
    }

    private static int[][] pairs2018() {
        PaperTable t = PaperTable.read("yokota2018-table2");
        return t.keys().stream().map(pair -> {
            String[] ab = pair.split(",");
            return new int[] {PATTERNS.indexOf(ab[0]), PATTERNS.indexOf(ab[1]), (int) t.number(pair, "physical")};
        }).toArray(int[][]::new);
    }

    /** A model's fit to the 2018 figures under every scheme; {@code durations[scheme][pattern]}, -1 on deadlock. */
    public record Fit2018(RouterModel model, int oneNeighbour, int fourNeighbour, int[][] durations) {

        public boolean knownAnswersHold() {
            return oneNeighbour == KNOWN_ONE_PACKET && fourNeighbour == KNOWN_FOUR_PACKETS;
        }

        /** The errors of the six single-pattern durations under one scheme. */
        public Errors errors(VcSelection scheme) {
            return Errors.of(durations[scheme.ordinal()], SINGLE_2018);
        }

        /** The scheme whose six durations fit best (mean absolute % error, then max), the default of a 2018 preset. */
        public VcSelection bestScheme() {
            VcSelection best = VcSelection.C00;
            for (VcSelection s : VcSelection.values()) {
                if (errors(s).better(errors(best))) {
                    best = s;
                }
            }
            return best;
        }
    }

    /** A model's 60 cells of the 2023 Table 2, {@code cells[pattern][scheme]}, -1 on deadlock. */
    public record Fit2023(RouterModel model, int[][] cells) {

        /** A table not measured (the model needs more than the papers' 3 VCs, or a screen skipped it): every cell -1. */
        public static Fit2023 unmeasured(RouterModel model) {
            int[][] none = new int[PATTERNS.size()][VcSelection.values().length];
            for (int[] row : none) {
                java.util.Arrays.fill(row, -1);
            }
            return new Fit2023(model, none);
        }

        public Errors errors() {
            int[] flat = new int[60];
            int[] paper = new int[60];
            for (int p = 0; p < 6; p++) {
                System.arraycopy(cells[p], 0, flat, p * 10, 10);
                System.arraycopy(TABLE2_2023[p], 0, paper, p * 10, 10);
            }
            return Errors.of(flat, paper);
        }

        /**
         * The order of {@code calibrate --stage descent2023}: closer to the target ({@link Errors#targetRatio}); on a
         * tie, more of the paper's equal column pairs kept (a published property of the same table); then
         * {@link Errors#better} (the mean, then the largest cell).
         */
        public boolean closerToTarget(Fit2023 o) {
            Errors e = errors();
            Errors oe = o.errors();
            if (e.targetRatio() != oe.targetRatio()) {
                return e.targetRatio() < oe.targetRatio();
            }
            if (equalColumnPairs() != o.equalColumnPairs()) {
                return equalColumnPairs() > o.equalColumnPairs();
            }
            return e.better(oe);
        }

        /** Rows whose shortest cell lies under one of the schemes the paper's row is shortest under. */
        public int bestSchemeMatches() {
            int matches = 0;
            for (int p = 0; p < 6; p++) {
                int paperMin = Arrays.stream(TABLE2_2023[p]).min().orElseThrow();
                int min = Arrays.stream(cells[p]).min().orElseThrow();
                for (int s = 0; s < 10; s++) {
                    if (cells[p][s] == min && TABLE2_2023[p][s] == paperMin) {
                        matches++;
                        break;
                    }
                }
            }
            return matches;
        }

        /**
         * Of the pairs of columns the paper's table shows equal in every row (C00 = C02, C01 = C03, C05 = C08,
         * C06 = C07), how many are equal in every row here.
         */
        public int equalColumnPairs() {
            int[][] pairs = {{0, 2}, {1, 3}, {5, 8}, {6, 7}};
            int held = 0;
            for (int[] c : pairs) {
                boolean all = true;
                for (int p = 0; p < 6; p++) {
                    all &= cells[p][c[0]] == cells[p][c[1]];
                }
                held += all ? 1 : 0;
            }
            return held;
        }
    }

    /** Errors of measured values against the paper's: mean and max absolute % error, exact cells; -1 values miss. */
    public record Errors(double meanAbsPercent, double maxAbsPercent, int exact, int failed) {

        /** The target for the 2023 Table 2: mean absolute error at most 4 %, no cell above 12 %. */
        public static final double TARGET_MEAN = 4;
        public static final double TARGET_MAX = 12;

        public static Errors of(int[] values, int[] paper) {
            double sum = 0;
            double max = 0;
            int exact = 0;
            int failed = 0;
            for (int i = 0; i < values.length; i++) {
                if (values[i] < 0) {
                    failed++;
                    continue;
                }
                double e = 100.0 * Math.abs(values[i] - paper[i]) / paper[i];
                sum += e;
                max = Math.max(max, e);
                exact += values[i] == paper[i] ? 1 : 0;
            }
            if (failed > 0) {
                return new Errors(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, exact, failed);
            }
            return new Errors(sum / values.length, max, exact, 0);
        }

        /** Lower mean absolute error first, then lower maximum. */
        public boolean better(Errors o) {
            if (meanAbsPercent != o.meanAbsPercent) {
                return meanAbsPercent < o.meanAbsPercent;
            }
            return maxAbsPercent < o.maxAbsPercent;
        }

        /**
         * The 2023 target in its own terms: the larger of mean / {@value #TARGET_MEAN} % and max / {@value #TARGET_MAX} %
         * (at most 1 where both are met).
         */
        public double targetRatio() {
            return Math.max(meanAbsPercent / TARGET_MEAN, maxAbsPercent / TARGET_MAX);
        }
    }

    /** The 2018 figures under {@code m}: the two known answers and the six patterns under every scheme. */
    public static Fit2018 fit2018(RouterModel m) {
        return fit2018(m, BUFFER);
    }

    /**
     * {@link #fit2018(RouterModel)} with {@code buffer} flits per VC instead of the papers' {@value #BUFFER}: a
     * sensitivity check, not a reading (App. A.1 states the buffer). With {@code m} null the figures are BookSim's
     * router's, on the same 3 VCs: it has no VC selection scheme, so its ten rows are one run each.
     */
    public static Fit2018 fit2018(RouterModel m, int buffer) {
        FlitSetup setup = setup(T8, buffer, m);
        FlitRouter sim;
        try {
            sim = setup.router();
        } catch (RuntimeException e) {
            return null; // the model needs more VCs than the papers' three
        }
        int[] neighbour = TrafficPattern.NEIGHBOR.destinations(T8, 1);
        int one = duration(sim, setup.uniformConfig(VcSelection.C00), new Workload(neighbour, 1, 1, 8, 0, null));
        int four = duration(sim, setup.uniformConfig(VcSelection.C00), new Workload(neighbour, 1, 4, 8, 0, null));
        int[][] d = new int[10][6];
        for (VcSelection s : VcSelection.values()) {
            if (m == null && s != VcSelection.C00) {
                d[s.ordinal()] = d[0].clone(); // no scheme decides anything on BookSim's router
                continue;
            }
            RouterConfig c = setup.uniformConfig(s);
            for (int p = 0; p < 6; p++) {
                int[] dest = TrafficPattern.parse(PATTERNS.get(p)).destinations(T8, 1);
                d[s.ordinal()][p] = duration(sim, c, new Workload(dest, 1, 4, 8, 0, null));
            }
        }
        return new Fit2018(m, one, four, d);
    }

    /**
     * The 60 cells of the 2023 Table 2 under {@code m}: per pattern and scheme, simple stacking (§4.1) of two slices
     * of one 8-flit packet, V from 8 to the single-slice duration, the shortest run. Cells run on {@code threads}.
     */
    public static Fit2023 fit2023(RouterModel m, int threads) {
        return fit2023(m, threads, BUFFER);
    }

    /**
     * {@link #fit2023(RouterModel, int)} with {@code buffer} flits per VC: a sensitivity check, not a reading. With
     * {@code m} null the cells are BookSim's router's: its ten columns are one run each (no VC selection scheme).
     */
    public static Fit2023 fit2023(RouterModel m, int threads, int buffer) {
        int[][] cells = new int[6][10];
        int schemes = m == null ? 1 : 10;
        int[] flat = parallel(6 * schemes, threads, i -> cell2023(m, i / schemes, VcSelection.values()[i % schemes], buffer));
        for (int i = 0; i < 60; i++) {
            cells[i / 10][i % 10] = flat[i / 10 * schemes + (m == null ? 0 : i % 10)];
        }
        return new Fit2023(m, cells);
    }

    /** One cell of the 2023 Table 2 under {@code m} (pattern index into {@link #PATTERNS}), or -1 on a deadlock. */
    public static int cell2023(RouterModel m, int pattern, VcSelection s) {
        return cell2023(m, pattern, s, BUFFER);
    }

    private static int cell2023(RouterModel m, int pattern, VcSelection s, int buffer) {
        int[] dest = TrafficPattern.parse(PATTERNS.get(pattern)).destinations(T16, 1);
        Problem problem = new Problem(setup(T16, buffer, m), dest, 2, 1, 8, false, false);
        try {
            return Stacking.simple(problem.router(), problem.baseConfig(s), problem).score().duration();
        } catch (DeadlockException e) {
            return -1;
        }
    }

    /**
     * The readings that decide whether VCs of one link compete, crossed around {@link RouterModel#YOKOTA2023} (its tie
     * and Q readings kept): dateline x VC class x dimension order x crossbar x credit delay (-1, 0, 1) x VC competition x
     * link multiplexing (flit, packet-yield) x output stage = 5 x 6 x 2 x 2 x 3 x 2 x 2 x 2 = 2,880 models, for
     * screening one row of the 2023 Table 2 at a sixth of the cost of the whole table.
     */
    public static List<RouterModel> rowSpace() {
        List<RouterModel> all = List.of(RouterModel.YOKOTA2023);
        all = cross(all, RouterModel.Dateline.values(), RouterModel::withDateline);
        all = cross(all, RouterModel.VcClass.values(), RouterModel::withVcClass);
        all = cross(all, RouterModel.DimensionOrder.values(), RouterModel::withDimensionOrder);
        all = cross(all, RouterModel.Crossbar.values(), RouterModel::withCrossbar);
        all = cross(all, new Integer[] {RouterModel.SAME_CYCLE_CREDIT, 0, 1}, RouterModel::withCreditDelay);
        all = cross(all, RouterModel.VcCompetition.values(), RouterModel::withVcCompetition);
        all = cross(all, new RouterModel.LinkMux[] {RouterModel.LinkMux.FLIT, RouterModel.LinkMux.PACKET_YIELD},
                RouterModel::withLinkMux);
        return cross(all, RouterModel.OutputStage.values(), RouterModel::withOutputStage);
    }

    /** Every model of {@code models} with every value of one reading, in that order (the first list varies slowest). */
    private static <T> List<RouterModel> cross(List<RouterModel> models, T[] values, BiFunction<RouterModel, T, RouterModel> with) {
        List<RouterModel> out = new ArrayList<>(models.size() * values.length);
        for (RouterModel m : models) {
            for (T v : values) {
                out.add(with.apply(m, v));
            }
        }
        return out;
    }

    /**
     * Spearman's rank correlation of two rows (ties get their average rank): how well a model's row orders the schemes
     * as the paper's does, whatever its level; NaN when either row is constant.
     */
    public static double spearman(int[] a, int[] b) {
        double[] ra = ranks(a);
        double[] rb = ranks(b);
        double ma = 0;
        double mb = 0;
        for (int i = 0; i < a.length; i++) {
            ma += ra[i];
            mb += rb[i];
        }
        ma /= a.length;
        mb /= b.length;
        double cov = 0;
        double va = 0;
        double vb = 0;
        for (int i = 0; i < a.length; i++) {
            cov += (ra[i] - ma) * (rb[i] - mb);
            va += (ra[i] - ma) * (ra[i] - ma);
            vb += (rb[i] - mb) * (rb[i] - mb);
        }
        return va == 0 || vb == 0 ? Double.NaN : cov / Math.sqrt(va * vb);
    }

    private static double[] ranks(int[] v) {
        double[] r = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            int below = 0;
            int equal = 0;
            for (int x : v) {
                below += x < v[i] ? 1 : 0;
                equal += x == v[i] ? 1 : 0;
            }
            r[i] = below + (equal + 1) / 2.0;
        }
        return r;
    }

    /**
     * Every combination of the readings that can change a run in which every node injects at cycle 0 and sends to one
     * destination (the 2018 durations, simple stacking): dateline x VC class x dimension order x tie x crossbar x Q
     * update x VC release x credit delay 0..2 x round-robin start x ejection = 5 x 4 x 2 x 5 x 2 x 2 x 2 x 3 x 2 x 2 =
     * 19,200 models (the VC competition, the class-or-next and dimension-window VC classes, the link multiplexing and
     * the output stage, added after the screen's first run, are left to {@link #neighbours}). The default
     * scheme is left to the fit (the 2018 fit picks it, the 2023 table sweeps it); the
     * initial Q order is left out because it provably changes nothing in such runs: a node's first packet is granted
     * its output VC in cycle 2, before any transit packet can reach that router, after which the processor's entry
     * stands last under both initial orders and both updates, and every later packet of the node asks for that VC.
     */
    public static List<RouterModel> space() {
        List<RouterModel> all = routing(DimensionOrderRouting.Tie.values());
        all = cross(all, RouterModel.QueueUpdate.values(), RouterModel::withQueueUpdate);
        all = cross(all, RouterModel.VcRelease.values(), RouterModel::withVcRelease);
        all = cross(all, new Integer[] {0, 1, 2}, RouterModel::withCreditDelay);
        all = cross(all, RouterModel.RoundRobinStart.values(), RouterModel::withRoundRobinStart);
        return cross(all, RouterModel.Ejection.values(), RouterModel::withEjection);
    }

    /** The VC classes of the documented grid (class-or-next, added later, is reached as a neighbour). */
    private static final RouterModel.VcClass[] GRID_CLASSES = {RouterModel.VcClass.CUMULATIVE,
        RouterModel.VcClass.RESET_ON_TURN, RouterModel.VcClass.DIMENSION_OFFSET, RouterModel.VcClass.ANY_AT_OR_ABOVE};

    /** The ties of the documented grid ({@code wrap}, added later, is reached as a neighbour; the 2018 screen has it). */
    private static final DimensionOrderRouting.Tie[] GRID_TIES = {DimensionOrderRouting.Tie.POSITIVE,
        DimensionOrderRouting.Tie.NEGATIVE, DimensionOrderRouting.Tie.SOURCE_PARITY, DimensionOrderRouting.Tie.HALF};

    /**
     * The readings that shape a simple-stacking run and keep the known answers, crossed: dateline x VC class x
     * dimension order x tie x crossbar (5 x 4 x 2 x 4 x 2 = 320 models; the VC classes and ties are those that existed
     * when the documented grid ran, class-or-next and the wrap tie came later and are neighbours), the others at
     * ccopt's values. Left out, with the reason: the initial Q order (irrelevant in such runs, see {@link #space}), the
     * Q update (it can matter only where three or more network inputs compete for one output VC after a grant), drained
     * VC release (breaks the 34-cycle known answer: 37), the round-robin start, the credit delay and the ejection
     * bandwidth: all left to the coordinate descent that follows.
     */
    public static List<RouterModel> routingSpace() {
        return routing(GRID_TIES);
    }

    private static List<RouterModel> routing(DimensionOrderRouting.Tie[] ties) {
        List<RouterModel> all = List.of(RouterModel.CCOPT);
        all = cross(all, RouterModel.Dateline.values(), RouterModel::withDateline);
        all = cross(all, GRID_CLASSES, RouterModel::withVcClass);
        all = cross(all, RouterModel.DimensionOrder.values(), RouterModel::withDimensionOrder);
        all = cross(all, ties, RouterModel::withTie);
        return cross(all, RouterModel.Crossbar.values(), RouterModel::withCrossbar);
    }

    /**
     * The models one reading away from {@code m}: every other value a descent tries of every reading that it varies
     * ({@link RouterModel.ReadingSpec#explored}: every value of an enum reading, credit delay -1..2, not the scheme),
     * the neighbourhood of one coordinate-descent step. The enum readings come first in their declared order, then the
     * integer ones: the order the documented descents ran in.
     */
    public static List<RouterModel> neighbours(RouterModel m) {
        List<RouterModel> out = new ArrayList<>();
        List<RouterModel.ReadingSpec> order = new ArrayList<>(RouterModel.READINGS);
        order.sort(java.util.Comparator.comparing(r -> r.type() == int.class)); // stable: enum readings first
        for (RouterModel.ReadingSpec reading : order) {
            for (Object value : reading.explored()) {
                out.add(m.with(reading.key(), RouterModel.ReadingSpec.format(value), reading.key()));
            }
        }
        out.removeIf(m::equals);
        return out;
    }

    private static int duration(FlitRouter sim, RouterConfig c, Workload w) {
        try {
            return sim.run(c, w).durationCycles();
        } catch (DeadlockException e) {
            return -1;
        }
    }

    /** {@code f(0..count-1)} on {@code threads} workers, results in index order. */
    public static int[] parallel(int count, int threads, IntUnaryOperator f) {
        int[] out = new int[count];
        Workers.forEachIndex(count, threads, null, i -> out[i] = f.applyAsInt(i));
        return out;
    }

    /**
     * The set-up of a calibration run: 3 VCs of {@code buffer} flits on {@code t}, the papers' router under {@code m}, or
     * BookSim's router where {@code m} is null (a stage's {@code --model booksim}, which only {@code check} takes).
     */
    static FlitSetup setup(Topology t, int buffer, RouterModel m) {
        return m == null ? FlitSetup.booksim(t, 3, buffer, null, null) : new FlitSetup(t, 3, buffer, m);
    }
}
