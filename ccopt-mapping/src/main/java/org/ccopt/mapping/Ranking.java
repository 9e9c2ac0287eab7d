package org.ccopt.mapping;

import java.util.Comparator;

/**
 * How the node-mapping GA ranks mappings, as its evaluator needs it for pruning: the order, and the longest total
 * duration with which a mapping of a given hop total can still rank at or before a kept one.
 */
public interface Ranking {

    /** Exact scores first (a pruned score is known to rank below the ones kept), then the ranking's key. */
    Comparator<MappingScore> comparator();

    /**
     * The largest total duration with which a mapping of {@code totalHops} hops can still rank at or before
     * {@code kept} (any more and it ranks after it); -1 if no duration can, {@code Long.MAX_VALUE} if every one can.
     */
    long cycleLimit(MappingScore kept, long totalHops);
}
