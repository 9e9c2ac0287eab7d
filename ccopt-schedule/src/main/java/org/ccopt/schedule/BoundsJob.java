package org.ccopt.schedule;

import java.util.List;
import org.ccopt.collective.Collective;
import org.ccopt.collective.PortModel;
import org.ccopt.job.DeclaredJob;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;

/**
 * {@code ccopt bounds} as a library job: the lower bound on the steps of a collective (Jaros et al. 2007, Table 1, and
 * its refinements, {@link ScheduleJob#bound}), with its options.
 */
public final class BoundsJob extends DeclaredJob<BoundsJob.Request, ScheduleJob.BoundReport> {

    /** A collective on a network, its port model and switching. */
    public record Request(Topology topology, Collective collective, PortModel ports, Switching switching) {
    }

    private static final JobOptions OPTIONS = JobOptions.of("bounds", List.of(TopologySpec.OPTION), Collective.OPTIONS,
            List.of(JobOption.text("switching", "wh|sf|sf-router", "Wormhole, or store-and-forward, which adds the arrival "
                    + "bound (the message of s reaches r no earlier than step dist(s, r)) and, for scatters, the departure "
                    + "and load bounds; sf-router for scatters whose passing messages use no ports").withDefault("wh")));

    /** The job of {@code ccopt bounds}. (declared after the options its constructor reads) */
    public static final BoundsJob JOB = new BoundsJob();

    /** For {@link java.util.ServiceLoader}; use {@link #JOB}. */
    public BoundsJob() {
        super(OPTIONS, BoundsJob::read, q -> ScheduleJob.boundReport(q.topology(), q.collective(), q.ports(), q.switching()),
                ScheduleJob.BoundReport::figures);
    }

    private static Request read(JobOptions.Values v) {
        Topology t = TopologySpec.parse(v.text("topology"));
        return new Request(t, Collective.of(v, t), Collective.portModel(v, t), Switching.parse(v.text("switching")));
    }
}
