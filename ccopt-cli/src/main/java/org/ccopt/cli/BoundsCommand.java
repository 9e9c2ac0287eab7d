package org.ccopt.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.LowerBounds;
import org.ccopt.collective.PortModel;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.BisectionWidth;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ccopt bounds}: the lower bound on the steps of a collective (Jaros et al. 2007, Table 1 and refinements). */
@Command(name = "bounds", mixinStandardHelpOptions = true,
        description = "Lower bound on the number of conflict-free steps of a collective under wormhole switching.")
final class BoundsCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    TopologyOption topology;

    @Option(names = "--cc", required = true, paramLabel = "KIND", description = "OAB, OAS, AAB, AAS, MNB, MNS, AOG or AOR.")
    String cc;

    @Option(names = "--ports", defaultValue = "1", paramLabel = "1|K|all", description = "Port model (default: ${DEFAULT-VALUE}).")
    String ports;

    @Option(names = "--root", defaultValue = "0", description = "Root terminal of one-to-all / all-to-one kinds (default: ${DEFAULT-VALUE}).")
    int root;

    @Option(names = "--senders", paramLabel = "LIST", description = "Sender terminals, e.g. 0-7,9 (default: by kind).")
    String senders;

    @Option(names = "--receivers", paramLabel = "LIST", description = "Receiver terminals (default: by kind).")
    String receivers;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        Topology t = topology.build();
        CollectiveKind kind = CollectiveKind.parse(cc);
        PortModel portModel = PortModel.parse(ports);
        Collective base = Collective.standard(kind, t, root);
        Collective c = Collective.of(kind, t,
                senders == null ? base.senders() : Collective.parseList(senders),
                receivers == null ? base.receivers() : Collective.parseList(receivers));
        BisectionWidth.Result bisection = null;
        if (kind == CollectiveKind.AAS || kind == CollectiveKind.MNS) {
            BisectionWidth.Result b = new BisectionWidth(t).compute(20_000_000, 1);
            bisection = b.exact() ? b : null;
        }
        LowerBounds.Bound bound = new LowerBounds(t, bisection).of(c, portModel);
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("topology", t.spec());
        r.put("cc", kind.name());
        r.put("ports", portModel.toString());
        r.put("senders", c.senders().length);
        r.put("receivers", c.receivers().length);
        r.put("lowerBound", bound.steps());
        r.put("formula", bound.formula());
        r.put("arguments", bound.arguments());
        r.put("bisectionUsed", bisection != null);
        var w = spec.commandLine().getOut();
        if (json) {
            w.println(Json.write(r));
        } else {
            w.printf("%s on %s, %s: at least %d steps%n", kind, t.spec(), portModel, bound.steps());
            w.println("  decided by: " + bound.formula());
            for (String a : bound.arguments()) {
                w.println("  " + a);
            }
        }
        return Main.OK;
    }
}
