package org.ccopt.rank;

import java.util.Locale;
import org.ccopt.InvalidInputException;

/**
 * The two choices of the swap searches (two-opt and simulated annealing) that the thesis and ccopt make differently:
 * where the search starts and which swaps two-opt keeps.
 *
 * <ul>
 *   <li>{@link #CCOPT}: start from ascending placement (rank r on the r-th lowest mapped node id, the reading of §3.3.1's
 *       "ascending"), keep swaps that do not worsen the objective (two-opt may drift across plateaus of the integer
 *       objective). ccopt's default, and what every result before the {@code cui2024} preset used.
 *   <li>{@link #CUI2024}: start from the mapping's own order (the order the process mapping chose its nodes in; for
 *       the random mapping a random placement), keep only strictly improving swaps (§3.3.2: a swap is kept "if the
 *       total number of hops decreases"). Cui 2024's Tables 3.4-3.6 start values match the mapping order, not sorted
 *       ids (1,373 broadcast hops for the random mapping, against 1,086 sorted; docs/results/rank-tables.md).
 * </ul>
 *
 * @param start  where the search starts
 * @param strict two-opt keeps only swaps that improve the objective (simulated annealing keeps its own rule)
 */
public record SearchRules(Start start, boolean strict) {

    /** Where a swap search starts. */
    public enum Start {
        ASCENDING("ascending"), MAPPING_ORDER("mapping-order"),
        /** {@link GreedyEmbedding}: the ranks' communication graph grown outwards from the most central node. */
        GREEDY("greedy");

        private final String label;

        Start(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    public static final SearchRules CCOPT = new SearchRules(Start.ASCENDING, false);
    public static final SearchRules CUI2024 = new SearchRules(Start.MAPPING_ORDER, true);

    public SearchRules {
        if (start == null) {
            throw new InvalidInputException("search rules need a start");
        }
    }

    /** {@code ccopt} or {@code cui2024}. */
    public static SearchRules parse(String name) {
        return switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "ccopt" -> CCOPT;
            case "cui2024" -> CUI2024;
            default -> throw new InvalidInputException("unknown search rules '" + name + "'; expected ccopt (start "
                    + "ascending, keep swaps that do not worsen) or cui2024 (start in mapping order, keep improving swaps)");
        };
    }

    public static Start parseStart(String text) {
        for (Start s : Start.values()) {
            if (s.label.equals(text.trim().toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        throw new InvalidInputException("unknown search start '" + text + "'; expected ascending, mapping-order or greedy");
    }

    /** {@code improving} (strict) or {@code not-worse}. */
    public static boolean parseAccept(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "improving" -> true;
            case "not-worse" -> false;
            default -> throw new InvalidInputException("unknown acceptance '" + text + "'; expected improving or not-worse");
        };
    }

    public String label() {
        return this.equals(CCOPT) ? "ccopt" : this.equals(CUI2024) ? "cui2024"
                : "start " + start.label() + ", keep " + (strict ? "improving" : "not-worse") + " swaps";
    }
}
