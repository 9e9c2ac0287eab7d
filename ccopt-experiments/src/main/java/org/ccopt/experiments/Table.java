package org.ccopt.experiments;

import org.ccopt.util.Csv;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ccopt.InvalidInputException;

/** A table of text cells, written as aligned text, CSV, Markdown or HTML. */
public record Table(List<String> header, List<List<String>> rows) {

    /** The formats {@link #format} accepts. */
    public static final String FORMATS = "text, csv or md";

    /** The table in a format named by the user (text, csv, md). */
    public String format(String format) {
        return switch (format.toLowerCase(Locale.ROOT)) {
            case "csv" -> Csv.write(header, rows);
            case "md" -> markdown();
            case "text" -> text();
            default -> throw new InvalidInputException("--format '" + format + "' is invalid; expected " + FORMATS);
        };
    }

    /** Columns padded to their widest cell, the first left-aligned, the others right-aligned. */
    public String text() {
        int[] width = new int[header.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = header.get(i).length();
            for (List<String> line : rows) {
                width[i] = Math.max(width[i], line.get(i).length());
            }
        }
        StringBuilder b = new StringBuilder();
        appendRow(b, header, width);
        rows.forEach(line -> appendRow(b, line, width));
        return b.toString();
    }

    private static void appendRow(StringBuilder b, List<String> cells, int[] width) {
        for (int i = 0; i < cells.size(); i++) {
            b.append(String.format(Locale.ROOT, i == 0 ? "%-" + width[i] + "s" : "  %" + width[i] + "s", cells.get(i)));
        }
        b.append('\n');
    }

    public String markdown() {
        StringBuilder b = new StringBuilder("| " + String.join(" | ", header) + " |\n");
        b.append("|").append(" --- |".repeat(header.size())).append('\n');
        rows.forEach(line -> b.append("| ").append(String.join(" | ", line)).append(" |\n"));
        return b.toString();
    }

    /** An HTML {@code <table>} (cells escaped), with a caption when one is given. */
    public String html(String caption) {
        StringBuilder b = new StringBuilder("<table>");
        if (caption != null) {
            b.append("<caption>").append(Html.escape(caption)).append("</caption>");
        }
        b.append("<thead><tr>");
        header.forEach(h -> b.append("<th>").append(Html.escape(h)).append("</th>"));
        b.append("</tr></thead><tbody>");
        for (List<String> line : rows) {
            b.append("<tr>");
            line.forEach(c -> b.append("<td>").append(Html.escape(c)).append("</td>"));
            b.append("</tr>");
        }
        return b.append("</tbody></table>\n").toString();
    }

    /** The first {@code n} rows (all when there are fewer). */
    public Table head(int n) {
        return rows.size() <= n ? this : new Table(header, new ArrayList<>(rows.subList(0, n)));
    }
}
