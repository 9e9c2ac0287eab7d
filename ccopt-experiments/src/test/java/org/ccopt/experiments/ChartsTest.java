package org.ccopt.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;

/** Line charts: coinciding series named in the legend and told apart, doubling sizes on a log2 axis. */
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
}
