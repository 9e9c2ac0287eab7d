package org.ccopt.mapping;

import java.util.concurrent.atomic.AtomicLong;
import org.ccopt.flitsim.FlitRouter;

/**
 * How a {@link MappingEvaluator} times one traffic pattern placed by a mapping: by default one simulation of the
 * pattern (Yokota et al. 2018, §4.2); a spatio-temporal search times it after stacking instead.
 */
@FunctionalInterface
public interface PatternTiming {

    /**
     * The pattern's duration on {@code destination} (physical destination of every physical node), or -1 once it
     * provably exceeds {@code limit}.
     *
     * @param sim         the calling thread's router (the evaluator's network, VCs, buffers and router)
     * @param pattern     which of the evaluator's patterns it is (0-based)
     * @param lowerBound  cycles the pattern cannot end before under any plan ({@link org.ccopt.flitsim.LinkLoadBound})
     * @param simulations incremented once for every simulation run, the budget's unit
     */
    int durationWithin(FlitRouter sim, int pattern, int[] destination, int lowerBound, int limit, AtomicLong simulations);
}
