package org.ccopt.cli;

/** CSV cells as RFC 4180 writes them (quoted when they hold a comma, a quote or a line break), and numbers. */
final class Csv {

    private Csv() {
    }

    /** A number with at most six significant digits and no exponent; empty when not finite. */
    static String number(double v) {
        return Double.isFinite(v) ? new java.math.BigDecimal(v).round(new java.math.MathContext(6)).stripTrailingZeros()
                .toPlainString() : "";
    }

    static String cell(String text) {
        boolean quote = text.contains(",") || text.contains("\"") || text.contains("\n");
        return quote ? '"' + text.replace("\"", "\"\"") + '"' : text;
    }
}
