package org.ccopt.flitsim.net;

import org.ccopt.InvalidInputException;
import org.ccopt.routing.RouterPorts;
import org.ccopt.routing.RoutingFunction;
import org.ccopt.routing.RoutingFunctions;
import org.ccopt.topology.Topology;
import org.ccopt.traffic.TrafficPattern;

/**
 * The set-up of the flit engine that its users share ({@code ccopt sim}, the node-mapping evaluator): the booksim
 * router on a network with a routing function by name, and an open source's destinations and process by name.
 */
public final class EngineSetup {

    /** The mean on period of an on-off source when none is asked for, in cycles. */
    public static final double DEFAULT_BURST = 16;

    private EngineSetup() {
    }

    /**
     * The booksim router on {@code topology} with the routing function {@code routing} (null: the network's default,
     * {@link RoutingFunctions#defaultName}) and {@code vcs} VCs per port (null: the function's
     * {@link RoutingFunction#defaultVcs}); one line where the function cannot route the network or needs more VCs.
     */
    public static NetworkSimulator booksim(Topology topology, String routing, Integer vcs, int bufferFlits) {
        return booksim(topology, routing, vcs, bufferFlits, RouterTiming.BOOKSIM);
    }

    /** As {@link #booksim(Topology, String, Integer, int)}, the router's pipeline and channels at {@code timing}. */
    public static NetworkSimulator booksim(Topology topology, String routing, Integer vcs, int bufferFlits,
                                           RouterTiming timing) {
        RouterPorts net = new RouterPorts(topology);
        RoutingFunction f = function(net, routing);
        return new NetworkSimulator(net, f, timing, vcs == null ? f.defaultVcs() : vcs, bufferFlits);
    }

    /**
     * The VCs per port of {@link #booksim} where none are asked for: the routing function's ({@code routing}, null: the
     * network's default; {@link RoutingFunction#defaultVcs}): 4 unless it needs more.
     */
    public static int defaultVcs(Topology topology, String routing) {
        RouterPorts net = new RouterPorts(topology);
        return function(net, routing).defaultVcs();
    }

    /** The routing function {@code routing} on {@code net}, or the network's default where it is null. */
    private static RoutingFunction function(RouterPorts net, String routing) {
        return RoutingFunctions.create(routing == null ? RoutingFunctions.defaultName(net) : routing, net);
    }

    /**
     * The destinations of an open source: {@code uniform}, {@code hotspot:T:SHARE[,T:SHARE...]}, or a permutation pattern of
     * {@link TrafficPattern} (drawn with {@code seed} where it is random).
     */
    public static Destinations destinations(String traffic, Topology topology, long seed) {
        if (traffic.startsWith("hotspot")) {
            if (!HOTSPOTS.matcher(traffic).matches()) {
                throw new InvalidInputException("traffic '" + traffic + "' is invalid; expected hotspot:T:SHARE[,T:SHARE...], "
                        + "e.g. hotspot:0:0.1 or hotspot:0:0.5,9:0.5");
            }
            String[] pairs = traffic.substring("hotspot:".length()).split(",");
            int[] spots = new int[pairs.length];
            double[] shares = new double[pairs.length];
            for (int i = 0; i < pairs.length; i++) {
                String[] p = pairs[i].split(":");
                spots[i] = Integer.parseInt(p[0]); // at most 9 digits (HOTSPOTS); the hotspot refuses one out of range
                shares[i] = Double.parseDouble(p[1]);
            }
            return new Destinations.Hotspot(topology.terminalCount(), spots, shares);
        }
        TrafficPattern pattern = TrafficPattern.parse(traffic);
        return pattern == TrafficPattern.UNIFORM ? new Destinations.Uniform(topology.terminalCount())
                : new Destinations.Fixed(pattern.destinations(topology, seed), TrafficPattern.isBookSimName(traffic));
    }

    /** {@code hotspot:T:SHARE[,T:SHARE...]}: terminals in ASCII digits, shares as decimals. */
    private static final java.util.regex.Pattern HOTSPOTS = java.util.regex.Pattern.compile(
            "hotspot:[0-9]{1,9}:([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(,[0-9]{1,9}:([0-9]+(\\.[0-9]*)?|\\.[0-9]+))*");

    /** An injection process by name: {@code bernoulli} or {@code on-off}. */
    public static OpenLoopTraffic.Process process(String name) {
        return switch (name) {
            case "bernoulli" -> OpenLoopTraffic.Process.BERNOULLI;
            case "on-off" -> OpenLoopTraffic.Process.ON_OFF;
            default -> throw new InvalidInputException("injection process '" + name + "' is unknown; expected bernoulli or on-off");
        };
    }
}
