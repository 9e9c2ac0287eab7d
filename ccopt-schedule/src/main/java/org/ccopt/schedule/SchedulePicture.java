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
import org.ccopt.topology.Topology;
import org.ccopt.util.AtomicFiles;

/**
 * A step diagram of a schedule: steps across, the channels the schedule uses down (labelled {@code u->v}), and in
 * each cell the transfer that crosses that channel in that step, coloured by the message's sender and labelled
 * {@code sender>destination}. Two transfers in one cell (a conflict; a validated schedule has none) are outlined in
 * red. Written as PNG (the JDK's ImageIO) or SVG (plain text), chosen by the file name.
 */
public final class SchedulePicture {

    /** The most channel rows drawn. */
    public static final int MAX_ROWS = 4096;

    private static final int CELL_W = 64;
    private static final int CELL_H = 16;
    private static final int LEFT = 70;
    private static final int TOP = 36;

    private SchedulePicture() {
    }

    /** One cell: channel row, step column, and who crosses it. */
    private record Cell(int row, int step, int sender, int dst) {
    }

    /** The cells and row labels of a schedule's transfers ({@link ScheduleValidator#items}). */
    private record Layout(List<String> rows, List<Cell> cells, int steps, int senders) {
    }

    private static Layout layout(Topology t, List<ScheduleValidator.Item> items, int steps) {
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
        int senders = 0;
        for (ScheduleValidator.Item it : items) {
            senders = Math.max(senders, it.sender() + 1);
            for (int h = 0; h + 1 < it.path().length; h++) {
                cells.add(new Cell(rowOf.get(((long) it.path()[h] << 32) | it.path()[h + 1]), it.step(), it.sender(), it.dst()));
            }
        }
        return new Layout(rows, cells, steps, Math.max(1, senders));
    }

    private static Color colour(int sender, int senders) {
        return Color.getHSBColor((sender * 0.618034f) % 1f, 0.45f, 0.95f);
    }

    /** Writes the step diagram to {@code file}: {@code .png} or {@code .svg}. */
    public static void write(Path file, Topology t, List<ScheduleValidator.Item> items, int steps, String title)
            throws IOException {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        Layout l = layout(t, items, steps);
        int width = LEFT + steps * CELL_W + 10;
        int height = TOP + l.rows().size() * CELL_H + 10;
        boolean[][] used = new boolean[l.rows().size()][steps];
        boolean[][] clash = new boolean[l.rows().size()][steps];
        for (Cell c : l.cells()) {
            if (c.step() >= 0 && c.step() < steps) {
                clash[c.row()][c.step()] |= used[c.row()][c.step()];
                used[c.row()][c.step()] = true;
            }
        }
        if (name.endsWith(".svg")) {
            StringBuilder s = new StringBuilder();
            s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                    + "font-family=\"sans-serif\" font-size=\"10\">%n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n", width, height));
            s.append(String.format(Locale.ROOT, "<text x=\"4\" y=\"13\" font-size=\"11\">%s</text>%n", escape(title)));
            for (int x = 0; x < steps; x++) {
                s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">step %d</text>%n", LEFT + x * CELL_W + 4, TOP - 6, x + 1));
            }
            for (int r = 0; r < l.rows().size(); r++) {
                s.append(String.format(Locale.ROOT, "<text x=\"4\" y=\"%d\">%s</text>%n", TOP + r * CELL_H + 12, l.rows().get(r)));
            }
            for (Cell c : l.cells()) {
                Color k = colour(c.sender(), l.senders());
                int x = LEFT + c.step() * CELL_W;
                int y = TOP + c.row() * CELL_H;
                boolean bad = c.step() < 0 || c.step() >= steps || clash[c.row()][c.step()];
                s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#%06x\" stroke=\"%s\"/>"
                        + "<text x=\"%d\" y=\"%d\">%d&gt;%d</text>%n", x, y, CELL_W - 1, CELL_H - 1, k.getRGB() & 0xffffff,
                        bad ? "red" : "#bbbbbb", x + 3, y + 12, c.sender(), c.dst()));
            }
            AtomicFiles.writeAtomically(file, s.append("</svg>\n").toString());
        } else if (name.endsWith(".png")) {
            BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = image.createGraphics();
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
            g.setColor(Color.BLACK);
            g.drawString(title, 4, 13);
            for (int x = 0; x < steps; x++) {
                g.drawString("step " + (x + 1), LEFT + x * CELL_W + 4, TOP - 6);
            }
            for (int r = 0; r < l.rows().size(); r++) {
                g.drawString(l.rows().get(r), 4, TOP + r * CELL_H + 12);
            }
            for (Cell c : l.cells()) {
                int x = LEFT + c.step() * CELL_W;
                int y = TOP + c.row() * CELL_H;
                g.setColor(colour(c.sender(), l.senders()));
                g.fillRect(x, y, CELL_W - 1, CELL_H - 1);
                boolean bad = c.step() < 0 || c.step() >= steps || clash[c.row()][c.step()];
                g.setColor(bad ? Color.RED : Color.LIGHT_GRAY);
                g.drawRect(x, y, CELL_W - 1, CELL_H - 1);
                g.setColor(Color.BLACK);
                g.drawString(c.sender() + ">" + c.dst(), x + 3, y + 12);
            }
            g.dispose();
            AtomicFiles.writeFileAtomically(file, ".png.tmp", tmp -> ImageIO.write(image, "png", tmp.toFile()));
        } else {
            throw new InvalidInputException("picture file '" + file + "' has an unknown format; expected a name ending in .png or .svg");
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
