package org.ccopt.reference;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.ccopt.util.Csv;

/**
 * A table of figures a paper prints, which ccopt's results are set beside: one data file per table, {@code
 * org/ccopt/reference/NAME.csv} on the class path (in the repository under {@code ccopt-core/src/main/resources}),
 * whose {@code #} lines at the top say which paper, table and cells it holds, then a header and one row per key (the
 * first column). Java and the scripts under {@code experiments/} read the same files (the scripts through
 * {@code experiments/reference.py}), so no figure is copied by hand twice. The files:
 * <ul>
 *   <li>{@code yokota2018-table2}, {@code yokota2018-table3}: node mapping (Yokota et al. 2018, Tables 2 and 3);</li>
 *   <li>{@code yokota2023-table2}, {@code -table3}, {@code -table4}, {@code -table6}: Cup-Stacking (Yokota et al.
 *   2023);</li>
 *   <li>{@code cui2024-tables-3.4-3.6}, {@code cui2024-figs-3.7-3.9}: rank placement (Cui 2024), and
 *   {@code cui2024-text-4.5.2}: the gains of circulant mapping its §4.5.2 states;</li>
 *   <li>{@code jaros2007-table2}, {@code -tables-3-4}, {@code -table5}: step scheduling (Jaros et al. 2007), and
 *   {@code jaros-min-tables-1-3-5-6}: the same on multistage networks (the MIN paper of Jaros and Dvorak).</li>
 * </ul>
 *
 * @param name   the file's name without {@code .csv}
 * @param source the {@code #} lines: paper, table, what the cells are
 * @param header the column names, the key's first
 * @param rows   the cells, row by row, in the file's order
 */
public record PaperTable(String name, String source, List<String> header, List<List<String>> rows) {

    /** Reads {@code org/ccopt/reference/NAME.csv} from the class path. */
    public static PaperTable read(String name) {
        String text;
        try (InputStream in = PaperTable.class.getResourceAsStream(name + ".csv")) {
            if (in == null) {
                throw new IllegalArgumentException("no paper table '" + name + "' under org/ccopt/reference");
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StringBuilder source = new StringBuilder();
        int body = 0;
        while (text.startsWith("#", body)) {
            int end = text.indexOf('\n', body);
            source.append(source.length() == 0 ? "" : " ").append(text.substring(body + 1, end).strip());
            body = end + 1;
        }
        try {
            List<Map<String, String>> maps = Csv.read(text.substring(body));
            List<String> header = List.copyOf(maps.get(0).keySet());
            List<List<String>> rows = new ArrayList<>();
            for (Map<String, String> m : maps) {
                rows.add(List.copyOf(m.values()));
            }
            return new PaperTable(name, source.toString(), header, List.copyOf(rows));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first column, in the file's order. */
    public List<String> keys() {
        return rows.stream().map(r -> r.get(0)).toList();
    }

    /** The row of {@code key}. */
    public List<String> row(String key) {
        return rows.stream().filter(r -> r.get(0).equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(name + " has no row '" + key + "'"));
    }

    /** The cell of {@code key} in {@code column}. */
    public String cell(String key, String column) {
        int c = header.indexOf(column);
        if (c < 0) {
            throw new IllegalArgumentException(name + " has no column '" + column + "'");
        }
        return row(key).get(c);
    }

    public double number(String key, String column) {
        return Double.parseDouble(cell(key, column));
    }

    /** Every cell of {@code key}'s row after the key, as integers. */
    public int[] ints(String key) {
        List<String> r = row(key);
        return r.subList(1, r.size()).stream().mapToInt(Integer::parseInt).toArray();
    }
}
