package org.ccopt.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.ccopt.report.ResultTable;
import org.ccopt.experiments.Results;
import org.ccopt.report.Table;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt table RESULTS}: the ok rows of an experiment's results ({@code results.jsonl} or {@code results.csv}
 * alike) grouped by some columns, with aggregates of others ({@link ResultTable}).
 */
@Command(name = "table", mixinStandardHelpOptions = true,
        description = "Tabulate experiment results: group rows by columns and show aggregates (mean, median, min, max, sum, sd, ci95, count, rate<=X); --chart draws the table as lines.")
final class TableCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RESULTS", description = "A 'ccopt run' output directory, its results.jsonl or its results.csv.")
    Path results;

    @Option(names = "--by", required = true, split = ",", paramLabel = "COL", description = "Columns to group by, e.g. traffic,packets.")
    List<String> by;

    @Option(names = "--show", required = true, split = ",", paramLabel = "COL[:AGG]",
            description = "Columns to show with an aggregate: mean (default), median, min, max, sum, sd (sample standard deviation), ci95 (half-width of the 95%% confidence interval of the mean, Student's t), meanci (mean \u00b1 ci95 in one cell, the interval to two significant digits and the mean to its decimal place), pNN (a percentile, e.g. p95), count, rate<=X, rate>=X, rate=X.")
    List<String> show;

    @Option(names = "--pivot", split = ",", paramLabel = "COL",
            description = "Columns whose values become table columns (labelled v1/v2/...), e.g. vc-select; a missing cell shows '-'.")
    List<String> pivot = List.of();

    @Option(names = "--format", defaultValue = "text", paramLabel = "text|csv|md|latex",
            description = "Output format; latex is a tabular of core LaTeX with the pivoted variable and what its cells hold over its columns (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--digits", paramLabel = "N", description = "Decimals of every number in a column that holds a fraction; columns of whole numbers stay whole, and meanci cells keep the precision their interval sets (default: up to six significant digits).")
    Integer digits;

    @Option(names = "--caption", paramLabel = "TEXT", description = "A caption: LaTeX puts the tabular in a table float with \\caption, text and md set it above (not for csv).")
    String caption;

    @Option(names = "--chart", paramLabel = "FILE.png|FILE.svg|FILE.pdf",
            description = "Also draw the table: its one --by column across (numbers), one line per shown column or pivot value; the caption is its title.")
    @Output
    Path chart;

    @Option(names = "--label", paramLabel = "FIELD=TEXT", description = "Rename a column for readers, in "
            + "every format and on --chart's axes and legend (repeatable): --label durationCycles='duration (cycles)' "
            + "also names durationCycles:sd 'duration (cycles):sd'.")
    List<String> label = List.of();

    @Option(names = "--log-x", description = "A logarithmic x axis on --chart.")
    boolean logX;

    @Override
    public Integer call() throws Exception {
        if (digits != null && (digits < 0 || digits > 12)) {
            throw new org.ccopt.InvalidInputException("--digits " + digits + " is invalid; expected 0..12 decimals");
        }
        if (logX && chart == null) {
            throw new org.ccopt.InvalidInputException("--log-x applies to --chart, which is not given; add --chart FILE.svg");
        }
        Written.requirePictureFormat(chart, "--chart");
        java.util.Map<String, String> labels = labels(label);
        List<org.ccopt.experiments.Row> rows = Results.read(results);
        Table table = ResultTable.of(rows, by, show, pivot).withLabels(labels);
        if (chart != null) {
            org.ccopt.report.Charts.write(ResultTable.chart(table, by.size(), caption != null ? caption
                    : String.join(", ", show.stream().map(s -> Table.label(s, labels)).toList()) + " by "
                    + Table.label(by.get(0), labels), logX), chart);
        }
        table = digits == null ? table : table.withDigits(digits);
        List<String> notes = new java.util.ArrayList<>();
        ResultTable.averagedOver(rows, by, pivot).forEach((option, values) -> notes.add("each cell averages over " + option
                + " (" + values + " values), which neither --by nor --pivot names"));
        if (format.equalsIgnoreCase("latex") && !table.latexFits()) {
            notes.add("the table is wider than an article's text width even in scriptsize; pivot fewer columns, or set it "
                    + "in a landscape page or a wider class");
        }
        notes.forEach(n -> spec.commandLine().getErr().println("ccopt: note: " + n));
        var w = spec.commandLine().getOut();
        w.print(table.format(format, caption, notes)); // under the table too: a table saved to a file keeps them
        w.flush();
        return Main.OK;
    }

    /** {@code --label FIELD=TEXT} values by field; one line for a value that is not one. */
    private static java.util.Map<String, String> labels(List<String> given) {
        java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
        for (String g : given) {
            int eq = g.indexOf('=');
            if (eq <= 0 || eq == g.length() - 1) {
                throw new org.ccopt.InvalidInputException("--label '" + g + "' is invalid; expected FIELD=TEXT, e.g. "
                        + "durationCycles='duration (cycles)'");
            }
            out.put(g.substring(0, eq), g.substring(eq + 1));
        }
        return out;
    }
}
