package org.ccopt.joint;

import java.util.ArrayList;
import java.util.List;
import org.ccopt.InvalidInputException;

/**
 * The methods a spatio-temporal run compares, at one simulation budget each (see {@link JointSearch}).
 */
public enum JointMethod {
    /** Physical addressing, every pattern sent plainly: the papers' reference. No search. */
    PHYSICAL,
    /** The node-mapping GA of Yokota et al. 2018 alone (plain durations), as the paper runs it. */
    MAPPING,
    /** ccopt's contention-annealed mappings, sent plainly: the spatial half of {@link #JOINT}, without stacking. */
    SURROGATE,
    /** Cup-Stacking alone on physical addressing (Yokota et al. 2023): simple stacking, then the stacker. */
    STACKING,
    /** Mapping first (the paper's GA), then stacking on the mapped traffic. */
    SEQUENTIAL,
    /** Contention-annealed mappings scored by their durations after simple stacking, then the stacker on the best. */
    JOINT,
    /** Coordinate rounds: mapping under fixed plans, then stacking under the fixed mapping, until neither improves. */
    ALTERNATING;

    public static final String NAMES = "physical, mapping, surrogate, stacking, sequential, joint, alternating";

    public String label() {
        return org.ccopt.util.Enums.key(this);
    }

    public static JointMethod parse(String text) {
        return org.ccopt.util.Enums.parse(JointMethod.class, "method", text);
    }

    /** Parses a list, refusing a repeated method. */
    public static List<JointMethod> parseAll(List<String> texts) {
        List<JointMethod> out = new ArrayList<>();
        for (String t : texts) {
            JointMethod m = parse(t);
            if (out.contains(m)) {
                throw new InvalidInputException("method '" + m.label() + "' is given twice; expected each of " + NAMES + " at most once");
            }
            out.add(m);
        }
        if (out.isEmpty()) {
            throw new InvalidInputException("no method given; expected one or more of " + NAMES);
        }
        return out;
    }
}
