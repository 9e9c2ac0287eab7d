package org.ccopt.rank;

import org.ccopt.InvalidInputException;
import org.ccopt.routing.MinimalPaths;
import org.ccopt.routing.Routing;
import org.ccopt.routing.Routings;
import org.ccopt.topology.Topology;

/**
 * The fixed route of every ordered pair of mapped terminals as channel ids, from the topology's deterministic
 * routing ({@link Routings#deterministic}: dimension order on tori, the lowest-index shortest path on random
 * shortcut, circulant and Dragonfly networks, as SimGrid's Floyd routing in the thesis fixes one shortest path
 * per pair). The contention objective counts channels shared by transfers of the same step along these routes.
 * Stored flat (P^2 routes), so it is limited to {@link #MAX_PROCS} processes.
 */
final class RouteTable {

    public static final int MAX_PROCS = 2048;

    private final int size;
    private final int channels;
    private final int[] start;
    private final int[] route;

    private RouteTable(int size, int channels, int[] start, int[] route) {
        this.size = size;
        this.channels = channels;
        this.start = start;
        this.route = route;
    }

    public static RouteTable build(Topology t, int[] nodes) {
        int p = nodes.length;
        if (p > MAX_PROCS) {
            throw InvalidInputException.parameter("objective", "contention stores the route of every process pair and takes at most "
                    + MAX_PROCS + " processes, not " + p + "; expected objective hops for larger jobs");
        }
        Routing routing = Routings.deterministic(t, new MinimalPaths(t));
        int[] start = new int[p * p + 1];
        int[][] rows = new int[p * p][];
        int total = 0;
        for (int i = 0; i < p; i++) {
            for (int j = 0; j < p; j++) {
                int[] path = i == j ? new int[] {nodes[i]} : routing.route(nodes[i], nodes[j]);
                int[] ch = new int[path.length - 1];
                for (int k = 0; k + 1 < path.length; k++) {
                    ch[k] = t.channel(path[k], path[k + 1]);
                }
                rows[i * p + j] = ch;
                total += ch.length;
                start[i * p + j + 1] = total;
            }
        }
        int[] route = new int[total];
        for (int r = 0; r < rows.length; r++) {
            System.arraycopy(rows[r], 0, route, start[r], rows[r].length);
        }
        return new RouteTable(p, t.channelCount(), start, route);
    }

    int size() {
        return size;
    }

    int channelCount() {
        return channels;
    }

    int start(int from, int to) {
        return start[from * size + to];
    }

    int end(int from, int to) {
        return start[from * size + to + 1];
    }

    int channel(int index) {
        return route[index];
    }
}
