package org.ccopt.joint;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One method's result as reported: its plan's total cycles against the link-load bound of its mapping (which no
 * injection plan beats, {@code LinkLoadBound}), what it cost, and, when asked, how the plan stands up to jitter.
 *
 * @param lowerBound the sum over the patterns of the link-load bound of the plan's mapping
 * @param robustness the plan replayed under random extra delays, or null when no jitter was asked for
 * @param perPattern each pattern's duration, in the workload's order
 * @param plans      each pattern's injection plan, in words
 * @param discarded  simulations of a phase run past the budget and not used
 * @param skipped    why the method did not run within the budget (its other figures are then -1 or empty), or null
 */
public record MethodResult(JointMethod method, long cycles, long lowerBound, long simulations, int generations,
                           double seconds, Robustness robustness, List<Integer> perPattern, List<String> plans,
                           int[] mapping, long discarded, String skipped) {

    /**
     * The result of an outcome of {@code search}; {@code jitter} above 0 replays the plan {@code jitterRuns} times
     * with seeded random extra delays of 0..jitter cycles ({@link Robustness}).
     */
    public static MethodResult of(JointProblem problem, JointSearch search, JointSearch.Outcome o, int jitter, int jitterRuns,
                                  long seed) {
        if (o.plan() == null) {
            return new MethodResult(o.method(), -1, -1, o.simulations(), o.generations(), o.seconds(), null, List.of(),
                    List.of(), null, o.discarded(), o.skipped());
        }
        long lower = 0;
        List<Integer> per = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (int k = 0; k < problem.patterns().length; k++) {
            lower += search.lowerBound(o.plan().mapping(), k);
            PatternPlan p = o.plan().plans().get(k);
            per.add(p.duration());
            labels.add(p.label());
        }
        Robustness rb = jitter > 0 ? Robustness.of(problem, o.plan(), jitter, jitterRuns, seed) : null;
        return new MethodResult(o.method(), o.plan().cycles(), lower, o.simulations(), o.generations(), o.seconds(), rb,
                List.copyOf(per), List.copyOf(labels), o.plan().mapping(), o.discarded(), null);
    }

    /** The figures as scalars by name (what {@code ccopt run} keeps as columns). */
    public Map<String, Object> figures() {
        Map<String, Object> r = new LinkedHashMap<>();
        if (skipped != null) {
            r.put("skipped", skipped);
            r.put("simulations", simulations);
            r.put("discarded", discarded);
            return r;
        }
        r.put("cycles", cycles);
        r.put("lowerBound", lowerBound);
        r.put("simulations", simulations);
        r.put("discarded", discarded);
        r.put("generations", generations);
        r.put("seconds", seconds);
        if (robustness != null) {
            r.put("jitterMean", robustness.mean());
            r.put("jitterWorst", robustness.worst());
            r.put("jitterDeadlocked", robustness.deadlocked());
        }
        return r;
    }
}
