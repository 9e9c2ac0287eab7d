package org.ccopt.mapping;

import java.util.Comparator;
import java.util.Locale;
import org.ccopt.InvalidInputException;

/**
 * The surviving methods of Yokota et al. 2018, §4.2: which mappings rank first.
 * <ul>
 *   <li>{@code sc}, duration first: by total duration, ties by average hops;
 *   <li>{@code ah}, average hops first: by average hops, ties by duration;
 *   <li>{@code ml}, the product of duration and average hops.
 * </ul>
 * Average hops are compared as exact integer hop totals (the pair count is the same for every mapping), so no
 * rounding decides a rank. Remaining ties keep population order (the sort is stable).
 */
public enum SurvivalOrder {
    SC, AH, ML;

    public static SurvivalOrder parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("unknown survival order '" + text + "'; expected sc, ah or ml");
        }
    }

    /** Exact scores first (a pruned score is known to rank below the ones kept), then this order's key. */
    public Comparator<MappingScore> comparator() {
        Comparator<MappingScore> exactFirst = Comparator.comparing(s -> !s.exact());
        return exactFirst.thenComparing(switch (this) {
            case SC -> Comparator.comparingLong(MappingScore::cycles).thenComparingLong(MappingScore::totalHops);
            case AH -> Comparator.comparingLong(MappingScore::totalHops).thenComparingLong(MappingScore::cycles);
            case ML -> Comparator.comparingLong((MappingScore s) -> s.cycles() * s.totalHops());
        });
    }

    /**
     * The largest total duration with which a mapping of {@code totalHops} hops can still rank at or before
     * {@code kept} (any more and it ranks after it); -1 if no duration can, {@code Long.MAX_VALUE} if every one
     * can.
     */
    public long cycleLimit(MappingScore kept, long totalHops) {
        return switch (this) {
            case SC -> totalHops > kept.totalHops() ? kept.cycles() - 1 : kept.cycles();
            case AH -> totalHops > kept.totalHops() ? -1 : totalHops < kept.totalHops() ? Long.MAX_VALUE : kept.cycles();
            case ML -> totalHops == 0 ? Long.MAX_VALUE : kept.cycles() * kept.totalHops() / totalHops;
        };
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
