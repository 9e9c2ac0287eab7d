package org.ccopt.report;

import org.ccopt.experiments.Row;

import org.ccopt.util.Csv;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.ccopt.InvalidInputException;

/**
 * Groups the ok rows of an experiment by some columns and shows aggregates of others, the way the papers tabulate
 * success rates, best and mean values. With a pivot, the values of some columns become table columns instead of rows
 * (Yokota et al. 2023, Table 3: one row per pattern, one column per VC selection scheme).
 */
public final class ResultTable {

    public static final String AGGREGATES = "mean, median, min, max, sum, sd, ci95, meanci, pNN (a percentile, e.g. p95), "
            + "count, rate<=X, rate>=X, rate=X";

    private ResultTable() {
    }

    /**
     * The table of {@code rows} (ok rows only are used) grouped by {@code by}, one column per {@code show} spec
     * ({@code COL[:AGG]}) and pivot value; groups and pivot columns in the order they first appear in run order.
     *
     * @throws InvalidInputException one line, when no row is ok or a column or aggregate is unknown
     */
    public static Table of(List<Row> rows, List<String> by, List<String> show, List<String> pivot) {
        List<Row> ok = rows.stream().filter(Row::ok).toList();
        if (ok.isEmpty()) {
            throw new InvalidInputException("the results hold " + rows.size() + " runs, none of them ok; nothing to tabulate");
        }
        Map<List<String>, Map<List<String>, List<Row>>> groups = new LinkedHashMap<>();
        Set<List<String>> pivotKeys = new LinkedHashSet<>();
        for (Row row : ok) {
            List<String> pivotKey = key(row, pivot, "--pivot");
            pivotKeys.add(pivotKey);
            groups.computeIfAbsent(key(row, by, "--by"), k -> new LinkedHashMap<>())
                    .computeIfAbsent(pivotKey, k -> new ArrayList<>()).add(row);
        }
        List<String> header = new ArrayList<>(by);
        for (List<String> p : pivotKeys) {
            String label = String.join("/", p);
            for (String s : show) {
                header.add(pivot.isEmpty() ? s : show.size() == 1 ? label : label + " " + s);
            }
        }
        List<List<String>> table = new ArrayList<>();
        for (Map.Entry<List<String>, Map<List<String>, List<Row>>> g : groups.entrySet()) {
            List<String> line = new ArrayList<>(g.getKey());
            for (List<String> p : pivotKeys) {
                List<Row> cell = g.getValue().get(p);
                for (String s : show) {
                    line.add(cell == null ? "-" : aggregate(s, cell));
                }
            }
            table.add(line);
        }
        Table t = new Table(header, table);
        // over the pivoted columns: what their cells hold and what they are columns of ("durationCycles:mean by model")
        return pivot.isEmpty() ? t : t.withSpanner((show.size() == 1 ? withAggregate(show.get(0)) + " by " : "")
                + String.join("/", pivot), by.size());
    }

    /** A show spec with its aggregate named ({@code durationCycles} as {@code durationCycles:mean}). */
    private static String withAggregate(String show) {
        return show.contains(":") ? show : show + ":mean";
    }

    /**
     * The run parameters a table of {@code rows} grouped by {@code by} and {@code pivot} averages over without saying
     * so: options of the runs' command lines (their keys) other than the seed and the repetition, named by neither,
     * that take more than one value inside some cell, each with its number of values. Seeds and repetitions are what
     * a cell is meant to aggregate.
     */
    public static Map<String, Integer> averagedOver(List<Row> rows, List<String> by, List<String> pivot) {
        Map<List<String>, Map<String, Set<String>>> cells = new LinkedHashMap<>();
        for (Row row : rows) {
            if (!row.ok() || by.stream().anyMatch(c -> !row.has(c)) || pivot.stream().anyMatch(c -> !row.has(c))) {
                continue;
            }
            List<String> cell = new ArrayList<>(key(row, by, "--by"));
            cell.addAll(key(row, pivot, "--pivot"));
            Map<String, Set<String>> values = cells.computeIfAbsent(cell, k -> new LinkedHashMap<>());
            for (String option : parameters(row)) {
                if (!option.equals("seed") && !by.contains(option) && !pivot.contains(option) && row.has(option)) {
                    values.computeIfAbsent(option, k -> new LinkedHashSet<>()).add(row.get(option).asText());
                }
            }
        }
        Map<String, Integer> averaged = new LinkedHashMap<>();
        for (Map<String, Set<String>> values : cells.values()) {
            values.forEach((option, v) -> {
                if (v.size() > 1) {
                    averaged.merge(option, v.size(), Math::max);
                }
            });
        }
        return averaged;
    }

    /**
     * The run parameters of a row: the options of its command line ({@code key}, in results.jsonl), or, in
     * results.csv, which has no command line, the columns the runner writes before {@code wallSeconds}.
     */
    private static List<String> parameters(Row row) {
        List<String> out = new ArrayList<>();
        if (row.has("key") && row.key().contains(" --")) { // results.csv's rows get "run N" as their key
            for (String token : row.key().split(" ")) {
                if (token.startsWith("--")) {
                    out.add(token.substring(2));
                }
            }
            return out;
        }
        for (String c : row.columns()) {
            if (c.equals("wallSeconds")) {
                break;
            }
            if (!c.equals("run")) {
                out.add(c);
            }
        }
        return out;
    }

    private static List<String> key(Row row, List<String> columns, String option) {
        List<String> key = new ArrayList<>();
        for (String c : columns) {
            if (!row.has(c)) {
                throw new InvalidInputException(option + " column '" + c + "' is not in the results; expected one of "
                        + String.join(", ", row.columns()));
            }
            key.add(row.get(c).asText());
        }
        return key;
    }

    /**
     * A line chart of a table that {@link #of} grouped by one column: that column's values across (numbers, as the
     * groups came), one line per other column (each shown aggregate, or each pivot value), a cell that is empty or
     * "-" a gap. Rates ("40%") are drawn as their numbers.
     *
     * @throws InvalidInputException one line, when the table has more than one grouping column or a cell that is not
     *                               a number (a {@code meanci} column)
     */
    public static org.knowm.xchart.XYChart chart(Table table, int byColumns, String title, boolean logX) {
        if (byColumns != 1) {
            throw new InvalidInputException("--chart draws the table against one --by column; it has " + byColumns + " ("
                    + String.join(", ", table.header().subList(0, byColumns)) + "); pivot the others (--pivot) or name one");
        }
        List<List<String>> rows = table.rows();
        double[] x = new double[rows.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = chartNumber(rows.get(i).get(0), table.header().get(0));
            if (Double.isNaN(x[i])) {
                throw new InvalidInputException("--chart needs a number in every --by value; '" + table.header().get(0)
                        + "' has an empty one");
            }
        }
        int series = table.header().size() - 1;
        double[][] ys = new double[series][x.length];
        for (int s = 0; s < series; s++) {
            for (int i = 0; i < x.length; i++) {
                ys[s][i] = chartNumber(rows.get(i).get(s + 1), table.header().get(s + 1));
            }
        }
        List<String> names = table.header().subList(1, series + 1);
        String[] labels = names.toArray(String[]::new);
        // a pivoted table's series are the pivot's values, and its spanner ("durationCycles:mean by topology") names
        // what they hold
        String shown = table.spanner() == null || !table.spanner().contains(" by ") ? null
                : table.spanner().split(" by ")[0];
        String yLabel = series == 1 ? Units.of(names.get(0)) : shown != null ? Units.of(shown) : "value";
        int[] common = commonEnds(names);
        if (shown == null && series > 1 && common[0] + common[1] > 0) { // byMethod.joint.cycles:sum -> joint, ...
            for (int i = 0; i < series; i++) {
                labels[i] = names.get(i).substring(common[0], names.get(i).length() - common[1]);
            }
            String prefix = names.get(0).substring(0, common[0]);
            yLabel = common[1] == 0 && prefix.endsWith(":") ? Units.of(prefix.substring(0, prefix.length() - 1)) // min, max
                    : prefix + "*" + names.get(0).substring(names.get(0).length() - common[1]);
        }
        return Charts.line(title, Units.of(table.header().get(0)), yLabel, x, labels, ys, null, logX, false);
    }

    /**
     * The lengths of the prefix (up to a '.', ':' or ' ') and of the suffix (from one) that all names share, leaving
     * each a part of its own; {0, 0} where they share none.
     */
    static int[] commonEnds(List<String> names) {
        String first = names.get(0);
        int prefix = first.length();
        int suffix = first.length();
        for (String n : names) {
            int p = 0;
            while (p < Math.min(prefix, n.length()) && n.charAt(p) == first.charAt(p)) {
                p++;
            }
            prefix = p;
            int q = 0;
            while (q < Math.min(suffix, n.length()) && n.charAt(n.length() - 1 - q) == first.charAt(first.length() - 1 - q)) {
                q++;
            }
            suffix = q;
        }
        while (prefix > 0 && ".: ".indexOf(first.charAt(prefix - 1)) < 0) {
            prefix--; // back to a separator, so that the parts are whole words
        }
        while (suffix > 0 && ".: ".indexOf(first.charAt(first.length() - suffix)) < 0) {
            suffix--;
        }
        int shortest = names.stream().mapToInt(String::length).min().orElse(0);
        if (prefix + suffix >= shortest) { // some name would have nothing left
            return new int[] {0, 0};
        }
        return new int[] {prefix, suffix};
    }

    /** A table cell as a chart's number: NaN (a gap) for an empty or "-" cell, a rate's number without its '%'. */
    private static double chartNumber(String cell, String column) {
        String c = cell.strip();
        if (c.isEmpty() || c.equals("-")) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(c.endsWith("%") ? c.substring(0, c.length() - 1) : c);
        } catch (NumberFormatException e) {
            // a cell is the results file's text: not repeated
            throw new InvalidInputException("--chart draws numbers; column '" + column + "' holds text (meanci cells "
                    + "are text: chart the mean and ci95 as two --show columns)");
        }
    }

    /** One aggregate ({@code COL[:AGG]}, mean by default) of a column over rows, formatted as {@link Csv#number}. */
    public static String aggregate(String spec, List<Row> rows) {
        int colon = spec.indexOf(':');
        String column = colon < 0 ? spec : spec.substring(0, colon);
        String agg = colon < 0 ? "mean" : spec.substring(colon + 1).trim().toLowerCase(Locale.ROOT);
        double[] values = new double[rows.size()];
        for (int i = 0; i < values.length; i++) {
            JsonNode v = rows.get(i).get(column);
            if (v == null) {
                throw new InvalidInputException("--show column '" + column + "' is not in the results; expected one of "
                        + String.join(", ", rows.get(i).columns()));
            }
            try {
                values[i] = Double.parseDouble(v.asText());
            } catch (NumberFormatException e) {
                throw new InvalidInputException("--show column '" + column + "' holds text, not a number, in run "
                        + rows.get(i).run() + " (the cell is not repeated here)");
            }
        }
        return aggregate(agg, values);
    }

    /**
     * The mean and the half-width of its 95 % confidence interval as a paper prints them: the half-width to two
     * significant digits and the mean to the same decimal place ("40.4 \u00b1 6.2", not "40.4 \u00b1 6.24546"); the
     * mean alone where fewer than two values give no interval.
     */
    static String meanCi(double[] values) {
        String mean = aggregate("mean", values);
        String ci = aggregate("ci95", values);
        if (ci.isEmpty() || mean.isEmpty()) {
            return mean;
        }
        double half = Double.parseDouble(ci);
        if (half == 0) {
            return mean + " \u00b1 0";
        }
        BigDecimal h = new BigDecimal(half).round(new java.math.MathContext(2));
        int scale = Math.max(0, h.scale());
        BigDecimal m = new BigDecimal(Double.parseDouble(mean)).setScale(scale, java.math.RoundingMode.HALF_EVEN);
        return m.toPlainString() + " \u00b1 " + h.setScale(scale, java.math.RoundingMode.HALF_EVEN).toPlainString();
    }

    /**
     * An aggregate of values: mean, median, min, max, sum, sd, ci95, meanci, {@code pNN}, count, {@code rate<=X},
     * {@code rate>=X} or {@code rate=X}.
     */
    public static String aggregate(String agg, double[] values) {
        if (agg.equals("count")) {
            return Integer.toString(values.length);
        }
        if (agg.startsWith("rate")) {
            String op = agg.startsWith("rate<=") ? "<=" : agg.startsWith("rate>=") ? ">=" : agg.startsWith("rate=") ? "=" : null;
            if (op == null) {
                throw new InvalidInputException("aggregate '" + agg + "' is invalid; expected " + AGGREGATES);
            }
            double x;
            try {
                x = Double.parseDouble(agg.substring(4 + op.length()));
            } catch (NumberFormatException e) {
                throw new InvalidInputException("aggregate '" + agg + "' has no number after " + op + "; expected e.g. rate<=7");
            }
            long hits = java.util.Arrays.stream(values).filter(v -> op.equals("<=") ? v <= x : op.equals(">=") ? v >= x : v == x)
                    .count();
            return String.format(Locale.ROOT, "%.0f%%", values.length == 0 ? 0.0 : 100.0 * hits / values.length);
        }
        if (agg.equals("meanci")) { // the mean and the half-width of its 95 % interval in one cell, as a paper prints them
            return meanCi(values);
        }
        if (agg.matches("p[0-9]+(\\.[0-9]+)?")) {
            double q = Double.parseDouble(agg.substring(1));
            if (!(q > 0 && q <= 100)) {
                throw new InvalidInputException("aggregate '" + agg + "' is invalid; a percentile is p followed by a number "
                        + "above 0 and at most 100, e.g. p95");
            }
            // Commons Math's default estimation (its LEGACY type); p50 is the median
            return values.length == 0 ? "" : Csv.number(new DescriptiveStatistics(values).getPercentile(q));
        }
        DescriptiveStatistics stats = new DescriptiveStatistics(values);
        int n = values.length;
        double r = switch (agg) {
            case "mean" -> stats.getMean();
            case "min" -> stats.getMin();
            case "max" -> stats.getMax();
            case "sum" -> stats.getSum();
            case "median" -> n == 0 ? Double.NaN : stats.getPercentile(50);
            // sample standard deviation (n - 1); empty for fewer than two values
            case "sd" -> n < 2 ? Double.NaN : stats.getStandardDeviation();
            // half-width of the 95 % confidence interval of the mean, Student's t with n - 1 degrees of freedom
            case "ci95" -> n < 2 ? Double.NaN
                    : new TDistribution(n - 1).inverseCumulativeProbability(0.975) * stats.getStandardDeviation() / Math.sqrt(n);
            default -> throw new InvalidInputException("aggregate '" + agg + "' is invalid; expected " + AGGREGATES);
        };
        return Csv.number(r);
    }
}
