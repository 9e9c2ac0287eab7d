package org.ccopt.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;

/**
 * Line charts: coinciding series named in the legend and told apart, doubling sizes on a log2 axis; SVG whose labels
 * are text.
 */
class ChartsTest {

    @TempDir
    Path dir;

    @Test
    void aSeriesEqualToAnEarlierOneIsNamedSoAndDrawnWithAnotherMarker() {
        double[] x = {16, 32, 64};
        XYChart c = Charts.line("t", "nodes", "hops", x, new String[] {"tree", "ring", "circulant"},
                new double[][] {{1, 2, 3}, {1, 2, 3}, {2, 3, 4}}, null, false, false);
        assertThat(c.getSeriesMap().keySet()).containsExactly("tree", "ring (= tree)", "circulant");
        assertThat(c.getSeriesMap().get("tree").getMarker()).isNotEqualTo(c.getSeriesMap().get("ring (= tree)").getMarker());
    }

    @Test
    void doublingSizesAreSpreadEvenlyWithTheSizesAsLabels() throws Exception {
        double[] x = {256, 1024, 4096, 16384, 65536, 262144, 1048576};
        XYChart c = Charts.line("t", "bytes", "seconds", x, new String[] {"a"}, new double[][] {{1, 2, 3, 4, 5, 6, 7}}, null,
                true, false);
        assertThat(c.getStyler().isXAxisLogarithmic()).isFalse();
        assertThat(c.getSeriesMap().get("a").getXData()).containsExactly(8.0, 10.0, 12.0, 14.0, 16.0, 18.0, 20.0);
        assertThat(Charts.log2Label(20)).isEqualTo("1048576");
        assertThat(Charts.log2Label(12)).isEqualTo("4096");
        assertThat(Charts.log2Label(12.5)).isEmpty();
        Path svg = dir.resolve("c.svg");
        Charts.write(c, svg);
        assertThat(Files.size(svg)).isPositive();
        // sizes that are not all powers of two keep the ordinary logarithmic axis
        XYChart other = Charts.line("t", "bytes", "seconds", new double[] {100, 1000, 10000}, new String[] {"a"},
                new double[][] {{1, 2, 3}}, null, true, false);
        assertThat(other.getStyler().isXAxisLogarithmic()).isTrue();
    }

    /** Ticks below 1 keep their leading zero ("0.05", not ".05"), and a marked x is a named dashed line over the data. */
    @Test
    void ticksBelowOneKeepTheirZeroAndAMarkSpansTheData() throws Exception {
        XYChart c = Charts.line("curve", "accepted", "latency", new double[] {0.05, 0.1, 0.15, 0.2}, new String[] {"mean"},
                new double[][] {{20, 22, 30, 60}}, null, false, false);
        Charts.markX(c, 0.18, "saturation 0.180");
        assertThat(c.getSeriesMap().get("saturation 0.180").getXData()).containsExactly(0.18, 0.18);
        assertThat(c.getSeriesMap().get("saturation 0.180").getYData()).containsExactly(20.0, 60.0);
        String svg = Charts.svg(c);
        assertThat(svg).containsPattern(">0\\.[0-9]+<").doesNotContainPattern(">\\.[0-9]").contains(">saturation 0.180<");
        assertThat(Charts.markX(c, Double.NaN, "none").getSeriesMap()).doesNotContainKey("none");
        assertThat(c.getStyler().getXAxisDecimalPattern()).isEqualTo("0.###"); // the PNG's ticks too
        // a title longer than the chart is set smaller, and at the smallest size shortened, the whole kept as a tooltip
        String longTitle = "uniform on dragonfly:4,2,2, router booksim (routing_delay 2, vc_alloc_delay 2), routing "
                + "dragonfly-ugal, 8 VCs x 16 flits, packets of 1:4,8:1 flits:weight";
        XYChart wide = Charts.line(longTitle, "x", "y", new double[] {1, 2}, new String[] {"a"}, new double[][] {{1, 2}}, null,
                false, false);
        String titled = Charts.svg(wide);
        assertThat(titled).contains("<title>" + longTitle.replace("&", "&amp;") + "</title>").containsPattern(
                "font-size=\"1[0-4]\" font-weight=\"bold\">uniform on dragonfly");
    }

    /** Every label of a line or bar chart's SVG is a text element, and each point and bar is where its value says. */
    @Test
    void svgLabelsAreTextAndMarksFollowTheValues() throws Exception {
        XYChart line = Charts.line("Latency & load", "offered (flits/node/cycle)", "latency (cycles)", new double[] {0.1, 0.2, 0.3},
                new String[] {"mesh", "torus"}, new double[][] {{20, 30, 40}, {10, 15, 20}}, null, false, false);
        org.w3c.dom.Document doc = parse(Charts.svg(line));
        java.util.List<String> texts = texts(doc);
        assertThat(texts).contains("Latency & load", "offered (flits/node/cycle)", "latency (cycles)", "mesh", "torus", "0.1", "10", "40");
        org.w3c.dom.NodeList lines = doc.getElementsByTagName("polyline");
        assertThat(lines.getLength()).isEqualTo(2);
        // y 0..40 in ticks of 5 or 10: a point at twice the value lies twice as far above the axis's zero
        double[][] mesh = points(((org.w3c.dom.Element) lines.item(0)).getAttribute("points"));
        double[][] torus = points(((org.w3c.dom.Element) lines.item(1)).getAttribute("points"));
        double zero = 2 * torus[0][1] - mesh[0][1]; // y(10) - (y(20) - y(10))
        assertThat(zero - mesh[2][1]).isCloseTo(4 * (zero - torus[0][1]), org.assertj.core.data.Offset.offset(0.05));
        assertThat(mesh[1][0] - mesh[0][0]).isCloseTo(mesh[2][0] - mesh[1][0], org.assertj.core.data.Offset.offset(0.05));

        org.knowm.xchart.CategoryChart bars = Charts.bar("Cycles", "method", "cycles", new String[] {"physical", "joint"},
                new String[] {"cycles", "bound"}, new double[][] {{290, 70}, {68, 68}});
        org.w3c.dom.Document b = parse(Charts.svg(bars));
        assertThat(texts(b)).contains("Cycles", "method", "cycles", "physical", "joint", "bound");
        org.w3c.dom.NodeList rects = b.getElementsByTagName("rect");
        java.util.List<Double> heights = new java.util.ArrayList<>();
        for (int i = 0; i < rects.getLength(); i++) {
            org.w3c.dom.Element r = (org.w3c.dom.Element) rects.item(i);
            if (r.getElementsByTagName("title").getLength() > 0) {
                heights.add(Double.parseDouble(r.getAttribute("height")));
            }
        }
        assertThat(heights).hasSize(4);
        assertThat(heights.get(0) / heights.get(1)).isCloseTo(290.0 / 70, org.assertj.core.data.Offset.offset(0.01));
    }

    private static org.w3c.dom.Document parse(String svg) throws Exception {
        return javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new java.io.ByteArrayInputStream(svg.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    private static java.util.List<String> texts(org.w3c.dom.Document doc) {
        org.w3c.dom.NodeList t = doc.getElementsByTagName("text");
        java.util.List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < t.getLength(); i++) {
            out.add(t.item(i).getTextContent());
        }
        return out;
    }

    private static double[][] points(String attribute) {
        return java.util.Arrays.stream(attribute.trim().split(" ")).map(p -> java.util.Arrays.stream(p.split(","))
                .mapToDouble(Double::parseDouble).toArray()).toArray(double[][]::new);
    }
}
