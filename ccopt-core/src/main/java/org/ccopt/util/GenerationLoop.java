package org.ccopt.util;

import java.util.function.Consumer;
import java.util.function.ToIntFunction;
import java.util.function.UnaryOperator;

/**
 * The loop every generational optimizer runs (the node-mapping GA, the Cup-Stacking GA, the late-acceptance search):
 * one step per generation from a state until the configured count, the caller told after each (for checkpoints and
 * progress), so a run resumed from any state continues as the uninterrupted run would.
 */
public final class GenerationLoop {

    private GenerationLoop() {
    }

    public static <S> S run(S start, ToIntFunction<S> generation, int generations, UnaryOperator<S> step,
                            Consumer<S> afterGeneration) {
        S s = start;
        while (generation.applyAsInt(s) < generations) {
            s = step.apply(s);
            afterGeneration.accept(s);
        }
        return s;
    }
}
