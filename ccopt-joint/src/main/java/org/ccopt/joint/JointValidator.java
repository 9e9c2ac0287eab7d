package org.ccopt.joint;

import java.util.Arrays;
import org.ccopt.flitsim.FlitRouter;
import org.ccopt.flitsim.NodeMapping;
import org.ccopt.flitsim.SimParameters;
import org.ccopt.flitsim.Workload;

/**
 * Independent re-check of a spatio-temporal result before it is printed, along the path a user replays it by
 * ({@code ccopt sim --mapping M --params P}): every pattern's plan is written as a parameter file with logical
 * destinations ({@link PlanFiles#parameters}), read back, placed by the mapping with {@link NodeMapping#apply} and
 * simulated on a fresh simulator; each duration, and their sum, must be what the optimizer claims.
 */
public final class JointValidator {

    private JointValidator() {
    }

    /** Throws {@link IllegalStateException} naming the first difference. */
    public static void check(JointProblem problem, JointPlan plan, long claimedCycles) {
        if (plan.plans().size() != problem.patterns().length) {
            throw new IllegalStateException("validation failed: " + plan.plans().size() + " plans for " + problem.patterns().length
                    + " patterns");
        }
        FlitRouter sim = problem.router();
        long total = 0;
        for (int k = 0; k < problem.patterns().length; k++) {
            PatternPlan p = plan.plans().get(k);
            int[] placed = NodeMapping.apply(plan.mapping(), problem.patterns()[k]);
            if (!Arrays.equals(placed, p.workload().destination())) {
                throw new IllegalStateException("validation failed: the plan of pattern " + problem.names().get(k)
                        + " does not send the mapped pattern");
            }
            SimParameters file = SimParameters.parse(PlanFiles.parameters(problem, plan, k).toJson());
            Workload w = file.workload();
            Workload replayed = w.withDestination(NodeMapping.apply(plan.mapping(), w.destination()));
            int d = sim.run(file.config(sim), replayed).durationCycles();
            if (d != p.duration()) {
                throw new IllegalStateException("validation failed: pattern " + problem.names().get(k) + " replays in " + d
                        + " cycles; the optimizer reported " + p.duration());
            }
            total += d;
        }
        if (total != claimedCycles) {
            throw new IllegalStateException("validation failed: the patterns replay in " + total + " cycles in all; the optimizer "
                    + "reported " + claimedCycles);
        }
    }
}
