package org.ccopt.schedule;

import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.PortModel;
import org.ccopt.topology.Topology;
import org.ccopt.topology.TopologySpec;

/** Test helpers: problems from short specs. */
final class Problems {

    private Problems() {
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
