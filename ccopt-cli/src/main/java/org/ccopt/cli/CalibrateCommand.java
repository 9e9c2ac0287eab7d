package org.ccopt.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.BiPredicate;
import java.util.function.Function;
import org.ccopt.InvalidInputException;
import org.ccopt.experiments.Csv;
import org.ccopt.cupstack.Calibration;
import org.ccopt.cupstack.Descent;
import org.ccopt.cupstack.JointFit;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.util.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt calibrate}: measures router models (sets of readings, {@link RouterModel}) against the flit-level papers'
 * deterministic figures ({@link Calibration}).
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
        description = "Fit the router's open readings to the published figures of Yokota et al. 2018 (8x8 durations, known "
                + "answers 34 and 10) and 2023 (Table 2, 60 cells).")
final class CalibrateCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--stage", defaultValue = "check", paramLabel = "STAGE",
            description = "check: the model of the router options against both papers, cell by cell; screen2018: every "
                    + "combination of readings against the 2018 figures; grid2023: the routing readings and the crossbar crossed, "
                    + "against the 2023 Table 2; descent2023: coordinate descent on the 2023 Table 2 from the router options' "
                    + "model, ranked by the target (the larger of mean / 4 %% and max / 12 %%; on a tie the equal column pairs kept, "
                    + "then the mean); descent2018: the same on the 2018 durations, keeping the known answers; row2023: 2,880 "
                    + "models that decide which VCs share a link, against one row of the 2023 Table 2 (--traffic); "
                    + "joint: every model of --models against both papers at once (the larger of the two target ratios) "
                    + "with the held-out figures beside; descent-joint: coordinate descent on that joint ratio from the "
                    + "router options' model (default: ${DEFAULT-VALUE}).")
    String stage;

    @Option(names = "--models", paramLabel = "FILE",
            description = "joint: files of models, a CSV with a 'model' column (as screen2018 and grid2023 write) or one "
                    + "model per line; repeat for several.")
    List<Path> models;

    @Option(names = "--traffic", paramLabel = "PATTERN",
            description = "row2023: the row of the 2023 Table 2, one of bcmp, brev, brot, shfl, torn, trns (default: bcmp).")
    String traffic;

    @Mixin
    RouterOptions router = new RouterOptions();

    @Option(names = "--top", defaultValue = "20", description = "Models listed by screen2018, grid2023 and row2023 (default: ${DEFAULT-VALUE}).")
    int top;

    @Option(names = "--out", paramLabel = "FILE.csv", description = "screen2018, grid2023, row2023: write every model's fit as CSV.")
    @Output
    Path out;

    @Option(names = "--threads", description = "Worker threads (default: all cores); results do not depend on it.")
    Integer threads;

    @Override
    public Integer call() throws Exception {
        int workers = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        for (String o : List.of("--vcs", "--vc-select")) {
            if (spec.commandLine().getParseResult().hasMatchedOption(o)) {
                throw new InvalidInputException(o + " does not apply to calibrate: the papers' figures fix 3 VCs, "
                        + "and every scheme C00-C09 is measured");
            }
        }
        if (spec.commandLine().getParseResult().hasMatchedOption("--buffer") && !stage.equals("check")
                && !stage.equals("descent2018") && !stage.equals("descent2023")) {
            throw new InvalidInputException("--buffer applies to --stage check, descent2018 and descent2023 only (a sensitivity check: the "
                    + "papers state " + Calibration.BUFFER + " flits per VC); got --stage " + stage);
        }
        if (router.buffer < 1 || router.buffer > 1024) { // checked here: fit2018 reads a refused simulator as "needs more VCs"
            throw new InvalidInputException("--buffer " + router.buffer + " is out of range; expected 1..1024 flits per VC");
        }
        boolean listing = stage.equals("screen2018") || stage.equals("grid2023") || stage.equals("row2023") || stage.equals("joint");
        if (top < 1) {
            throw new InvalidInputException("--top " + top + " is invalid; expected 1 or more models to list");
        }
        for (String o : List.of("--out", "--top")) {
            if (!listing && spec.commandLine().getParseResult().hasMatchedOption(o)) {
                throw new InvalidInputException(o + " applies to --stage screen2018, grid2023, row2023 and joint only; got --stage "
                        + stage);
            }
        }
        if (stage.equals("joint") != (models != null)) {
            throw new InvalidInputException(stage.equals("joint") ? "--stage joint needs --models FILE (" + MODELS_FILE + ")"
                    : "--models applies to --stage joint only; got --stage " + stage);
        }
        for (picocli.CommandLine.Model.OptionSpec o : spec.mixins().get("router").options()) {
            if (stage.equals("joint") && spec.commandLine().getParseResult().hasMatchedOption(o)) {
                throw new InvalidInputException(o.longestName() + " does not apply to --stage joint: it measures the models of "
                        + "--models files; put the readings in a file, or use --stage check or descent-joint");
            }
        }
        if (!stage.equals("row2023") && traffic != null) {
            throw new InvalidInputException("--traffic applies to --stage row2023 only; got --stage " + stage);
        }
        PrintWriter w = spec.commandLine().getOut();
        switch (stage) {
            case "check" -> check(w, router.model(RouterModel.CCOPT), workers);
            case "screen2018" -> screen(w, workers);
            case "descent2018" -> descent2018(w, router.model(RouterModel.CCOPT));
            case "descent2023" -> descent2023(w, router.model(RouterModel.CCOPT), workers);
            case "grid2023" -> grid(w, workers);
            case "row2023" -> row(w, workers);
            case "joint" -> joint(w, workers);
            case "descent-joint" -> descentJoint(w, router.model(RouterModel.CCOPT), workers);
            default -> throw new InvalidInputException("--stage '" + stage + "' is unknown; expected check, screen2018, descent2018, "
                    + "grid2023, descent2023, row2023, joint or descent-joint");
        }
        return Main.OK;
    }

    /** One model against both papers, cell by cell. */
    private void check(PrintWriter w, RouterModel m, int workers) {
        check2018(w, m);
        check2023(w, m, workers);
    }

    private void check2018(PrintWriter w, RouterModel m) {
        w.println("model: " + m.describe());
        noteBuffer(w);
        Calibration.Fit2018 f18 = Calibration.fit2018(m, router.buffer);
        if (f18 == null) {
            w.println("2018: the model needs more than 3 VCs");
        } else {
            w.printf(Locale.ROOT, "2018 known answers: one packet %d (paper 10), four packets %d (paper 34)%n", f18.oneNeighbour(),
                    f18.fourNeighbour());
            w.println("2018 8x8 durations (paper: 94 189 148 158 134 131):");
            for (VcSelection s : VcSelection.values()) {
                Calibration.Errors e = f18.errors(s);
                w.printf(Locale.ROOT, "  %s %s  mean %.1f %%, max %.1f %%, exact %d%n", s, row(f18.durations()[s.ordinal()]),
                        e.meanAbsPercent(), e.maxAbsPercent(), e.exact());
            }
            w.println("  best scheme: " + f18.bestScheme());
        }
    }

    private void check2023(PrintWriter w, RouterModel m, int workers) {
        Calibration.Fit2023 f23 = Calibration.fit2023(m, workers, router.buffer);
        w.println("2023 Table 2 (ccopt / paper):");
        for (int p = 0; p < 6; p++) {
            StringBuilder s = new StringBuilder(String.format("  %-5s", Calibration.PATTERNS.get(p)));
            for (int c = 0; c < 10; c++) {
                s.append(String.format(" %3d/%-3d", f23.cells()[p][c], Calibration.TABLE2_2023[p][c]));
            }
            w.println(s);
        }
        Calibration.Errors e = f23.errors();
        w.printf(Locale.ROOT, "  mean %.2f %%, max %.1f %%, exact %d of 60, best scheme matches %d of 6, equal column pairs %d of 4%n",
                e.meanAbsPercent(), e.maxAbsPercent(), e.exact(), f23.bestSchemeMatches(), f23.equalColumnPairs());
    }

    private void screen(PrintWriter w, int workers) throws Exception {
        List<RouterModel> space = Calibration.space();
        long started = System.nanoTime();
        Calibration.Fit2018[] fits = new Calibration.Fit2018[space.size()];
        Calibration.parallel(space.size(), workers, i -> {
            fits[i] = Calibration.fit2018(space.get(i));
            return 0;
        });
        double seconds = (System.nanoTime() - started) / 1e9;
        List<Calibration.Fit2018> ok = new ArrayList<>();
        List<List<Object>> csv = new ArrayList<>();
        for (Calibration.Fit2018 f : fits) {
            if (f == null) {
                continue;
            }
            VcSelection s = f.bestScheme();
            Calibration.Errors e = f.errors(s);
            List<Object> line = new ArrayList<>(List.of(f.model().describe(), s, f.knownAnswersHold(),
                    three(e.meanAbsPercent()), three(e.maxAbsPercent()), e.exact()));
            for (int d : f.durations()[s.ordinal()]) {
                line.add(d);
            }
            csv.add(line);
            if (f.knownAnswersHold()) {
                ok.add(f);
            }
        }
        if (out != null) {
            AtomicFiles.writeAtomically(out, Csv.write(List.of("model", "scheme", "knownAnswers", "meanAbsPercent",
                    "maxAbsPercent", "exact", "bcmp", "brev", "brot", "shfl", "torn", "trns"), csv));
        }
        ok.sort(Comparator.comparingDouble((Calibration.Fit2018 f) -> f.errors(f.bestScheme()).meanAbsPercent())
                .thenComparingDouble(f -> f.errors(f.bestScheme()).maxAbsPercent()));
        w.printf(Locale.ROOT, "%d models in %.1f s; %d keep the known answers 10 and 34%n", space.size(), seconds, ok.size());
        w.println("| rank | mean abs % | max abs % | exact | scheme | bcmp brev brot shfl torn trns | readings |");
        w.println("| ---: | ---: | ---: | ---: | --- | --- | --- |");
        for (int i = 0; i < Math.min(top, ok.size()); i++) {
            Calibration.Fit2018 f = ok.get(i);
            VcSelection s = f.bestScheme();
            Calibration.Errors e = f.errors(s);
            w.printf(Locale.ROOT, "| %d | %.2f | %.1f | %d | %s | %s | %s |%n", i + 1, e.meanAbsPercent(), e.maxAbsPercent(), e.exact(),
                    s, row(f.durations()[s.ordinal()]).trim(), f.model().withDefaultScheme(s).describe());
        }
    }

    private void grid(PrintWriter w, int workers) throws Exception {
        List<RouterModel> space = Calibration.routingSpace();
        long started = System.nanoTime();
        List<Calibration.Fit2023> fits = new ArrayList<>();
        List<List<Object>> csv = new ArrayList<>();
        for (RouterModel m : space) {
            Calibration.Fit2023 f = evaluate(m, workers, w);
            fits.add(f);
            Calibration.Errors e = f.errors();
            StringBuilder cells = new StringBuilder();
            for (int[] r : f.cells()) {
                cells.append(cells.length() == 0 ? "" : " ").append(joined(r, "/"));
            }
            csv.add(List.of(m.describe(), three(e.meanAbsPercent()), three(e.maxAbsPercent()), e.exact(),
                    f.bestSchemeMatches(), f.equalColumnPairs(), cells.toString()));
            if (out != null) { // progress survives an interruption
                AtomicFiles.writeAtomically(out, Csv.write(List.of("model", "meanAbsPercent", "maxAbsPercent", "exact",
                        "bestSchemeMatches", "equalColumnPairs", "cells"), csv));
            }
        }
        fits.sort((a, b) -> a.errors().better(b.errors()) ? -1 : b.errors().better(a.errors()) ? 1 : 0);
        w.printf(Locale.ROOT, "%d models in %.1f s%n", space.size(), (System.nanoTime() - started) / 1e9);
        w.println("| rank | mean abs % | max abs % | exact | best scheme | equal pairs | readings |");
        w.println("| ---: | ---: | ---: | ---: | ---: | ---: | --- |");
        for (int i = 0; i < Math.min(top, fits.size()); i++) {
            Calibration.Fit2023 f = fits.get(i);
            Calibration.Errors e = f.errors();
            w.printf(Locale.ROOT, "| %d | %.2f | %.1f | %d | %d | %d | %s |%n", i + 1, e.meanAbsPercent(), e.maxAbsPercent(), e.exact(),
                    f.bestSchemeMatches(), f.equalColumnPairs(), f.model().describe());
        }
    }

    /**
     * One row of the 2023 Table 2 under every model of {@link Calibration#rowSpace}: the models ranked by their error on
     * the row and, separately, by how well they order the schemes as the paper does (Spearman's rank correlation).
     */
    private void row(PrintWriter w, int workers) throws Exception {
        String name = traffic == null ? "bcmp" : traffic.trim().toLowerCase(Locale.ROOT);
        int pattern = Calibration.PATTERNS.indexOf(name);
        if (pattern < 0) {
            throw new InvalidInputException("--traffic '" + traffic + "' is not a row of the 2023 Table 2; expected one of "
                    + String.join(", ", Calibration.PATTERNS));
        }
        List<RouterModel> space = Calibration.rowSpace();
        long started = System.nanoTime();
        int[] flat = Calibration.parallel(space.size() * 10, workers,
                i -> Calibration.cell2023(space.get(i / 10), pattern, VcSelection.values()[i % 10]));
        int[] paper = Calibration.TABLE2_2023[pattern];
        record Row(RouterModel model, int[] cells, Calibration.Errors errors, double rho) {
        }
        List<Row> rows = new ArrayList<>();
        List<List<Object>> csv = new ArrayList<>();
        for (int m = 0; m < space.size(); m++) {
            int[] cells = java.util.Arrays.copyOfRange(flat, 10 * m, 10 * m + 10);
            boolean deadlock = java.util.Arrays.stream(cells).anyMatch(c -> c < 0);
            Row r = new Row(space.get(m), cells, Calibration.Errors.of(cells, paper),
                    deadlock ? Double.NaN : Calibration.spearman(cells, paper));
            rows.add(r);
            csv.add(List.of(r.model().describe(), three(r.errors().meanAbsPercent()), three(r.errors().maxAbsPercent()),
                    Double.isNaN(r.rho()) ? "" : three(r.rho()), joined(cells, "/")));
        }
        if (out != null) {
            AtomicFiles.writeAtomically(out, Csv.write(List.of("model", "meanAbsPercent", "maxAbsPercent", "spearman", "cells"), csv));
        }
        w.printf(Locale.ROOT, "%s: %d models in %.1f s; paper %s%n", name, space.size(), (System.nanoTime() - started) / 1e9,
                row(paper).trim());
        List<Row> byError = new ArrayList<>(rows);
        byError.sort((a, b) -> a.errors().better(b.errors()) ? -1 : b.errors().better(a.errors()) ? 1 : 0);
        List<Row> byOrder = new ArrayList<>(rows.stream().filter(r -> !Double.isNaN(r.rho())).toList());
        byOrder.sort(Comparator.comparingDouble((Row r) -> -r.rho()).thenComparingDouble(r -> r.errors().meanAbsPercent()));
        for (int k = 0; k < 2; k++) {
            w.println(k == 0 ? "closest rows:" : "rows that order the schemes most like the paper:");
            w.println("| mean abs % | max abs % | Spearman | C00 .. C09 | readings |");
            w.println("| ---: | ---: | ---: | --- | --- |");
            List<Row> list = k == 0 ? byError : byOrder;
            for (int i = 0; i < Math.min(top, list.size()); i++) {
                Row r = list.get(i);
                w.printf(Locale.ROOT, "| %.2f | %.1f | %s | %s | %s |%n", r.errors().meanAbsPercent(), r.errors().maxAbsPercent(),
                        Double.isNaN(r.rho()) ? "-" : String.format(Locale.ROOT, "%.2f", r.rho()), row(r.cells()).trim(),
                        r.model().describe());
            }
        }
    }

    private static final String MODELS_FILE = "a CSV with a 'model' column, as screen2018 and grid2023 write, or one model "
            + "per line, '#' starting a comment";

    /** A screen ranks the 2023 table only where the 2018 ratio is at most this (the joint ratio is above it anyway). */
    private static final double JOINT_CAP = 3;

    /** Every model of the --models files against both papers, ranked by the joint ratio. */
    private void joint(PrintWriter w, int workers) throws Exception {
        java.util.LinkedHashSet<RouterModel> list = new java.util.LinkedHashSet<>();
        for (Path f : models) {
            String text = org.ccopt.util.InputFiles.read(f, "models file", MODELS_FILE);
            boolean csv = text.startsWith("model,") || text.startsWith("\"model\",");
            List<String> lines = csv ? Csv.read(text).stream().map(row -> row.get("model")).toList()
                    : text.lines().map(String::trim).toList();
            for (int i = 0; i < lines.size(); i++) {
                String l = lines.get(i);
                if (l == null || l.isEmpty() || l.startsWith("#")) {
                    continue;
                }
                try {
                    list.add(RouterModel.parse(l).withDefaultScheme(VcSelection.C00));
                } catch (InvalidInputException e) {
                    // the line is not echoed: the file may be one the user did not mean to show
                    throw new InvalidInputException((csv ? "row " : "line ") + (i + 1) + " of models file '" + f
                            + "' is not a router model; expected " + MODELS_FILE);
                }
            }
        }
        if (list.isEmpty()) {
            throw new InvalidInputException("--models " + models + " hold no model; expected " + MODELS_FILE);
        }
        long started = System.nanoTime();
        List<JointFit> fits = new ArrayList<>();
        List<List<Object>> csv = new ArrayList<>();
        for (RouterModel m : list) {
            JointFit f = JointFit.of(m, workers, JOINT_CAP);
            if (f == null) {
                continue;
            }
            fits.add(f);
            csv.add(jointRow(f));
            if (out != null) { // progress survives an interruption
                AtomicFiles.writeAtomically(out, Csv.write(JOINT_HEADER, csv));
            }
        }
        fits.sort((a, b) -> a.closerThan(b) ? -1 : b.closerThan(a) ? 1 : 0);
        w.printf(Locale.ROOT, "%d models in %.1f s (2023 table measured where the 2018 ratio is at most %.0f)%n", list.size(),
                (System.nanoTime() - started) / 1e9, JOINT_CAP);
        w.println("| rank | joint | 2018 mean/max % | 2023 mean/max % | pairs | held out: S=1 mean/max %, triples % | readings |");
        w.println("| ---: | ---: | --- | --- | ---: | --- | --- |");
        for (int i = 0; i < Math.min(top, fits.size()); i++) {
            JointFit f = fits.get(i);
            w.println("| " + (i + 1) + " | " + String.join(" | ", jointCells(f)) + " |");
        }
    }

    private static final List<String> JOINT_HEADER = List.of("model", "scheme2018", "knownAnswers", "joint", "mean2018", "max2018",
            "mean2023", "max2023", "equalColumnPairs", "unsplitMean", "unsplitMax", "triplesPercent", "cells2023");

    private static List<Object> jointRow(JointFit f) {
        Calibration.Errors e18 = f.fit2018().errors(f.fit2018().bestScheme());
        Calibration.Errors e23 = f.fit2023().errors();
        Calibration.Errors s1 = f.unsplitErrors();
        StringBuilder cells = new StringBuilder();
        for (int[] r : f.fit2023().cells()) {
            cells.append(cells.length() == 0 ? "" : " ").append(joined(r, "/"));
        }
        return List.of(f.fit2018().model().describe(), f.fit2018().bestScheme(), f.fit2018().knownAnswersHold(), three(f.ratio()),
                three(e18.meanAbsPercent()), three(e18.maxAbsPercent()), three(e23.meanAbsPercent()), three(e23.maxAbsPercent()),
                f.fit2023().equalColumnPairs(), three(s1.meanAbsPercent()), three(s1.maxAbsPercent()),
                three(f.triplesErrorPercent()), cells.toString());
    }

    private static List<String> jointCells(JointFit f) {
        Calibration.Errors e18 = f.fit2018().errors(f.fit2018().bestScheme());
        Calibration.Errors e23 = f.fit2023().errors();
        Calibration.Errors s1 = f.unsplitErrors();
        return List.of(String.format(Locale.ROOT, "%.2f", f.ratio()),
                String.format(Locale.ROOT, "%.2f / %.1f (%s)", e18.meanAbsPercent(), e18.maxAbsPercent(), f.fit2018().bestScheme()),
                String.format(Locale.ROOT, "%.2f / %.1f", e23.meanAbsPercent(), e23.maxAbsPercent()),
                String.valueOf(f.fit2023().equalColumnPairs()),
                String.format(Locale.ROOT, "%.1f / %.1f, %+.1f", s1.meanAbsPercent(), s1.maxAbsPercent(), f.triplesErrorPercent()),
                f.fit2018().model().describe());
    }

    /** Coordinate descent on the joint ratio ({@link JointFit#closerThan}), printing every model it measures. */
    private void descentJoint(PrintWriter w, RouterModel start, int workers) {
        Descent.Result<Optional<JointFit>> end = descend(w, start, m -> {
            JointFit f = JointFit.of(m, workers, Double.POSITIVE_INFINITY);
            if (f == null) {
                w.println("  needs more than 3 VCs: " + m.describe());
            } else {
                w.println("  " + String.join(" | ", jointCells(f)));
            }
            w.flush();
            return Optional.ofNullable(f);
        }, (a, b) -> a.isPresent() && (b.isEmpty() || a.get().closerThan(b.get())));
        w.println("end: " + end.fit().map(f -> String.join(" | ", jointCells(f))).orElse("needs more than 3 VCs: "
                + end.model().describe()));
    }

    /** Says so when the run's buffer is not the papers' (a sensitivity check). */
    private void noteBuffer(PrintWriter w) {
        if (router.buffer != Calibration.BUFFER) {
            w.println("buffer: " + router.buffer + " flits per VC; both papers state " + Calibration.BUFFER
                    + " (2023, App. A.1): a sensitivity check, not a reading of the papers");
        }
    }

    /** {@link Descent} from {@code start}, printing every move and where it ended. */
    private static <F> Descent.Result<F> descend(PrintWriter w, RouterModel start, Function<RouterModel, F> evaluate,
                                                 BiPredicate<F, F> better) {
        Descent.Result<F> r = new Descent<>(evaluate, better).from(start, line -> {
            w.println(line);
            w.flush();
        });
        w.printf("descent ended after %d passes, %d models evaluated%n", r.passes(), r.evaluated());
        return r;
    }

    private void descent2023(PrintWriter w, RouterModel start, int workers) {
        noteBuffer(w);
        check(w, descend(w, start, m -> evaluate(m, workers, w), Calibration.Fit2023::closerToTarget).model(), workers);
    }

    /**
     * Coordinate descent on the 2018 durations: a model is better when it keeps both known answers and its best
     * scheme's six durations fit better (mean absolute error, then the largest); the scheme is left to the fit.
     */
    private void descent2018(PrintWriter w, RouterModel start) {
        noteBuffer(w);
        RouterModel end = descend(w, start, m -> {
            Calibration.Fit2018 f = Calibration.fit2018(m, router.buffer);
            if (f == null) {
                w.println("  needs more than 3 VCs: " + m.describe());
            } else if (Double.isInfinite(f.errors(f.bestScheme()).meanAbsPercent())) {
                w.println("  deadlocks in a pattern under every scheme: " + m.describe());
            } else {
                Calibration.Errors e = f.errors(f.bestScheme());
                w.printf(Locale.ROOT, "  %.2f %% mean, %.1f %% max, %d exact, %s, known answers %s: %s%n", e.meanAbsPercent(),
                        e.maxAbsPercent(), e.exact(), f.bestScheme(), f.knownAnswersHold() ? "kept" : "lost", m.describe());
            }
            w.flush();
            return Optional.ofNullable(f);
        }, (a, b) -> a.isPresent() && a.get().knownAnswersHold() && (b.isEmpty() || !b.get().knownAnswersHold()
                || a.get().errors(a.get().bestScheme()).better(b.get().errors(b.get().bestScheme())))).model();
        check2018(w, end);
    }

    private Calibration.Fit2023 evaluate(RouterModel m, int workers, PrintWriter w) {
        Calibration.Fit2023 f;
        try {
            f = Calibration.fit2023(m, workers, router.buffer);
        } catch (InvalidInputException e) {
            f = Calibration.Fit2023.unmeasured(m); // the model needs more than the papers' 3 VCs
        }
        Calibration.Errors e = f.errors();
        w.printf(Locale.ROOT, "  %.2f %% mean, %.1f %% max (target %.2f), %d exact, %d best, %d pairs: %s%n", e.meanAbsPercent(),
                e.maxAbsPercent(), e.targetRatio(), e.exact(), f.bestSchemeMatches(), f.equalColumnPairs(), m.describe());
        w.flush();
        return f;
    }

    private static String joined(int[] values, String separator) {
        return java.util.Arrays.stream(values).mapToObj(String::valueOf).collect(java.util.stream.Collectors.joining(separator));
    }

    private static String row(int[] values) {
        StringBuilder s = new StringBuilder();
        for (int v : values) {
            s.append(String.format(" %3d", v));
        }
        return s.toString();
    }

    /** A percentage with three decimals, as the calibration tables print it. */
    private static String three(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
