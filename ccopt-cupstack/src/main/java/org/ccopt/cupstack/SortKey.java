package org.ccopt.cupstack;

import java.util.Comparator;
import java.util.Locale;
import org.ccopt.InvalidInputException;

/**
 * The optimisation items T01-T10 of Yokota et al. 2023, Table 5 (§7.2). T02-T07 add a secondary sort key after the
 * objective (smaller first, except T05 which prefers a larger T_e); T09 sorts by T_e alone; T08 (slice
 * re-initialisation) and T10 (slice interlocking) are router functions and keep the plain objective. ccopt applies
 * the order everywhere the GA compares chromosomes: a mutant's acceptance, the crossover ranking and the best.
 */
public enum SortKey {
    T01("none"), T02("out-of-order arbitration or"), T03("out-of-order VC blocking ob"), T04("effective thickness T_e"),
    T05("T_e in reverse order"), T06("total VC blocking tb = ib + ob"), T07("physical line blocking lb"),
    T08("slice re-initialisation"), T09("sort by T_e alone"), T10("slice interlocking");

    private final String description;

    SortKey(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    public static SortKey parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("unknown sort key/item '" + text + "'; expected T01 .. T10 (Yokota et al. 2023, Table 5)");
        }
    }

    public boolean reinitializes() {
        return this == T08;
    }

    public boolean interlocks() {
        return this == T10;
    }

    /** Whether the objective is the primary key, so a run longer than a reference can be cut short. */
    public boolean objectiveFirst() {
        return this != T09;
    }

    public Comparator<Score> comparator() {
        Comparator<Score> objective = Comparator.comparingInt(Score::objective);
        return switch (this) {
            case T01, T08, T10 -> objective;
            case T02 -> objective.thenComparingLong(Score::or);
            case T03 -> objective.thenComparingLong(Score::ob);
            case T04 -> objective.thenComparingInt(Score::thickness);
            case T05 -> objective.thenComparing(Comparator.comparingInt(Score::thickness).reversed());
            case T06 -> objective.thenComparingLong(Score::tb);
            case T07 -> objective.thenComparingLong(Score::lb);
            case T09 -> Comparator.comparingInt(Score::thickness);
        };
    }
}
