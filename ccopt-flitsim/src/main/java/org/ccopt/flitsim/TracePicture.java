package org.ccopt.flitsim;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.ccopt.InvalidInputException;
import org.ccopt.util.AtomicFiles;

/**
 * Draws a {@link LinkTrace} like Yokota et al. 2023, Fig. 6: links across (router-to-router output ports in
 * link-id order), time downwards, one colour per slice where a flit crossed, grey where the port was blocked
 * for lack of buffer space. Written as PNG with the JDK's ImageIO.
 */
public final class TracePicture {

    private static final Color[] SLICE_COLOURS = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
        new Color(0xff7f0e), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf)};

    /** The most pixels drawn (4 bytes each in memory). */
    public static final long MAX_PIXELS = 1L << 27;

    private TracePicture() {
    }

    public static BufferedImage render(LinkTrace trace, int durationCycles, String title) {
        int ports = trace.ports();
        int linkPorts = ports - 1;
        int columns = trace.linkIds() / ports * linkPorts;
        int cell = columns > 600 ? 1 : 2;
        int rowHeight = durationCycles > 400 ? 1 : 2;
        int top = 18;
        int width = Math.max(200, columns * cell);
        long height0 = top + (long) durationCycles * rowHeight + 1;
        if ((long) width * height0 > MAX_PIXELS) {
            throw new InvalidInputException("the picture would be " + width + " x " + height0 + " pixels (a column per "
                    + "link, a row per cycle); at most " + MAX_PIXELS + " are drawn: picture a shorter run or a smaller network");
        }
        int height = (int) height0;
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        g.drawString(title, 2, 13);
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < trace.size(); i++) {
                boolean blocked = trace.slice(i) < 0;
                if (blocked != (pass == 0)) {
                    continue; // blocked cells first, flits painted over them
                }
                int node = trace.link(i) / ports;
                int port = trace.link(i) % ports;
                int x = (node * linkPorts + port) * cell;
                int y = top + (trace.cycle(i) - 1) * rowHeight;
                g.setColor(blocked ? Color.LIGHT_GRAY : SLICE_COLOURS[trace.slice(i) % SLICE_COLOURS.length]);
                g.fillRect(x, y, cell, rowHeight);
            }
        }
        g.dispose();
        return image;
    }

    public static void write(LinkTrace trace, int durationCycles, String title, Path file) throws IOException {
        BufferedImage image = render(trace, durationCycles, title);
        AtomicFiles.writeFileAtomically(file, ".png.tmp", tmp -> ImageIO.write(image, "png", tmp.toFile()));
    }
}
