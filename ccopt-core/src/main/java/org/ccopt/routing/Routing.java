package org.ccopt.routing;

import org.ccopt.topology.Topology;

/** A deterministic routing function: one path (node sequence, source first) per source/destination pair. */
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
}
