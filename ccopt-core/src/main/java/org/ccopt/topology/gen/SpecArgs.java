package org.ccopt.topology.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ccopt.InvalidInputException;

/** The argument part of one topology spec, with parsing helpers whose errors name the spec and the rule. */
public final class SpecArgs {

    private final String spec;
    private final String family;
    private final String args;

    public SpecArgs(String spec, String family, String args) {
        this.spec = spec;
        this.family = family;
        this.args = args;
    }

    public InvalidInputException error(String what) {
        return Params.error(spec, what);
    }

    public void require(boolean condition, String what) {
        Params.require(spec, condition, what);
    }

    private String text(String expected) {
        if (args == null || args.isBlank()) {
            throw error("missing arguments; expected " + family + ":" + expected);
        }
        return args;
    }

    public int singleInt(String name, int min, int max) {
        return intArg(text(name), name, min, max);
    }

    public int intArg(String text, String name, int min, int max) {
        int value = Params.parseInt(spec, name, text);
        Params.atLeast(spec, name, value, min);
        return Params.atMost(spec, name, value, max);
    }

    public int powerOfTwo(String name, int min, int max) {
        return Params.powerOfTwo(spec, name, Params.parseInt(spec, name, text(name)), min, max);
    }

    public int[] dimensions(int min, long maxNodes) {
        return Params.dimensions(spec, text("AxB[xC...]"), min, maxNodes);
    }

    public String word() {
        return text("NAME").toLowerCase(Locale.ROOT);
    }

    /** Splits the arguments at ':' into between {@code min} and {@code max} parts. */
    public List<String> colonParts(int min, int max) {
        String[] parts = text("...").split(":", -1);
        require(parts.length >= min && parts.length <= max,
                "expected " + min + (max > min ? " to " + max : "") + " ':'-separated arguments, got " + parts.length);
        return List.of(parts);
    }

    /** Parses "a,b,c"; {@code count} = -1 accepts any length. */
    public int[] commaInts(int count, String expected) {
        int[] values = intList(text(expected), "value");
        require(count < 0 || values.length == count, "expected " + family + ":" + expected);
        return values;
    }

    public int[] intList(String text, String name) {
        String[] parts = text.split(",", -1);
        List<Integer> values = new ArrayList<>();
        for (String p : parts) {
            values.add(Params.parseInt(spec, name, p));
        }
        return values.stream().mapToInt(Integer::intValue).toArray();
    }

    public void positive(int[] values, String expected) {
        for (int v : values) {
            require(v >= 1, "values must be >= 1 in " + family + ":" + expected + ", got " + v);
        }
    }

    /** Parses "seed=S" (or a bare number) as a seed. */
    public long seed(String text) {
        String t = text.startsWith("seed=") ? text.substring(5) : text;
        try {
            if (!Params.WHOLE.matcher(t).matches()) {
                throw new NumberFormatException(t);
            }
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw error("bad seed '" + text + "'; expected seed=<whole number>");
        }
    }
}
