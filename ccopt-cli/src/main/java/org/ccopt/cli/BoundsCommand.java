package org.ccopt.cli;

import java.util.concurrent.Callable;
import org.ccopt.schedule.ScheduleJob;
import org.ccopt.schedule.Switching;
import org.ccopt.topology.Topology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ccopt bounds}: the lower bound on the steps of a collective (Jaros et al. 2007, Table 1 and refinements). */
@Command(name = "bounds", mixinStandardHelpOptions = true,
        description = "Lower bound on the number of conflict-free steps of a collective under wormhole switching "
                + "(scatters: also on minimal routes, the transfers that pairwise must conflict).")
final class BoundsCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    TopologyOption topology;

    @Mixin
    CollectiveOptions collective;

    @Option(names = "--switching", defaultValue = "wh", paramLabel = "wh|sf|sf-router",
            description = "Wormhole, or store-and-forward, which adds the arrival bound (the message of s reaches r no "
                    + "earlier than step dist(s, r)) and, for scatters, the departure and load bounds; sf-router for "
                    + "scatters whose passing messages use no ports (default: ${DEFAULT-VALUE}).")
    String switching;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        Topology t = topology.build();
        ScheduleJob.BoundReport report = ScheduleJob.boundReport(t, collective.build(t), collective.portModel(),
                Switching.parse(switching));
        var w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, report.figures());
        } else {
            report.lines().forEach(w::println);
        }
        return Main.OK;
    }
}
