package org.ccopt.experiments;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ccopt.InvalidInputException;

/**
 * What the charts show when the reader names it ({@code ccopt report --metrics --x --series --facets --log-y
 * --baseline --change --kind}): the metrics to chart, the factor on x, the one drawn as lines and those drawn as
 * one chart each; null or empty for the design's choice (the report's design). An experiment file names it under
 * {@code report}; {@code ccopt report} by its options. Replicates (seed, repeat) cannot be an
 * axis.
 *
 * @param baseline a value of the series factor: every line is shown against that value's line (the mean over its
 *                 replicates at the same x) as {@code change} says, or null for the values themselves
 */
public record ChartChoice(List<String> metrics, String x, String series, List<String> facets, boolean logY,
                          String baseline, ChartChoice.Change change, ChartChoice.Kind kind) {

    /** How a chart draws its points. */
    public enum Kind {
        /** Lines over a numeric x, bars over a categorical one. */
        AUTO,
        /** Lines over a numeric x (a categorical x is refused). */
        LINE,
        /** Grouped bars, one group per value of x (numeric values in order), error bars on each. */
        BAR,
        /** One box per value of x and line: the spread of its replicates (median, quartiles, whiskers). */
        BOX
    }

    /** How a line is shown against the baseline's line. */
    public enum Change {
        /** value / baseline. */
        RATIO,
        /** 100 (value / baseline - 1): the change in per cent. */
        PERCENT
    }

    /** The design's choice throughout. */
    public static final ChartChoice DESIGN = new ChartChoice(List.of(), null, null, null, false, null);

    public ChartChoice {
        change = change == null ? Change.RATIO : change;
        kind = kind == null ? Kind.AUTO : kind;
        if (baseline != null && kind == Kind.BOX) {
            throw new InvalidInputException("report: --baseline does not apply to box charts (a box shows runs, not "
                    + "a mean to divide); expected --kind line or bar with --baseline");
        }
        List<String> named = new ArrayList<>(facets == null ? List.of() : facets);
        named.add(x);
        named.add(series);
        named.removeIf(java.util.Objects::isNull);
        if (named.size() != new java.util.HashSet<>(named).size()) {
            throw new InvalidInputException("report: a factor is named twice among --x, --series and --facets ("
                    + String.join(", ", named) + "); expected each on one axis");
        }
        if (baseline == null && change != Change.RATIO) {
            throw new InvalidInputException("report: --change " + change.name().toLowerCase(Locale.ROOT)
                    + " needs --baseline VALUE (the line to compare with)");
        }
    }

    public ChartChoice(List<String> metrics, String x, String series, List<String> facets, boolean logY,
                       String baseline) {
        this(metrics, x, series, facets, logY, baseline, Change.RATIO, Kind.AUTO);
    }

    public ChartChoice(List<String> metrics, String x, String series, List<String> facets, boolean logY) {
        this(metrics, x, series, facets, logY, null);
    }
}
