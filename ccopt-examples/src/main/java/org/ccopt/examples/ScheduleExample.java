package org.ccopt.examples;

import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.PortModel;
import org.ccopt.schedule.Budget;
import org.ccopt.schedule.ScheduleProblem;
import org.ccopt.schedule.ScheduleValidator;
import org.ccopt.schedule.Scheduler;
import org.ccopt.schedule.Switching;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;

/**
 * A conflict-free step schedule of all-to-all broadcast (AAB) on the 16-node hypercube, one port, wormhole switching
 * (Jaros et al. 2007), checked again by the independent validator.
 */
public final class ScheduleExample {

    private ScheduleExample() {
    }

    public static void main(String[] args) {
        Topology t = TopologySpec.parse("hypercube:4");
        Collective aab = Collective.standard(CollectiveKind.AAB, t, 0);
        ScheduleProblem p = new ScheduleProblem(t, aab, PortModel.parse("1"), Switching.WH, 0, 1000);
        long bound = Scheduler.lowerBound(p);
        Scheduler.Result r = new Scheduler(p, bound, new Scheduler.Settings(Scheduler.Solver.AUTO, null, 1, 1),
                Budget.seconds(30), null).run();
        ScheduleValidator.Report check = ScheduleValidator.check(p, r.schedule());
        System.out.printf("AAB on hypercube:4: %d steps, lower bound %d, %s (%s); validator: %s%n", r.steps(), bound,
                r.status(), r.solver(), check.ok() ? "conflict-free" : check.messages());
    }
}
