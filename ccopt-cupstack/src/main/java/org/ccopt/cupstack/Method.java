package org.ccopt.cupstack;

import java.util.EnumSet;
import java.util.Locale;
import org.ccopt.InvalidInputException;

/** The Cup-Stacking methods of Yokota et al. 2023 (Table 4's column groups), and ccopt's own search beside them. */
public enum Method {
    /** The extended method, full GA over V, I, C and Q (§5.4 (1)). */
    FULL("full", EnumSet.noneOf(GeneGroup.class)),
    /** The extended method without timing adjustment, I = 0 (§5.4 (2)). */
    NO_TADJ("no-tadj", EnumSet.of(GeneGroup.I)),
    /** Simple stacking: every scheme C00-C09, no timing adjustment, sweep V (§4.1, Table 2); no GA. */
    SIMPLE("simple", EnumSet.allOf(GeneGroup.class)),
    /** Slice extrapolation S1-S2, S2-S2, S4-S2: a GA on fewer/other slices, then a V sweep (§6.1). */
    EXTRAPOLATE("extrapolate", EnumSet.noneOf(GeneGroup.class)),
    /** Rough estimation E2-S2, E4-S2: a single-slice GA scored by T_e (S' - 1) + t_d, then a V sweep (§6.2). */
    ESTIMATE("estimate", EnumSet.noneOf(GeneGroup.class)),
    /** Post-stacking: a V sweep over every recorded synonym of a GA run's best (§6.3). */
    POST("post", EnumSet.noneOf(GeneGroup.class)),
    /** The perturbation method: every evaluation also tries V +- 5 (§7.1). */
    PERTURB("perturb", EnumSet.noneOf(GeneGroup.class)),
    /** ccopt's own search, not the paper's: late-acceptance hill climbing from simple stacking ({@link LateAcceptance}). */
    LAHC("lahc", EnumSet.noneOf(GeneGroup.class));

    private final String label;
    private final EnumSet<GeneGroup> frozen;

    Method(String label, EnumSet<GeneGroup> frozen) {
        this.label = label;
        this.frozen = frozen;
    }

    public String label() {
        return label;
    }

    /** Gene groups the method itself freezes (the user may freeze more). */
    public EnumSet<GeneGroup> frozen() {
        return EnumSet.copyOf(frozen);
    }

    /** Whether the final answer comes from re-stacking recorded chromosomes with a V sweep. */
    public boolean restacks() {
        return this == EXTRAPOLATE || this == ESTIMATE || this == POST;
    }

    public static final String NAMES = "full, no-tadj, simple, extrapolate, estimate, post, perturb, lahc";

    public static Method parse(String text) {
        for (Method m : values()) {
            if (m.label.equals(text.trim().toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw new InvalidInputException("unknown method '" + text + "'; expected one of " + NAMES);
    }
}
