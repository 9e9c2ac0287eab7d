package org.ccopt.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Line and bar charts as SVG whose labels are text ({@code <text>} elements a reader can select, search and restyle,
 * and an editor can change), drawn from the chart's own model: its title, axis titles, ranges, series, colours, markers,
 * line styles and error bars. XChart 3.8.8 writes every label as glyph outlines, which is why {@link Charts#svg} uses
 * this writer for the chart kinds it builds. Ticks are "nice" numbers (1, 2 or 5 times a power of ten) on linear axes
 * and decades with 2 and 5 between them on logarithmic ones.
 */
final class SvgChart {

    private static final int LEFT = 80;
    private static final int TOP = 44;
    /** The least room a legend takes right of the plot, and the most, as a share of the chart's width. */
    private static final int LEGEND = 170;
    private static final double LEGEND_SHARE = 0.45;
    /** The mean advance of a character of the legend's 12-pixel DejaVu Sans, in pixels (0.6 em). */
    private static final double CHAR_WIDTH = 7.2;

    private final StringBuilder out = new StringBuilder();
    private final int width;
    private final int height;
    private final int plotRight;
    private final int plotBottom;

    /** A chart with a legend of {@code legend} (none where it names fewer than two series). */
    private SvgChart(int width, int height, List<String> legend, boolean rotated) {
        this.width = width;
        this.height = height;
        this.plotRight = width - (legend.size() > 1 ? legendWidth(width, legend) : 24);
        this.plotBottom = height - (rotated ? 110 : 64);
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"").append(height)
                .append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" font-family=\"DejaVu Sans, Arial, sans-serif\" font-size=\"12\">\n")
                .append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    }

    /** A line chart; {@code xLabels} formats x ticks (null: numbers). */
    static String of(XYChart chart, DoubleFunction<String> xLabels) {
        List<XYSeries> series = new ArrayList<>(chart.getSeriesMap().values());
        boolean rotated = chart.getStyler().getXAxisLabelRotation() != 0;
        SvgChart svg = new SvgChart(chart.getWidth(), chart.getHeight(), series.stream().map(XYSeries::getName).toList(),
                rotated);
        double xMin = Double.POSITIVE_INFINITY;
        double xMax = Double.NEGATIVE_INFINITY;
        for (XYSeries s : series) {
            for (double v : s.getXData()) {
                xMin = Math.min(xMin, v);
                xMax = Math.max(xMax, v);
            }
        }
        var styler = chart.getStyler();
        double[] extent = Charts.yExtent(chart);
        Axis x = new Axis(xMin, xMax, styler.isXAxisLogarithmic(), xLabels, false);
        Axis y = new Axis(styler.getYAxisMin() != null ? styler.getYAxisMin() : extent[0],
                styler.getYAxisMax() != null ? styler.getYAxisMax() : extent[1], styler.isYAxisLogarithmic(), null, false);
        svg.frame(chart.getTitle(), chart.getXAxisTitle(), chart.getYAxisTitle(), y);
        for (double t : x.ticks()) {
            double px = svg.px(x, t);
            svg.line(px, svg.plotBottom, px, svg.plotBottom + 5, "#333", null);
            svg.tickLabel(px, x.label(t), rotated);
        }
        List<String> names = new ArrayList<>();
        List<Color> colours = new ArrayList<>();
        List<Marker> markers = new ArrayList<>();
        List<float[]> dashes = new ArrayList<>();
        for (int k = 0; k < series.size(); k++) {
            XYSeries s = series.get(k);
            Color c = s.getLineColor() != null ? s.getLineColor() : Charts.COLOURS[k % Charts.COLOURS.length];
            BasicStroke stroke = s.getLineStyle();
            float[] dash = stroke == null ? null : stroke.getDashArray();
            Marker m = s.getMarker();
            StringBuilder points = new StringBuilder();
            for (int i = 0; i < s.getXData().length; i++) {
                points.append(fmt(svg.px(x, s.getXData()[i]))).append(',').append(fmt(svg.py(y, s.getYData()[i]))).append(' ');
            }
            svg.out.append("<polyline fill=\"none\" stroke-width=\"2\" stroke=\"").append(hex(c)).append('"')
                    .append(dashAttribute(dash)).append(" points=\"").append(points.toString().strip()).append("\"><title>")
                    .append(escape(s.getName())).append("</title></polyline>\n");
            double[] e = s.getExtraValues();
            for (int i = 0; i < s.getXData().length; i++) {
                double px = svg.px(x, s.getXData()[i]);
                if (e != null && e[i] > 0) {
                    svg.line(px, svg.py(y, s.getYData()[i] - e[i]), px, svg.py(y, s.getYData()[i] + e[i]), hex(c), null);
                }
                svg.marker(m, px, svg.py(y, s.getYData()[i]), c);
            }
            names.add(s.getName());
            colours.add(c);
            markers.add(m);
            dashes.add(dash);
        }
        if (series.size() > 1) {
            svg.legend(names, colours, markers, dashes, false);
        }
        return svg.end();
    }

    /** A grouped bar chart: one group per category, one bar per series, drawn from zero. */
    static String of(CategoryChart chart) {
        List<CategorySeries> series = new ArrayList<>(chart.getSeriesMap().values());
        boolean rotated = chart.getStyler().getXAxisLabelRotation() != 0;
        SvgChart svg = new SvgChart(chart.getWidth(), chart.getHeight(), series.stream().map(CategorySeries::getName)
                .toList(), rotated);
        List<String> categories = new ArrayList<>();
        for (CategorySeries s : series) {
            for (Object x : s.getXData()) {
                if (!categories.contains(String.valueOf(x))) {
                    categories.add(String.valueOf(x));
                }
            }
        }
        var styler = chart.getStyler();
        double[] extent = Charts.yExtent(chart);
        Axis y = new Axis(styler.getYAxisMin() != null ? styler.getYAxisMin() : extent[0],
                styler.getYAxisMax() != null ? styler.getYAxisMax() : Math.max(0, extent[1]), false, null, true);
        svg.frame(chart.getTitle(), chart.getXAxisTitle(), chart.getYAxisTitle(), y);
        double group = (svg.plotRight - LEFT) / (double) Math.max(1, categories.size());
        double bar = group * 0.8 / Math.max(1, series.size());
        for (int g = 0; g < categories.size(); g++) {
            svg.tickLabel(LEFT + (g + 0.5) * group, categories.get(g), rotated);
        }
        List<String> names = new ArrayList<>();
        List<Color> colours = new ArrayList<>();
        double zero = svg.py(y, Math.max(y.min, Math.min(0, y.max)));
        for (int k = 0; k < series.size(); k++) {
            CategorySeries s = series.get(k);
            Color c = s.getFillColor() != null ? s.getFillColor() : Charts.COLOURS[k % Charts.COLOURS.length];
            List<?> xs = new ArrayList<>(s.getXData());
            List<? extends Number> ys = new ArrayList<>(s.getYData());
            List<? extends Number> es = s.getExtraValues() == null ? null : new ArrayList<>(s.getExtraValues());
            for (int i = 0; i < xs.size(); i++) {
                if (ys.get(i) == null) {
                    continue;
                }
                double v = ys.get(i).doubleValue();
                double left = LEFT + categories.indexOf(String.valueOf(xs.get(i))) * group + group * 0.1 + k * bar;
                double top = svg.py(y, v);
                svg.out.append("<rect x=\"").append(fmt(left)).append("\" y=\"").append(fmt(Math.min(top, zero)))
                        .append("\" width=\"").append(fmt(bar)).append("\" height=\"").append(fmt(Math.abs(zero - top)))
                        .append("\" fill=\"").append(hex(c)).append("\"><title>").append(escape(s.getName() + ", "
                        + xs.get(i) + ": " + number(v))).append("</title></rect>\n");
                double half = es == null || es.get(i) == null ? 0 : es.get(i).doubleValue();
                if (half > 0) {
                    double mid = left + bar / 2;
                    svg.line(mid, svg.py(y, v - half), mid, svg.py(y, v + half), "#000", null);
                }
            }
            names.add(s.getName());
            colours.add(c);
        }
        if (series.size() > 1) {
            svg.legend(names, colours, null, null, true);
        }
        return svg.end();
    }

    /** Title, plot frame, y ticks and grid, axis titles. */
    private void frame(String title, String xTitle, String yTitle, Axis y) {
        titleText(title);
        for (double t : y.ticks()) {
            double py = py(y, t);
            line(LEFT, py, plotRight, py, "#e4e4e4", null);
            text(LEFT - 8, py + 4, y.label(t), "end", null);
        }
        out.append("<rect x=\"").append(LEFT).append("\" y=\"").append(TOP).append("\" width=\"").append(plotRight - LEFT)
                .append("\" height=\"").append(plotBottom - TOP).append("\" fill=\"none\" stroke=\"#333\"/>\n");
        text((LEFT + plotRight) / 2.0, height - 14, xTitle, "middle", null);
        out.append("<text transform=\"translate(18,").append(fmt((TOP + plotBottom) / 2.0))
                .append(") rotate(-90)\" text-anchor=\"middle\">").append(escape(yTitle)).append("</text>\n");
    }

    /**
     * The title, centred, in bold 15 px where it fits the chart's width, else in the size down to 10 px at which it
     * does, else at 10 px shortened with an ellipsis (the whole title stays in the SVG's tooltip). Bold DejaVu Sans
     * is taken as 0.66 em a character, {@link #CHAR_WIDTH} at 12 px plus a tenth for the weight.
     */
    private void titleText(String title) {
        if (title == null || title.isEmpty()) {
            return;
        }
        double room = width - 20;
        double perPx = CHAR_WIDTH / 12 * 1.1;
        double size = Math.max(10, Math.min(15, Math.floor(room / (title.length() * perPx))));
        String shown = title;
        int fits = (int) (room / (size * perPx));
        if (title.length() > fits) {
            shown = title.substring(0, Math.max(1, fits - 1)) + "\u2026";
        }
        out.append("<title>").append(escape(title)).append("</title>\n");
        text(width / 2.0, 24, shown, "middle", "font-size=\"" + fmt(size) + "\" font-weight=\"bold\"");
    }

    private void tickLabel(double px, String label, boolean rotated) {
        if (rotated) {
            out.append("<text transform=\"translate(").append(fmt(px)).append(',').append(plotBottom + 14)
                    .append(") rotate(-45)\" text-anchor=\"end\">").append(escape(label)).append("</text>\n");
        } else {
            text(px, plotBottom + 18, label, "middle", null);
        }
    }

    /**
     * The room right of the plot that a legend of {@code names} needs: its swatch and its longest name, at least
     * {@link #LEGEND} and at most {@link #LEGEND_SHARE} of the chart (a longer name is shortened, {@link #legendText}).
     */
    private static int legendWidth(int width, List<String> names) {
        int longest = names.stream().mapToInt(String::length).max().orElse(0);
        return (int) Math.min(width * LEGEND_SHARE, Math.max(LEGEND, 14 + 28 + longest * CHAR_WIDTH + 12));
    }

    /** A legend name as it fits right of the plot: whole, or shortened with an ellipsis (its series keeps the name). */
    private String legendText(String name) {
        int fits = (int) ((width - plotRight - 14 - 28 - 12) / CHAR_WIDTH);
        return name.length() <= fits ? name : name.substring(0, Math.max(1, fits - 1)) + "\u2026";
    }

    private void legend(List<String> names, List<Color> colours, List<Marker> markers, List<float[]> dashes, boolean bars) {
        int x = plotRight + 14;
        for (int i = 0; i < names.size(); i++) {
            double y = TOP + 10 + 20 * i;
            if (bars) {
                out.append("<rect x=\"").append(x).append("\" y=\"").append(fmt(y - 6)).append("\" width=\"22\" height=\"12\" fill=\"")
                        .append(hex(colours.get(i))).append("\"/>\n");
            } else {
                line(x, y, x + 22, y, hex(colours.get(i)), dashes.get(i));
                marker(markers.get(i), x + 11, y, colours.get(i));
            }
            text(x + 28, y + 4, legendText(names.get(i)), "start", null);
        }
    }

    private void marker(Marker m, double x, double y, Color c) {
        if (m == null || m == SeriesMarkers.NONE) {
            return;
        }
        String fill = hex(c);
        if (m == SeriesMarkers.SQUARE) {
            out.append("<rect x=\"").append(fmt(x - 4)).append("\" y=\"").append(fmt(y - 4)).append("\" width=\"8\" height=\"8\" fill=\"")
                    .append(fill).append("\"/>\n");
        } else if (m == SeriesMarkers.DIAMOND) {
            polygon(fill, x, y - 5, x + 5, y, x, y + 5, x - 5, y);
        } else if (m == SeriesMarkers.TRIANGLE_UP) {
            polygon(fill, x, y - 5, x + 5, y + 4, x - 5, y + 4);
        } else if (m == SeriesMarkers.TRIANGLE_DOWN) {
            polygon(fill, x, y + 5, x + 5, y - 4, x - 5, y - 4);
        } else if (m == SeriesMarkers.CROSS) {
            line(x - 4, y - 4, x + 4, y + 4, fill, null);
            line(x - 4, y + 4, x + 4, y - 4, fill, null);
        } else if (m == SeriesMarkers.PLUS) {
            line(x - 5, y, x + 5, y, fill, null);
            line(x, y - 5, x, y + 5, fill, null);
        } else {
            out.append("<circle cx=\"").append(fmt(x)).append("\" cy=\"").append(fmt(y)).append("\" r=\"4\" fill=\"").append(fill)
                    .append("\"/>\n");
        }
    }

    private void polygon(String fill, double... xy) {
        out.append("<polygon fill=\"").append(fill).append("\" points=\"");
        for (int i = 0; i < xy.length; i += 2) {
            out.append(i == 0 ? "" : " ").append(fmt(xy[i])).append(',').append(fmt(xy[i + 1]));
        }
        out.append("\"/>\n");
    }

    private void line(double x1, double y1, double x2, double y2, String colour, float[] dash) {
        out.append("<line x1=\"").append(fmt(x1)).append("\" y1=\"").append(fmt(y1)).append("\" x2=\"").append(fmt(x2))
                .append("\" y2=\"").append(fmt(y2)).append("\" stroke=\"").append(colour).append('"').append(dashAttribute(dash))
                .append("/>\n");
    }

    private void text(double x, double y, String s, String anchor, String attributes) {
        if (s == null || s.isEmpty()) {
            return;
        }
        out.append("<text x=\"").append(fmt(x)).append("\" y=\"").append(fmt(y)).append("\" text-anchor=\"").append(anchor).append('"')
                .append(attributes == null ? "" : " " + attributes).append('>').append(escape(s)).append("</text>\n");
    }

    private String end() {
        return out.append("</svg>\n").toString();
    }

    private double px(Axis x, double v) {
        return LEFT + (plotRight - LEFT) * x.fraction(v);
    }

    private double py(Axis y, double v) {
        return plotBottom - (plotBottom - TOP) * y.fraction(v);
    }

    private static String dashAttribute(float[] dash) {
        if (dash == null || dash.length == 0) {
            return "";
        }
        StringBuilder b = new StringBuilder(" stroke-dasharray=\"");
        for (int i = 0; i < dash.length; i++) {
            b.append(i == 0 ? "" : ",").append(fmt(dash[i]));
        }
        return b.append('"').toString();
    }

    private static String hex(Color c) {
        return String.format(Locale.ROOT, "#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
    }

    private static String fmt(double v) {
        return Math.abs(v - Math.rint(v)) < 1e-6 ? Long.toString(Math.round(v)) : String.format(Locale.ROOT, "%.2f", v);
    }

    /** A tick or value label: whole numbers as they are, others to four significant digits. */
    static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }

    static String escape(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** An axis: its range (widened to nice ticks on a linear axis), its ticks and their labels. */
    private static final class Axis {
        final double min;
        final double max;
        final boolean log;
        final DoubleFunction<String> labels;
        final double step;

        Axis(double lo, double hi, boolean log, DoubleFunction<String> labels, boolean fromZero) {
            this.log = log;
            this.labels = labels;
            if (!(lo <= hi) || Double.isInfinite(lo) || Double.isInfinite(hi)) {
                lo = 0;
                hi = 1;
            }
            if (log) {
                lo = Math.pow(10, Math.floor(Math.log10(lo)));
                hi = Math.pow(10, Math.ceil(Math.log10(hi)));
                if (hi <= lo) {
                    hi = lo * 10;
                }
                step = 0;
            } else {
                if (hi == lo) {
                    lo -= 0.5 * Math.max(1, Math.abs(lo));
                    hi += 0.5 * Math.max(1, Math.abs(hi));
                }
                double raw = (hi - lo) / 6;
                double power = Math.pow(10, Math.floor(Math.log10(raw)));
                double f = raw / power;
                step = (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * power;
                lo = Math.floor(lo / step + 1e-9) * step;
                hi = Math.ceil(hi / step - 1e-9) * step;
                if (fromZero && lo > 0) {
                    lo = 0;
                }
            }
            this.min = lo;
            this.max = hi;
        }

        double fraction(double v) {
            return log ? (Math.log10(v) - Math.log10(min)) / (Math.log10(max) - Math.log10(min)) : (v - min) / (max - min);
        }

        List<Double> ticks() {
            List<Double> t = new ArrayList<>();
            if (log) {
                for (double d = min; d <= max * 1.000001; d *= 10) {
                    for (double k : new double[] {1, 2, 5}) {
                        if (d * k <= max * 1.000001) {
                            t.add(d * k);
                        }
                    }
                }
            } else {
                for (long i = 0; min + i * step <= max + step * 1e-9; i++) {
                    t.add(min + i * step);
                }
            }
            return t;
        }

        String label(double v) {
            if (labels != null) {
                return labels.apply(v);
            }
            double r = Math.abs(v) < Math.abs(step) * 1e-9 ? 0 : v;
            return number(r);
        }
    }
}
