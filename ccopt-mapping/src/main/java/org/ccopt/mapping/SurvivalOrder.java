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
 * By default average hops are compared as exact integer hop totals (the pair count is the same for every mapping), so
 * no rounding decides a rank; {@link SurvivalRule.HopKey} names the coarser readings. Remaining ties keep population
 * order (the sort is stable).
 */
public enum SurvivalOrder implements Ranking {
    SC, AH, ML;

    public static SurvivalOrder parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("unknown survival order '" + text + "'; expected sc, ah or ml");
        }
    }

    @Override
    public Comparator<MappingScore> comparator() {
        return comparator(SurvivalRule.HopKey.EXACT);
    }

    /** {@link #comparator()} with average hops compared as {@code key} reads them. */
    Comparator<MappingScore> comparator(SurvivalRule.HopKey key) {
        Comparator<MappingScore> exactFirst = Comparator.comparing(s -> !s.exact());
        return exactFirst.thenComparing(switch (this) {
            case SC -> Comparator.comparingLong(MappingScore::cycles).thenComparingLong((MappingScore s) -> key.of(s));
            case AH -> Comparator.comparingLong((MappingScore s) -> key.of(s)).thenComparingLong(MappingScore::cycles);
            case ML -> Comparator.comparingLong((MappingScore s) -> s.cycles() * key.of(s));
        });
    }

    @Override
    public long cycleLimit(MappingScore kept, long totalHops) {
        return cycleLimit(kept, totalHops, SurvivalRule.HopKey.EXACT);
    }

    /** {@link #cycleLimit(MappingScore, long)} with average hops compared as {@code key} reads them. */
    long cycleLimit(MappingScore kept, long totalHops, SurvivalRule.HopKey key) {
        long hops = key.of(totalHops, kept.pairs());
        long keptHops = key.of(kept);
        return switch (this) {
            case SC -> hops > keptHops ? kept.cycles() - 1 : kept.cycles();
            case AH -> hops > keptHops ? -1 : hops < keptHops ? Long.MAX_VALUE : kept.cycles();
            case ML -> hops == 0 ? Long.MAX_VALUE : kept.cycles() * keptHops / hops;
        };
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
