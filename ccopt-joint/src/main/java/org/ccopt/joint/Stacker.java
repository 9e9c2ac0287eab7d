package org.ccopt.joint;

/**
 * How the stacking phase of a method spends the budget it is given after simple stacking: not at all, with
 * ccopt's late-acceptance search over the Cup-Stacking genes, or with the Cup-Stacking GA of Yokota et al. 2023
 * (seeded with simple stacking's configuration), one pattern after another with an equal share each.
 */
public enum Stacker {
    SIMPLE, LAHC, GA;

    public static final String NAMES = "simple, lahc, ga";

    public static Stacker parse(String text) {
        return org.ccopt.util.Enums.parse(Stacker.class, "stacker", text);
    }

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
