package org.ccopt.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.ccopt.InvalidInputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt table RESULTS}: groups the ok rows of an experiment's results by some columns and shows aggregates of
 * others, the way the papers tabulate success rates, best and mean values. With {@code --pivot}, the values of some
 * columns become table columns instead of rows (Yokota et al. 2023, Table 3: one row per pattern, one column per VC
 * selection scheme).
 */
@Command(name = "table", mixinStandardHelpOptions = true,
        description = "Tabulate experiment results: group rows by columns and show aggregates (mean, median, min, max, sd, ci95, count, rate<=X).")
final class TableCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RESULTS", description = "A 'ccopt run' output directory or its results.jsonl.")
    Path results;

    @Option(names = "--by", required = true, split = ",", paramLabel = "COL", description = "Columns to group by, e.g. traffic,packets.")
    List<String> by;

    @Option(names = "--show", required = true, split = ",", paramLabel = "COL[:AGG]",
            description = "Columns to show with an aggregate: mean (default), median, min, max, sd (sample standard deviation), ci95 (half-width of the 95%% confidence interval of the mean, Student's t), count, rate<=X, rate>=X, rate=X.")
    List<String> show;

    @Option(names = "--pivot", split = ",", paramLabel = "COL",
            description = "Columns whose values become table columns (labelled v1/v2/...), e.g. vc-select; a missing cell shows '-'.")
    List<String> pivot = List.of();

    @Option(names = "--format", defaultValue = "text", paramLabel = "text|csv|md", description = "Output format (default: ${DEFAULT-VALUE}).")
    String format;

    @Override
    public Integer call() throws Exception {
        Path lines = Files.isDirectory(results) ? results.resolve("results.jsonl") : results;
        if (!Files.exists(lines)) {
            throw new InvalidInputException("no results at " + results + "; expected a 'ccopt run' output directory or a results.jsonl");
        }
        if (!Files.isRegularFile(lines)) {
            throw new InvalidInputException(lines + " is not a file; expected a 'ccopt run' output directory or its results.jsonl");
        }
        List<JsonNode> rows = new ArrayList<>();
        int runs = 0;
        for (JsonNode row : RunCommand.read(lines).values()) {
            runs += row.has("key") && row.has("status") ? 1 : 0;
            if ("ok".equals(row.path("status").asText())) {
                rows.add(row);
            }
        }
        if (runs == 0) {
            throw new InvalidInputException(lines + " holds no rows of 'ccopt run'; expected its results.jsonl (one JSON "
                    + "object per run) or the directory that holds it");
        }
        if (rows.isEmpty()) {
            throw new InvalidInputException(lines + " holds " + runs + " runs, none of them ok; nothing to tabulate");
        }
        rows.sort(java.util.Comparator.comparingInt(row -> row.path("run").asInt()));
        // rows in run order, whatever order the runs finished in; columns in the order their pivot values first appear
        Map<List<String>, Map<List<String>, List<JsonNode>>> groups = new LinkedHashMap<>();
        Set<List<String>> pivotKeys = new LinkedHashSet<>();
        for (JsonNode row : rows) {
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
        for (Map.Entry<List<String>, Map<List<String>, List<JsonNode>>> g : groups.entrySet()) {
            List<String> line = new ArrayList<>(g.getKey());
            for (List<String> p : pivotKeys) {
                List<JsonNode> cell = g.getValue().get(p);
                for (String s : show) {
                    line.add(cell == null ? "-" : aggregate(s, cell));
                }
            }
            table.add(line);
        }
        print(header, table);
        return Main.OK;
    }

    private static List<String> key(JsonNode row, List<String> columns, String option) {
        List<String> key = new ArrayList<>();
        for (String c : columns) {
            if (!row.has(c)) {
                throw new InvalidInputException(option + " column '" + c + "' is not in the results; expected one of " + columns(row));
            }
            key.add(row.get(c).asText());
        }
        return key;
    }

    private static String columns(JsonNode row) {
        List<String> names = new ArrayList<>();
        row.fieldNames().forEachRemaining(names::add);
        return String.join(", ", names);
    }

    static final String AGGREGATES = "mean, median, min, max, sd, ci95, count, rate<=X, rate>=X, rate=X";

    static String aggregate(String spec, List<JsonNode> rows) {
        int colon = spec.indexOf(':');
        String column = colon < 0 ? spec : spec.substring(0, colon);
        String agg = colon < 0 ? "mean" : spec.substring(colon + 1).trim().toLowerCase(Locale.ROOT);
        List<Double> values = new ArrayList<>();
        for (JsonNode row : rows) {
            JsonNode v = row.get(column);
            if (v == null) {
                throw new InvalidInputException("--show column '" + column + "' is not in the results; expected one of " + columns(row));
            }
            try {
                values.add(Double.parseDouble(v.asText()));
            } catch (NumberFormatException e) {
                throw new InvalidInputException("--show column '" + column + "' holds '" + v.asText() + "', not a number");
            }
        }
        if (agg.equals("count")) {
            return Integer.toString(values.size());
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
            long hits = values.stream().filter(v -> op.equals("<=") ? v <= x : op.equals(">=") ? v >= x : v == x).count();
            return String.format(Locale.ROOT, "%.0f%%", values.isEmpty() ? 0.0 : 100.0 * hits / values.size());
        }
        DescriptiveStatistics stats = new DescriptiveStatistics();
        values.forEach(stats::addValue);
        int n = values.size();
        double r = switch (agg) {
            case "mean" -> stats.getMean();
            case "min" -> stats.getMin();
            case "max" -> stats.getMax();
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

    private void print(List<String> header, List<List<String>> table) {
        var w = spec.commandLine().getOut();
        switch (format.toLowerCase(Locale.ROOT)) {
            case "csv" -> {
                w.println(String.join(",", header.stream().map(Csv::cell).toList()));
                table.forEach(line -> w.println(String.join(",", line.stream().map(Csv::cell).toList())));
            }
            case "md" -> {
                w.println("| " + String.join(" | ", header) + " |");
                w.println("|" + " --- |".repeat(header.size()));
                table.forEach(line -> w.println("| " + String.join(" | ", line) + " |"));
            }
            case "text" -> {
                int[] width = new int[header.size()];
                for (int i = 0; i < width.length; i++) {
                    width[i] = header.get(i).length();
                    for (List<String> line : table) {
                        width[i] = Math.max(width[i], line.get(i).length());
                    }
                }
                StringBuilder b = new StringBuilder();
                appendRow(b, header, width);
                table.forEach(line -> appendRow(b, line, width));
                w.print(b);
            }
            default -> throw new InvalidInputException("--format '" + format + "' is invalid; expected text, csv or md");
        }
        w.flush();
    }

    private static void appendRow(StringBuilder b, List<String> cells, int[] width) {
        for (int i = 0; i < cells.size(); i++) {
            b.append(String.format(Locale.ROOT, i == 0 ? "%-" + width[i] + "s" : "  %" + width[i] + "s", cells.get(i)));
        }
        b.append('\n');
    }
}
