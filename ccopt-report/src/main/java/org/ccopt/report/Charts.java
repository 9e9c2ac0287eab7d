package org.ccopt.report;

import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.ccopt.InvalidInputException;
import org.ccopt.util.AtomicFiles;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BoxChart;
import org.knowm.xchart.BoxChartBuilder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Charts with XChart: lines over a shared x (error bars where several runs were averaged, logarithmic axes where sizes
 * double), grouped bars (with error bars) and box plots; written as PNG, SVG or PDF (by the file's extension), atomically.
 */
public final class Charts {

    /** The file extensions {@link #write} accepts. */
    public static final String FORMATS = ".png, .svg or .pdf";

    private Charts() {
    }

    /** The x tick labels of the charts given custom ones (XChart 3.8.8 has no getter for them), for {@link #svg}. */
    private static final Map<Chart<?, ?>, Function<Double, String>> X_LABELS =
            java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    /** Markers and line styles by series index, so that series drawn over one another stay told apart. */
    private static final org.knowm.xchart.style.markers.Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE,
        SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS, SeriesMarkers.PLUS};
    /**
     * Series colours: the Okabe-Ito palette for colour-blind readers without its yellow, which a thin line on white
     * hides, then black; XChart's own palette starts with a light yellow among its first.
     */
    static final Color[] COLOURS = {new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73), new Color(0xCC79A7),
        new Color(0xE69F00), new Color(0x56B4E9), Color.BLACK};
    private static final java.awt.BasicStroke[] LINES = {org.knowm.xchart.style.lines.SeriesLines.SOLID,
        org.knowm.xchart.style.lines.SeriesLines.DASH_DASH, org.knowm.xchart.style.lines.SeriesLines.DOT_DOT};

    /**
     * Lines, x shared by every series; {@code names[i]} labels {@code ys[i]}; a NaN leaves a point out.
     * {@code errors} (may be null, or hold null rows) gives each point's error bar half-width. Series differ in marker
     * and, past seven, in line style; a series equal to an earlier one is named so in the legend ("(= name)"), as it
     * is drawn over it. A logarithmic x whose values are all powers of two is drawn in steps of log2 with the sizes as
     * labels (1024, 2048, ...), so that doubling sizes are spread evenly.
     */
    public static XYChart line(String title, String xLabel, String yLabel, double[] x, String[] names, double[][] ys,
                               double[][] errors, boolean logX, boolean logY) {
        boolean log2 = logX && powersOfTwo(x);
        XYChart chart = new XYChartBuilder().width(800).height(500).title(title).xAxisTitle(xLabel).yAxisTitle(yLabel).build();
        chart.getStyler().setSeriesColors(COLOURS);
        chart.getStyler().setXAxisLogarithmic(logX && !log2).setYAxisLogarithmic(logY);
        // doubling sizes span few decades: label the ticks between decades too
        chart.getStyler().setXAxisLogarithmicDecadeOnly(false).setYAxisLogarithmicDecadeOnly(false);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        if (log2) {
            chart.setCustomXAxisTickLabelsFormatter(Charts::log2Label);
            X_LABELS.put(chart, Charts::log2Label);
        } else if (!logX && Arrays.stream(x).map(Math::abs).max().orElse(0) >= 100) {
            // XChart 3.8.8 places about two dozen x ticks whatever the spacing hint: labels of three digits and more
            // run into each other level, so they are set at an angle
            chart.getStyler().setXAxisLabelRotation(45);
        }
        boolean anyErrors = false;
        List<double[][]> drawn = new ArrayList<>();
        List<String> drawnNames = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            List<Integer> finite = new ArrayList<>();
            for (int k = 0; k < ys[i].length; k++) {
                if (Double.isFinite(ys[i][k]) && (!logX || x[k] > 0) && (!logY || ys[i][k] > 0)) {
                    finite.add(k);
                }
            }
            if (finite.isEmpty()) {
                continue;
            }
            double[] xs = finite.stream().mapToDouble(k -> log2 ? Math.log(x[k]) / Math.log(2) : x[k]).toArray();
            final int s = i;
            double[] vs = finite.stream().mapToDouble(k -> ys[s][k]).toArray();
            double[] es = errors == null || errors[i] == null ? null
                    : finite.stream().mapToDouble(k -> Double.isFinite(errors[s][k]) ? errors[s][k] : 0).toArray();
            String name = names[i];
            for (int j = 0; j < drawn.size(); j++) {
                if (Arrays.equals(drawn.get(j)[0], xs) && Arrays.equals(drawn.get(j)[1], vs)) {
                    name = names[i] + " (= " + drawnNames.get(j) + ")";
                    break;
                }
            }
            drawn.add(new double[][] {xs, vs});
            drawnNames.add(names[i]);
            var series = es == null ? chart.addSeries(name, xs, vs) : chart.addSeries(name, xs, vs, es);
            int n = drawn.size() - 1;
            series.setMarker(xs.length <= 30 ? MARKERS[n % MARKERS.length] : SeriesMarkers.NONE);
            series.setLineStyle(LINES[(n / MARKERS.length) % LINES.length]);
            anyErrors |= es != null;
        }
        chart.getStyler().setErrorBarsColorSeriesColor(anyErrors);
        // XChart's own tick pattern drops the zero before the point (".05"); below 1 a pattern with it
        if (!logX && Arrays.stream(x).map(Math::abs).max().orElse(1) < 1) {
            chart.getStyler().setXAxisDecimalPattern("0.###");
        }
        if (!logY && Arrays.stream(ys).flatMapToDouble(Arrays::stream).filter(Double::isFinite).map(Math::abs).max()
                .orElse(1) < 1) {
            chart.getStyler().setYAxisDecimalPattern("0.###");
        }
        return chart;
    }

    /** The label of a tick at {@code v} on a log2 axis: the size 2^v where v is whole, none between. */
    static String log2Label(double v) {
        return Math.abs(v - Math.rint(v)) < 1e-9 ? String.valueOf((long) Math.rint(Math.pow(2, Math.rint(v)))) : "";
    }

    /** Whether every x is a positive power of two and they span a factor of 4 or more. */
    public static boolean powersOfTwo(double[] x) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (double v : x) {
            if (!(v >= 1) || v != Math.rint(v) || v > (1L << 62) || Long.bitCount((long) v) != 1) {
                return false;
            }
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        return x.length > 1 && max / min >= 4;
    }

    /**
     * Marks {@code x} on a line chart with a dashed grey vertical line across the y range of its series, named
     * {@code name} in the legend (a curve's saturation point); nothing where {@code x} is not finite or the chart has no
     * series yet.
     */
    public static XYChart markX(XYChart chart, double x, String name) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (var series : chart.getSeriesMap().values()) {
            lo = Math.min(lo, series.getYMin());
            hi = Math.max(hi, series.getYMax());
        }
        if (!Double.isFinite(x) || !(lo <= hi)) {
            return chart;
        }
        var mark = chart.addSeries(name, new double[] {x, x}, new double[] {lo, hi});
        mark.setLineStyle(org.knowm.xchart.style.lines.SeriesLines.DASH_DASH);
        mark.setLineColor(Color.GRAY);
        mark.setMarker(SeriesMarkers.NONE);
        return chart;
    }

    /** Draws the named series of a line chart dashed and without markers: baselines and bounds beside the data. */
    public static XYChart dashed(XYChart chart, String... names) {
        for (String name : names) {
            var series = chart.getSeriesMap().get(name);
            if (series != null) {
                series.setLineStyle(org.knowm.xchart.style.lines.SeriesLines.DASH_DASH);
                series.setMarker(SeriesMarkers.NONE);
            }
        }
        return chart;
    }

    /** Grouped bars: one group per category, one bar per series ({@code values[series][category]}). */
    public static CategoryChart bar(String title, String xLabel, String yLabel, String[] categories, String[] names,
                                    double[][] values) {
        return bar(title, xLabel, yLabel, categories, names, values, null);
    }

    /**
     * Grouped bars with error bars ({@code errors[series][category]} half-widths, or null). A NaN value is drawn as no
     * bar, and its series without error bars. The y axis is linear: XChart 3.8.8 draws bars from zero, which a
     * logarithmic axis cannot show.
     */
    public static CategoryChart bar(String title, String xLabel, String yLabel, String[] categories, String[] names,
                                    double[][] values, double[][] errors) {
        CategoryChart chart = new CategoryChartBuilder().width(800).height(500).title(title).xAxisTitle(xLabel)
                .yAxisTitle(yLabel).build();
        chart.getStyler().setSeriesColors(COLOURS);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        // many bars, or labels wider than their share of the 800-pixel chart (about 8 pixels a character), would run
        // into each other level
        if (categories.length * names.length > 24
                || Arrays.stream(categories).mapToInt(c -> 8 * c.length()).max().orElse(0) > 560 / Math.max(1, categories.length)) {
            chart.getStyler().setXAxisLabelRotation(45);
        }
        for (int i = 0; i < names.length; i++) {
            List<Double> v = new ArrayList<>();
            List<Double> e = new ArrayList<>();
            for (int k = 0; k < categories.length; k++) {
                double y = values[i][k];
                boolean drawn = Double.isFinite(y);
                v.add(drawn ? y : null); // no bar
                e.add(errors == null || !drawn || !Double.isFinite(errors[i][k]) ? 0 : errors[i][k]);
            }
            if (errors == null || v.contains(null)) { // XChart 3.8.8 draws no error bars on a series with a gap
                chart.addSeries(names[i], Arrays.asList(categories), v);
            } else {
                chart.addSeries(names[i], Arrays.asList(categories), v, e);
            }
        }
        chart.getStyler().setErrorBarsColorSeriesColor(errors != null);
        return chart;
    }

    /** Box plots, one per entry of {@code boxes} (its label and its values): median, quartiles and whiskers. */
    public static BoxChart box(String title, String xLabel, String yLabel, Map<String, List<Double>> boxes, boolean logY) {
        BoxChart chart = new BoxChartBuilder().width(Math.max(800, 60 * boxes.size())).height(500).title(title)
                .xAxisTitle(xLabel).yAxisTitle(yLabel).build();
        if (boxes.keySet().stream().mapToInt(String::length).sum() * 7 > Math.max(800, 60 * boxes.size())) {
            chart.getStyler().setXAxisLabelRotation(45); // labels that would run into each other level
        }
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setYAxisLogarithmic(logY).setYAxisLogarithmicDecadeOnly(false);
        chart.getStyler().setLegendVisible(false); // each box is labelled on the x axis
        // a mutable copy: XChart 3.8.8 asks the list whether it holds null, which an immutable list refuses to answer
        boxes.forEach((label, values) -> chart.addSeries(label, new ArrayList<>(values)));
        return chart;
    }

    /**
     * Gives line and bar charts drawn side by side (the facets of one metric) one y range, the smallest that holds
     * every point and error bar of them all, so that a taller line means a larger value in every chart; a bar chart's
     * range starts at zero. A logarithmic axis, a box chart, or a single chart is left as drawn.
     */
    public static void sameYRange(List<? extends Chart<?, ?>> charts) {
        if (charts.size() < 2) {
            return;
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (Chart<?, ?> c : charts) {
            double[] extent = c instanceof XYChart xy && xy.getStyler().isYAxisLogarithmic() ? null : yExtent(c);
            if (extent == null) {
                return;
            }
            min = Math.min(min, extent[0]);
            max = Math.max(max, extent[1]);
        }
        if (!(min < max)) {
            return;
        }
        for (Chart<?, ?> c : charts) {
            if (c instanceof XYChart xy) {
                xy.getStyler().setYAxisMin(min).setYAxisMax(max);
            } else if (c instanceof CategoryChart bars) {
                bars.getStyler().setYAxisMin(min).setYAxisMax(max);
            }
        }
    }

    /**
     * The smallest y range {min, max} that holds every point and error bar of a line or bar chart (a bar chart's from
     * zero at or below its bars), or null for another kind of chart.
     */
    static double[] yExtent(Chart<?, ?> chart) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        if (chart instanceof XYChart xy) {
            for (var s : xy.getSeriesMap().values()) {
                double[] y = s.getYData();
                double[] e = s.getExtraValues();
                for (int i = 0; i < y.length; i++) {
                    double half = e == null ? 0 : e[i];
                    min = Math.min(min, y[i] - half);
                    max = Math.max(max, y[i] + half);
                }
            }
        } else if (chart instanceof CategoryChart bars) {
            for (var s : bars.getSeriesMap().values()) {
                List<? extends Number> e = s.getExtraValues() == null ? null : new ArrayList<>(s.getExtraValues());
                int i = 0;
                for (Number v : s.getYData()) {
                    if (v != null) {
                        double half = e == null || e.get(i) == null ? 0 : e.get(i).doubleValue();
                        min = Math.min(min, Math.min(0, v.doubleValue() - half));
                        max = Math.max(max, v.doubleValue() + half);
                    }
                    i++;
                }
            }
        } else {
            return null;
        }
        return new double[] {min, max};
    }

    /** Writes a chart as PNG, SVG or PDF, chosen by the file's extension. */
    public static void write(Chart<?, ?> chart, Path file) throws IOException {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        String ext = name.contains(".") ? name.substring(name.lastIndexOf('.')) : "";
        switch (ext) {
            case ".png" -> AtomicFiles.writeFileAtomically(file, ".png", tmp -> BitmapEncoder.saveBitmap(chart, tmp.toString(),
                    BitmapEncoder.BitmapFormat.PNG));
            case ".svg" -> AtomicFiles.writeAtomically(file, svg(chart));
            case ".pdf" -> AtomicFiles.writeFileAtomically(file, ".pdf", tmp -> {
                try (OutputStream o = Files.newOutputStream(tmp)) {
                    VectorGraphicsEncoder.saveVectorGraphic(chart, o, VectorGraphicsEncoder.VectorGraphicsFormat.PDF);
                }
            });
            default -> throw new InvalidInputException("picture file " + file + " has an unknown extension; expected " + FORMATS);
        }
    }

    /**
     * The chart as PNG bytes, what {@code ccopt report} embeds. (XChart 3.8.8's own SVG draws every label as glyph
     * outlines, {@code TextLayout.getOutline} then {@code fill}, and weighed about ten times the PNG: 355 KB against
     * 35 KB for a bar chart of seven methods; {@link #svg} writes line and bar charts with {@link SvgChart} instead, a
     * few KB with text labels.)
     */
    public static byte[] png(Chart<?, ?> chart) throws IOException {
        return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    }

    /**
     * The chart as an SVG document: line and bar charts by ccopt's own writer, whose labels are text
     * ({@link SvgChart}); box charts as XChart draws them (labels as outlines).
     */
    public static String svg(Chart<?, ?> chart) throws IOException {
        if (chart instanceof XYChart xy) {
            Function<Double, String> labels = X_LABELS.get(chart);
            return SvgChart.of(xy, labels == null ? null : labels::apply);
        }
        if (chart instanceof CategoryChart bars) {
            return SvgChart.of(bars);
        }
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        VectorGraphicsEncoder.saveVectorGraphic(chart, o, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        return o.toString(StandardCharsets.UTF_8);
    }
}
