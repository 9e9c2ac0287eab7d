package org.ccopt.routing;

import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;

/**
 * A deterministic routing function: one path (node sequence, source first) per source/destination pair. The routing
 * functions of indirect networks (destination-tag, Clos, up*&#47;down*) are defined between terminals only and refuse
 * a switch as an endpoint ({@link #requireTerminals}); {@link #check} proves a route is a walk of the graph.
 */
public interface Routing {

    Topology topology();

    /** The route from {@code source} to {@code destination}; {@code [source]} when they are equal. */
    int[] route(int source, int destination);

    /** A short name for output, e.g. {@code dimension-order}. */
    String name();

    /** Hop count of the route, by default its node count minus one. */
    default int hops(int source, int destination) {
        return route(source, destination).length - 1;
    }

    /**
     * Refuses, with one line, a pair that is not two terminals: the routing functions of indirect networks route
     * between terminals, and a switch endpoint would give a path over links that do not exist.
     */
    static void requireTerminals(Topology t, String routing, int source, int destination) {
        if (!t.isTerminal(source) || !t.isTerminal(destination)) {
            throw new InvalidInputException("node " + (t.isTerminal(source) ? destination : source) + " of " + t.spec()
                    + " is a switch; " + routing + " routing runs between terminals, 0.." + (t.terminalCount() - 1));
        }
    }

    /**
     * The independent check of a route before it is shown: it starts at {@code source}, ends at {@code destination}
     * and every hop is a channel of the topology; an internal error naming the first bad hop otherwise.
     */
    static int[] check(Topology t, int[] route, int source, int destination) {
        if (route.length == 0 || route[0] != source || route[route.length - 1] != destination) {
            throw new IllegalStateException("route " + java.util.Arrays.toString(route) + " does not run from " + source
                    + " to " + destination + " on " + t.spec());
        }
        for (int i = 0; i + 1 < route.length; i++) {
            if (t.channel(route[i], route[i + 1]) < 0) {
                throw new IllegalStateException("route " + java.util.Arrays.toString(route) + " uses " + route[i] + " -> "
                        + route[i + 1] + ", which is no link of " + t.spec());
            }
        }
        return route;
    }
}
