package org.ccopt.cupstack;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.function.Function;
import org.ccopt.flitsim.RouterModel;

/**
 * Coordinate descent over router models ({@code calibrate --stage descent2018|descent2023|descent-joint}): from a
 * start, move to the first neighbour ({@link Calibration#neighbours}) that {@code better} prefers to the current best,
 * pass after pass, until a pass finds none. Every model is evaluated once; the order of neighbours is fixed, so a
 * descent is a pure function of its start, its fit and its order.
 *
 * @param <F> the fit of one model
 */
public final class Descent<F> {

    /** Where a descent ended: the model, its fit, the passes run and the models evaluated. */
    public record Result<F>(RouterModel model, F fit, int passes, int evaluated) {
    }

    private final Function<RouterModel, F> evaluate;
    private final BiPredicate<F, F> better;

    /**
     * @param evaluate the fit of a model (called once per model)
     * @param better   whether the first fit is to be preferred to the second
     */
    public Descent(Function<RouterModel, F> evaluate, BiPredicate<F, F> better) {
        this.evaluate = evaluate;
        this.better = better;
    }

    /** Descends from {@code start}; {@code onMove} hears of every move as "pass N: better: MODEL". */
    public Result<F> from(RouterModel start, Consumer<String> onMove) {
        Map<RouterModel, F> seen = new HashMap<>();
        RouterModel current = start;
        F best = seen.computeIfAbsent(current, evaluate);
        boolean improved = true;
        int pass = 0;
        while (improved) {
            improved = false;
            pass++;
            for (RouterModel m : Calibration.neighbours(current)) {
                F f = seen.computeIfAbsent(m, evaluate);
                if (better.test(f, best)) {
                    best = f;
                    current = m;
                    improved = true;
                    onMove.accept("pass " + pass + ": better: " + m.describe());
                }
            }
        }
        return new Result<>(current, best, pass, seen.size());
    }
}
