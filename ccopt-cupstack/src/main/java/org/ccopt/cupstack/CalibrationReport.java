package org.ccopt.cupstack;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.VcSelection;

/**
 * What a calibration prints of its stages ({@link CalibrationStages}, run by {@link CalibrateJob}): progress lines and
 * Markdown tables.
 */
final class CalibrationReport {

    private final PrintWriter w;
    private final int top;

    CalibrationReport(PrintWriter w, int top) {
        this.w = w;
        this.top = top;
    }

    /** A progress line, flushed at once (stages run for minutes). */
    void line(String text) {
        w.println(text);
        w.flush();
    }

    /** Says so when the run's buffer is not the papers' (a sensitivity check). */
    void noteBuffer(int buffer) {
        if (buffer != Calibration.BUFFER) {
            w.println("buffer: " + buffer + " flits per VC; both papers state " + Calibration.BUFFER
                    + " (2023, App. A.1): a sensitivity check, not a reading of the papers");
        }
    }

    void check2018(RouterModel m, int buffer) {
        w.println("model: " + (m != null ? m.describe() : "booksim (BookSim's input-queued router, routing "
                + Calibration.setup(org.ccopt.topology.spec.TopologySpec.parse("torus:8x8"), buffer, null).routingName() + "; no readings, and no VC selection scheme: each row and column of the schemes is one "
                + "run)"));
        noteBuffer(buffer);
        Calibration.Fit2018 f18 = Calibration.fit2018(m, buffer);
        if (f18 == null) {
            w.println("2018: the model needs more than 3 VCs");
            return;
        }
        w.printf(Locale.ROOT, "2018 known answers: one packet %d (paper 10), four packets %d (paper 34)%n", f18.oneNeighbour(),
                f18.fourNeighbour());
        w.println("2018 8x8 durations (paper: 94 189 148 158 134 131):");
        for (VcSelection s : m == null ? new VcSelection[] {VcSelection.C00} : VcSelection.values()) {
            Calibration.Errors e = f18.errors(s);
            w.printf(Locale.ROOT, "  %s %s  mean %.1f %%, max %.1f %%, exact %d%n", m == null ? "any" : s,
                    row(f18.durations()[s.ordinal()]), e.meanAbsPercent(), e.maxAbsPercent(), e.exact());
        }
        if (m != null) {
            w.println("  best scheme: " + f18.bestScheme());
        }
    }

    void check2023(Calibration.Fit2023 f23) {
        w.println("2023 Table 2 (ccopt / paper):");
        for (int p = 0; p < 6; p++) {
            StringBuilder s = new StringBuilder(String.format("  %-5s", Calibration.PATTERNS.get(p)));
            for (int c = 0; c < 10; c++) {
                s.append(String.format(" %3d/%-3d", f23.cells()[p][c], Calibration.TABLE2_2023[p][c]));
            }
            w.println(s);
        }
        Calibration.Errors e = f23.errors();
        if (f23.model() == null) { // one run per pattern: no scheme is best and every column pair is equal by construction
            w.printf(Locale.ROOT, "  mean %.2f %%, max %.1f %%, exact %d of 60 (no VC selection scheme: the best scheme and "
                    + "the equal column pairs do not apply)%n", e.meanAbsPercent(), e.maxAbsPercent(), e.exact());
            return;
        }
        w.printf(Locale.ROOT, "  mean %.2f %%, max %.1f %%, exact %d of 60, best scheme matches %d of 6, equal column pairs %d of 4%n",
                e.meanAbsPercent(), e.maxAbsPercent(), e.exact(), f23.bestSchemeMatches(), f23.equalColumnPairs());
    }

    void screen(CalibrationStages.Screen screen, double seconds) {
        List<Calibration.Fit2018> ok = screen.ranked();
        w.printf(Locale.ROOT, "%d models in %.1f s; %d keep the known answers 10 and 34%n", screen.measured(), seconds, ok.size());
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

    /** One model of the 2018 descent. */
    void descent2018Step(RouterModel m, Calibration.Fit2018 f) {
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
    }

    /** One model of the 2023 grid or descent; returns the fit. */
    Calibration.Fit2023 fit2023Step(Calibration.Fit2023 f) {
        Calibration.Errors e = f.errors();
        w.printf(Locale.ROOT, "  %.2f %% mean, %.1f %% max (target %.2f), %d exact, %d best, %d pairs: %s%n", e.meanAbsPercent(),
                e.maxAbsPercent(), e.targetRatio(), e.exact(), f.bestSchemeMatches(), f.equalColumnPairs(), f.model().describe());
        w.flush();
        return f;
    }

    void grid(List<Calibration.Fit2023> fits, double seconds) {
        w.printf(Locale.ROOT, "%d models in %.1f s%n", fits.size(), seconds);
        w.println("| rank | mean abs % | max abs % | exact | best scheme | equal pairs | readings |");
        w.println("| ---: | ---: | ---: | ---: | ---: | ---: | --- |");
        for (int i = 0; i < Math.min(top, fits.size()); i++) {
            Calibration.Fit2023 f = fits.get(i);
            Calibration.Errors e = f.errors();
            w.printf(Locale.ROOT, "| %d | %.2f | %.1f | %d | %d | %d | %s |%n", i + 1, e.meanAbsPercent(), e.maxAbsPercent(), e.exact(),
                    f.bestSchemeMatches(), f.equalColumnPairs(), f.model().describe());
        }
    }

    /** A row of the 2023 Table 2: the models closest to it, then those that order the schemes most like the paper. */
    void row(int pattern, List<CalibrationStages.RowFit> rows, double seconds) {
        w.printf(Locale.ROOT, "%s: %d models in %.1f s; paper %s%n", Calibration.PATTERNS.get(pattern), rows.size(), seconds,
                row(Calibration.TABLE2_2023[pattern]).trim());
        for (int k = 0; k < 2; k++) {
            w.println(k == 0 ? "closest rows:" : "rows that order the schemes most like the paper:");
            w.println("| mean abs % | max abs % | Spearman | C00 .. C09 | readings |");
            w.println("| ---: | ---: | ---: | --- | --- |");
            List<CalibrationStages.RowFit> list = k == 0 ? CalibrationStages.byError(rows) : CalibrationStages.byOrder(rows);
            for (int i = 0; i < Math.min(top, list.size()); i++) {
                CalibrationStages.RowFit r = list.get(i);
                w.printf(Locale.ROOT, "| %.2f | %.1f | %s | %s | %s |%n", r.errors().meanAbsPercent(), r.errors().maxAbsPercent(),
                        Double.isNaN(r.rho()) ? "-" : String.format(Locale.ROOT, "%.2f", r.rho()), row(r.cells()).trim(),
                        r.model().describe());
            }
        }
    }

    void joint(List<JointFit> fits, int models, double seconds, double cap) {
        w.printf(Locale.ROOT, "%d models in %.1f s (2023 table measured where the 2018 ratio is at most %.0f)%n", models,
                seconds, cap);
        w.println("| rank | joint | 2018 mean/max % | 2023 mean/max % | pairs | held out: S=1 mean/max %, triples % | readings |");
        w.println("| ---: | ---: | --- | --- | ---: | --- | --- |");
        for (int i = 0; i < Math.min(top, fits.size()); i++) {
            w.println("| " + (i + 1) + " | " + jointLine(fits.get(i)) + " |");
        }
    }

    /** One model of the joint descent; returns its fit, empty where it needs more than 3 VCs. */
    Optional<JointFit> jointStep(RouterModel m, JointFit f) {
        line(f == null ? "  needs more than 3 VCs: " + m.describe() : "  " + jointLine(f));
        return Optional.ofNullable(f);
    }

    /** A joint fit's cells, joined by " | ". */
    static String jointLine(JointFit f) {
        Calibration.Errors e18 = f.fit2018().errors(f.fit2018().bestScheme());
        Calibration.Errors e23 = f.fit2023().errors();
        Calibration.Errors s1 = f.unsplitErrors();
        return String.join(" | ", String.format(Locale.ROOT, "%.2f", f.ratio()),
                String.format(Locale.ROOT, "%.2f / %.1f (%s)", e18.meanAbsPercent(), e18.maxAbsPercent(), f.fit2018().bestScheme()),
                String.format(Locale.ROOT, "%.2f / %.1f", e23.meanAbsPercent(), e23.maxAbsPercent()),
                String.valueOf(f.fit2023().equalColumnPairs()),
                String.format(Locale.ROOT, "%.1f / %.1f, %+.1f", s1.meanAbsPercent(), s1.maxAbsPercent(), f.triplesErrorPercent()),
                f.fit2018().model().describe());
    }

    private static String row(int[] values) {
        StringBuilder s = new StringBuilder();
        for (int v : values) {
            s.append(String.format(" %3d", v));
        }
        return s.toString();
    }
}
