package org.ccopt.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.LowerBounds;
import org.ccopt.collective.PortModel;
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
        Collective c = collective.build(t);
        CollectiveKind kind = c.kind();
        PortModel portModel = collective.portModel();
        Switching sw = Switching.parse(switching);
        LowerBounds.Bound bound = ScheduleJob.bound(t, c, portModel, sw);
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("topology", t.spec());
        r.put("cc", kind.name());
        r.put("ports", portModel.toString());
        r.put("switching", sw.label());
        r.put("senders", c.senders().length);
        r.put("receivers", c.receivers().length);
        r.put("lowerBound", bound.steps());
        r.put("formula", bound.formula());
        r.put("arguments", bound.arguments());
        r.put("bisectionUsed", bound.bisectionUsed());
        var w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, r);
        } else {
            w.printf("%s on %s, %s, %s: at least %d steps%n", kind, t.spec(), portModel, sw.label(), bound.steps());
            w.println("  decided by: " + bound.formula());
            for (String a : bound.arguments()) {
                w.println("  " + a);
            }
        }
        return Main.OK;
    }
}
