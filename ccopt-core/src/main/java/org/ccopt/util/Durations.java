package org.ccopt.util;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as options write them, one grammar for every command: a non-negative decimal number (an exponent allowed)
 * and a unit, {@code ns}, {@code us}, {@code ms}, {@code s}, {@code m} or {@code h} ({@code 100ns}, {@code 1.5us},
 * {@code 60s}, {@code 5m}). Each caller states whether the unit may be left out (then seconds) and checks its range.
 */
public final class Durations {

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?|\\.\\d+)(?:e([-+]?\\d{1,3}))?(ns|us|ms|s|m|h)?");

    private Durations() {
    }

    /** Seconds of {@code text}, or NaN when it is not a duration (or has no unit where {@code unitRequired}). */
    public static double seconds(String text, boolean unitRequired) {
        Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches() || unitRequired && m.group(3) == null) {
            return Double.NaN;
        }
        double v = Double.parseDouble(m.group(1) + (m.group(2) == null ? "" : "e" + m.group(2)));
        double unit = m.group(3) == null ? 1 : switch (m.group(3)) {
            case "ns" -> 1e-9;
            case "us" -> 1e-6;
            case "ms" -> 1e-3;
            case "m" -> 60;
            case "h" -> 3600;
            default -> 1;
        };
        return v * unit;
    }
}
