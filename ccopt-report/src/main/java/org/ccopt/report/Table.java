package org.ccopt.report;

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

    /**
     * This table with its column heads and spanner renamed for a reader ({@code table --label FIELD=TEXT}): a head equal
     * to a key takes its text; a head {@code COL:AGG} whose column is a key takes the text with the aggregate after it
     * ({@code durationCycles:sd} as {@code duration (cycles):sd}); so does each part of a spanner. Formats escape the
     * text as they escape any head (LaTeX included).
     */
    public Table withLabels(java.util.Map<String, String> labels) {
        if (labels.isEmpty()) {
            return this;
        }
        for (String key : labels.keySet()) {
            if (header.stream().noneMatch(h -> names(h, key)) && (spanner == null || !names(spanner, key))) {
                throw new org.ccopt.InvalidInputException("--label names '" + key + "', which no column of the table is "
                        + "or holds; expected one of " + String.join(", ", header));
            }
        }
        List<String> renamed = header.stream().map(h -> label(h, labels)).toList();
        return new Table(renamed, rows, spanner == null ? null : label(spanner, labels), spannerFrom);
    }

    /** The words of a head that a label may rename: its parts between blanks, colons and slashes. */
    private static final java.util.regex.Pattern WORD = java.util.regex.Pattern.compile("[^\\s:/]+");

    /** Whether {@code head} is {@code key} or holds it as a word ({@link #WORD}). */
    private static boolean names(String head, String key) {
        return head.equals(key) || WORD.matcher(head).results().anyMatch(m -> m.group().equals(key));
    }

    /** {@code head} as {@link #withLabels} renames it. */
    public static String label(String head, java.util.Map<String, String> labels) {
        String whole = labels.get(head);
        if (whole != null) {
            return whole;
        }
        StringBuilder out = new StringBuilder();
        java.util.regex.Matcher m = WORD.matcher(head);
        int last = 0;
        while (m.find()) {
            out.append(head, last, m.start()).append(labels.getOrDefault(m.group(), m.group()));
            last = m.end();
        }
        return out.append(head.substring(last)).toString();
    }

    /** The table in a format named by the user (text, csv, md, latex). */
    public String format(String format) {
        return format(format, null);
    }

    /**
     * The table in a format named by the user, with a caption (null for none) and notes under it: LaTeX sets the
     * caption in a {@code table} float and the notes as comments, text and Markdown the caption above and the notes
     * below; CSV has no place for either (a caption is refused, notes are left to the caller's other channel).
     */
    public String format(String format, String caption, List<String> notes) {
        String lead = switch (format.toLowerCase(Locale.ROOT)) {
            case "text" -> "note: ";
            case "md" -> "\nNote: ";
            case "latex" -> "% note: ";
            default -> null;
        };
        StringBuilder b = new StringBuilder(format(format, caption));
        if (lead != null) {
            notes.forEach(n -> b.append(lead).append(n).append('\n'));
        }
        return b.toString();
    }

    /**
     * The table in a format named by the user, with a caption (null for none): LaTeX sets it in a {@code table}
     * float, text and Markdown as a line above; CSV has no place for one and refuses it.
     */
    public String format(String format, String caption) {
        String f = format.toLowerCase(Locale.ROOT);
        if (caption != null && f.equals("csv")) {
            throw new InvalidInputException("--caption applies to the text, md and latex formats; a CSV file has no place "
                    + "for it");
        }
        String above = caption == null ? "" : caption + "\n\n";
        return switch (f) {
            case "csv" -> Csv.write(csvHeader(), rows);
            case "md" -> above + (spanner == null ? "" : spanner + ":\n\n") + markdown();
            case "text" -> above + text();
            case "latex" -> caption == null ? latex() : "\\begin{table}[ht]\n\\centering\n\\caption{" + tex(caption) + "}\n"
                    + latex() + "\\end{table}\n";
            default -> throw new InvalidInputException("--format '" + format + "' is invalid; expected " + FORMATS);
        };
    }

    /** The header, the pivoted columns named with the spanner ("durationCycles:mean by model: ccopt"), CSV having no row for it. */
    private List<String> csvHeader() {
        if (spanner == null) {
            return header;
        }
        List<String> h = new ArrayList<>(header);
        for (int i = spannerFrom; i < h.size(); i++) {
            h.set(i, spanner + ": " + h.get(i));
        }
        return h;
    }

    /**
     * This table with {@code digits} decimals in every column that holds a number with a fraction, every number of
     * such a column alike, so that a column reads evenly; columns of whole numbers, percentages and text stay as they
     * are, and so do "mean \u00b1 interval" cells, whose interval already sets their precision (two significant digits).
     */
    public Table withDigits(int digits) {
        boolean[] fractional = new boolean[header.size()];
        for (List<String> line : rows) {
            for (int i = 0; i < line.size(); i++) {
                fractional[i] |= line.get(i).matches("-?[0-9]+\\.[0-9]+");
            }
        }
        List<List<String>> out = new ArrayList<>();
        for (List<String> line : rows) {
            List<String> cells = new ArrayList<>(line);
            for (int i = 0; i < cells.size(); i++) {
                if (fractional[i]) {
                    cells.set(i, decimals(cells.get(i), digits));
                }
            }
            out.add(cells);
        }
        return new Table(header, out, spanner, spannerFrom);
    }

    private static String decimals(String cell, int digits) {
        if (!cell.matches("-?[0-9]+(\\.[0-9]+)?")) {
            return cell;
        }
        return new java.math.BigDecimal(cell).setScale(digits, java.math.RoundingMode.HALF_EVEN).toPlainString();
    }

    /**
     * A {@code tabular} of core LaTeX (no package needed): the first column left-aligned, the others right-aligned,
     * rules above and below the header and at the end; the spanner, when there is one, centred over its columns with a
     * rule below it; TeX's special characters escaped and {@code ±} set as {@code $\\pm$}.
     */
    public String latex() {
        // a wide table is set smaller and tighter so that it fits the text width
        String size = latexSize();
        boolean wide = size != null;
        StringBuilder b = new StringBuilder(wide ? "{\\" + size + "\\setlength{\\tabcolsep}{3pt}\n" : "");
        b.append("\\begin{tabular}{l" + "r".repeat(Math.max(0, header.size() - 1)) + "}\n\\hline\n");
        if (spanner != null && spannerFrom < header.size()) {
            int span = header.size() - spannerFrom;
            b.append(" & ".repeat(spannerFrom)).append("\\multicolumn{").append(span).append("}{c}{").append(tex(spanner))
                    .append("} \\\\\n\\cline{").append(spannerFrom + 1).append('-').append(header.size()).append("}\n");
        }
        b.append(String.join(" & ", header.stream().map(Table::tex).toList())).append(" \\\\\n\\hline\n");
        for (List<String> line : rows) {
            b.append(String.join(" & ", line.stream().map(Table::tex).toList())).append(" \\\\\n");
        }
        return b.append("\\hline\n\\end{tabular}\n").append(wide ? "}\n" : "").toString();
    }

    /**
     * The room a tabular has in LaTeX's article class at 10 pt, in points: its text width, 345 pt, less the paragraph
     * indent, 15 pt, that a tabular starting a paragraph is set after.
     */
    static final double TEXT_WIDTH = 345 - 15;

    /**
     * The estimated width of the tabular in points at a font size (1 for 10 pt): each column as wide as its widest cell
     * in Computer Modern Roman 10 pt ({@link #textWidth}) plus {@code tabcolsep} on both sides, and the spanner's
     * columns together at least as wide as the spanner.
     */
    double latexWidth(double scale, double tabcolsep) {
        double w = 0;
        double spanned = 0;
        boolean spans = spanner != null && spannerFrom < header.size();
        for (int i = 0; i < header.size(); i++) {
            double widest = textWidth(header.get(i));
            for (List<String> line : rows) {
                widest = Math.max(widest, textWidth(line.get(i)));
            }
            double column = scale * widest + 2 * tabcolsep;
            w += column;
            if (spans && i >= spannerFrom) {
                spanned += column;
            }
        }
        if (spans) {
            w += Math.max(0, scale * textWidth(spanner) + 2 * tabcolsep - spanned);
        }
        return w;
    }

    /** Widths of Computer Modern Roman 10 pt's lower-case letters a-z and capitals A-Z, in points (its TFM, rounded). */
    private static final double[] LOWER = {5.0, 5.56, 4.44, 5.56, 4.44, 3.06, 5.0, 5.56, 2.78, 3.06, 5.28, 2.78, 8.33, 5.56,
        5.0, 5.56, 5.28, 3.92, 3.94, 3.89, 5.56, 5.28, 7.22, 5.28, 5.28, 4.44};
    private static final double[] UPPER = {7.5, 7.08, 7.22, 7.64, 6.81, 6.53, 7.85, 7.5, 3.61, 5.14, 7.78, 6.25, 9.17, 7.5,
        7.78, 6.81, 7.78, 7.36, 5.56, 7.22, 7.5, 7.5, 10.28, 7.5, 7.5, 6.11};

    /**
     * A cell's width in points as {@link #latex} sets it in Computer Modern Roman 10 pt: digits 5 pt, letters their own
     * widths, {@code .,:;} 2.78, brackets 3.89, {@code %}, {@code #} and {@code m} 8.33, relations and {@code ±} 7.78;
     * other characters 5 pt.
     */
    static double textWidth(String cell) {
        double w = 0;
        for (char c : cell.toCharArray()) {
            if (c >= 'a' && c <= 'z') {
                w += LOWER[c - 'a'];
            } else if (c >= 'A' && c <= 'Z') {
                w += UPPER[c - 'A'];
            } else if (c >= '0' && c <= '9') {
                w += 5.0;
            } else {
                w += switch (c) {
                    case '.', ',', ':', ';', '\'', '!', '[', ']' -> 2.78;
                    case '(', ')' -> 3.89;
                    case ' ' -> 3.33;
                    case '-' -> 3.33;
                    case '%', '#' -> 8.33;
                    case '+', '=', '<', '>', '&', '\u00b1' -> 7.78;
                    default -> 5.0;
                };
            }
        }
        return w;
    }

    /**
     * The size a tabular is set in: null (the document's) where it fits the text width at 10 pt, else the largest of
     * small, footnotesize and scriptsize (3 pt column gaps) that fits, scriptsize where none does ({@link #latexFits}
     * says so).
     */
    String latexSize() {
        if (latexWidth(1, 6) <= TEXT_WIDTH) {
            return null;
        }
        String[] names = {"small", "footnotesize", "scriptsize"};
        double[] scales = {0.9, 0.8, 0.7};
        for (int i = 0; i < names.length; i++) {
            if (latexWidth(scales[i], 3) <= TEXT_WIDTH) {
                return names[i];
            }
        }
        return "scriptsize";
    }

    /** Whether the tabular is estimated to fit the article class's text width at some size ccopt sets. */
    public boolean latexFits() {
        return latexWidth(0.7, 3) <= TEXT_WIDTH;
    }

    /** A cell as TeX: its special characters escaped, {@code ±} as {@code $\pm$}. */
    static String tex(String cell) {
        StringBuilder b = new StringBuilder();
        for (char c : cell.toCharArray()) {
            switch (c) {
                case '\\' -> b.append("\\textbackslash{}");
                case '&', '%', '$', '#', '_', '{', '}' -> b.append('\\').append(c);
                case '~' -> b.append("\\textasciitilde{}");
                // in text mode the default font encoding sets < > | as other glyphs (rate<=100 as "rate¡=100")
                case '<' -> b.append("\\textless{}");
                case '>' -> b.append("\\textgreater{}");
                case '|' -> b.append("\\textbar{}");
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
