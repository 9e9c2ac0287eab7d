package org.ccopt.experiments;

import org.ccopt.util.Csv;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ccopt.InvalidInputException;

/**
 * A table of text cells, written as aligned text, CSV, Markdown, LaTeX or HTML.
 *
 * @param spanner a label over the columns from {@code spannerFrom} on (the pivoted variable, in LaTeX and text), or null
 */
public record Table(List<String> header, List<List<String>> rows, String spanner, int spannerFrom) {

    /** The formats {@link #format} accepts. */
    public static final String FORMATS = "text, csv, md or latex";

    public Table(List<String> header, List<List<String>> rows) {
        this(header, rows, null, 0);
    }

    /** This table with {@code label} over its columns from {@code from} on (the pivoted variable). */
    public Table withSpanner(String label, int from) {
        return new Table(header, rows, label, from);
    }

    /** The table in a format named by the user (text, csv, md, latex). */
    public String format(String format) {
        return switch (format.toLowerCase(Locale.ROOT)) {
            case "csv" -> Csv.write(header, rows);
            case "md" -> markdown();
            case "text" -> text();
            case "latex" -> latex();
            default -> throw new InvalidInputException("--format '" + format + "' is invalid; expected " + FORMATS);
        };
    }

    /**
     * A {@code tabular} of core LaTeX (no package needed): the first column left-aligned, the others right-aligned,
     * rules above and below the header and at the end; the spanner, when there is one, centred over its columns with a
     * rule below it; TeX's special characters escaped and {@code ±} set as {@code $\\pm$}.
     */
    public String latex() {
        StringBuilder b = new StringBuilder("\\begin{tabular}{l" + "r".repeat(Math.max(0, header.size() - 1)) + "}\n\\hline\n");
        if (spanner != null && spannerFrom < header.size()) {
            int span = header.size() - spannerFrom;
            b.append(" & ".repeat(spannerFrom)).append("\\multicolumn{").append(span).append("}{c}{").append(tex(spanner))
                    .append("} \\\\\n\\cline{").append(spannerFrom + 1).append('-').append(header.size()).append("}\n");
        }
        b.append(String.join(" & ", header.stream().map(Table::tex).toList())).append(" \\\\\n\\hline\n");
        for (List<String> line : rows) {
            b.append(String.join(" & ", line.stream().map(Table::tex).toList())).append(" \\\\\n");
        }
        return b.append("\\hline\n\\end{tabular}\n").toString();
    }

    /** A cell as TeX: its special characters escaped, {@code ±} as {@code $\pm$}. */
    static String tex(String cell) {
        StringBuilder b = new StringBuilder();
        for (char c : cell.toCharArray()) {
            switch (c) {
                case '\\' -> b.append("\\textbackslash{}");
                case '&', '%', '$', '#', '_', '{', '}' -> b.append('\\').append(c);
                case '~' -> b.append("\\textasciitilde{}");
                case '^' -> b.append("\\textasciicircum{}");
                case '\u00b1' -> b.append("$\\pm$");
                default -> b.append(c);
            }
        }
        return b.toString();
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
        if (spanner != null && spannerFrom < header.size()) { // the pivoted variable, over its columns
            int at = width[0];
            for (int i = 1; i < spannerFrom; i++) {
                at += 2 + width[i];
            }
            b.append(" ".repeat(at + 2)).append(spanner).append('\n');
        }
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
        return rows.size() <= n ? this : new Table(header, new ArrayList<>(rows.subList(0, n)), spanner, spannerFrom);
    }
}
