package org.ccopt.joint;

import java.util.ArrayList;
import java.util.List;
import org.ccopt.flitsim.SimParameters;
import org.ccopt.util.Checkpoint;

/**
 * One method's outcome as a checkpoint stores it: the plans as physical parameter files ({@link SimParameters}),
 * which hold every gene, so a resumed run reports the same plans. Read back, the plans are replayed by
 * {@link JointValidator} before they are trusted.
 */
public record JointRecord(String method, long simulations, int generations, double seconds, int[] mapping,
                          List<SimParameters> plans, List<Integer> durations, List<String> labels, long discarded,
                          String skipped) {

    public static JointRecord of(JointProblem problem, JointSearch.Outcome o) {
        List<SimParameters> plans = new ArrayList<>();
        List<Integer> durations = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        if (o.plan() == null) {
            return new JointRecord(o.method().label(), o.simulations(), o.generations(), o.seconds(), null, plans, durations,
                    labels, o.discarded(), o.skipped());
        }
        for (int k = 0; k < o.plan().plans().size(); k++) {
            PatternPlan p = o.plan().plans().get(k);
            plans.add(PlanFiles.physical(problem, p, k));
            durations.add(p.duration());
            labels.add(p.label());
        }
        return new JointRecord(o.method().label(), o.simulations(), o.generations(), o.seconds(), o.plan().mapping(), plans,
                durations, labels, o.discarded(), null);
    }

    /**
     * The outcome again, refused (one line) unless it fits the problem and the budget (no method passes it, so a
     * recorded count above it was edited or written under another budget) and every plan replays to its duration.
     */
    public JointSearch.Outcome outcome(JointProblem problem, long budget) {
        Checkpoint.requireFits(discarded >= 0, "a recorded method's discarded simulations are negative");
        Checkpoint.requireFits(simulations <= budget, "a recorded " + method + " counts " + simulations + " simulations, "
                + "more than the budget of " + budget + " that no method passes");
        if (skipped != null) {
            Checkpoint.requireFits(method != null && mapping == null && simulations >= 0 && generations >= 0, "a recorded "
                    + "skipped method is incomplete or out of range");
            return new JointSearch.Outcome(JointMethod.parse(method), null, simulations, discarded, generations, seconds, skipped);
        }
        Checkpoint.requireFits(method != null && mapping != null && plans != null && durations != null && labels != null
                && plans.size() == problem.patterns().length && durations.size() == plans.size() && labels.size() == plans.size()
                && simulations >= 0 && generations >= 0 && Double.isFinite(seconds) && seconds >= 0, "a recorded method is incomplete "
                + "or out of range");
        List<PatternPlan> out = new ArrayList<>();
        org.ccopt.flitsim.FlitRouter sim = problem.router();
        for (int k = 0; k < plans.size(); k++) {
            SimParameters p = plans.get(k);
            Checkpoint.requireFits(p != null && p.destination() != null && durations.get(k) != null, "a recorded plan is incomplete");
            out.add(new PatternPlan(p.config(sim), p.workload(), durations.get(k), labels.get(k)));
        }
        JointPlan plan;
        try {
            plan = new JointPlan(mapping, out);
            JointValidator.check(problem, plan, plan.cycles());
        } catch (IllegalStateException | org.ccopt.InvalidInputException e) {
            Checkpoint.requireFits(false, "the recorded " + method + " plan does not replay on this problem (" + e.getMessage() + ")");
            throw e;
        }
        return new JointSearch.Outcome(JointMethod.parse(method), plan, simulations, discarded, generations, seconds, null);
    }
}
