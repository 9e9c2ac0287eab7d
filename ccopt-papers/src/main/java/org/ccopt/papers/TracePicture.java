package org.ccopt.papers;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.LinkTrace;
import org.ccopt.util.AtomicFiles;

/**
 * Draws a {@link LinkTrace} like Yokota et al. 2023, Fig. 6: router-to-router links across (grouped by router, in
 * each group the output ports +x, -x, +y, -y, ... of dimension order), time downwards, one colour per slice where a
 * flit crossed the link in that cycle, grey where the port held a flit but had no buffer space downstream. The
 * picture has a time axis (cycles), router labels (and port labels where the columns are wide enough), a legend of
 * the slices, and can be cropped to a range of routers as the paper's figure shows a part of the network. Written as
 * PNG (ImageIO) or SVG (VectorGraphics2D), by the file's extension.
 */
public final class TracePicture {

    private static final Color[] SLICE_COLOURS = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
        new Color(0xff7f0e), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf)};
    private static final Color BLOCKED = new Color(0xbbbbbb);

    /** The most pixels a PNG may have (4 bytes each in memory). */
    public static final long MAX_PIXELS = 1L << 27;
    /** The most cells an SVG may hold (one rectangle each). */
    public static final long MAX_CELLS = 2_000_000;

    private static final int LEFT = 64;
    private static final int TOP = 52;
    private static final int BOTTOM = 56;
    private static final int RIGHT = 16;

    private static final Font PHYSICAL_SANS = de.erichseifert.vectorgraphics2d.util.GraphicsUtils.getPhysicalFont(
            new Font(Font.SANS_SERIF, Font.PLAIN, 11), "r0 +x -x cycle slice 0123456789").deriveFont(Font.PLAIN, 11f);

    private TracePicture() {
    }

    /**
     * Routers {@code from} (inclusive) to {@code to} (exclusive) of a trace, for a picture of part of the network;
     * {@code null} for all.
     */
    public record Routers(int from, int to) {

        /** Parses {@code FROM:TO} (routers FROM..TO-1). */
        public static Routers parse(String text) {
            String[] p = text.split(":", -1);
            try {
                if (p.length == 2) {
                    Routers r = new Routers(Integer.parseInt(p[0].trim()), Integer.parseInt(p[1].trim()));
                    if (r.from >= 0 && r.to > r.from) {
                        return r;
                    }
                }
            } catch (NumberFormatException e) {
                // refused below
            }
            throw new InvalidInputException("routers '" + text + "' are invalid; expected FROM:TO with 0 <= FROM < TO "
                    + "(routers FROM..TO-1), e.g. 0:16");
        }
    }

    /** The layout of one picture: cell sizes, columns and rows. */
    /**
     * Routers drawn when no range is given: a larger network is cropped to its first ones, at a scale where every
     * link is a few pixels wide, and the picture says so (a FROM:TO range draws any other window).
     */
    public static final int DEFAULT_ROUTERS = 32;

    private record Layout(int firstRouter, int routers, int linkPorts, int cellWidth, int rowHeight, int cycles, int total) {
        int columns() {
            return routers * linkPorts;
        }

        int width() {
            return LEFT + Math.max(columns() * cellWidth, 320) + RIGHT;
        }

        int height() {
            return TOP + cycles * rowHeight + BOTTOM;
        }
    }

    private static Layout layout(LinkTrace trace, int durationCycles, Routers routers) {
        int ports = trace.ports();
        int total = trace.linkIds() / ports;
        Routers r = routers == null ? new Routers(0, Math.min(total, DEFAULT_ROUTERS)) : routers;
        if (r.to() > total) {
            throw new InvalidInputException("routers " + r.from() + ":" + r.to() + " are out of range; the network has "
                    + total + " routers (expected FROM:TO with TO <= " + total + ")");
        }
        int columns = (r.to() - r.from()) * (ports - 1);
        // a readable scale: about 1,800 px across and 900 px down where the run allows, at least one pixel per cell
        // (14 px columns hold a port label with space on both sides)
        int cell = Math.max(1, Math.min(14, 1800 / Math.max(1, columns)));
        int row = Math.max(1, Math.min(6, 900 / Math.max(1, durationCycles)));
        return new Layout(r.from(), r.to() - r.from(), ports - 1, cell, row, durationCycles, total);
    }

    /** Writes the picture as PNG or SVG, chosen by the file's extension. */
    public static void write(LinkTrace trace, int durationCycles, String title, Routers routers, Path file) throws IOException {
        Layout l = layout(trace, durationCycles, routers);
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".png")) {
            if ((long) l.width() * l.height() > MAX_PIXELS) {
                throw new InvalidInputException("the picture would be " + l.width() + " x " + l.height() + " pixels; at most "
                        + MAX_PIXELS + " are drawn: picture a shorter run, fewer routers (a FROM:TO range) or a smaller network");
            }
            BufferedImage image = new BufferedImage(l.width(), l.height(), BufferedImage.TYPE_INT_RGB);
            Graphics2D g = image.createGraphics();
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            draw(g, trace, l, title);
            g.dispose();
            AtomicFiles.writeFileAtomically(file, ".png.tmp", tmp -> ImageIO.write(image, "png", tmp.toFile()));
        } else if (name.endsWith(".svg") || name.endsWith(".pdf")) {
            boolean svg = name.endsWith(".svg");
            if ((long) trace.size() > MAX_CELLS || (long) l.columns() * l.cycles() > MAX_PIXELS) {
                throw new InvalidInputException("the picture would hold " + trace.size() + " cells; " + (svg ? "an SVG"
                        : "a PDF") + " holds at most " + MAX_CELLS + ": picture a shorter run or a smaller network, or write a PNG");
            }
            VectorGraphics2D g = new VectorGraphics2D();
            draw(g, trace, l, title);
            PageSize page = new PageSize(0, 0, l.width(), l.height());
            AtomicFiles.writeFileAtomically(file, svg ? ".svg.tmp" : ".pdf.tmp", tmp -> {
                try (OutputStream o = Files.newOutputStream(tmp)) {
                    (svg ? new SVGProcessor() : new de.erichseifert.vectorgraphics2d.pdf.PDFProcessor(true))
                            .getDocument(g.getCommands(), page).writeTo(o);
                }
            });
        } else {
            throw new InvalidInputException("picture file " + file + " has an unknown extension; expected .png, .svg or .pdf");
        }
    }

    private static void draw(Graphics2D g, LinkTrace trace, Layout l, String title) {
        int ports = trace.ports();
        int plotWidth = l.columns() * l.cellWidth();
        int plotHeight = l.cycles() * l.rowHeight();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, l.width(), l.height());
        // a physical font, resolved once: given the logical SansSerif, VectorGraphics2D searches every installed font
        // for each string it writes (about 10 ms a label, seconds for a picture)
        Font font = PHYSICAL_SANS;
        g.setFont(font);
        FontMetrics fm = g.getFontMetrics();
        g.setColor(Color.BLACK);
        g.setFont(font.deriveFont(Font.BOLD, 12f));
        g.drawString(title, LEFT, 16);
        g.setFont(font);
        // cells: what each (column, cycle) shows, a flit over a blocked port; then one rectangle per run of equal cells
        // down a column, so that an SVG or PDF holds a few thousand shapes, not one per cell
        byte[] cell = new byte[l.columns() * l.cycles()]; // 0 empty, 1 blocked, 2 + slice colour
        for (int i = 0; i < trace.size(); i++) {
            int router = trace.link(i) / ports - l.firstRouter();
            if (router < 0 || router >= l.routers() || trace.cycle(i) < 1 || trace.cycle(i) > l.cycles()) {
                continue;
            }
            int at = (router * l.linkPorts() + trace.link(i) % ports) * l.cycles() + trace.cycle(i) - 1;
            cell[at] = (byte) Math.max(cell[at], trace.slice(i) < 0 ? 1 : 2 + trace.slice(i) % SLICE_COLOURS.length);
        }
        for (int c = 0; c < l.columns(); c++) {
            for (int t = 0; t < l.cycles(); ) {
                byte v = cell[c * l.cycles() + t];
                int end = t + 1;
                while (end < l.cycles() && cell[c * l.cycles() + end] == v) {
                    end++;
                }
                if (v != 0) {
                    g.setColor(v == 1 ? BLOCKED : SLICE_COLOURS[v - 2]);
                    g.fillRect(LEFT + c * l.cellWidth(), TOP + t * l.rowHeight(), l.cellWidth(), (end - t) * l.rowHeight());
                }
                t = end;
            }
        }
        // router separators and labels
        int groupWidth = l.linkPorts() * l.cellWidth();
        int labelEvery = Math.max(1, (int) Math.ceil((fm.stringWidth("r" + (l.firstRouter() + l.routers())) + 6.0) / groupWidth));
        g.setStroke(new BasicStroke(0.5f));
        for (int r = 0; r <= l.routers(); r++) {
            int x = LEFT + r * groupWidth;
            if (groupWidth >= 4) {
                g.setColor(new Color(0xe0e0e0));
                g.drawLine(x, TOP, x, TOP + plotHeight);
            }
            if (r < l.routers() && r % labelEvery == 0) {
                g.setColor(Color.BLACK);
                String label = "r" + (l.firstRouter() + r);
                g.drawString(label, x + Math.max(0, (groupWidth * Math.min(labelEvery, l.routers() - r) - fm.stringWidth(label)) / 2
                        - (labelEvery > 1 ? groupWidth * (labelEvery - 1) / 2 : 0)), TOP - 18);
                g.drawLine(x, TOP - 14, x, TOP - 2);
            }
        }
        // port labels where every column is wide enough, else one line naming the column order
        String[] portNames = new String[l.linkPorts()];
        for (int p = 0; p < portNames.length; p++) {
            portNames[p] = (p % 2 == 0 ? "+" : "-") + "xyzw".charAt(Math.min(3, p / 2));
        }
        Font small = font.deriveFont(9f);
        FontMetrics sm = g.getFontMetrics(small);
        if (l.cellWidth() >= sm.stringWidth("-x") + 4) { // a gap on both sides: neighbouring labels never touch
            g.setFont(small);
            for (int c = 0; c < l.columns(); c++) {
                String s = portNames[c % l.linkPorts()];
                g.drawString(s, LEFT + c * l.cellWidth() + (l.cellWidth() - sm.stringWidth(s)) / 2, TOP - 3);
            }
            g.setFont(font);
        }
        // time axis: ticks at a round step at least 24 px apart
        g.setColor(Color.BLACK);
        g.drawRect(LEFT, TOP, plotWidth, plotHeight);
        int step = 1;
        for (int s : new int[] {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000}) {
            step = s;
            if (s * l.rowHeight() >= 24) {
                break;
            }
        }
        for (int c = 0; c <= l.cycles(); c += step) {
            int y = TOP + c * l.rowHeight();
            g.drawLine(LEFT - 4, y, LEFT, y);
            String s = Integer.toString(c);
            g.drawString(s, LEFT - 6 - fm.stringWidth(s), y + fm.getAscent() / 2);
        }
        // rotated and restored on g itself: VectorGraphics2D kept a created copy's rotation for all that followed
        // (the SVG drew the legend and caption turned off the picture)
        java.awt.geom.AffineTransform upright = g.getTransform();
        g.rotate(-Math.PI / 2);
        g.drawString("cycle", -(TOP + plotHeight / 2 + fm.stringWidth("cycle") / 2), 14);
        g.setTransform(upright);
        // legend: slices, blocked, the column order
        int y = TOP + plotHeight + 18;
        int x = LEFT;
        int slices = 0;
        for (int i = 0; i < trace.size(); i++) {
            slices = Math.max(slices, trace.slice(i) + 1);
        }
        for (int s = 0; s <= slices; s++) {
            boolean blocked = s == slices;
            String label = blocked ? "blocked (no buffer space downstream)" : "slice " + s;
            g.setColor(blocked ? BLOCKED : SLICE_COLOURS[s % SLICE_COLOURS.length]);
            g.fillRect(x, y - 9, 10, 10);
            g.setColor(Color.BLACK);
            g.drawString(label, x + 14, y);
            x += 14 + fm.stringWidth(label) + 16;
        }
        g.drawString("links across: routers " + l.firstRouter() + ".." + (l.firstRouter() + l.routers() - 1)
                + (l.routers() < l.total() ? " of " + l.total() + " (a window; --picture-routers FROM:TO draws another)" : "")
                + ", in each router its output ports " + String.join(" ", portNames) + "; time down", LEFT, y + 18);
    }
}
