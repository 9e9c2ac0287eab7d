package org.ccopt.schedule;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import javax.imageio.ImageIO;
import org.ccopt.InvalidInputException;
import org.ccopt.util.AtomicFiles;

/**
 * A step diagram of a schedule: steps across, the channels the schedule uses down (labelled {@code u->v}), and in
 * each cell the transfer that crosses that channel in that step, coloured by the message's sender and labelled
 * {@code sender>destination}, with a legend of the senders' colours below. Up to {@link #MAX_SENDER_COLOURS} senders
 * get colours of their own; beyond that the cells are coloured by step, which the legend says. Two transfers in one
 * cell (a conflict; a validated schedule has none) are outlined in red. Written as PNG (the JDK's ImageIO), SVG
 * (plain text) or PDF, chosen by the file name.
 */
public final class SchedulePicture {

    /** The most channel rows drawn. */
    public static final int MAX_ROWS = 4096;

    /** The most senders that get a colour of their own; with more, a cell's colour is its step's. */
    public static final int MAX_SENDER_COLOURS = 64;

    /** Legend swatches a line. */
    private static final int LEGEND_COLUMNS = 8;

    private static final int CELL_W = 64;
    private static final int CELL_H = 16;
    private static final int LEFT = 70;
    private static final int TOP = 36;

    private SchedulePicture() {
    }

    /** One cell: channel row, step column, and who crosses it. */
    private record Cell(int row, int step, int sender, int dst) {
    }

    /**
     * The cells and row labels of a schedule's transfers ({@link ScheduleValidator#items}), the senders in ascending
     * order, and whether cells are coloured by sender (else by step).
     */
    private record Layout(List<String> rows, List<Cell> cells, List<Integer> senders, boolean bySender) {
        /** The legend's entries: the senders, or the steps when colours are by step. */
        int legendEntries(int steps) {
            return bySender ? senders.size() : steps;
        }

        int legendHeight(int steps) {
            return 20 + ((legendEntries(steps) + LEGEND_COLUMNS - 1) / LEGEND_COLUMNS) * CELL_H;
        }

        Color fill(Cell c) {
            return colour(bySender ? java.util.Collections.binarySearch(senders, c.sender()) : Math.max(0, c.step()));
        }
    }

    private static Layout layout(List<ScheduleValidator.Item> items) {
        TreeMap<Long, Integer> rowOf = new TreeMap<>();
        for (ScheduleValidator.Item it : items) {
            for (int h = 0; h + 1 < it.path().length; h++) {
                rowOf.put(((long) it.path()[h] << 32) | it.path()[h + 1], 0);
            }
        }
        if (rowOf.size() > MAX_ROWS) {
            throw new InvalidInputException("the schedule uses " + rowOf.size() + " channels; a picture draws at most "
                    + MAX_ROWS + " rows: picture a smaller network");
        }
        List<String> rows = new ArrayList<>();
        for (long key : rowOf.keySet()) {
            rowOf.put(key, rows.size());
            rows.add((key >>> 32) + "->" + (int) key);
        }
        List<Cell> cells = new ArrayList<>();
        java.util.TreeSet<Integer> senders = new java.util.TreeSet<>();
        for (ScheduleValidator.Item it : items) {
            senders.add(it.sender());
            for (int h = 0; h + 1 < it.path().length; h++) {
                cells.add(new Cell(rowOf.get(((long) it.path()[h] << 32) | it.path()[h + 1]), it.step(), it.sender(), it.dst()));
            }
        }
        return new Layout(rows, cells, List.copyOf(senders), senders.size() <= MAX_SENDER_COLOURS);
    }

    /**
     * The k-th of distinct light colours: hues a golden angle apart, in four tones of saturation and brightness, so
     * that the first {@link #MAX_SENDER_COLOURS} differ and neighbours never look alike.
     */
    static Color colour(int k) {
        float saturation = k % 2 == 0 ? 0.40f : 0.70f;
        float brightness = (k / 2) % 2 == 0 ? 0.97f : 0.80f;
        return Color.getHSBColor((k * 0.618034f) % 1f, saturation, brightness);
    }

    /** The two back ends: filled rectangles with an outline, and text. */
    private interface Canvas {
        void rect(int x, int y, Color fill, Color outline);

        void text(int x, int y, String text);
    }

    /** Writes the step diagram to {@code file}: {@code .png}, {@code .svg} or {@code .pdf}. */
    public static void write(Path file, List<ScheduleValidator.Item> items, int steps, String title)
            throws IOException {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean svg = name.endsWith(".svg");
        boolean pdf = name.endsWith(".pdf");
        if (!svg && !pdf && !name.endsWith(".png")) {
            throw new InvalidInputException("picture file '" + file + "' has an unknown format; expected a name ending in "
                    + ".png, .svg or .pdf");
        }
        Layout l = layout(items);
        int width = LEFT + Math.max(steps, LEGEND_COLUMNS) * CELL_W + 10;
        int height = TOP + l.rows().size() * CELL_H + 10 + l.legendHeight(steps);
        if (svg) {
            StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                    + "width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"10\">%n"
                    + "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n", width, height));
            draw(l, steps, title, new Canvas() {
                @Override
                public void rect(int x, int y, Color fill, Color outline) {
                    s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#%06x\" "
                            + "stroke=\"%s\"/>%n", x, y, CELL_W - 1, CELL_H - 1, fill.getRGB() & 0xffffff,
                            outline == Color.RED ? "red" : String.format("#%06x", outline.getRGB() & 0xffffff)));
                }

                @Override
                public void text(int x, int y, String text) {
                    s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>%n", x, y, escape(text)));
                }
            });
            AtomicFiles.writeAtomically(file, s.append("</svg>\n").toString());
            return;
        }
        if (pdf) {
            de.erichseifert.vectorgraphics2d.VectorGraphics2D g = new de.erichseifert.vectorgraphics2d.VectorGraphics2D();
            paint(g, l, steps, title, width, height);
            AtomicFiles.writeFileAtomically(file, ".pdf.tmp", tmp -> {
                try (java.io.OutputStream o = java.nio.file.Files.newOutputStream(tmp)) {
                    new de.erichseifert.vectorgraphics2d.pdf.PDFProcessor(true).getDocument(g.getCommands(),
                            new de.erichseifert.vectorgraphics2d.util.PageSize(0, 0, width, height)).writeTo(o);
                }
            });
            return;
        }
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        paint(g, l, steps, title, width, height);
        g.dispose();
        AtomicFiles.writeFileAtomically(file, ".png.tmp", tmp -> ImageIO.write(image, "png", tmp.toFile()));
    }

    /** The diagram on a Graphics2D (a PNG's image, a PDF's vector commands). */
    private static void paint(Graphics2D g, Layout l, int steps, String title, int width, int height) {
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        draw(l, steps, title, new Canvas() {
            @Override
            public void rect(int x, int y, Color fill, Color outline) {
                g.setColor(fill);
                g.fillRect(x, y, CELL_W - 1, CELL_H - 1);
                g.setColor(outline);
                g.drawRect(x, y, CELL_W - 1, CELL_H - 1);
            }

            @Override
            public void text(int x, int y, String text) {
                g.setColor(Color.BLACK);
                g.drawString(text, x, y);
            }
        });
    }

    /** Title, step headers, channel labels and one cell per channel crossing, conflicts outlined in red. */
    private static void draw(Layout l, int steps, String title, Canvas canvas) {
        canvas.text(4, 13, title);
        for (int x = 0; x < steps; x++) {
            canvas.text(LEFT + x * CELL_W + 4, TOP - 6, "step " + (x + 1));
        }
        for (int r = 0; r < l.rows().size(); r++) {
            canvas.text(4, TOP + r * CELL_H + 12, l.rows().get(r));
        }
        boolean[][] used = new boolean[l.rows().size()][steps];
        boolean[][] clash = new boolean[l.rows().size()][steps];
        for (Cell c : l.cells()) {
            if (c.step() >= 0 && c.step() < steps) {
                clash[c.row()][c.step()] |= used[c.row()][c.step()];
                used[c.row()][c.step()] = true;
            }
        }
        for (Cell c : l.cells()) {
            int x = LEFT + c.step() * CELL_W;
            int y = TOP + c.row() * CELL_H;
            boolean bad = c.step() < 0 || c.step() >= steps || clash[c.row()][c.step()];
            canvas.rect(x, y, l.fill(c), bad ? Color.RED : Color.LIGHT_GRAY);
            canvas.text(x + 3, y + 12, c.sender() + ">" + c.dst());
        }
        // the legend: each sender's colour (or each step's, beyond MAX_SENDER_COLOURS senders)
        int top = TOP + l.rows().size() * CELL_H + 10;
        canvas.text(4, top + 12, l.bySender() ? "sender" : "step (" + l.senders().size() + " senders: colours by step)");
        for (int k = 0; k < l.legendEntries(steps); k++) {
            int x = LEFT + (k % LEGEND_COLUMNS) * CELL_W;
            int y = top + (k / LEGEND_COLUMNS) * CELL_H;
            canvas.rect(x, y, colour(k), Color.LIGHT_GRAY);
            canvas.text(x + 3, y + 12, l.bySender() ? "sender " + l.senders().get(k) : "step " + (k + 1));
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
