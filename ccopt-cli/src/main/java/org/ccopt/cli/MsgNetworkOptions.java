package org.ccopt.cli;

import java.util.List;
import java.util.Locale;
import org.ccopt.InvalidInputException;
import org.ccopt.msgsim.CollectivePrograms;
import org.ccopt.msgsim.MessageSimulator;
import org.ccopt.msgsim.MsgNetwork;
import org.ccopt.topology.Topology;
import picocli.CommandLine.Option;

/**
 * The message-level network and its sharing model, shared by {@code msgsim} and the schedule replay of
 * {@code schedule --replay} (Cui 2024, §3.4.1 for the defaults; SimGrid's models for the alternatives).
 */
final class MsgNetworkOptions {

    /** The option names, for commands that accept them only together with another option. */
    static final List<String> NAMES = List.of("--bandwidth", "--latency", "--sharing", "--cross-traffic", "--duplex",
            "--host-links", "--overhead", "--small-factor", "--small-bytes");

    @Option(names = "--bandwidth", defaultValue = "100Gbps", description = "Link bandwidth (default: ${DEFAULT-VALUE}).")
    String bandwidth;

    @Option(names = "--latency", defaultValue = "100ns", description = "Latency per router-to-router link (default: ${DEFAULT-VALUE}).")
    String latency;

    @Option(names = "--sharing", defaultValue = "maxmin", paramLabel = "maxmin|cm02|lv08",
            description = "Bandwidth sharing: max-min fair; weighted by 1/route latency as SimGrid's CM02; or SimGrid's default LV08 "
                    + "(CM02 with latency x 13.01, bandwidth x 0.97, penalty latency + 20537 B / bandwidth per link) (default: ${DEFAULT-VALUE}).")
    String sharing;

    @Option(names = "--cross-traffic",
            description = "Every flow also loads the route back with 5 %% of its rate, as SimGrid's network/crosstraffic (on by default there).")
    boolean crossTraffic;

    @Option(names = "--duplex", paramLabel = "shared|split",
            description = "A link is one resource for both directions (SimGrid's default SHARED policy) or one per direction "
                    + "(default: shared for msgsim; split for a schedule replay, whose channels are one per direction).")
    String duplex;

    @Option(names = "--host-links", paramLabel = "on|off",
            description = "Whether every message also crosses its terminals' host links (default: on for msgsim, the "
                    + "thesis's platform; off for a schedule replay, whose nodes send on as many channels as their ports).")
    String hostLinks;

    @Option(names = "--overhead", defaultValue = "0s", description = "Start-up overhead added to every message (default: ${DEFAULT-VALUE}).")
    String overhead;

    @Option(names = "--small-factor", defaultValue = "1", description = "Bandwidth factor of messages under --small-bytes (default: ${DEFAULT-VALUE}, off).")
    double smallFactor;

    @Option(names = "--small-bytes", defaultValue = "0B", description = "Threshold of --small-factor (default: ${DEFAULT-VALUE}).")
    String smallBytes;

    /**
     * The network; {@code stepModel} picks the defaults of a schedule replay (no host links, split duplex: a node
     * sends on as many channels as its ports, a channel is one direction) instead of msgsim's (the thesis's platform).
     */
    MsgNetwork network(Topology t, boolean stepModel) {
        boolean hostLinksByDefault = !stepModel;
        boolean host = hostLinks == null ? hostLinksByDefault : switch (hostLinks.trim().toLowerCase(Locale.ROOT)) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new InvalidInputException("--host-links " + hostLinks + " is invalid; expected on or off");
        };
        return new MsgNetwork(t, CollectivePrograms.parseBandwidth(bandwidth), CollectivePrograms.parseSeconds(latency),
                duplex == null ? (stepModel ? MsgNetwork.Duplex.SPLIT : MsgNetwork.Duplex.SHARED) : parseDuplex(duplex), host);
    }

    MessageSimulator.Options options() {
        return new MessageSimulator.Options(MessageSimulator.Sharing.parse(sharing),
                CollectivePrograms.parseSeconds(overhead), smallFactor, CollectivePrograms.parseBytes(smallBytes), crossTraffic);
    }

    static MsgNetwork.Duplex parseDuplex(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "shared" -> MsgNetwork.Duplex.SHARED;
            case "split" -> MsgNetwork.Duplex.SPLIT;
            default -> throw new InvalidInputException("unknown duplex '" + text + "'; expected shared or split");
        };
    }
}
