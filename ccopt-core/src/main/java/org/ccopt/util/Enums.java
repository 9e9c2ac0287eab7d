package org.ccopt.util;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ccopt.InvalidInputException;

/** Option values that name an enum constant: the constant's name in lower case with hyphens, read one way everywhere. */
public final class Enums {

    private Enums() {
    }

    /** The option value of a constant: {@code TWO_OPT} is {@code two-opt}. */
    public static String key(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * The constant of {@code type} whose key is {@code text} (case and '_' or '-' aside); otherwise one line: "unknown
     * WHAT 'text'; expected a, b or c".
     */
    public static <E extends Enum<E>> E parse(Class<E> type, String what, String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        List<String> keys = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            if (key(e).equals(t)) {
                return e;
            }
            keys.add(key(e));
        }
        throw new InvalidInputException("unknown " + what + " '" + text + "'; expected " + list(keys));
    }

    /**
     * The constant among {@code constants} whose key is {@code text} (case and '_' or '-' aside), a reading of a router or
     * routing rule; otherwise one line: "OPTION 'text' is not a reading; expected one of a, b, c".
     */
    public static Enum<?> choose(Enum<?>[] constants, String option, String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        List<String> keys = new ArrayList<>();
        for (Enum<?> e : constants) {
            if (key(e).equals(t)) {
                return e;
            }
            keys.add(key(e));
        }
        throw new InvalidInputException(option + " '" + text + "' is not a reading; expected one of " + String.join(", ", keys));
    }

    /** "a", "a or b", "a, b or c". */
    public static String list(List<String> items) {
        int n = items.size();
        return n <= 1 ? String.join("", items) : String.join(", ", items.subList(0, n - 1)) + " or " + items.get(n - 1);
    }
}
