package org.ccopt.report;

import org.ccopt.experiments.Row;
import org.ccopt.experiments.Results;
import org.ccopt.experiments.Provenance;
import org.ccopt.experiments.ChartChoice;

import org.ccopt.util.Csv;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ccopt.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report of an optimizer's directory (no experiment rows): what it embeds, its limits, its refusals. */
class ReportTest {

    @TempDir
    Path dir;

    @Test
    void embedsPicturesTablesAndJsonUpToItsLimit() throws Exception {
        Files.writeString(dir.resolve("best.json"), "{\"cycles\": 42, \"note\": \"<b>\"}");
        Files.writeString(dir.resolve("generations.csv"), Csv.write(List.of("generation", "best"), List.of(List.of(0, 50),
                List.of(1, 42))));
        Charts.write(Charts.line("t", "generation", "cycles", new double[] {0, 1}, new String[] {"best"},
                new double[][] {{50, 42}}, null, false, false), dir.resolve("convergence.svg"));
        String html = Files.readString(Report.write(dir));
        assertThat(html).contains("<h2>Provenance</h2>", "generations.csv", "best.json", "&lt;b&gt;",
                "data:image/svg+xml;base64,", Provenance.current().ccopt());
        assertThat(html).doesNotContain("<b>\""); // JSON text is escaped
        for (int i = 0; i < Report.MAX_FILES + 5; i++) {
            Files.writeString(dir.resolve("r" + i + ".json"), "{}");
        }
        String capped = Files.readString(Report.write(dir));
        assertThat(capped).contains("8 more files of the directory are not embedded");
    }

    @Test
    void refusesWhatHoldsNoResults() throws Exception {
        assertThatThrownBy(() -> Report.write(dir.resolve("missing"))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("is not a directory");
        Files.writeString(dir.resolve("notes.txt"), "nothing to show");
        assertThatThrownBy(() -> Report.write(dir)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("holds no results");
    }

    /**
     * The charts follow the experiment's design: the numeric factor is the x axis, the next factor the lines, the rest
     * one chart each; seeds are never an axis, only aggregated (95 % interval); constant columns go into one line.
     */
    @Test
    void chartsShowTheFactorsAndAggregateOnlyTheSeeds() throws Exception {
        StringBuilder lines = new StringBuilder();
        int run = 0;
        for (String topology : List.of("torus:4x4", "mesh:4x4")) {
            for (String traffic : List.of("bcmp", "brev")) {
                for (int packets : new int[] {1, 2, 4}) {
                    for (int seed = 1; seed <= 3; seed++) {
                        lines.append(String.format("{\"run\":%d,\"key\":\"sim run %d\",\"topology\":\"%s\",\"traffic\":\"%s\",\"packets\":%d,"
                                + "\"packet-flits\":8,\"seed\":%d,\"wallSeconds\":0.1,\"status\":\"ok\",\"durationCycles\":%d,"
                                + "\"flits\":%d,\"vcs\":3}%n", run, run++, topology, traffic, packets, seed,
                                10 * packets + seed + (topology.startsWith("mesh") ? 7 : 0), 8 * packets));
                    }
                }
            }
        }
        Files.writeString(dir.resolve("results.jsonl"), lines.toString());
        List<Row> rows = Results.read(dir.resolve("results.jsonl"));
        Report.Design d = Report.Design.of(rows, Report.parameters(rows));
        assertThat(d.x()).isEqualTo("packets");
        assertThat(d.series()).isEqualTo("topology");
        assertThat(d.facetKeys()).containsExactly("traffic");
        assertThat(d.replicates()).containsExactly("seed");
        String html = Files.readString(Report.write(dir));
        assertThat(html).contains("durationCycles against packets, one line per topology, traffic bcmp (mean over seed; "
                + "error bars: 95 % confidence interval)");
        assertThat(html).contains("traffic brev").doesNotContain("against seed").doesNotContain("one line per seed");
        assertThat(html).contains("The same in every run: packet-flits = 8; vcs = 3.");
        // flits is 8 x packets in every run: fixed by x, it shows nothing of topology or traffic, so it is named, not charted
        assertThat(html).doesNotContain("flits against packets").contains("Not charted, as each is the same in every run "
                + "at each packets whatever the other factors (fixed by it; --metrics charts them): flits.");
        // the reader's choice: traffic on x (categorical: bars), packets as the bars of a group, one chart per topology
        String chosen = Files.readString(Report.write(dir, new ChartChoice(List.of("durationCycles"), "traffic",
                "packets", null, false)));
        assertThat(chosen).contains("durationCycles against traffic, one bar per packets, topology torus:4x4 (mean over seed")
                .doesNotContain("flits against");
        assertThatThrownBy(() -> Report.write(dir, new ChartChoice(List.of(), "seed", null, null, false)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("'seed' is not a factor of these runs");
        assertThatThrownBy(() -> Report.write(dir, new ChartChoice(List.of("nosuch"), null, null, null, false)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("--metrics 'nosuch'");
        // a baseline: every line as its ratio to the torus's; at 1 packet the mesh's mean is (10 + 2 + 7) / (10 + 2)
        assertThat(Files.readString(Report.write(dir, new ChartChoice(List.of("durationCycles"), "packets", "topology",
                null, false, "torus:4x4")))).contains("as a ratio to topology torus:4x4");
        List<Row> bcmp = rows.stream().filter(r -> r.get("traffic").asText().equals("bcmp")).toList();
        var ratio = (org.knowm.xchart.XYChart) Report.chart(bcmp, "durationCycles", "packets", "topology", "t",
                new ChartChoice(List.of(), null, null, null, false, "torus:4x4"));
        assertThat(ratio.getSeriesMap().get("topology torus:4x4").getYData()).containsOnly(1.0);
        assertThat(ratio.getSeriesMap().get("topology mesh:4x4").getYData()[0]).isCloseTo(19.0 / 12,
                org.assertj.core.api.Assertions.within(1e-12));
        assertThatThrownBy(() -> Report.write(dir, new ChartChoice(List.of(), "packets", "topology", null, false,
                "ring:4"))).isInstanceOf(InvalidInputException.class).hasMessageContaining("--baseline 'ring:4'");
        // the same as a change in per cent: the mesh 100 (19 / 12 - 1) % above the torus, the torus at 0
        var percent = (org.knowm.xchart.XYChart) Report.chart(bcmp, "durationCycles", "packets", "topology", "t",
                new ChartChoice(List.of(), null, null, null, false, "torus:4x4", ChartChoice.Change.PERCENT, null));
        assertThat(percent.getSeriesMap().get("topology torus:4x4").getYData()).containsOnly(0.0);
        assertThat(percent.getSeriesMap().get("topology mesh:4x4").getYData()[0]).isCloseTo(100 * (19.0 / 12 - 1),
                org.assertj.core.api.Assertions.within(1e-9));
        assertThat(percent.getYAxisTitle()).isEqualTo("durationCycles, % change from topology torus:4x4");
    }

    /**
     * The chart kinds: bars over a numeric x keep its order and carry the 95 % error bars; a box per x and line holds
     * that cell's seeds; a line needs a numeric x, a box replicates, a per-cent change a baseline.
     */
    @Test
    void chartKindsDrawTheSameCellsAsBarsAndBoxes() throws Exception {
        StringBuilder lines = new StringBuilder();
        int run = 0;
        for (String topology : List.of("torus:4x4", "mesh:4x4")) {
            for (int packets : new int[] {4, 1, 2}) {
                for (int seed = 1; seed <= 3; seed++) {
                    lines.append(String.format("{\"run\":%d,\"key\":\"k%d\",\"topology\":\"%s\",\"packets\":%d,\"seed\":%d,"
                            + "\"wallSeconds\":0.1,\"status\":\"ok\",\"durationCycles\":%d}%n", run, run++, topology, packets, seed,
                            10 * packets + seed));
                }
            }
        }
        Files.writeString(dir.resolve("results.jsonl"), lines.toString());
        List<Row> rows = Results.read(dir.resolve("results.jsonl"));
        var bars = (org.knowm.xchart.CategoryChart) Report.chart(rows, "durationCycles", "packets", "topology", "t",
                new ChartChoice(List.of(), null, null, null, false, null, null, ChartChoice.Kind.BAR));
        var torus = bars.getSeriesMap().get("topology torus:4x4");
        assertThat(objects(torus.getXData())).containsExactly("1", "2", "4");
        assertThat(objects(torus.getYData())).containsExactly(12.0, 22.0, 42.0); // the mean of seeds 1..3
        double ci = Double.parseDouble(ResultTable.aggregate("ci95", new double[] {11, 12, 13}));
        assertThat(objects(torus.getExtraValues())).containsExactly(ci, ci, ci);
        var boxes = (org.knowm.xchart.BoxChart) Report.chart(rows, "durationCycles", "packets", "topology", "t",
                new ChartChoice(List.of(), null, null, null, false, null, null, ChartChoice.Kind.BOX));
        assertThat(boxes.getSeriesMap().keySet()).containsExactly("1 / torus:4x4", "1 / mesh:4x4",
                "2 / torus:4x4", "2 / mesh:4x4", "4 / torus:4x4", "4 / mesh:4x4");
        assertThat(boxes.getXAxisTitle()).isEqualTo("packets / topology");
        assertThat(objects(boxes.getSeriesMap().get("2 / mesh:4x4").getYData())).containsExactly(21.0, 22.0, 23.0);
        assertThat(Files.readString(Report.write(dir, new ChartChoice(List.of(), null, null, null, false, null, null,
                ChartChoice.Kind.BOX)))).contains("durationCycles against packets, one box per packets and topology (the spread over seed)");
        assertThat(Files.readString(Report.write(dir, new ChartChoice(List.of(), null, null, null, false, null, null,
                ChartChoice.Kind.BAR)))).contains("durationCycles against packets, one bar per topology (mean over seed; error bars");
        assertThatThrownBy(() -> Report.chart(rows, "durationCycles", "topology", "packets", "t",
                new ChartChoice(List.of(), null, null, null, false, null, null, ChartChoice.Kind.LINE)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("--kind line needs a numeric x");
        List<Row> seedOne = rows.stream().filter(r -> r.get("seed").asInt() == 1).toList();
        assertThatThrownBy(() -> Report.chart(seedOne, "durationCycles", "packets", "topology", "t",
                new ChartChoice(List.of(), null, null, null, false, null, null, ChartChoice.Kind.BOX)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("--kind box needs several runs");
        assertThatThrownBy(() -> Report.chart(rows, "durationCycles", "topology", "packets", "t",
                new ChartChoice(List.of(), null, null, null, true, null, null, ChartChoice.Kind.AUTO)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("--log-y does not apply to bar charts");
        assertThat(((org.knowm.xchart.BoxChart) Report.chart(rows, "durationCycles", "packets", "topology", "t",
                new ChartChoice(List.of(), null, null, null, true, null, null, ChartChoice.Kind.BOX))).getStyler()
                .isYAxisLogarithmic()).isTrue();
        assertThatThrownBy(() -> new ChartChoice(List.of(), null, null, null, false, null, ChartChoice.Change.PERCENT, null))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("needs --baseline");
        assertThatThrownBy(() -> new ChartChoice(List.of(), null, null, null, false, "mesh:4x4", null, ChartChoice.Kind.BOX))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("--baseline does not apply to box charts");
        assertThatThrownBy(() -> new ChartChoice(List.of(), "packets", "packets", null, false, null))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("a factor is named twice");
        assertThatThrownBy(() -> new ChartChoice(List.of(), "packets", null, List.of("topology", "packets"), false, null))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("a factor is named twice");
    }

    /** An optimizer's folder has no rows to chart: options that choose the charts are refused, not ignored. */
    @Test
    void chartOptionsOnAnOptimizersFolderAreRefused() throws Exception {
        Files.writeString(dir.resolve(Report.RESULT), "{\"method\": \"full\", \"bestCycles\": 42}");
        Files.writeString(dir.resolve("generations.csv"), "generation,bestCycles\n0,50\n1,42\n");
        assertThatThrownBy(() -> Report.write(dir, new ChartChoice(List.of("nope"), null, null, null, false, null)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("chart the rows of a 'ccopt run' directory");
        assertThat(Report.write(dir, ChartChoice.DESIGN)).exists();
    }

    /** An optimizer's folder: its result.json gives the headline and the provenance; a picture is embedded once. */
    @Test
    void anOptimizersResultIsItsHeadlineAndAPictureIsEmbeddedOnce() throws Exception {
        Files.writeString(dir.resolve(Report.RESULT), "{\"method\": \"full\", \"bestCycles\": 42, \"mapping\": [1, 0], "
                + "\"provenance\": {\"ccopt\": \"9.9\", \"commit\": \"abc\", \"jdk\": \"jdk 17\", \"seed\": \"7\"}}");
        var chart = Charts.line("t", "x", "y", new double[] {0, 1}, new String[] {"s"}, new double[][] {{1, 2}}, null, false, false);
        Charts.write(chart, dir.resolve("curve.png"));
        Charts.write(chart, dir.resolve("curve.svg"));
        String html = Files.readString(Report.write(dir));
        assertThat(html).contains("<h2>Result</h2>", "bestCycles", "<td>42</td>", "ccopt 9.9 (commit abc), jdk 17, seed 7");
        assertThat(html).doesNotContain("<td>[1,0]</td>"); // arrays are not headline figures
        long png = Files.size(dir.resolve("curve.png"));
        long svg = Files.size(dir.resolve("curve.svg"));
        assertThat(count(html, "<figure>")).isEqualTo(1);
        assertThat(html).contains(png <= svg ? "data:image/png" : "data:image/svg+xml");
    }

    private static List<Object> objects(java.util.Collection<?> values) {
        return new java.util.ArrayList<>(values);
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    /**
     * Charts fit for a paper: axes with units, a numeric factor of two values drawn as bars (two cases, not a trend),
     * facets of one metric on one y range, and the charts past the page's limit named rather than dropped silently.
     */
    @Test
    void chartsCarryUnitsShareTheirRangeAndNameWhatTheyLeaveOut() throws Exception {
        StringBuilder lines = new StringBuilder();
        int run = 0;
        for (String traffic : List.of("bcmp", "brev")) {
            for (int packets : new int[] {1, 4}) {
                for (String topology : List.of("torus:4x4", "mesh:4x4")) {
                    int scale = traffic.equals("bcmp") ? 1 : 10;
                    int d = scale * (10 * packets + (topology.startsWith("mesh") ? 3 : 0));
                    lines.append(String.format("{\"run\":%d,\"key\":\"k%d\",\"topology\":\"%s\",\"traffic\":\"%s\",\"packets\":%d,"
                            + "\"wallSeconds\":0.1,\"status\":\"ok\",\"durationCycles\":%d,\"lb\":%d,\"routerCycles\":%d,"
                            + "\"totalHops\":%d,\"cpuSeconds\":%d}%n", run, run++, topology, traffic, packets, d, d - 1, 16 * d,
                            d + 5, d + 7));
                }
            }
        }
        Files.writeString(dir.resolve("results.jsonl"), lines.toString());
        List<Row> rows = Results.read(dir.resolve("results.jsonl"));
        // packets 1 and 4: bars, with the unit on the y axis
        ChartChoice design = ChartChoice.DESIGN;
        var chart = Report.chart(rows.subList(0, 4), "durationCycles", "packets", "topology", "t", design);
        assertThat(chart).isInstanceOf(org.knowm.xchart.CategoryChart.class);
        assertThat(chart.getYAxisTitle()).isEqualTo("durationCycles (cycles)");
        // one y range for the two traffic facets: the larger facet's top bounds both
        var bcmp = Report.chart(rows.subList(0, 4), "durationCycles", "packets", "topology", "t", design);
        var brev = Report.chart(rows.subList(4, 8), "durationCycles", "packets", "topology", "t", design);
        Charts.sameYRange(List.of(bcmp, brev));
        var a = ((org.knowm.xchart.CategoryChart) bcmp).getStyler();
        var b = ((org.knowm.xchart.CategoryChart) brev).getStyler();
        assertThat(a.getYAxisMax()).isEqualTo(b.getYAxisMax()).isEqualTo(430.0);
        assertThat(a.getYAxisMin()).isEqualTo(b.getYAxisMin()).isEqualTo(0.0);
        // five varied metrics x two facets: eight charts drawn, the fifth metric named
        String html = Files.readString(Report.write(dir));
        assertThat(html).contains("Not charted, as the page holds at most 8 charts (--metrics names the ones to chart): "
                + "cpuSeconds.");
        // the charts are embedded as PNG (tens of kilobytes), not as XChart's SVG of glyph outlines (hundreds)
        assertThat(html).contains("data:image/png;base64,").doesNotContain("data:image/svg+xml");
        assertThat(html.length()).isLessThan(8 * 80_000);
        assertThat(Report.withUnit("durationCycles")).isEqualTo("durationCycles (cycles)");
        assertThat(Report.withUnit("lb")).isEqualTo("lb (cycles)");
        assertThat(Report.withUnit("result.wallSeconds")).isEqualTo("result.wallSeconds (s)");
        assertThat(Report.withUnit("totalHops")).isEqualTo("totalHops (hops)");
        assertThat(Report.withUnit("packets")).isEqualTo("packets");
        assertThat(Report.withUnit("cycles")).isEqualTo("cycles");
    }

    /** One result with more facets than the page holds: its first eight charts, and the rest named. */
    @Test
    void aResultWithMoreFacetsThanThePageHoldsShowsItsFirstAndNamesTheRest() throws Exception {
        StringBuilder lines = new StringBuilder();
        int run = 0;
        for (int traffic = 0; traffic < 10; traffic++) {
            for (int packets : new int[] {1, 2, 4}) {
                for (String topology : List.of("torus:4x4", "mesh:4x4")) {
                    lines.append(String.format("{\"run\":%d,\"key\":\"k%d\",\"topology\":\"%s\",\"traffic\":\"t%d\","
                            + "\"packets\":%d,\"wallSeconds\":0.1,\"status\":\"ok\",\"durationCycles\":%d}%n", run, run++,
                            topology, traffic, packets, 10 * packets + traffic + (topology.startsWith("mesh") ? 3 : 0)));
                }
            }
        }
        Files.writeString(dir.resolve("results.jsonl"), lines.toString());
        String html = Files.readString(Report.write(dir));
        assertThat(html.split("<figure>", -1).length - 1).isEqualTo(8);
        assertThat(html).contains("durationCycles (2 of its 10 charts)");
    }
}
