package org.ccopt.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.ccopt.util.AtomicFiles;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Line charts as PNG (XChart), written atomically. */
final class Charts {

    private Charts() {
    }

    /** One chart, x shared by every series; {@code names[i]} labels {@code ys[i]}. */
    static void linePng(Path file, String title, String xLabel, String yLabel, double[] x, String[] names, double[][] ys)
            throws IOException {
        linePng(file, title, xLabel, yLabel, x, names, ys, false);
    }

    /** As above, with both axes logarithmic when {@code logScale}. */
    static void linePng(Path file, String title, String xLabel, String yLabel, double[] x, String[] names, double[][] ys,
                        boolean logScale) throws IOException {
        XYChart chart = new XYChartBuilder().width(800).height(500).title(title).xAxisTitle(xLabel).yAxisTitle(yLabel).build();
        chart.getStyler().setXAxisLogarithmic(logScale).setYAxisLogarithmic(logScale);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        for (int i = 0; i < names.length; i++) {
            // a series may lack some x (NaN): draw only its finite points
            int finite = 0;
            for (double v : ys[i]) {
                finite += Double.isFinite(v) ? 1 : 0;
            }
            double[] xs = new double[finite];
            double[] vs = new double[finite];
            for (int k = 0, j = 0; k < ys[i].length; k++) {
                if (Double.isFinite(ys[i][k])) {
                    xs[j] = x[k];
                    vs[j++] = ys[i][k];
                }
            }
            if (finite > 0) {
                chart.addSeries(names[i], xs, vs).setMarker(SeriesMarkers.NONE);
            }
        }
        save(chart, file);
    }

    /** Grouped bars: one group per category, one bar per series ({@code values[series][category]}). */
    static void barPng(Path file, String title, String xLabel, String yLabel, String[] categories, String[] names,
                       double[][] values) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(800).height(500).title(title).xAxisTitle(xLabel)
                .yAxisTitle(yLabel).build();
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        for (int i = 0; i < names.length; i++) {
            java.util.List<Double> v = new java.util.ArrayList<>();
            for (double d : values[i]) {
                v.add(d);
            }
            chart.addSeries(names[i], java.util.Arrays.asList(categories), v);
        }
        save(chart, file);
    }

    private static void save(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path file) throws IOException {
        AtomicFiles.writeFileAtomically(file, ".png", tmp -> BitmapEncoder.saveBitmap(chart, tmp.toString(),
                BitmapEncoder.BitmapFormat.PNG));
    }
}
