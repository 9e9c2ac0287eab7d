package org.ccopt.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ccopt.joint.JointProblem;
import org.ccopt.joint.MethodResult;

/** What {@code ccopt joint} reports: its result as JSON fields and as a table, one row a method. */
final class JointOutputs {

    private JointOutputs() {
    }

    /**
     * The method table as {@code methods.csv} and its chart as {@code methods.png} and {@code .svg}: per method, the
     * cycles of its plan beside the link-load bound of its mapping, the problem's floor in the axis title; a skipped
     * method has no bars and its label says so. {@code ccopt report} shows both.
     */
    static void write(Path out, JointProblem problem, String traffic, long budget, List<MethodResult> results)
            throws java.io.IOException {
        List<List<Object>> rows = new ArrayList<>();
        String[] methods = new String[results.size()];
        double[][] bars = new double[2][results.size()];
        for (int i = 0; i < results.size(); i++) {
            MethodResult r = results.get(i);
            boolean ran = r.skipped() == null;
            rows.add(java.util.Arrays.asList(r.method().label(), ran ? r.cycles() : null, ran ? r.lowerBound() : null,
                    ran ? String.join(" ", r.perPattern().stream().map(String::valueOf).toList()) : null, r.simulations(),
                    r.discarded(), ran ? r.generations() : null, ran ? r.seconds() : null, r.skipped()));
            methods[i] = ran ? r.method().label() : r.method().label() + " (skipped)";
            bars[0][i] = ran ? r.cycles() : Double.NaN;
            bars[1][i] = ran ? r.lowerBound() : Double.NaN;
        }
        org.ccopt.util.AtomicFiles.writeAtomically(out.resolve("methods.csv"), org.ccopt.util.Csv.write(List.of("method",
                "cycles", "lowerBound", "perPattern", "simulations", "discarded", "generations", "seconds", "skipped"), rows));
        var chart = org.ccopt.report.Charts.bar(traffic.replace(',', '+') + " on " + problem.topology().spec()
                        + ", budget " + budget + " simulations a method", "method",
                "cycles (sum over patterns; floor " + problem.floor() + ")", methods,
                new String[] {"cycles of the plan", "link-load bound of its mapping"}, bars);
        org.ccopt.report.Charts.write(chart, out.resolve("methods.png"));
        org.ccopt.report.Charts.write(chart, out.resolve("methods.svg"));
    }

    /** The table: a row a method (a skipped one says why), then where the plans were written. */
    static void print(PrintWriter w, JointProblem problem, String traffic, long budget, int jitter, int jitterRuns,
                      List<MethodResult> results, Path out) {
        w.printf(Locale.ROOT, "%s on %s (%d patterns), model %s: budget %d simulations a method; floor %d cycles%n", traffic,
                problem.topology().spec(), problem.patterns().length, problem.setup().routerNote(), budget, problem.floor());
        w.printf(Locale.ROOT, "  %-12s %7s %7s %11s %8s%s%n", "method", "cycles", "bound", "simulations", "seconds",
                jitter > 0 ? String.format(Locale.ROOT, "  jitter 0..%d x %d: mean, worst", jitter, jitterRuns) : "");
        long discarded = 0;
        for (MethodResult r : results) {
            discarded += r.discarded();
            if (r.skipped() != null) {
                w.printf(Locale.ROOT, "  %-12s skipped: %s%n", r.method().label(), r.skipped());
                continue;
            }
            w.printf(Locale.ROOT, "  %-12s %7d %7d %11d %8.1f%s%n", r.method().label(), r.cycles(), r.lowerBound(), r.simulations(),
                    r.seconds(), r.robustness() == null ? "" : String.format(Locale.ROOT, "  %.1f, %d", r.robustness().mean(),
                            r.robustness().worst()));
        }
        w.println("  every plan replayed by the validator; bound: the link-load bound of the method's mapping (no plan beats it)");
        if (discarded > 0) {
            w.printf(Locale.ROOT, "  no method passed the budget: %d simulations ran in phases that would have, and their results "
                    + "were not used%n", discarded);
        }
        if (out != null) {
            w.println("  wrote " + out.resolve("METHOD") + "/mapping.json and NN-PATTERN.json (ccopt sim --mapping M --params P), "
                    + "result.json, methods.csv, methods.png and .svg");
        }
    }
}
