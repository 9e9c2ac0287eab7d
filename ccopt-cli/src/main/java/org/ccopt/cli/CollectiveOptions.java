package org.ccopt.cli;

import org.ccopt.InvalidInputException;
import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.PortModel;
import org.ccopt.topology.Topology;
import picocli.CommandLine.Option;

/** The shared options that name a collective and its port model: {@code --cc --senders --receivers --root --ports}. */
final class CollectiveOptions {

    @Option(names = "--cc", paramLabel = "KIND", description = "OAB, OAS, AAB, AAS, MNB, MNS, AOG, AOR or AAR (required).")
    String cc;

    @Option(names = "--ports", defaultValue = "1", paramLabel = "1|K|all", description = "Port model (default: ${DEFAULT-VALUE}).")
    String ports;

    @Option(names = "--root", defaultValue = "0", description = "Root terminal of one-to-all / all-to-one kinds (default: ${DEFAULT-VALUE}).")
    int root;

    @Option(names = "--senders", paramLabel = "LIST", description = "Sender terminals, e.g. 0-7,9 (default: by kind).")
    String senders;

    @Option(names = "--receivers", paramLabel = "LIST", description = "Receiver terminals (default: by kind).")
    String receivers;

    Collective build(Topology t) {
        if (cc == null) {
            throw new InvalidInputException("missing --cc; expected one of OAB, OAS, AAB, AAS, MNB, MNS, AOG, AOR, AAR");
        }
        CollectiveKind kind = CollectiveKind.parse(cc);
        Collective base = Collective.standard(kind, t, root);
        return Collective.of(kind, t,
                senders == null ? base.senders() : Collective.parseList(senders, t.terminalCount()),
                receivers == null ? base.receivers() : Collective.parseList(receivers, t.terminalCount()));
    }

    PortModel portModel() {
        return PortModel.parse(ports);
    }
}
