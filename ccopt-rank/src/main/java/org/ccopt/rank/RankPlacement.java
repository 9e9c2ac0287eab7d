package org.ccopt.rank;

import java.util.Locale;
import org.ccopt.InvalidInputException;

/** The rank placement strategies; {@link RankPlacer} documents each. */
public enum RankPlacement {
    ASCENDING("ascending"), MAPPING_ORDER("mapping-order"), TWO_OPT("two-opt"), SA("sa"), CCO("cco"), RANDOM("random");

    public static final String NAMES = "ascending, mapping-order, two-opt, sa, cco, random";

    private final String label;

    RankPlacement(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** True for the swap searches (two-opt, sa), whose start and acceptance {@link SearchRules} set. */
    public boolean swaps() {
        return this == TWO_OPT || this == SA;
    }

    /** True for the strategies that search with the objective and use an iteration budget. */
    public boolean searches() {
        return this == TWO_OPT || this == SA || this == RANDOM;
    }

    public static RankPlacement parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (RankPlacement p : values()) {
            if (p.label.equals(t)) {
                return p;
            }
        }
        throw new InvalidInputException("unknown placement '" + text + "'; expected one of " + NAMES);
    }

    /** What a placement search minimises. */
    public enum Objective {
        HOPS("hops"), CONTENTION("contention");

        private final String label;

        Objective(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        public static Objective parse(String text) {
            String t = text.trim().toLowerCase(Locale.ROOT);
            for (Objective o : values()) {
                if (o.label.equals(t)) {
                    return o;
                }
            }
            throw new InvalidInputException("unknown objective '" + text + "'; expected hops or contention");
        }
    }
}
