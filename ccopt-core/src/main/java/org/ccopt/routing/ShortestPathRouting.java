package org.ccopt.routing;

import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;

/**
 * A fixed shortest path: at every node the lowest-index next hop that lies on a minimal path, i.e. minimal
 * path number 0 of {@link MinimalPaths}. The default for topologies without a structured routing (random
 * shortcut, circulant, Dragonfly, trees, files); on trees it is the unique path through the nearest common
 * ancestor.
 */
public final class ShortestPathRouting implements Routing {

    private final MinimalPaths paths;

    public ShortestPathRouting(MinimalPaths paths) {
        this.paths = paths;
    }

    @Override
    public Topology topology() {
        return paths.topology();
    }

    @Override
    public int[] route(int source, int destination) {
        if (paths.count(source, destination) == 0) {
            throw new InvalidInputException("node " + destination + " is unreachable from " + source
                    + " in " + paths.topology().spec() + " by a path through switches; expected a network where every "
                    + "node reaches every other without relaying through a processor");
        }
        return paths.path(source, destination, 0);
    }

    @Override
    public int hops(int source, int destination) {
        return paths.length(source, destination);
    }

    @Override
    public String name() {
        return "shortest-path";
    }
}
