package org.ccopt.mapping;

/**
 * The evaluation of one mapping.
 *
 * @param cycles    sum over the traffic patterns of the simulated duration in cycles (0 with the hop-only
 *                  evaluator, and 0 when the score is not exact)
 * @param totalHops sum over the patterns' source-destination pairs (source != destination) of the hop distance
 * @param pairs     the number of those pairs, the same for every mapping
 * @param exact     false when the evaluation stopped early because the mapping provably ranks below every
 *                  mapping the GA keeps (see {@link MappingEvaluator#score(int[], MappingScore, Ranking)})
 */
public record MappingScore(long cycles, long totalHops, int pairs, boolean exact) {

    /** Average hops per source-destination pair (the paper's avg.hop). */
    public double avgHops() {
        return pairs == 0 ? 0 : (double) totalHops / pairs;
    }
}
