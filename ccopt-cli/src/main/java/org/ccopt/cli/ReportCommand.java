package org.ccopt.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.ccopt.experiments.ChartChoice;
import org.ccopt.report.Report;
import org.ccopt.util.Enums;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ccopt report DIR}: one self-contained HTML file for an output directory ({@link Report}). */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Write DIR/report.html: provenance, the experiment file, result rows, charts, and every picture, "
                + "CSV table and JSON result in DIR (self-contained; nothing is fetched when it is viewed).")
final class ReportCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "An output directory of 'ccopt run' or of an optimizer's --out.")
    Path dir;

    @Option(names = "--metrics", split = ",", paramLabel = "COL", description = "Results to chart (default: every numeric "
            + "result that varies).")
    List<String> metrics = List.of();

    @Option(names = "--x", paramLabel = "FACTOR", description = "Factor on the x axis (default: a numeric varied factor).")
    String x;

    @Option(names = "--series", paramLabel = "FACTOR", description = "Factor drawn as one line per value (default: the next "
            + "varied factor).")
    String series;

    @Option(names = "--facets", split = ",", paramLabel = "FACTOR", description = "Factors drawn as one chart per value "
            + "(default: the other varied factors).")
    List<String> facets;

    @Option(names = "--log-y", description = "A logarithmic y axis.")
    boolean logY;

    @Option(names = "--baseline", paramLabel = "VALUE", description = "Show every line against the line of this value of "
            + "the lines' factor, as --change says (e.g. --series model --baseline ccopt).")
    String baseline;

    @Option(names = "--change", paramLabel = "ratio|percent", description = "How --baseline shows a line: ratio (value / "
            + "baseline, the default) or percent (the change in %%).")
    String change;

    @Option(names = "--kind", paramLabel = "auto|line|bar|box", description = "Chart kind: auto (lines over a numeric x, "
            + "bars over a categorical one; the default), line, bar (with error bars), box (the spread of each point's "
            + "seeds or repeats).")
    String kind;

    @Override
    public Integer call() throws Exception {
        if (java.nio.file.Files.isDirectory(dir)) {
            ResumableRun.hold(dir, null); // one writer at a time; a report claims no run's directory
        }
        Path file = Report.write(dir, new ChartChoice(metrics, x, series, facets, logY, baseline,
                change == null ? null : Enums.parse(ChartChoice.Change.class, "--change", change),
                kind == null ? null : Enums.parse(ChartChoice.Kind.class, "--kind", kind)));
        spec.commandLine().getOut().println("wrote " + file);
        return Main.OK;
    }
}
