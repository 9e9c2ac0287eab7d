package org.ccopt.papers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.LinkTrace;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.SimResult;
import org.ccopt.flitsim.Workload;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The link-by-time picture: PNG and SVG, axes and legend present, a router range crops it, bad ranges refused. */
class TracePictureTest {

    @TempDir
    Path dir;

    @Test
    void drawsPngAndSvgAndCropsToRouters() throws Exception {
        Topology t = TopologySpec.parse("torus:4x4");
        RouterModel model = RouterModel.YOKOTA2023;
        FlitSimulator sim = new FlitSimulator(t, 3, 4, model);
        RouterConfig config = RouterConfig.uniform(t.nodeCount(), sim.dimensions(), 3, 4, model.defaultScheme(), model);
        LinkTrace trace = new LinkTrace();
        // two slices of one 4-flit packet, the second released 6 cycles after the first
        SimResult r = sim.trace(trace).run(config, new Workload(TrafficPattern.parse("brev").destinations(t, 1), 2, 1, 4, 6,
                null));
        Path png = dir.resolve("all.png");
        TracePicture.write(trace, r.durationCycles(), "brev", null, png);
        BufferedImage all = ImageIO.read(png.toFile());
        Path part = dir.resolve("part.png");
        TracePicture.write(trace, r.durationCycles(), "brev", new TracePicture.Routers(0, 4), part);
        BufferedImage cropped = ImageIO.read(part.toFile());
        assertThat(cropped.getHeight()).isEqualTo(all.getHeight());
        assertThat(cropped.getWidth()).isLessThanOrEqualTo(all.getWidth());
        Path svg = dir.resolve("all.svg");
        TracePicture.write(trace, r.durationCycles(), "brev", null, svg);
        String text = Files.readString(svg);
        assertThat(text).contains("<svg", "cycle", "slice 0", "slice 1", "blocked", "r0", "r15", "+x -x +y -y");
        // one rectangle per run of equal cells down a link, not one per cell, and the text as text
        int rects = text.split("<rect", -1).length - 1;
        assertThat(rects).isPositive().isLessThan(trace.size() / 2);
        assertThat(text).contains("<text");
        assertThatThrownBy(() -> TracePicture.write(trace, r.durationCycles(), "brev", new TracePicture.Routers(0, 17), png))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("the network has 16 routers");
        assertThatThrownBy(() -> TracePicture.Routers.parse("5:5")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("FROM:TO");
        // PDF for publication: a whole document from the same vector commands as the SVG
        Path pdf = dir.resolve("all.pdf");
        TracePicture.write(trace, r.durationCycles(), "brev", null, pdf);
        String doc = Files.readString(pdf, java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThat(doc).startsWith("%PDF-").contains("/Page").endsWith("%%EOF\n");
        assertThatThrownBy(() -> TracePicture.write(trace, r.durationCycles(), "brev", null, dir.resolve("x.gif")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining(".png, .svg or .pdf");
    }

    /** A network larger than the default window is drawn cropped to its first routers, and the picture says so. */
    @Test
    void aLargeNetworkIsCroppedToAWindowThatThePictureNames() throws Exception {
        Topology t = TopologySpec.parse("torus:8x8");
        FlitSimulator sim = new FlitSimulator(t, 3, 4);
        LinkTrace trace = new LinkTrace();
        SimResult r = sim.trace(trace).run(RouterConfig.uniform(t.nodeCount(), 2, 3, 4,
                org.ccopt.flitsim.VcSelection.C00), new Workload(TrafficPattern.parse("brev").destinations(t, 1), 1, 1, 4, 0, null));
        Path svg = dir.resolve("big.svg");
        TracePicture.write(trace, r.durationCycles(), "brev", null, svg);
        String text = Files.readString(svg);
        assertThat(text).contains("routers 0.." + (TracePicture.DEFAULT_ROUTERS - 1) + " of 64 (a window")
                .doesNotContain(">r" + TracePicture.DEFAULT_ROUTERS + "<");
        Path all = dir.resolve("all.svg");
        TracePicture.write(trace, r.durationCycles(), "brev", new TracePicture.Routers(0, 64), all);
        assertThat(Files.readString(all)).doesNotContain("(a window");
    }
}
