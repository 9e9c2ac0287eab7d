package org.ccopt.cupstack;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.util.Csv;
import org.ccopt.util.InputFiles;

/**
 * The stages of a calibration ({@code ccopt calibrate --stage ...}), each a search over router models measured
 * against the flit-level papers' deterministic figures ({@link Calibration}): the screens rank a space of models, the
 * descents move from one model to a better neighbour ({@link Descent}). Every stage returns its fits ranked and, for
 * a CSV, one row per model; a front end prints them.
 */
public final class CalibrationStages {

    private CalibrationStages() {
    }

    /** The CSV columns of {@link #screen2018}'s rows. */
    public static final List<String> SCREEN_HEADER = List.of("model", "scheme", "knownAnswers", "meanAbsPercent",
            "maxAbsPercent", "exact", "bcmp", "brev", "brot", "shfl", "torn", "trns");

    /**
     * The 2018 screen: every model of {@link Calibration#space()} against Yokota et al. 2018's 8x8 durations.
     *
     * @param rows     every measured model (those needing more than 3 VCs left out), one CSV row each
     * @param ranked   those that keep the known answers 10 and 34, closest first (mean error, then the largest)
     * @param measured the models measured
     */
    public record Screen(List<List<Object>> rows, List<Calibration.Fit2018> ranked, int measured) {
    }

    /** What a long stage reports as each model is measured (from the worker that measured it, one call at a time). */
    public interface Measured {
        /**
         * @param index the model's place in the stage's space
         * @param row   its CSV row, or null where it needs more than 3 VCs
         * @param done  models measured so far, this one included
         * @param total models in the space
         */
        void accept(int index, List<Object> row, int done, int total);
    }

    /** {@link #screen2018(int, Measured)} without reports. */
    public static Screen screen2018(int workers) {
        return screen2018(workers, (i, row, done, total) -> { });
    }

    /** The 2018 screen, reporting every model as it is measured, so that a caller can show progress and keep rows. */
    public static Screen screen2018(int workers, Measured each) {
        List<RouterModel> space = Calibration.space();
        Calibration.Fit2018[] fits = new Calibration.Fit2018[space.size()];
        int[] done = {0};
        Calibration.parallel(space.size(), workers, i -> {
            Calibration.Fit2018 f = Calibration.fit2018(space.get(i));
            fits[i] = f;
            synchronized (done) {
                each.accept(i, f == null ? null : screenRow(f), ++done[0], space.size());
            }
            return 0;
        });
        List<Calibration.Fit2018> ok = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        for (Calibration.Fit2018 f : fits) {
            if (f == null) {
                continue;
            }
            rows.add(screenRow(f));
            if (f.knownAnswersHold()) {
                ok.add(f);
            }
        }
        ok.sort(Comparator.comparingDouble((Calibration.Fit2018 f) -> f.errors(f.bestScheme()).meanAbsPercent())
                .thenComparingDouble(f -> f.errors(f.bestScheme()).maxAbsPercent()));
        return new Screen(rows, ok, space.size());
    }

    /** The CSV row of one model's 2018 fit: its best scheme, its errors and its six durations. */
    private static List<Object> screenRow(Calibration.Fit2018 f) {
        VcSelection s = f.bestScheme();
        Calibration.Errors e = f.errors(s);
        List<Object> line = new ArrayList<>(List.of(f.model().describe(), s, f.knownAnswersHold(),
                three(e.meanAbsPercent()), three(e.maxAbsPercent()), e.exact()));
        for (int d : f.durations()[s.ordinal()]) {
            line.add(d);
        }
        return line;
    }

    /** The CSV columns of {@link #grid2023}'s rows. */
    public static final List<String> GRID_HEADER = List.of("model", "meanAbsPercent", "maxAbsPercent", "exact",
            "bestSchemeMatches", "equalColumnPairs", "cells");

    /**
     * The 2023 grid: every model of {@link Calibration#routingSpace()} against Yokota et al. 2023's Table 2, in order;
     * {@code each} hears of every fit as it is made (a model needing more than 3 VCs is {@link Calibration.Fit2023#unmeasured}).
     * Returns the fits, closest first.
     */
    public static List<Calibration.Fit2023> grid2023(int workers, int buffer, Consumer<Calibration.Fit2023> each) {
        List<Calibration.Fit2023> fits = new ArrayList<>();
        for (RouterModel m : Calibration.routingSpace()) {
            Calibration.Fit2023 f = fit2023(m, workers, buffer);
            fits.add(f);
            each.accept(f);
        }
        fits.sort((a, b) -> a.errors().better(b.errors()) ? -1 : b.errors().better(a.errors()) ? 1 : 0);
        return fits;
    }

    /** A model's fit to the 2023 Table 2, or {@link Calibration.Fit2023#unmeasured} where it needs more than 3 VCs. */
    public static Calibration.Fit2023 fit2023(RouterModel m, int workers, int buffer) {
        try {
            return Calibration.fit2023(m, workers, buffer);
        } catch (InvalidInputException e) {
            return Calibration.Fit2023.unmeasured(m);
        }
    }

    /** {@link #grid2023}'s CSV row of one fit. */
    public static List<Object> gridRow(Calibration.Fit2023 f) {
        Calibration.Errors e = f.errors();
        return List.of(f.model().describe(), three(e.meanAbsPercent()), three(e.maxAbsPercent()), e.exact(),
                f.bestSchemeMatches(), f.equalColumnPairs(), cells(f.cells()));
    }

    /** The CSV columns of {@link #row2023}'s rows. */
    public static final List<String> ROW_HEADER = List.of("model", "meanAbsPercent", "maxAbsPercent", "spearman", "cells");

    /**
     * One model's fit to one row of the 2023 Table 2.
     *
     * @param rho Spearman's rank correlation of the ten schemes with the paper's, NaN where a scheme deadlocks
     */
    public record RowFit(RouterModel model, int[] cells, Calibration.Errors errors, double rho) {
        /** The CSV row. */
        public List<Object> row() {
            return List.of(model.describe(), three(errors.meanAbsPercent()), three(errors.maxAbsPercent()),
                    Double.isNaN(rho) ? "" : three(rho), joined(cells, "/"));
        }
    }

    /** The index of a row of the 2023 Table 2 by its pattern's name (null: bcmp), or one line naming the rows. */
    public static int pattern(String name) {
        int p = Calibration.PATTERNS.indexOf(name == null ? "bcmp" : name.trim().toLowerCase(Locale.ROOT));
        if (p < 0) {
            throw InvalidInputException.parameter("traffic", "'" + name + "' is not a row of the 2023 Table 2; expected "
                    + "one of " + String.join(", ", Calibration.PATTERNS));
        }
        return p;
    }

    /** One row of the 2023 Table 2 under every model of {@link Calibration#rowSpace()}, in the space's order. */
    public static List<RowFit> row2023(int pattern, int workers) {
        List<RouterModel> space = Calibration.rowSpace();
        int[] flat = Calibration.parallel(space.size() * 10, workers,
                i -> Calibration.cell2023(space.get(i / 10), pattern, VcSelection.values()[i % 10]));
        int[] paper = Calibration.TABLE2_2023[pattern];
        List<RowFit> rows = new ArrayList<>();
        for (int m = 0; m < space.size(); m++) {
            int[] cells = Arrays.copyOfRange(flat, 10 * m, 10 * m + 10);
            boolean deadlock = Arrays.stream(cells).anyMatch(c -> c < 0);
            rows.add(new RowFit(space.get(m), cells, Calibration.Errors.of(cells, paper),
                    deadlock ? Double.NaN : Calibration.spearman(cells, paper)));
        }
        return rows;
    }

    /** Row fits closest to the paper's row first. */
    public static List<RowFit> byError(List<RowFit> rows) {
        List<RowFit> list = new ArrayList<>(rows);
        list.sort((a, b) -> a.errors().better(b.errors()) ? -1 : b.errors().better(a.errors()) ? 1 : 0);
        return list;
    }

    /** Row fits that order the schemes most like the paper first (highest Spearman's rho, then mean error). */
    public static List<RowFit> byOrder(List<RowFit> rows) {
        List<RowFit> list = new ArrayList<>(rows.stream().filter(r -> !Double.isNaN(r.rho())).toList());
        list.sort(Comparator.comparingDouble((RowFit r) -> -r.rho()).thenComparingDouble(r -> r.errors().meanAbsPercent()));
        return list;
    }

    /** What a models file holds, for messages. */
    public static final String MODELS_FILE = "a CSV with a 'model' column, as screen2018 and grid2023 write, or one model "
            + "per line, '#' starting a comment";

    /**
     * The models of models files ({@link #MODELS_FILE}), in order, without repeats, each at scheme C00 (a fit picks
     * the scheme). A line that is not a model is refused by its number, never echoed.
     */
    public static Set<RouterModel> readModels(List<Path> files) {
        Set<RouterModel> list = new LinkedHashSet<>();
        for (Path f : files) {
            String text = InputFiles.read(f, "models file", MODELS_FILE);
            boolean csv = text.startsWith("model,") || text.startsWith("\"model\",");
            List<String> lines;
            try {
                lines = csv ? Csv.read(text).stream().map(row -> row.get("model")).toList()
                        : text.lines().map(String::trim).toList();
            } catch (java.io.IOException e) {
                throw new InvalidInputException("models file '" + f + "' is not CSV" + InputFiles.where(e) + "; expected "
                        + MODELS_FILE);
            }
            for (int i = 0; i < lines.size(); i++) {
                String l = lines.get(i);
                if (l == null || l.isEmpty() || l.startsWith("#")) {
                    continue;
                }
                try {
                    list.add(RouterModel.parse(l).withDefaultScheme(VcSelection.C00));
                } catch (InvalidInputException e) {
                    throw new InvalidInputException((csv ? "row " : "line ") + (i + 1) + " of models file '" + f
                            + "' is not a router model; expected " + MODELS_FILE);
                }
            }
        }
        if (list.isEmpty()) {
            throw InvalidInputException.parameter("models", files + " hold no model; expected " + MODELS_FILE);
        }
        return list;
    }

    /** The CSV columns of {@link #jointRow}. */
    public static final List<String> JOINT_HEADER = List.of("model", "scheme2018", "knownAnswers", "joint", "mean2018",
            "max2018", "mean2023", "max2023", "equalColumnPairs", "unsplitMean", "unsplitMax", "triplesPercent", "cells2023");

    /** A joint fit's CSV row. */
    public static List<Object> jointRow(JointFit f) {
        Calibration.Errors e18 = f.fit2018().errors(f.fit2018().bestScheme());
        Calibration.Errors e23 = f.fit2023().errors();
        Calibration.Errors s1 = f.unsplitErrors();
        return List.of(f.fit2018().model().describe(), f.fit2018().bestScheme(), f.fit2018().knownAnswersHold(), three(f.ratio()),
                three(e18.meanAbsPercent()), three(e18.maxAbsPercent()), three(e23.meanAbsPercent()), three(e23.maxAbsPercent()),
                f.fit2023().equalColumnPairs(), three(s1.meanAbsPercent()), three(s1.maxAbsPercent()),
                three(f.triplesErrorPercent()), cells(f.fit2023().cells()));
    }

    /**
     * The 2018 descent's order: a model is better when it keeps both known answers and its best scheme's six
     * durations fit better (mean absolute error, then the largest); the scheme is left to the fit. Empty: the model
     * needs more than 3 VCs.
     */
    public static boolean better2018(Optional<Calibration.Fit2018> a, Optional<Calibration.Fit2018> b) {
        return a.isPresent() && a.get().knownAnswersHold() && (b.isEmpty() || !b.get().knownAnswersHold()
                || a.get().errors(a.get().bestScheme()).better(b.get().errors(b.get().bestScheme())));
    }

    /** The joint descent's order ({@link JointFit#closerThan}); empty: the model needs more than 3 VCs. */
    public static boolean betterJoint(Optional<JointFit> a, Optional<JointFit> b) {
        return a.isPresent() && (b.isEmpty() || a.get().closerThan(b.get()));
    }

    /** A table's cells as one field: rows joined by spaces, cells by slashes. */
    static String cells(int[][] rows) {
        return Arrays.stream(rows).map(r -> joined(r, "/")).collect(Collectors.joining(" "));
    }

    static String joined(int[] values, String separator) {
        return Arrays.stream(values).mapToObj(String::valueOf).collect(Collectors.joining(separator));
    }

    /** A number with three decimals, as the calibration tables print it. */
    public static String three(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
