package org.ccopt.util;

import java.util.Map;
import org.ccopt.InvalidInputException;

/**
 * A command's options as an experiment row spells them (long names without dashes, values as text, a flag as {@code
 * true} or {@code false}), read by type with a default for an option left out; a value that is not of its type is
 * refused with one line naming the option. The library's readers of a command's options ({@code SimJob.Request},
 * {@code CupstackRequest}) share it.
 */
public record OptionText(Map<String, String> options) {

    /** An int option, or {@code otherwise} where it is left out. */
    public int whole(String key, int otherwise) {
        long v = wholeLong(key, otherwise);
        if (v != (int) v) {
            throw InvalidInputException.parameter(key, "'" + options.get(key) + "' is invalid; expected a whole number of at "
                    + "most " + Integer.MAX_VALUE);
        }
        return (int) v;
    }

    /** A long option, or {@code otherwise} where it is left out. */
    public long wholeLong(String key, long otherwise) {
        String v = options.get(key);
        if (v == null) {
            return otherwise;
        }
        try {
            return Long.parseLong(v.strip());
        } catch (NumberFormatException e) {
            throw InvalidInputException.parameter(key, "'" + v + "' is invalid; expected a whole number");
        }
    }

    /** A number option, or {@code otherwise} where it is left out. */
    public double real(String key, double otherwise) {
        String v = options.get(key);
        if (v == null) {
            return otherwise;
        }
        try {
            return Double.parseDouble(v.strip());
        } catch (NumberFormatException e) {
            throw InvalidInputException.parameter(key, "'" + v + "' is invalid; expected a number");
        }
    }

    /** A flag: true where given as {@code true}, false where left out or {@code false}. */
    public boolean flag(String key) {
        String v = options.getOrDefault(key, "false");
        if (!v.equals("true") && !v.equals("false")) {
            throw InvalidInputException.parameter(key, "'" + v + "' is invalid; expected true or false");
        }
        return v.equals("true");
    }
}
