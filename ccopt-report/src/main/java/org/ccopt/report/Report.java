package org.ccopt.report;

import org.ccopt.experiments.Experiment;
import org.ccopt.experiments.ExperimentRunner;
import org.ccopt.experiments.Row;
import org.ccopt.experiments.Results;
import org.ccopt.experiments.Commands;
import org.ccopt.experiments.Provenance;
import org.ccopt.experiments.ChartChoice;

import org.ccopt.util.Csv;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.ccopt.InvalidInputException;
import org.ccopt.util.AtomicFiles;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * One self-contained HTML file for an experiment's or an optimizer's output directory: the provenance, the experiment
 * file, its result rows and one chart per varying result and facet (the factors of the design on x, as lines and as
 * one chart each, {@link Design}; the mean over the replicates, error bars their 95 % confidence interval), every
 * picture the directory holds (PNG or SVG embedded as data, the smaller where both exist), its other CSV tables and
 * its JSON results. Nothing is fetched when it is viewed, and the page holds no script.
 */
public final class Report {

    public static final String FILE = "report.html";

    /** An optimizer's result in its output folder (what its {@code --json} prints, provenance included). */
    public static final String RESULT = "result.json";

    /** At most this many rows of a table are shown; the caption says how many were left out. */
    static final int MAX_ROWS = 300;
    /** At most this many results get a chart. */
    static final int MAX_CHARTS = 8;
    private static final int MAX_TEXT = 20_000;
    /** At most this many pictures, CSV tables and JSON files of the directory are embedded; the page says how many were not. */
    static final int MAX_FILES = 60;

    private Report() {
    }



    /** Writes {@code dir/report.html} and returns its path. */
    public static Path write(Path dir) throws IOException {
        return write(dir, ChartChoice.DESIGN);
    }

    /** Writes {@code dir}/report.html with charts as {@code choice} names them. */
    public static Path write(Path dir, ChartChoice choice) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new InvalidInputException("report: " + dir + " is not a directory; expected the output directory of "
                    + "'ccopt run' or of an optimizer's --out");
        }
        Path file = dir.resolve(FILE);
        AtomicFiles.writeAtomically(file, html(dir, choice));
        return file;
    }

    static String html(Path dir) throws IOException {
        return html(dir, ChartChoice.DESIGN);
    }

    static String html(Path dir, ChartChoice given) throws IOException {
        // the reader's options, else what the experiment file names under 'report', else the design's choice
        Path copy = dir.resolve(ExperimentRunner.COPY);
        String experimentText = Files.exists(copy) ? Files.readString(copy, StandardCharsets.UTF_8) : null;
        ChartChoice choice = given.equals(ChartChoice.DESIGN) && experimentText != null
                ? Experiment.charts(experimentText, copy.toString()) : given;
        StringBuilder body = new StringBuilder();
        int sections = 0;
        Path results = Files.exists(dir.resolve(ExperimentRunner.LINES)) ? dir.resolve(ExperimentRunner.LINES)
                : dir.resolve(ExperimentRunner.CSV);
        List<Row> rows = Files.exists(results) ? Results.read(results) : List.of();
        String title = "ccopt report: " + dir.toAbsolutePath().normalize().getFileName();
        body.append("<h1>").append(Html.escape(title)).append("</h1>\n");
        JsonNode result = Files.exists(dir.resolve(RESULT)) ? readResult(dir.resolve(RESULT)) : null;
        body.append(provenance(rows, result));
        if (result != null) {
            body.append(headline(result));
        }
        if (experimentText != null) {
            body.append("<h2>Experiment file</h2>\n<pre>").append(Html.escape(experimentText)).append("</pre>\n");
        }
        if (!rows.isEmpty()) {
            body.append(experiment(rows, results.getFileName().toString(), choice));
            sections++;
        } else if (!given.equals(ChartChoice.DESIGN)) {
            throw new InvalidInputException("report: --metrics, --x, --series, --facets, --log-y, --baseline, --change and "
                    + "--kind chart the rows of a 'ccopt run' directory; " + dir + " has none (an optimizer's folder, whose "
                    + "charts its run drew); expected them without those options");
        }
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir, 2)) {
            files = s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().equals(FILE)).sorted().toList();
        }
        StringBuilder figures = new StringBuilder();
        StringBuilder tables = new StringBuilder();
        StringBuilder texts = new StringBuilder();
        int embedded = 0;
        int skipped = 0;
        for (Path f : files) {
            String name = f.getFileName().toString().toLowerCase(Locale.ROOT);
            String label = dir.relativize(f).toString();
            boolean picture = name.endsWith(".png") || name.endsWith(".svg");
            if (picture && !smallerOfItsFormats(f)) {
                continue; // the same picture in the other format is smaller: that one is embedded
            }
            boolean embeddable = (picture || name.endsWith(".csv") || name.endsWith(".json") || name.endsWith(".yaml"))
                    && !f.equals(dir.resolve(ExperimentRunner.CSV)) && !f.equals(copy) && !f.equals(dir.resolve(RESULT));
            if (embeddable && embedded >= MAX_FILES) {
                skipped++;
                continue;
            }
            embedded += embeddable ? 1 : 0;
            if (picture) {
                figures.append(figure(dataUri(f, name.endsWith(".png") ? "image/png" : "image/svg+xml"), label));
            } else if (name.endsWith(".csv") && !f.equals(dir.resolve(ExperimentRunner.CSV))) {
                tables.append(csvTable(f, label));
            } else if ((name.endsWith(".json") && !f.equals(dir.resolve(RESULT)))
                    || name.endsWith(".yaml") && !f.equals(dir.resolve(ExperimentRunner.COPY))) {
                String text = Files.readString(f, StandardCharsets.UTF_8);
                texts.append("<h3>").append(Html.escape(label)).append("</h3>\n<pre>")
                        .append(Html.escape(text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) + "\n..." : text))
                        .append("</pre>\n");
            }
        }
        if (!figures.isEmpty()) {
            body.append("<h2>Pictures</h2>\n").append(figures);
        }
        if (!tables.isEmpty()) {
            body.append("<h2>Tables</h2>\n").append(tables);
        }
        if (!texts.isEmpty()) {
            body.append("<h2>Results</h2>\n").append(texts);
        }
        if (skipped > 0) {
            body.append("<p>").append(skipped).append(" more files of the directory are not embedded (the first ")
                    .append(MAX_FILES).append(" are).</p>\n");
        }
        if (sections == 0 && figures.isEmpty() && tables.isEmpty() && texts.isEmpty()) {
            throw new InvalidInputException("report: " + dir + " holds no results (results.jsonl, results.csv, pictures, "
                    + "CSV or JSON files); expected the output directory of 'ccopt run' or of an optimizer's --out");
        }
        return page(title, body.toString());
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper MAPPER = new com.fasterxml.jackson.databind.ObjectMapper();

    private static JsonNode readResult(Path f) throws IOException {
        try {
            return MAPPER.readTree(Files.readString(f, StandardCharsets.UTF_8));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new InvalidInputException("report: " + f + " is not JSON" + org.ccopt.util.InputFiles.where(e)
                    + "; expected the result an optimizer writes to its --out");
        }
    }

    /** An optimizer's headline: the scalar fields of its result, in the order it prints them. */
    private static String headline(JsonNode result) {
        List<List<String>> cells = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : (Iterable<Map.Entry<String, JsonNode>>) result::fields) {
            if (e.getValue().isValueNode() && !e.getValue().isNull()) {
                cells.add(List.of(e.getKey(), e.getValue().asText()));
            }
        }
        return "<h2>Result</h2>\n" + new Table(List.of("field", "value"), cells).html(RESULT);
    }

    private static String provenance(List<Row> rows, JsonNode result) {
        StringBuilder b = new StringBuilder("<h2>Provenance</h2>\n<table class=\"provenance\"><tbody>");
        b.append(pair("report written by", Provenance.current().line()));
        Set<String> seen = new TreeSet<>();
        JsonNode p = result == null ? null : result.get("provenance");
        if (p != null && p.has("ccopt")) {
            seen.add("ccopt " + p.get("ccopt").asText() + " (commit " + text(p.get("commit")) + "), " + text(p.get("jdk"))
                    + (p.has("seed") ? ", seed " + p.get("seed").asText() : ""));
        }
        for (Row r : rows) {
            JsonNode c = r.get("provenance.ccopt");
            if (c != null) {
                seen.add("ccopt " + c.asText() + " (commit " + text(r.get("provenance.commit")) + "), "
                        + text(r.get("provenance.jdk")));
            }
        }
        b.append(pair("results made by", seen.isEmpty() ? "not recorded" : String.join("; ", seen)));
        return b.append("</tbody></table>\n").toString();
    }

    private static String text(JsonNode n) {
        return n == null ? "unknown" : n.asText();
    }

    private static String pair(String k, String v) {
        return "<tr><th>" + Html.escape(k) + "</th><td>" + Html.escape(v) + "</td></tr>";
    }

    /** Parameters a cell aggregates over, never an axis: what repeats a measurement rather than varies the design. */
    static final Set<String> REPLICATES = Set.of("seed", "repeat");

    /** The summary, the rows and the charts of an experiment's results. */
    private static String experiment(List<Row> rows, String source, ChartChoice choice) throws IOException {
        List<String> params = parameters(rows);
        List<Row> ok = rows.stream().filter(Row::ok).toList();
        List<String> metrics = metrics(ok, params);
        Design design = Design.of(rows, params).chosen(choice, params, rows);
        if (!choice.metrics().isEmpty()) {
            for (String m : choice.metrics()) {
                if (!metrics.contains(m)) {
                    throw new InvalidInputException("report: --metrics '" + m + "' is not a numeric result of these runs; "
                            + "expected one of " + String.join(", ", metrics));
                }
            }
        }
        List<String> charted = new ArrayList<>(choice.metrics().isEmpty() ? metrics : choice.metrics());
        List<String> fixedByX = choice.metrics().isEmpty() ? design.fixedByX(ok, charted) : List.of();
        charted.removeAll(fixedByX);
        StringBuilder b = new StringBuilder("<h2>Runs</h2>\n");
        b.append(new Table(List.of("runs", "ok", "failed", "source"), List.of(List.of(Integer.toString(rows.size()),
                Integer.toString(ok.size()), Integer.toString(rows.size() - ok.size()), source))).html("summary"));
        // columns that hold one value in every row go into one line above the table instead of repeating down it
        List<String> constant = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("run", "status"));
        for (String c : params) {
            if (distinct(rows, c).size() == 1) {
                constant.add(c + " = " + label(rows.get(0), c));
            } else {
                header.add(c);
            }
        }
        for (String m : metrics) {
            if (distinct(ok, m).size() == 1) {
                constant.add(m + " = " + label(ok.get(0), m));
            } else {
                header.add(m);
            }
        }
        if (!constant.isEmpty()) {
            b.append("<p>The same in every run: ").append(Html.escape(String.join("; ", constant))).append(".</p>\n");
        }
        List<List<String>> cells = new ArrayList<>();
        for (Row r : rows) {
            List<String> line = new ArrayList<>();
            for (String c : header) {
                line.add(c.equals("status") && !r.ok() ? "failed: " + r.error() : cell(r, c));
            }
            cells.add(line);
        }
        b.append(new Table(header, cells).head(MAX_ROWS).html(caption("result rows", cells.size())));
        if (design.x() != null && !ok.isEmpty()) {
            StringBuilder charts = new StringBuilder();
            int n = 0;
            List<String> leftOut = new ArrayList<>();
            for (String m : charted) {
                if (distinct(ok, m).size() < 2 && choice.metrics().isEmpty()) {
                    continue; // the same in every run: nothing to compare
                }
                List<Map<String, String>> facets = design.facets(ok);
                if (n + facets.size() > MAX_CHARTS) {
                    if (n > 0) {
                        leftOut.add(m);
                        continue;
                    }
                    // one result with more facets than the page holds: its first ones, and the rest named
                    leftOut.add(m + " (" + (facets.size() - MAX_CHARTS) + " of its " + facets.size() + " charts)");
                    facets = facets.subList(0, MAX_CHARTS);
                }
                List<Chart<?, ?>> drawn = new ArrayList<>();
                for (Map<String, String> facet : facets) {
                    List<Row> in = ok.stream().filter(r -> facet.entrySet().stream()
                            .allMatch(e -> label(r, e.getKey()).equals(e.getValue()))).toList();
                    drawn.add(chart(in, m, design.x(), design.series(), facetTitle(m, facet), choice));
                }
                Charts.sameYRange(drawn); // facets of one metric are read against each other
                for (int i = 0; i < drawn.size(); i++) {
                    String caption = chartCaption(m, design, facets.get(i), drawn.get(i), design.replicated(rows), choice);
                    charts.append(figure(dataUri(Charts.png(drawn.get(i)), "image/png"), caption));
                    n++;
                }
            }
            if (n > 0 || !fixedByX.isEmpty() || !leftOut.isEmpty()) {
                b.append("<h2>Charts</h2>\n");
            }
            if (!leftOut.isEmpty()) {
                b.append("<p>Not charted, as the page holds at most ").append(MAX_CHARTS).append(" charts (--metrics "
                        + "names the ones to chart): ").append(Html.escape(String.join(", ", leftOut))).append(".</p>\n");
            }
            if (!fixedByX.isEmpty()) {
                b.append("<p>Not charted, as each is the same in every run at each ").append(Html.escape(design.x()))
                        .append(" whatever the other factors (fixed by it; --metrics charts them): ")
                        .append(Html.escape(String.join(", ", fixedByX))).append(".</p>\n");
            }
            b.append(charts);
        }
        return b.toString();
    }

    /**
     * A chart's caption: the metric against x, what its lines, bars or boxes are, the facet, and what each point is
     * ("durationCycles against packets, one line per topology, traffic bcmp (mean over seed; error bars: ...)").
     */
    private static String chartCaption(String metric, Design design, Map<String, String> facet, Chart<?, ?> drawn,
                                       boolean replicated, ChartChoice choice) {
        String facetWords = String.join(", ", facet.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).toList());
        String over = String.join(" and ", design.replicates());
        StringBuilder c = new StringBuilder(metric).append(" against ").append(design.x());
        boolean box = drawn instanceof org.knowm.xchart.BoxChart;
        if (box) {
            c.append(", one box per ").append(design.x()).append(design.series() != null ? " and " + design.series() : "");
        } else if (design.series() != null) {
            boolean bars = drawn instanceof org.knowm.xchart.CategoryChart;
            c.append(", one ").append(bars ? "bar" : "line").append(" per ").append(design.series());
        }
        c.append(facet.isEmpty() ? "" : ", " + facetWords);
        if (box) {
            return c.append(" (the spread over ").append(over).append(")").toString();
        }
        c.append(" (mean").append(replicated ? " over " + over + "; error bars: 95 % confidence interval" : "");
        if (choice.baseline() != null) {
            c.append(choice.change() == ChartChoice.Change.RATIO ? "; as a ratio to " : "; as a % change from ")
                    .append(design.series()).append(" ").append(choice.baseline());
        }
        return c.append(")").toString();
    }

    /** A chart's title: the metric and the facet it shows. */
    private static String facetTitle(String metric, Map<String, String> facet) {
        List<String> parts = new ArrayList<>();
        facet.forEach((k, v) -> parts.add(k + " " + v));
        return parts.isEmpty() ? metric : metric + " (" + String.join(", ", parts) + ")";
    }

    /**
     * The design of an experiment as the charts show it: the varied factors (parameters with more than one value,
     * replicates excepted) become, in order, the x axis (a numeric factor first), the series and the facets (one
     * chart per combination of the others); replicates (seed, repeat) are only ever aggregated.
     */
    record Design(String x, String series, List<String> facetKeys, List<String> replicates) {
        static Design of(List<Row> rows, List<String> params) {
            List<String> varied = new ArrayList<>(params.stream()
                    .filter(p -> !REPLICATES.contains(p) && distinct(rows, p).size() > 1).toList());
            // a numeric factor is the x axis of a line chart; the others give lines, then charts
            varied.sort(java.util.Comparator.comparing(p -> !distinct(rows, p).stream().allMatch(Report::isNumber)));
            List<String> replicates = params.stream().filter(REPLICATES::contains).toList();
            return new Design(varied.isEmpty() ? null : varied.get(0), varied.size() > 1 ? varied.get(1) : null,
                    varied.size() > 2 ? List.copyOf(varied.subList(2, varied.size())) : List.of(), replicates);
        }

        /**
         * This design with the reader's choices ({@link ChartChoice}) in place of its own: each named factor must be a
         * parameter of the runs other than a replicate, or it is refused with one line; a factor named for one role
         * leaves the others.
         */
        Design chosen(ChartChoice c, List<String> params, List<Row> rows) {
            List<String> named = new ArrayList<>();
            if (c.x() != null) {
                named.add(c.x());
            }
            if (c.series() != null) {
                named.add(c.series());
            }
            if (c.facets() != null) {
                named.addAll(c.facets());
            }
            for (String f : named) {
                if (!params.contains(f) || REPLICATES.contains(f)) {
                    throw new InvalidInputException("report: '" + f + "' is not a factor of these runs; expected one of "
                            + String.join(", ", params.stream().filter(p -> !REPLICATES.contains(p)).toList()));
                }
            }
            if (named.isEmpty()) {
                return this;
            }
            List<String> rest = new ArrayList<>();
            for (String f : params) {
                if (!REPLICATES.contains(f) && !named.contains(f) && distinct(rows, f).size() > 1) {
                    rest.add(f);
                }
            }
            rest.sort(java.util.Comparator.comparing(p -> !distinct(rows, p).stream().allMatch(Report::isNumber)));
            String x2 = c.x() != null ? c.x() : rest.isEmpty() ? x : rest.remove(0);
            String s2 = c.series() != null ? c.series() : rest.isEmpty() ? null : rest.remove(0);
            List<String> f2 = c.facets() != null ? List.copyOf(c.facets()) : List.copyOf(rest);
            return new Design(x2, s2, f2, replicates);
        }

        /**
         * The metrics that hold one value at each value of x in every run, whatever the other factors and replicates
         * (such as a flit count fixed by the packet count): they show nothing of the factors studied. Only where the
         * design has factors besides x; a metric the same in every run is left out elsewhere.
         */
        List<String> fixedByX(List<Row> ok, List<String> metrics) {
            if (x == null || (series == null && facetKeys.isEmpty())) {
                return List.of();
            }
            List<String> fixed = new ArrayList<>();
            for (String m : metrics) {
                Map<String, String> atX = new LinkedHashMap<>();
                boolean one = true;
                for (Row r : ok) {
                    one &= atX.computeIfAbsent(label(r, x), k -> cell(r, m)).equals(cell(r, m));
                }
                if (one && atX.size() > 1 && new LinkedHashSet<>(atX.values()).size() > 1) {
                    fixed.add(m);
                }
            }
            return fixed;
        }

        /** Whether some cell holds more than one run (replicates to aggregate). */
        boolean replicated(List<Row> rows) {
            return replicates.stream().anyMatch(p -> distinct(rows, p).size() > 1);
        }

        /** Every combination of the facet factors' values that some row has, in the order rows first show it. */
        List<Map<String, String>> facets(List<Row> rows) {
            Set<Map<String, String>> combos = new LinkedHashSet<>();
            for (Row r : rows) {
                Map<String, String> f = new LinkedHashMap<>();
                facetKeys.forEach(k -> f.put(k, label(r, k)));
                combos.add(f);
            }
            return new ArrayList<>(combos);
        }
    }

    private static String caption(String what, int total) {
        return total > MAX_ROWS ? what + " (first " + MAX_ROWS + " of " + total + ")" : what;
    }

    /** The run's parameters: the columns between {@code run} (and {@code key}) and {@code wallSeconds}. */
    static List<String> parameters(List<Row> rows) {
        Set<String> params = new LinkedHashSet<>();
        for (Row r : rows) {
            for (String c : r.columns()) {
                if (c.equals("wallSeconds")) {
                    break;
                }
                if (!c.equals("run") && !c.equals("key")) {
                    params.add(c);
                }
            }
        }
        return new ArrayList<>(params);
    }

    /** Result columns that are numbers in every ok row: neither parameters, runner columns nor provenance. */
    static List<String> metrics(List<Row> ok, List<String> params) {
        Set<String> columns = new LinkedHashSet<>();
        ok.forEach(r -> columns.addAll(r.columns()));
        List<String> metrics = new ArrayList<>();
        for (String c : columns) {
            if (params.contains(c) || Row.RUNNER_COLUMNS.contains(c) || c.startsWith("provenance.")) {
                continue;
            }
            boolean numeric = true;
            for (Row r : ok) {
                JsonNode v = r.get(c);
                numeric &= v != null && isNumber(v.asText());
            }
            if (numeric) {
                metrics.add(c);
            }
        }
        return metrics;
    }

    private static boolean isNumber(String s) {
        try {
            return Double.isFinite(Double.parseDouble(s));
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static List<String> distinct(List<Row> rows, String column) {
        Set<String> values = new LinkedHashSet<>();
        rows.forEach(r -> values.add(label(r, column)));
        return new ArrayList<>(values);
    }

    /** A row's value of a column as text; empty where the row lacks it (rows of sweeps over other parameters). */
    private static String cell(Row r, String column) {
        JsonNode v = r.get(column);
        return v == null ? "" : v.asText();
    }

    /** A row's value of a column as a chart label: {@link #UNSET} where the row lacks it or it is empty. */
    private static String label(Row r, String column) {
        String v = cell(r, column);
        return v.isEmpty() ? UNSET : v;
    }

    /** The chart label of a parameter a row does not set. */
    private static final String UNSET = "(not set)";

    /**
     * A metric against factor {@code x}, one series per value of {@code by} (or one series), drawn as {@code c} says
     * ({@link Kind}): by default a line chart when x is numeric (logarithmic x when its values span a factor of 8 or
     * more), grouped bars for a categorical x; each point the mean of its runs (the replicates), error bars the
     * half-width of their 95 % confidence interval; against the baseline's line where {@code c} names one.
     */
    static Chart<?, ?> chart(List<Row> ok, String metric, String x, String by, String title, ChartChoice c) {
        List<String> xs = distinct(ok, x);
        boolean numbers = xs.stream().allMatch(Report::isNumber);
        // two values of a number (packets 1 and 4) are two cases, not a trend to join by a line
        boolean numericX = numbers && (xs.size() > 2 || c.kind() == ChartChoice.Kind.LINE);
        if (numericX) {
            xs.sort(java.util.Comparator.comparingDouble(Double::parseDouble)); // lines do not zig-zag, bars in order
        }
        if (c.kind() == ChartChoice.Kind.LINE && !numbers) {
            throw new InvalidInputException("report: --kind line needs a numeric x; " + x + " has the values "
                    + String.join(", ", xs) + "; expected --kind bar or box, or a numeric --x");
        }
        List<String> series = by == null ? List.of(metric) : distinct(ok, by);
        Map<String, Map<String, List<Double>>> values = new LinkedHashMap<>();
        for (Row r : ok) {
            values.computeIfAbsent(by == null ? metric : label(r, by), k -> new LinkedHashMap<>())
                    .computeIfAbsent(label(r, x), k -> new ArrayList<>()).add(Double.parseDouble(r.get(metric).asText()));
        }
        String[] names = series.stream().map(s -> by == null ? s : by + " " + s).toArray(String[]::new);
        if (c.kind() == ChartChoice.Kind.BOX) {
            return box(title, x, by, metric, xs, series, values, c.logY());
        }
        double[][] mean = new double[series.size()][xs.size()];
        double[][] ci = new double[series.size()][xs.size()];
        for (int s = 0; s < series.size(); s++) {
            for (int i = 0; i < xs.size(); i++) {
                List<Double> v = values.getOrDefault(series.get(s), Map.of()).get(xs.get(i));
                double[] a = v == null ? new double[0] : v.stream().mapToDouble(Double::doubleValue).toArray();
                mean[s][i] = a.length == 0 ? Double.NaN : Double.parseDouble(ResultTable.aggregate("mean", a));
                ci[s][i] = a.length < 2 ? 0 : Double.parseDouble(ResultTable.aggregate("ci95", a));
            }
        }
        String yLabel = withUnit(metric);
        if (c.baseline() != null) {
            int b = series.indexOf(c.baseline());
            if (by == null || b < 0) {
                throw new InvalidInputException("report: --baseline '" + c.baseline() + "' is no value of the lines' factor"
                        + (by == null ? " (the charts have one line)" : " " + by + "; expected one of " + String.join(", ", series)));
            }
            double[] base = mean[b].clone(); // before the baseline's own line changes
            boolean percent = c.change() == ChartChoice.Change.PERCENT;
            for (int s = 0; s < series.size(); s++) {
                for (int i = 0; i < xs.size(); i++) {
                    ci[s][i] = s == b ? 0 : ci[s][i] / base[i] * (percent ? 100 : 1); // the baseline's own spread is left out
                    mean[s][i] = percent ? 100 * (mean[s][i] - base[i]) / base[i] : mean[s][i] / base[i];
                }
            }
            yLabel = percent ? metric + ", % change from " + by + " " + c.baseline() : metric + " / " + by + " " + c.baseline();
        }
        if (numericX && c.kind() != ChartChoice.Kind.BAR) {
            double[] xv = xs.stream().mapToDouble(Double::parseDouble).toArray();
            boolean logX = xv[0] > 0 && xv[xv.length - 1] / xv[0] >= 8;
            return Charts.line(title, withUnit(x), yLabel, xv, names, mean, ci, logX, c.logY());
        }
        if (c.logY()) {
            throw new InvalidInputException("report: --log-y does not apply to bar charts (bars start at zero), and "
                    + x + " is drawn as bars" + (numericX ? "" : " (its values are not numbers)")
                    + "; expected --kind line or box, or no --log-y");
        }
        return Charts.bar(title, withUnit(x), yLabel, xs.toArray(String[]::new), names, mean, ci);
    }

    /**
     * One box per value of x and series over that cell's runs, labelled "x value / series value" under an axis that
     * names both factors; refused where no cell holds two runs.
     */
    private static Chart<?, ?> box(String title, String x, String by, String metric, List<String> xs, List<String> series,
                                   Map<String, Map<String, List<Double>>> values, boolean logY) {
        Map<String, List<Double>> boxes = new LinkedHashMap<>();
        for (String v : xs) {
            for (String s : series) {
                List<Double> runs = values.getOrDefault(s, Map.of()).get(v);
                if (runs != null) {
                    boxes.put(by == null ? v : v + " / " + s, runs);
                }
            }
        }
        if (boxes.values().stream().allMatch(r -> r.size() < 2)) {
            throw new InvalidInputException("report: --kind box needs several runs of one cell (seeds or repeats); these "
                    + "runs have one each; expected --kind line or bar");
        }
        return Charts.box(title, by == null ? x : x + " / " + by, withUnit(metric), boxes, logY);
    }

    /**
     * An axis title: a result field with its unit as ccopt's results name them ({@code durationCycles (cycles)},
     * {@code wallSeconds (s)}, {@code totalHops (hops)}); a field of no known unit (a count, a ratio) as it is.
     */
    static String withUnit(String field) {
        String f = field.substring(field.lastIndexOf('.') + 1);
        String lower = f.toLowerCase(Locale.ROOT);
        String unit = lower.endsWith("cycles") || lower.equals("lb") || lower.equals("lowerbound") || lower.equals("floor")
                || lower.equals("interval") ? "cycles"
                : lower.endsWith("seconds") ? "s"
                : lower.endsWith("hops") ? "hops"
                : lower.endsWith("bytes") ? "bytes"
                : lower.endsWith("flits") ? "flits" : null;
        return unit == null || lower.equals(unit) ? field : field + " (" + unit + ")";
    }

    /**
     * Whether {@code f} is the one format of its picture to embed: a picture written as both PNG and SVG is embedded
     * once, in the smaller file (the PNG on a tie).
     */
    private static boolean smallerOfItsFormats(Path f) throws IOException {
        String name = f.getFileName().toString();
        int dot = name.lastIndexOf('.');
        boolean png = name.substring(dot + 1).equalsIgnoreCase("png");
        Path other = f.resolveSibling(name.substring(0, dot) + (png ? ".svg" : ".png"));
        if (!Files.isRegularFile(other)) {
            return true;
        }
        long mine = Files.size(f);
        long theirs = Files.size(other);
        return mine < theirs || (mine == theirs && png);
    }

    private static String csvTable(Path f, String label) throws IOException {
        List<Map<String, String>> lines;
        try {
            lines = Csv.read(Files.readString(f, StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return "<p>" + Html.escape(label) + ": not a CSV table (" + Html.escape(Commands.firstLine(e.getMessage()))
                    + ")</p>\n";
        }
        if (lines.isEmpty()) {
            return "";
        }
        List<String> header = new ArrayList<>(lines.get(0).keySet());
        List<List<String>> cells = lines.stream().map(m -> header.stream().map(h -> m.getOrDefault(h, "")).toList()).toList();
        return new Table(header, cells).head(MAX_ROWS).html(caption(label, cells.size()));
    }

    private static String dataUri(Path f, String type) throws IOException {
        return dataUri(Files.readAllBytes(f), type);
    }

    private static String dataUri(byte[] bytes, String type) {
        return "data:" + type + ";base64," + Base64.getEncoder().encodeToString(bytes);
    }

    private static String figure(String src, String caption) {
        return "<figure><img src=\"" + src + "\" alt=\"" + Html.escape(caption) + "\"><figcaption>" + Html.escape(caption)
                + "</figcaption></figure>\n";
    }

    private static String page(String title, String body) {
        return """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <title>%s</title>
                <style>
                body { font-family: sans-serif; margin: 2em; color: #222; }
                table { border-collapse: collapse; margin: 1em 0; font-size: 90%%; display: block; max-width: 100%%; overflow-x: auto; }
                th, td { border: 1px solid #bbb; padding: 0.2em 0.5em; text-align: right; }
                td { max-width: 30em; overflow-wrap: break-word; }
                th { background: #eee; }
                caption { text-align: left; font-weight: bold; padding: 0.3em 0; }
                table.provenance th, table.provenance td { text-align: left; }
                pre { background: #f6f6f6; padding: 0.8em; overflow-x: auto; }
                figure { margin: 1em 0; }
                figure img { max-width: 100%%; border: 1px solid #ddd; }
                </style>
                </head>
                <body>
                %s
                </body>
                </html>
                """.formatted(Html.escape(title), body);
    }
}
