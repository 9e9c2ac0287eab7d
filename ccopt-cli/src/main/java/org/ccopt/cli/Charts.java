package org.ccopt.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.ccopt.util.AtomicFiles;
import org.knowm.xchart.BitmapEncoder;
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
        XYChart chart = new XYChartBuilder().width(800).height(500).title(title).xAxisTitle(xLabel).yAxisTitle(yLabel).build();
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        for (int i = 0; i < names.length; i++) {
            chart.addSeries(names[i], x, ys[i]).setMarker(SeriesMarkers.NONE);
        }
        Path tmp = AtomicFiles.temporarySibling(file, ".png");
        BitmapEncoder.saveBitmap(chart, tmp.toString(), BitmapEncoder.BitmapFormat.PNG);
        AtomicFiles.publish(tmp, file);
    }
}
