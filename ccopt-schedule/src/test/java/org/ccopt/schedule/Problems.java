package org.ccopt.schedule;

import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.PortModel;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;

/** Test helpers: problems from short specs. */
final class Problems {

    private Problems() {
    }

    /**
     * A budget whose end does not depend on the machine: caps on evaluations (and min-conflicts' iterations) and on
     * CP-SAT's deterministic time; the wall clock (10 minutes) only as a safety net. A search asserted in a test ends
     * by these caps or by reaching its target, so its answer is the same on any machine.
     */
    static Budget deterministic() {
        return Budget.seconds(600).withEvaluations(50_000_000).withDeterministicTime(120);
    }

    static ScheduleProblem of(String topology, String kind, String ports) {
        return of(topology, kind, ports, Switching.WH);
    }

    static ScheduleProblem of(String topology, String kind, String ports, Switching switching) {
        Topology t = TopologySpec.parse(topology);
        return new ScheduleProblem(t, Collective.standard(CollectiveKind.parse(kind), t, 0), PortModel.parse(ports),
                switching, 0, 1024);
    }
}
