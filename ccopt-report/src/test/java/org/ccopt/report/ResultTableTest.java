package org.ccopt.report;

import org.ccopt.experiments.Row;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.ccopt.InvalidInputException;
import org.junit.jupiter.api.Test;

/** The aggregates of {@code ccopt table} on values whose statistics are known by hand. */
class ResultTableTest {

    private static final com.fasterxml.jackson.databind.ObjectMapper MAPPER = new com.fasterxml.jackson.databind.ObjectMapper();

    /** A row of a JSON object, as the runner reads one from its results. */
    private static Row row(com.fasterxml.jackson.databind.node.ObjectNode json) {
        return Row.parse(json.toString());
    }


    private static List<Row> rows(double... values) {
        return java.util.Arrays.stream(values).mapToObj(v -> row(MAPPER.createObjectNode().put("x", v))).toList();
    }

    /** A table that folds a varied parameter into its cells says so; seeds are what cells are meant to fold. */
    @Test
    void theParametersACellAveragesOverAreNamed() {
        List<Row> r = new java.util.ArrayList<>();
        for (String traffic : new String[] {"bcmp", "brev"}) {
            for (String model : new String[] {"ccopt", "yokota2018", "yokota2023"}) {
                for (int seed = 1; seed <= 2; seed++) {
                    r.add(row(MAPPER.createObjectNode().put("key", "sim --traffic " + traffic + " --model " + model
                            + " --seed " + seed).put("traffic", traffic).put("model", model).put("seed", seed)
                            .put("status", "ok").put("x", 1)));
                }
            }
        }
        assertThat(ResultTable.averagedOver(r, List.of("traffic"), List.of())).containsExactly(java.util.Map.entry("model", 3));
        assertThat(ResultTable.averagedOver(r, List.of("traffic"), List.of("model"))).isEmpty();
        assertThat(ResultTable.averagedOver(r, List.of("traffic", "model"), List.of())).isEmpty();
        // results.csv has no command line: its parameters are the columns before wallSeconds
        List<Row> csv = new java.util.ArrayList<>();
        for (String model : new String[] {"ccopt", "yokota2018"}) {
            csv.add(row(MAPPER.createObjectNode().put("run", csv.size()).put("traffic", "bcmp").put("model", model)
                    .put("wallSeconds", 0.1).put("x", 1).put("status", "ok").put("key", "run " + csv.size())));
        }
        assertThat(ResultTable.averagedOver(csv, List.of("traffic"), List.of())).containsExactly(java.util.Map.entry("model", 2));
    }

    @Test
    void meanMedianSdAndConfidenceInterval() {
        List<Row> r = rows(4, 1, 3, 2);
        assertThat(ResultTable.aggregate("x", r)).isEqualTo("2.5");
        assertThat(ResultTable.aggregate("x:median", r)).isEqualTo("2.5");
        // sample sd of 1..4: sqrt(5/3) = 1.290994...
        assertThat(ResultTable.aggregate("x:sd", r)).isEqualTo("1.29099");
        // t(0.975, 3) = 3.182446; 3.182446 x 1.290994 / 2 = 2.054256
        assertThat(ResultTable.aggregate("x:ci95", r)).isEqualTo("2.05426");
        assertThat(ResultTable.aggregate("x:median", rows(5, 1, 9))).isEqualTo("5");
        // one value has no spread to estimate: the cell is empty, not 0
        assertThat(ResultTable.aggregate("x:sd", rows(7))).isEmpty();
        assertThat(ResultTable.aggregate("x:ci95", rows(7))).isEmpty();
        assertThatThrownBy(() -> ResultTable.aggregate("x:mode", r)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("median, min, max, sum, sd, ci95");
        assertThat(ResultTable.aggregate("x:sum", r)).isEqualTo("10");
    }

    /**
     * {@code --chart}: the table's one grouping column across, one line per other column, with the aggregates the
     * table holds (sums over two workloads per budget, hand-added); "-" a gap; a second grouping column or a text
     * cell refused with one line.
     */
    @Test
    void aTableGroupedByOneNumericColumnIsDrawnLineByLine() {
        List<Row> r = new java.util.ArrayList<>();
        int[][] cycles = {{100, 300}, {90, 280}, {80, 250}}; // per budget: workload 1, workload 2 (method a); b = a + 10
        int[] budgets = {100, 1000, 10000};
        for (int i = 0; i < budgets.length; i++) {
            for (int w = 0; w < 2; w++) {
                r.add(row(MAPPER.createObjectNode().put("budget", budgets[i]).put("traffic", "t" + w)
                        .put("a", cycles[i][w]).put("b", cycles[i][w] + 10).put("status", "ok")));
            }
        }
        Table t = ResultTable.of(r, List.of("budget"), List.of("a:sum", "b:sum"), List.of());
        org.knowm.xchart.XYChart chart = ResultTable.chart(t, 1, "sums", true);
        // the lines are named by what differs between their columns, the axis by what they share
        assertThat(chart.getSeriesMap()).containsOnlyKeys("a", "b");
        assertThat(chart.getYAxisTitle()).isEqualTo("*:sum");
        assertThat(chart.getSeriesMap().get("a").getXData()).containsExactly(100.0, 1000.0, 10000.0);
        assertThat(chart.getSeriesMap().get("a").getYData()).containsExactly(400.0, 370.0, 330.0);
        assertThat(chart.getSeriesMap().get("b").getYData()).containsExactly(420.0, 390.0, 350.0);
        assertThat(chart.getTitle()).isEqualTo("sums");
        assertThat(chart.getXAxisTitle()).isEqualTo("budget"); // a field the units table does not list keeps its name
        // the units table titles the axes of the fields it lists; a pivoted table's y axis is what its spanner shows
        List<Row> sweep = new java.util.ArrayList<>();
        for (int packets : new int[] {1, 2, 4}) {
            for (String topology : new String[] {"torus:4x4", "mesh:4x4"}) {
                sweep.add(row(MAPPER.createObjectNode().put("packets", packets).put("topology", topology)
                        .put("durationCycles", 10 * packets + (topology.startsWith("mesh") ? 3 : 0)).put("status", "ok")));
            }
        }
        org.knowm.xchart.XYChart byTopology = ResultTable.chart(ResultTable.of(sweep, List.of("packets"),
                List.of("durationCycles:p95"), List.of("topology")), 1, "p", false);
        assertThat(byTopology.getXAxisTitle()).isEqualTo("packets per node");
        assertThat(byTopology.getYAxisTitle()).isEqualTo("p95 duration (cycles)");
        org.knowm.xchart.XYChart two = ResultTable.chart(ResultTable.of(sweep, List.of("packets"),
                List.of("durationCycles:min", "durationCycles:max"), List.of()), 1, "m", false);
        assertThat(two.getSeriesMap()).containsOnlyKeys("min", "max");
        assertThat(two.getYAxisTitle()).isEqualTo("duration (cycles)");
        assertThat(ResultTable.commonEnds(List.of("byMethod.joint.cycles:sum", "byMethod.mapping.cycles:sum")))
                .containsExactly("byMethod.".length(), ".cycles:sum".length());
        assertThat(ResultTable.commonEnds(List.of("cycles:min", "cycles:max"))).containsExactly("cycles:".length(), 0);
        assertThat(ResultTable.commonEnds(List.of("x", "x"))).containsExactly(0, 0); // nothing would be left
        assertThat(ResultTable.commonEnds(List.of("latency", "lateness"))).containsExactly(0, 0); // not at a separator
        // a pivot's values are lines too; a missing cell is a gap
        r.add(row(MAPPER.createObjectNode().put("budget", 100).put("traffic", "t2").put("a", 7).put("b", 7)
                .put("status", "ok")));
        Table pivoted = ResultTable.of(r, List.of("budget"), List.of("a"), List.of("traffic"));
        org.knowm.xchart.XYChart lines = ResultTable.chart(pivoted, 1, "by workload", false);
        assertThat(lines.getSeriesMap()).containsOnlyKeys("t0", "t1", "t2");
        assertThat(lines.getSeriesMap().get("t2").getXData()).containsExactly(100.0); // drawn only where it has a cell
        assertThat(lines.getSeriesMap().get("t2").getYData()).containsExactly(7.0);
        assertThatThrownBy(() -> ResultTable.chart(ResultTable.of(r, List.of("budget", "traffic"), List.of("a"), List.of()), 2,
                "x", false)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--chart draws the table against one --by column; it has 2 (budget, traffic); pivot the others "
                        + "(--pivot) or name one");
        assertThatThrownBy(() -> ResultTable.chart(ResultTable.of(r, List.of("budget"), List.of("a:meanci"), List.of()), 1,
                "x", false)).isInstanceOf(InvalidInputException.class).hasMessageStartingWith("--chart draws numbers; column "
                + "'a:meanci' holds text");
        assertThatThrownBy(() -> ResultTable.chart(ResultTable.of(r, List.of("traffic"), List.of("a"), List.of()), 1, "x",
                false)).isInstanceOf(InvalidInputException.class).hasMessageContaining("column 'traffic' holds text")
                .hasMessageNotContaining("t0");
    }

    /**
     * A paper's cell: the mean and its 95 % interval in one, the interval to two significant digits and the mean to
     * its decimal place (2.05426 as 2.1); a single value has no interval to show.
     */
    @Test
    void meanAndIntervalInOneCell() {
        assertThat(ResultTable.aggregate("x:meanci", rows(4, 1, 3, 2))).isEqualTo("2.5 \u00b1 2.1");
        assertThat(ResultTable.aggregate("x:meanci", rows(7))).isEqualTo("7");
        // mean 139.75, sd 32.664, t(0.975, 3) = 3.18245: 3.18245 x 32.664 / 2 = 51.98, so 52 and the mean to units
        assertThat(ResultTable.aggregate("x:meanci", rows(140, 100, 180, 139))).isEqualTo("140 \u00b1 52");
        assertThat(ResultTable.aggregate("x:meanci", rows(5, 5))).isEqualTo("5 \u00b1 0");
    }

    /** Percentiles by Commons Math's default estimation: p50 is the median, p100 the maximum. */
    @Test
    void percentiles() {
        List<Row> r = rows(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        assertThat(ResultTable.aggregate("x:p50", r)).isEqualTo(ResultTable.aggregate("x:median", r)).isEqualTo("5.5");
        assertThat(ResultTable.aggregate("x:p100", r)).isEqualTo("10");
        assertThat(ResultTable.aggregate("x:p90", r)).isEqualTo("9.9");
        for (String bad : new String[] {"x:p0", "x:p101", "x:p", "x:pp5"}) {
            assertThatThrownBy(() -> ResultTable.aggregate(bad, r)).as(bad).isInstanceOf(InvalidInputException.class);
        }
    }

    /**
     * --digits: a column that holds a fraction gets the decimals in every cell; a column of whole numbers stays, and so
     * does a mean and its interval, whose interval sets its precision.
     */
    @Test
    void digitsSetEveryNumberOfAFractionalColumn() {
        Table t = new Table(List.of("a", "b", "c", "d"), List.of(List.of("x", "39.1 \u00b1 3.1", "18", "2.25"),
                List.of("y", "139 \u00b1 16", "5", "3")));
        assertThat(t.withDigits(1).rows()).containsExactly(List.of("x", "39.1 \u00b1 3.1", "18", "2.2"),
                List.of("y", "139 \u00b1 16", "5", "3.0"));
        assertThat(t.withDigits(0).rows().get(0)).containsExactly("x", "39.1 \u00b1 3.1", "18", "2");
    }

    /**
     * LaTeX export: a tabular of core LaTeX, the pivoted variable centred over its columns, TeX's specials escaped and the
     * interval's sign as {@code $\pm$}.
     */
    @Test
    void latexNamesThePivotedVariableAndEscapesCells() {
        List<Row> r = new java.util.ArrayList<>();
        for (String traffic : List.of("bc_mp", "brev")) {
            for (String scheme : List.of("C00", "C05")) {
                for (int seed = 1; seed <= 2; seed++) {
                    r.add(row(MAPPER.createObjectNode().put("status", "ok").put("traffic", traffic).put("vc-select", scheme)
                            .put("cycles", 100 + seed + (scheme.equals("C05") ? 10 : 0))));
                }
            }
        }
        Table t = ResultTable.of(r, List.of("traffic"), List.of("cycles:meanci"), List.of("vc-select"));
        // t(0.975, 1) = 12.7062; sd of {101, 102} = 0.707107: 12.7062 x 0.707107 / sqrt(2) = 6.3531, shown as 6.4
        assertThat(t.latex()).isEqualTo("""
                \\begin{tabular}{lrr}
                \\hline
                 & \\multicolumn{2}{c}{cycles:meanci by vc-select} \\\\
                \\cline{2-3}
                traffic & C00 & C05 \\\\
                \\hline
                bc\\_mp & 101.5 $\\pm$ 6.4 & 111.5 $\\pm$ 6.4 \\\\
                brev & 101.5 $\\pm$ 6.4 & 111.5 $\\pm$ 6.4 \\\\
                \\hline
                \\end{tabular}
                """);
        assertThat(t.format("LATEX")).isEqualTo(t.latex());
        assertThat(t.text().lines().findFirst().orElseThrow()).isEqualTo("         cycles:meanci by vc-select");
        // csv has no row over the columns: the pivoted columns carry it in their names; md prints it above
        assertThat(t.format("csv").lines().findFirst().orElseThrow()).isEqualTo(
                "traffic,cycles:meanci by vc-select: C00,cycles:meanci by vc-select: C05");
        assertThat(t.format("md")).startsWith("cycles:meanci by vc-select:\n\n| traffic | C00 | C05 |");
        assertThat(Table.tex("rate<=100 | x>1")).isEqualTo("rate\\textless{}=100 \\textbar{} x\\textgreater{}1");
        assertThat(t.format("latex", "Cycles (mean)")).startsWith("\\begin{table}[ht]\n\\centering\n\\caption{Cycles (mean)}\n"
                + "\\begin{tabular}").endsWith("\\end{tabular}\n\\end{table}\n");
        assertThatThrownBy(() -> t.format("csv", "x")).isInstanceOf(InvalidInputException.class).hasMessageContaining("--caption");
    }

    /** --label renames heads, the column part of COL:AGG heads and a spanner's parts, in every format; LaTeX escapes it. */
    @Test
    void labelsRenameHeadsForReaders() {
        Table t = new Table(List.of("traffic", "durationCycles", "durationCycles:sd"),
                List.of(List.of("brev", "91", "0"))).withSpanner("durationCycles:mean by model", 1);
        Table named = t.withLabels(java.util.Map.of("durationCycles", "duration (cycles)", "traffic", "load % of peak"));
        assertThat(named.header()).containsExactly("load % of peak", "duration (cycles)", "duration (cycles):sd");
        assertThat(named.spanner()).isEqualTo("duration (cycles):mean by model");
        assertThat(named.latex()).contains("load \\% of peak").doesNotContain("durationCycles");
        assertThat(named.text()).contains("duration (cycles):sd");
        assertThatThrownBy(() -> t.withLabels(java.util.Map.of("nope", "x"))).isInstanceOf(InvalidInputException.class)
                .hasMessage("--label names 'nope', which no column of the table is or holds; expected one of traffic, "
                        + "durationCycles, durationCycles:sd");
        assertThatThrownBy(() -> t.withLabels(java.util.Map.of("traffic", "load", "nope", "x"))) // beside a used one
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("'nope'");
        assertThat(t.withLabels(java.util.Map.of("model", "router")).spanner()).isEqualTo("durationCycles:mean by router");
    }
}
