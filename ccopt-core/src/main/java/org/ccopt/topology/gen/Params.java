package org.ccopt.topology.gen;

import org.ccopt.InvalidInputException;

/** Parsing and validation helpers shared by the generators; every failure names the value and the rule. */
final class Params {

    private Params() {
    }

    /** A whole number written in ASCII digits, with at most a leading minus (no '+', no spaces, no other script). */
    static final java.util.regex.Pattern WHOLE = java.util.regex.Pattern.compile("-?[0-9]+");

    static int parseInt(String spec, String name, String text) {
        try {
            if (!WHOLE.matcher(text).matches()) {
                throw new NumberFormatException(text);
            }
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new InvalidInputException("bad " + name + " '" + text + "' in topology '" + spec
                    + "'; expected a whole number");
        }
    }

    static int atLeast(String spec, String name, int value, int min) {
        if (value < min) {
            throw new InvalidInputException(name + " " + value + " in topology '" + spec + "' is too small; expected "
                    + name + " >= " + min);
        }
        return value;
    }

    static int atMost(String spec, String name, int value, int max) {
        if (value > max) {
            throw new InvalidInputException(name + " " + value + " in topology '" + spec + "' is too large; expected "
                    + name + " <= " + max);
        }
        return value;
    }

    static int powerOfTwo(String spec, String name, int value, int min, int max) {
        atLeast(spec, name, value, min);
        atMost(spec, name, value, max);
        if (Integer.bitCount(value) != 1) {
            throw new InvalidInputException(name + " " + value + " in topology '" + spec
                    + "' is not a power of two; expected one of 2, 4, 8, 16, ...");
        }
        return value;
    }

    /** Parses "AxBxC" into radices, each at least {@code min}; the product must stay below {@code maxNodes}. */
    static int[] dimensions(String spec, String text, int min, long maxNodes) {
        String[] parts = text.split("x", -1);
        int[] radix = new int[parts.length];
        long product = 1;
        for (int i = 0; i < parts.length; i++) {
            radix[i] = atLeast(spec, "radix", parseInt(spec, "radix", parts[i]), min);
            product *= radix[i];
            if (product > maxNodes) {
                throw new InvalidInputException("topology '" + spec + "' has more than " + maxNodes
                        + " nodes; expected a smaller size");
            }
        }
        return radix;
    }

    /** The one-line error of a topology spec or generator call that breaks a rule. */
    static InvalidInputException error(String spec, String what) {
        return new InvalidInputException("bad topology '" + spec + "': " + what);
    }

    /** {@link #error} when {@code condition} fails. */
    static void require(String spec, boolean condition, String what) {
        if (!condition) {
            throw error(spec, what);
        }
    }

    /** The node-count limit of every generator (the same as {@link org.ccopt.topology.Topology#MAX_NODES}). */
    static void nodes(String spec, long count) {
        if (count > org.ccopt.topology.Topology.MAX_NODES) {
            throw new InvalidInputException("topology '" + spec + "' has more than " + org.ccopt.topology.Topology.MAX_NODES
                    + " nodes; expected a smaller size");
        }
    }

    static int log2(int powerOfTwo) {
        return Integer.numberOfTrailingZeros(powerOfTwo);
    }
}
