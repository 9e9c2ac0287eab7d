package org.ccopt.util;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every CSV file ccopt writes or reads, through Jackson's CSV module: one escaping rule (RFC 4180: a cell is quoted
 * only when it holds a comma, a quote or a line break, and a quote inside is doubled) and one number format.
 */
public final class Csv {

    private static final CsvMapper MAPPER = CsvMapper.builder().enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING)
            .build();

    private Csv() {
    }

    /** A number with at most six significant digits and no exponent; empty when not finite. */
    public static String number(double v) {
        return Double.isFinite(v) ? new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString() : "";
    }

    /** A cell's text: doubles as {@link #number}, null as empty, anything else as {@code String.valueOf}. */
    public static String text(Object cell) {
        return cell == null ? "" : cell instanceof Double d ? number(d) : String.valueOf(cell);
    }

    /** A header and rows (cells formatted by {@link #text}) as CSV text, one line per row. */
    public static String write(List<String> header, List<? extends List<?>> rows) {
        StringWriter out = new StringWriter();
        try (var w = MAPPER.writer(CsvSchema.emptySchema().withLineSeparator("\n")).writeValues(out)) {
            w.write(header.toArray(String[]::new));
            for (List<?> row : rows) {
                w.write(row.stream().map(Csv::text).toArray(String[]::new));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** One line of CSV (no line break). */
    public static String line(List<?> cells) {
        String text = write(cells.stream().map(Csv::text).toList(), List.of());
        return text.substring(0, text.length() - 1);
    }

    /**
     * The rows of a CSV text with a header line, each a map from column to cell in column order; a row with more
     * cells than the header is refused.
     */
    public static List<Map<String, String>> read(String text) throws IOException {
        List<Map<String, String>> rows = new ArrayList<>();
        try (MappingIterator<Map<String, String>> it = MAPPER.readerForMapOf(String.class)
                .with(CsvSchema.emptySchema().withHeader()).readValues(text)) {
            while (it.hasNextValue()) { // the checked forms: a damaged file is an IOException with its place, never unchecked
                rows.add(new LinkedHashMap<>(it.nextValue()));
            }
        }
        return rows;
    }
}
