package org.ccopt.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.BiPredicate;
import java.util.function.Function;
import org.ccopt.InvalidInputException;
import org.ccopt.cupstack.Calibration;
import org.ccopt.cupstack.CalibrationStages;
import org.ccopt.cupstack.Descent;
import org.ccopt.cupstack.JointFit;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.util.AtomicFiles;
import org.ccopt.util.Csv;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt calibrate}: measures router models (sets of readings, {@link RouterModel}) against the flit-level papers'
 * deterministic figures ({@link Calibration}).
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true, modelTransformer = RouterOptions.Readings.class,
        description = "Fit the router's open readings to the published figures of Yokota et al. 2018 (8x8 durations, known "
                + "answers 34 and 10) and 2023 (Table 2, 60 cells).")
final class CalibrateCommand implements Callable<Integer> {

    /** The stages that list models: --top and --out apply to them. */
    private static final Set<String> LISTING = Set.of("screen2018", "grid2023", "row2023", "joint");

    /** Where options apply ({@link OptionRules}); the router options' rules, per stage, stay in {@link #call}. */
    static final OptionRules<CalibrateCommand> RULES = OptionRules.of(
            OptionRules.rule("--top", "to --stage screen2018, grid2023, row2023 and joint (the stages that list models)",
                    c -> LISTING.contains(c.stage), "calibrate --stage check --top 5", c -> "--stage " + c.stage),
            OptionRules.rule("--out", "to --stage screen2018, grid2023, row2023 and joint (the stages that list models)",
                    c -> LISTING.contains(c.stage), "calibrate --stage check --out fits.csv", c -> "--stage " + c.stage),
            OptionRules.rule("--models", "to --stage joint (the models it measures)", c -> c.stage.equals("joint"),
                    "calibrate --stage check --models m.txt", c -> "--stage " + c.stage),
            OptionRules.rule("--traffic", "to --stage row2023 (the row of the 2023 Table 2 it fits)",
                    c -> c.stage.equals("row2023"), "calibrate --stage check --traffic brev", c -> "--stage " + c.stage));

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
    public Integer call() {
        RULES.check(this, spec);
        checkOptions();
        int workers = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        PrintWriter w = spec.commandLine().getOut();
        CalibrationOutput o = new CalibrationOutput(w, top);
        long started = System.nanoTime();
        switch (stage) {
            case "check" -> check(o, router.model(), workers);
            case "screen2018" -> screen(o, workers, started);
            case "descent2018" -> descent2018(o);
            case "descent2023" -> {
                o.noteBuffer(router.buffer);
                check(o, descend(o, router.model(), m -> o.fit2023Step(
                        CalibrationStages.fit2023(m, workers, router.buffer)), Calibration.Fit2023::closerToTarget).model(), workers);
            }
            case "grid2023" -> grid(o, workers, started);
            case "row2023" -> {
                int pattern = CalibrationStages.pattern(traffic);
                List<CalibrationStages.RowFit> rows = CalibrationStages.row2023(pattern, workers);
                write(CalibrationStages.ROW_HEADER, rows.stream().map(CalibrationStages.RowFit::row).toList());
                o.row(pattern, rows, seconds(started));
            }
            case "joint" -> joint(o, workers, started);
            case "descent-joint" -> {
                Descent.Result<Optional<JointFit>> end = descend(o, router.model(), m -> o.jointStep(m,
                        JointFit.of(m, workers, Double.POSITIVE_INFINITY)), CalibrationStages::betterJoint);
                w.println("end: " + end.fit().map(CalibrationOutput::jointLine).orElse("needs more than 3 VCs: "
                        + end.model().describe()));
            }
            default -> throw new InvalidInputException("--stage '" + stage + "' is unknown; expected check, screen2018, descent2018, "
                    + "grid2023, descent2023, row2023, joint or descent-joint");
        }
        return Main.OK;
    }

    /** The options a stage does not read, refused with one line each. */
    private void checkOptions() {
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
        if (top < 1) {
            throw new InvalidInputException("--top " + top + " is invalid; expected 1 or more models to list");
        }
        if (stage.equals("joint") && models == null) {
            throw new InvalidInputException("--stage joint needs --models FILE (" + CalibrationStages.MODELS_FILE + ")");
        }
        for (picocli.CommandLine.Model.OptionSpec o : RouterOptions.options(spec)) {
            if (stage.equals("joint") && spec.commandLine().getParseResult().hasMatchedOption(o)) {
                throw new InvalidInputException(o.longestName() + " does not apply to --stage joint: it measures the models of "
                        + "--models files; put the readings in a file, or use --stage check or descent-joint");
            }
        }
    }

    /** --stage screen2018: every model of the screen against 2018's Table 2, with progress and partial rows. */
    private void screen(CalibrationOutput o, int workers, long started) {
        // about 11 minutes on 2 cores: a line on stderr and the rows so far in --out every minute, so that a
        // batch job shows progress and an interrupted screen keeps what it measured
        java.util.Map<Integer, List<Object>> partial = new java.util.TreeMap<>();
        ResumableRun.Minutely minutely = new ResumableRun.Minutely(started);
        CalibrationStages.Screen screen = CalibrationStages.screen2018(workers, (i, row, done, total) -> {
            if (row != null) {
                partial.put(i, row);
            }
            if (done < total && minutely.due()) {
                write(CalibrationStages.SCREEN_HEADER, new ArrayList<>(partial.values()));
                double s = seconds(started);
                spec.commandLine().getErr().printf(java.util.Locale.ROOT, "calibrate screen2018: %d of %d models, "
                        + "%.0f s, about %.0f s left%n", done, total, s, s / done * (total - done));
            }
        });
        write(CalibrationStages.SCREEN_HEADER, screen.rows());
        o.screen(screen, seconds(started));
    }

    /** --stage descent2018: coordinate descent on 2018's pairs from --model's readings. */
    private void descent2018(CalibrationOutput o) {
        o.noteBuffer(router.buffer);
        RouterModel end = descend(o, router.model(), m -> {
            Calibration.Fit2018 f = Calibration.fit2018(m, router.buffer);
            o.descent2018Step(m, f);
            return Optional.ofNullable(f);
        }, CalibrationStages::better2018).model();
        o.check2018(end, router.buffer);
    }

    /** --stage grid2023: the 2023 grid, rows written as they come. */
    private void grid(CalibrationOutput o, int workers, long started) {
        List<List<Object>> rows = new ArrayList<>();
        List<Calibration.Fit2023> fits = CalibrationStages.grid2023(workers, router.buffer, f -> {
            o.fit2023Step(f);
            rows.add(CalibrationStages.gridRow(f));
            write(CalibrationStages.GRID_HEADER, rows); // progress survives an interruption
        });
        o.grid(fits, seconds(started));
    }

    /** One model against both papers, cell by cell. */
    private void check(CalibrationOutput o, RouterModel m, int workers) {
        o.check2018(m, router.buffer);
        o.check2023(Calibration.fit2023(m, workers, router.buffer));
    }

    /** A screen ranks the 2023 table only where the 2018 ratio is at most this (the joint ratio is above it anyway). */
    private static final double JOINT_CAP = 3;

    /** Every model of the --models files against both papers, ranked by the joint ratio. */
    private void joint(CalibrationOutput o, int workers, long started) {
        Set<RouterModel> list = CalibrationStages.readModels(models);
        List<JointFit> fits = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        ResumableRun.Minutely minutely = new ResumableRun.Minutely(started);
        int done = 0;
        for (RouterModel m : list) {
            JointFit f = JointFit.of(m, workers, JOINT_CAP);
            if (f != null) {
                fits.add(f);
                rows.add(CalibrationStages.jointRow(f));
                write(CalibrationStages.JOINT_HEADER, rows); // progress survives an interruption
            }
            if (++done < list.size() && minutely.due()) { // a line a minute for a batch job
                spec.commandLine().getErr().printf(java.util.Locale.ROOT, "calibrate joint: %d of %d models, %.0f s%n", done,
                        list.size(), seconds(started));
            }
        }
        fits.sort((a, b) -> a.closerThan(b) ? -1 : b.closerThan(a) ? 1 : 0);
        o.joint(fits, list.size(), seconds(started), JOINT_CAP);
    }

    /** {@link Descent} from {@code start}, printing every move and where it ended. */
    private static <F> Descent.Result<F> descend(CalibrationOutput o, RouterModel start, Function<RouterModel, F> evaluate,
                                                 BiPredicate<F, F> better) {
        Descent.Result<F> r = new Descent<>(evaluate, better).from(start, o::line);
        o.line(String.format("descent ended after %d passes, %d models evaluated", r.passes(), r.evaluated()));
        return r;
    }

    /** --out FILE.csv, when given: the stage's rows so far. */
    private void write(List<String> header, List<? extends List<?>> rows) {
        if (out != null) {
            try {
                AtomicFiles.writeAtomically(out, Csv.write(header, rows));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e); // Main reports it as an I/O error
            }
        }
    }

    private static double seconds(long started) {
        return (System.nanoTime() - started) / 1e9;
    }
}
