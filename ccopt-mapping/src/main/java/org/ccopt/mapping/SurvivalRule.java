package org.ccopt.mapping;

import java.util.Comparator;

/**
 * A survival order with the readings of Yokota et al. 2018 that its text leaves open, each named so that it can be
 * probed against the paper's Table 2 ({@code docs/results/nodemap-ah-readings.md}):
 * <ul>
 *   <li>{@link HopKey}: how exactly "avg.hop" is compared. §4.2 defines it as the "average number of hops ... of
 *       source-destination pairs" and sorts by it ("If the avg.hop is same, duration is used") without saying at what
 *       precision two averages are the same;
 *   <li>{@link Ties}: which of two mappings of equal key ranks first; §4.2 gives no third key;
 *   <li>{@link Best}: which mapping a run reports. Table 2 is headed "Best duration results" and §5.1 averages "the
 *       best" of ten runs; that can be the top of the survival order or the shortest duration evaluated in the run.
 * </ul>
 * {@link #of} is ccopt's reading (exact totals, older first, the ranked best).
 */
public record SurvivalRule(SurvivalOrder order, HopKey hops, Ties ties, Best best) implements Ranking {

    /** How average hops are compared. */
    public enum HopKey {
        /** Exact hop totals (the pair count is the same for every mapping): ccopt's reading. */
        EXACT,
        /** The average rounded to a tenth of a hop (half up), as a printed average would tie. */
        TENTH,
        /** The average truncated to a whole hop, as an integer division would give it. */
        INTEGER;

        /** The comparable value of a score's average hops. */
        public long of(MappingScore s) {
            return of(s.totalHops(), s.pairs());
        }

        long of(long totalHops, int pairs) {
            if (pairs == 0) {
                return 0;
            }
            return switch (this) {
                case EXACT -> totalHops;
                case TENTH -> (20 * totalHops + pairs) / (2L * pairs);
                case INTEGER -> totalHops / pairs;
            };
        }
    }

    /** Which of two mappings of equal key ranks first. */
    public enum Ties {
        /** The one earlier in the population: survivors before their mutants (a stable sort; ccopt's reading). */
        OLDEST,
        /** The newer: this generation's mutants before the survivors they tie with, so the population drifts. */
        NEWEST
    }

    /** Which mapping a run reports as its best. */
    public enum Best {
        /** The first of the survival order over every generation (ccopt's reading). */
        RANKED,
        /** The shortest total duration of any mapping evaluated in the run, kept or not (the first found on ties). */
        SHORTEST
    }

    /** ccopt's reading of {@code order}: exact hop totals, older first, the ranked best. */
    public static SurvivalRule of(SurvivalOrder order) {
        return new SurvivalRule(order, HopKey.EXACT, Ties.OLDEST, Best.RANKED);
    }

    @Override
    public Comparator<MappingScore> comparator() {
        return order.comparator(hops);
    }

    @Override
    public long cycleLimit(MappingScore kept, long totalHops) {
        return order.cycleLimit(kept, totalHops, hops);
    }

    /**
     * This ranking, except that a mapping shorter than {@code shortest} cycles is always evaluated in full (the
     * {@link Best#SHORTEST} reading must see every duration that could be a new best).
     */
    Ranking evaluatingBelow(long shortest) {
        SurvivalRule rule = this;
        return new Ranking() {
            @Override
            public Comparator<MappingScore> comparator() {
                return rule.comparator();
            }

            @Override
            public long cycleLimit(MappingScore kept, long totalHops) {
                return Math.max(rule.cycleLimit(kept, totalHops), shortest - 1);
            }
        };
    }

    /** The readings as {@code key=value} words, e.g. {@code hop-key=exact ties=oldest best=ranked}. */
    public String describe() {
        return "hop-key=" + org.ccopt.util.Enums.key(hops) + " ties=" + org.ccopt.util.Enums.key(ties) + " best="
                + org.ccopt.util.Enums.key(best);
    }
}
