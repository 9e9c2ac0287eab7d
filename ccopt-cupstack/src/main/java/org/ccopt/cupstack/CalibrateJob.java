package org.ccopt.cupstack;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiPredicate;
import java.util.function.Function;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.job.DeclaredJob;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;

/**
 * {@code ccopt calibrate} as a library job: router models (sets of readings, {@link RouterModel}) measured against the
 * flit-level papers' deterministic figures ({@link Calibration}, Yokota et al. 2018 and 2023), one stage at a time
 * ({@link CalibrationStages}), with its options and where each applies. A stage reports as it goes (a {@link Sink}:
 * report lines, a progress line a minute on long stages, and the rows so far of the stages that list models, for a
 * file that survives an interruption).
 */
public final class CalibrateJob extends DeclaredJob<CalibrateJob.Request, CalibrateJob.Report> {

    /** The stages, in the order the help lists them. */
    public static final List<String> STAGES = List.of("check", "screen2018", "descent2018", "grid2023", "descent2023",
            "row2023", "joint", "descent-joint");

    /** The stages that list models (whose rows a front end may write, and whose list --top cuts). */
    public static final Set<String> LISTING = Set.of("screen2018", "grid2023", "row2023", "joint");

    /** Where a stage's report and rows go as it runs. */
    public interface Sink {
        /** The report: lines and Markdown tables, flushed as they come. */
        PrintWriter out();

        /** A progress line of a long stage, about once a minute. */
        void progress(String line);

        /** The rows measured so far by a stage that lists models, each time it has more. */
        void rows(List<String> header, List<? extends List<?>> rows);
    }

    /**
     * A calibration stage and its settings.
     *
     * @param models  files of models ({@code joint}), else empty
     * @param traffic the pattern of {@code row2023}, else null
     * @param model   the router options' model (the start of the descents, the model of {@code check}; null: BookSim's
     *                router, which only {@code check} measures)
     * @param buffer  flits per VC (the papers state {@link Calibration#BUFFER}; other values are a sensitivity check)
     * @param top     models listed
     */
    public record Request(String stage, List<Path> models, String traffic, RouterModel model, int buffer, int top,
                          int threads) {
    }

    /** What a stage printed. */
    public record Report(List<String> lines) {

        public Map<String, Object> figures() {
            return Map.of("lines", lines);
        }
    }

    private static final String STAGE_OF = "--stage ";

    private static final JobOptions OPTIONS = declared();

    private static JobOptions declared() {
        List<JobOption> out = new ArrayList<>(List.of(
                JobOption.text("stage", "STAGE", "check: the model of the router options against both papers, cell by "
                        + "cell; screen2018: every combination of readings against the 2018 figures; grid2023: the routing "
                        + "readings and the crossbar crossed, against the 2023 Table 2; descent2023: coordinate descent on "
                        + "the 2023 Table 2 from the router options' model, ranked by the target (the larger of mean / 4 % "
                        + "and max / 12 %; on a tie the equal column pairs kept, then the mean); descent2018: the same on "
                        + "the 2018 durations, keeping the known answers; row2023: 2,880 models that decide which VCs share "
                        + "a link, against one row of the 2023 Table 2 (--traffic); joint: every model of --models against "
                        + "both papers at once (the larger of the two target ratios) with the held-out figures beside; "
                        + "descent-joint: coordinate descent on that joint ratio from the router options' model")
                        .withDefault("check"),
                stages(JobOption.list("models", "FILE", null, "joint: files of models, a CSV with a 'model' column (as "
                        + "screen2018 and grid2023 write) or one model per line; repeat for several"), Set.of("joint"),
                        "to --stage joint (the models it measures)", "m.txt"),
                stages(JobOption.text("traffic", "PATTERN", "row2023: the row of the 2023 Table 2, one of bcmp, brev, "
                        + "brot, shfl, torn, trns (default: bcmp)"), Set.of("row2023"), "to --stage row2023 (the row "
                        + "of the 2023 Table 2 it fits)", "brev")));
        for (JobOption o : FlitSetup.OPTIONS) {
            out.add(switch (o.name()) {
                case "vcs", "vc-select" -> o.withApplies(new JobOption.Applies("nowhere in calibrate: the papers' figures "
                        + "fix 3 VCs, and every scheme C00-C09 is measured", v -> false, Map.of(o.name(),
                        o.name().equals("vcs") ? "3" : "C00")));
                case "buffer" -> stages(o.withRange(1, 1024), Set.of("check", "descent2018", "descent2023"), "to --stage "
                        + "check, descent2018 and descent2023 (a sensitivity check: the papers state " + Calibration.BUFFER
                        + " flits per VC)", "4");
                default -> o.withApplies(new JobOption.Applies("to every stage but joint, which measures the models of "
                        + "--models files (put the readings in a file, or use --stage check or descent-joint)",
                        v -> !v.text("stage").equals("joint"), Map.of("stage", "joint", "models", "m.txt", o.name(),
                        example(o)), v -> STAGE_OF + v.text("stage")));
            });
        }
        out.add(stages(JobOption.whole("top", 20, "Models listed by screen2018, grid2023, row2023 and joint").atLeast(1),
                LISTING, "to --stage screen2018, grid2023, row2023 and joint (the stages that list models)", "5"));
        out.add(JobOption.whole("threads", "N", "Worker threads (default: all cores); results do not depend on it")
                .withRange(1, org.ccopt.util.Workers.MAX_THREADS));
        return JobOptions.of("calibrate", out);
    }

    /** {@code o}, applying to {@code stages} only; the example gives it to --stage check (or screen2018 for check's). */
    private static JobOption stages(JobOption o, Set<String> stages, String where, String value) {
        String other = stages.contains("check") ? "screen2018" : "check";
        return o.withApplies(new JobOption.Applies(where, v -> stages.contains(v.text("stage")),
                Map.of("stage", other, o.name(), value), v -> STAGE_OF + v.text("stage")));
    }

    /** A value of a router option that its reader accepts, for the example that breaks its rule. */
    private static String example(JobOption o) {
        if (o.name().equals("model")) {
            return "ccopt";
        }
        return RouterModel.READINGS.stream().filter(r -> r.option().equals(o.option())).findFirst().orElseThrow()
                .values().get(0);
    }

    /** The job of {@code ccopt calibrate}. (declared after the options its constructor reads) */
    public static final CalibrateJob JOB = new CalibrateJob();

    /** For {@link java.util.ServiceLoader}; use {@link #JOB}. */
    public CalibrateJob() {
        super(OPTIONS, CalibrateJob::read, CalibrateJob::report, Report::figures);
    }

    private static Request read(JobOptions.Values v) {
        String stage = v.text("stage");
        if (!STAGES.contains(stage)) {
            throw new InvalidInputException("--stage '" + stage + "' is unknown; expected one of " + String.join(", ", STAGES));
        }
        if (stage.equals("joint") && !v.given("models")) {
            throw new InvalidInputException("--stage joint needs --models FILE (" + CalibrationStages.MODELS_FILE + ")");
        }
        RouterModel model = FlitSetup.kind(v) instanceof org.ccopt.flitsim.RouterKind.Papers p ? p.model() : null;
        if (model == null && !stage.equals("check")) {
            throw new InvalidInputException("--model booksim names BookSim's router, which has no readings to fit; --stage "
                    + "check measures it against both papers, --stage " + stage + " fits the papers' router");
        }
        return new Request(stage, v.list("models").stream().map(Path::of).toList(), v.text("traffic"),
                model, v.whole("buffer"), v.whole("top"),
                v.given("threads") ? v.whole("threads") : Runtime.getRuntime().availableProcessors());
    }

    /** Runs a stage into text (its rows and progress lines are not kept): what {@code ccopt run} would hold of it. */
    private static Report report(Request q) {
        StringWriter text = new StringWriter();
        PrintWriter w = new PrintWriter(text);
        run(q, new Sink() {
            @Override
            public PrintWriter out() {
                return w;
            }

            @Override
            public void progress(String line) {
            }

            @Override
            public void rows(List<String> header, List<? extends List<?>> rows) {
            }
        });
        w.flush();
        return new Report(text.toString().lines().toList());
    }

    /** Runs a stage, reporting to {@code sink} as it goes. */
    public static void run(Request q, Sink sink) {
        CalibrationReport o = new CalibrationReport(sink.out(), q.top());
        long started = System.nanoTime();
        int workers = q.threads();
        switch (q.stage()) {
            case "check" -> check(o, q.model(), workers, q.buffer());
            case "screen2018" -> screen(o, sink, workers, started);
            case "descent2018" -> {
                o.noteBuffer(q.buffer());
                RouterModel end = descend(o, q.model(), m -> {
                    Calibration.Fit2018 f = Calibration.fit2018(m, q.buffer());
                    o.descent2018Step(m, f);
                    return Optional.ofNullable(f);
                }, CalibrationStages::better2018).model();
                o.check2018(end, q.buffer());
            }
            case "descent2023" -> {
                o.noteBuffer(q.buffer());
                check(o, descend(o, q.model(), m -> o.fit2023Step(CalibrationStages.fit2023(m, workers, q.buffer())),
                        Calibration.Fit2023::closerToTarget).model(), workers, q.buffer());
            }
            case "grid2023" -> {
                List<List<Object>> rows = new ArrayList<>();
                List<Calibration.Fit2023> fits = CalibrationStages.grid2023(workers, q.buffer(), f -> {
                    o.fit2023Step(f);
                    rows.add(CalibrationStages.gridRow(f));
                    sink.rows(CalibrationStages.GRID_HEADER, rows); // progress survives an interruption
                });
                o.grid(fits, seconds(started));
            }
            case "row2023" -> {
                int pattern = CalibrationStages.pattern(q.traffic());
                List<CalibrationStages.RowFit> rows = CalibrationStages.row2023(pattern, workers);
                sink.rows(CalibrationStages.ROW_HEADER, rows.stream().map(CalibrationStages.RowFit::row).toList());
                o.row(pattern, rows, seconds(started));
            }
            case "joint" -> joint(o, sink, q.models(), workers, started);
            case "descent-joint" -> {
                Descent.Result<Optional<JointFit>> end = descend(o, q.model(), m -> o.jointStep(m,
                        JointFit.of(m, workers, Double.POSITIVE_INFINITY)), CalibrationStages::betterJoint);
                sink.out().println("end: " + end.fit().map(CalibrationReport::jointLine).orElse("needs more than 3 VCs: "
                        + end.model().describe()));
            }
            default -> throw new IllegalStateException(q.stage()); // read() refused it
        }
        sink.out().flush();
    }

    /** --stage screen2018: every model of the screen against 2018's Table 2, with progress and partial rows. */
    private static void screen(CalibrationReport o, Sink sink, int workers, long started) {
        // about 11 minutes on 2 cores: a progress line and the rows so far every minute, so that a batch job shows
        // progress and an interrupted screen keeps what it measured
        Map<Integer, List<Object>> partial = new TreeMap<>();
        Minutely minutely = new Minutely(started);
        CalibrationStages.Screen screen = CalibrationStages.screen2018(workers, (i, row, done, total) -> {
            if (row != null) {
                partial.put(i, row);
            }
            if (done < total && minutely.due()) {
                sink.rows(CalibrationStages.SCREEN_HEADER, new ArrayList<>(partial.values()));
                double s = seconds(started);
                sink.progress(String.format(java.util.Locale.ROOT, "calibrate screen2018: %d of %d models, %.0f s, about "
                        + "%.0f s left", done, total, s, s / done * (total - done)));
            }
        });
        sink.rows(CalibrationStages.SCREEN_HEADER, screen.rows());
        o.screen(screen, seconds(started));
    }

    /** One model against both papers, cell by cell. */
    private static void check(CalibrationReport o, RouterModel m, int workers, int buffer) {
        o.check2018(m, buffer);
        o.check2023(Calibration.fit2023(m, workers, buffer));
    }

    /** A screen ranks the 2023 table only where the 2018 ratio is at most this (the joint ratio is above it anyway). */
    private static final double JOINT_CAP = 3;

    /** Every model of the --models files against both papers, ranked by the joint ratio. */
    private static void joint(CalibrationReport o, Sink sink, List<Path> files, int workers, long started) {
        Set<RouterModel> list = CalibrationStages.readModels(files);
        List<JointFit> fits = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        Minutely minutely = new Minutely(started);
        int done = 0;
        for (RouterModel m : list) {
            JointFit f = JointFit.of(m, workers, JOINT_CAP);
            if (f != null) {
                fits.add(f);
                rows.add(CalibrationStages.jointRow(f));
                sink.rows(CalibrationStages.JOINT_HEADER, rows); // progress survives an interruption
            }
            if (++done < list.size() && minutely.due()) {
                sink.progress(String.format(java.util.Locale.ROOT, "calibrate joint: %d of %d models, %.0f s", done,
                        list.size(), seconds(started)));
            }
        }
        fits.sort((a, b) -> a.closerThan(b) ? -1 : b.closerThan(a) ? 1 : 0);
        o.joint(fits, list.size(), seconds(started), JOINT_CAP);
    }

    /** {@link Descent} from {@code start}, printing every move and where it ended. */
    private static <F> Descent.Result<F> descend(CalibrationReport o, RouterModel start, Function<RouterModel, F> evaluate,
                                                 BiPredicate<F, F> better) {
        Descent.Result<F> r = new Descent<>(evaluate, better).from(start, o::line);
        o.line(String.format("descent ended after %d passes, %d models evaluated", r.passes(), r.evaluated()));
        return r;
    }

    private static double seconds(long started) {
        return (System.nanoTime() - started) / 1e9;
    }

    /** Whether a minute has passed since the last time it said so. */
    private static final class Minutely {
        private long last;

        Minutely(long started) {
            last = started;
        }

        boolean due() {
            long now = System.nanoTime();
            if (now - last < 60_000_000_000L) {
                return false;
            }
            last = now;
            return true;
        }
    }
}
