package org.ccopt.cupstack;

import java.util.EnumSet;
import java.util.Locale;
import org.ccopt.InvalidInputException;

/**
 * The gene groups of the extended Cup-Stacking chromosome (Yokota et al. 2023, §5.3 and App. A.2): inter-slice
 * interval V, injection timing I_i per node, VC selection scheme C_id per output port and queue selection order
 * Q_idc per output VC. Any group can be frozen (App. A.2: "a group of chromosome expressions are set to the same
 * value"), e.g. I for the method without timing adjustment, or C and Q for the original Cup-Stacking.
 */
public enum GeneGroup {
    V, I, C, Q;

    /** Parses a list such as "I", "C,Q" or "C+Q" (empty or "none": nothing frozen). */
    public static EnumSet<GeneGroup> parseSet(String text) {
        EnumSet<GeneGroup> set = EnumSet.noneOf(GeneGroup.class);
        for (String part : text.split("[,+]")) {
            String p = part.trim().toUpperCase(Locale.ROOT);
            if (p.isEmpty() || p.equals("NONE")) {
                continue;
            }
            try {
                set.add(valueOf(p));
            } catch (IllegalArgumentException e) {
                throw new InvalidInputException("unknown gene group '" + part.trim() + "'; expected a comma-separated list of V, I, C, Q");
            }
        }
        return set;
    }
}
