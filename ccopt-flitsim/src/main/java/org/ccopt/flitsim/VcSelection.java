package org.ccopt.flitsim;

import java.util.Locale;
import org.ccopt.InvalidInputException;

/**
 * The virtual-channel selection schemes C00-C09 of Yokota et al. 2023, Table 1: the order in which an output
 * port examines its virtual channels when several have a flit ready, the first ready one sending.
 *
 * <ul>
 *   <li>C00-C03, round-robin: start from the previously selected channel (C00 ascending, C02 descending) or
 *       from the channel after/before it (C01 ascending, C03 descending), wrapping around.
 *   <li>C04-C09, fixed priority: start from channel 0, 1 or 2, ascending (C04-C06) or descending (C07-C09),
 *       wrapping around; e.g. C05 examines 1, 2, 0 and C08 examines 1, 0, 2.
 * </ul>
 * The "previously selected channel" of a port starts as channel 0 at the beginning of a run.
 */
public enum VcSelection {
    C00, C01, C02, C03, C04, C05, C06, C07, C08, C09;

    public static VcSelection parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("unknown VC selection scheme '" + text + "'; expected C00 .. C09");
        }
    }

    /** First channel examined, given the previously selected one, among {@code vcs} channels. */
    public int start(int previous, int vcs) {
        return switch (this) {
            case C00, C02 -> previous;
            case C01 -> (previous + 1) % vcs;
            case C03 -> (previous + vcs - 1) % vcs;
            case C04, C07 -> 0;
            case C05, C08 -> 1 % vcs;
            case C06, C09 -> 2 % vcs;
        };
    }

    /** +1 for ascending evaluation order, -1 for descending. */
    public int step() {
        return switch (this) {
            case C00, C01, C04, C05, C06 -> 1;
            default -> -1;
        };
    }

    /** Whether the scheme remembers the previously selected channel. */
    public boolean isRoundRobin() {
        return ordinal() <= 3;
    }
}
