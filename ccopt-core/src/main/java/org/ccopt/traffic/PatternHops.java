package org.ccopt.traffic;

import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.HopDistances;

/**
 * The hops of a permutation pattern on a network, what {@code ccopt traffic} reports: the nodes that send (those whose
 * destination is not themselves), the hops of their minimal paths in all, and the longest.
 *
 * @param senders   nodes with a destination other than themselves
 * @param totalHops the sum over the senders of the minimal hop count to their destination
 * @param maxHops   the longest of them
 */
public record PatternHops(int senders, long totalHops, int maxHops) {

    /** The hops of {@code destination} on {@code t}; refuses, with one line, a destination a sender cannot reach. */
    public static PatternHops of(Topology t, int[] destination) {
        HopDistances distances = new HopDistances(t);
        long total = 0;
        int max = 0;
        int senders = 0;
        for (int s = 0; s < destination.length; s++) {
            if (destination[s] != s) {
                int d = distances.distance(s, destination[s]);
                if (d < 0) {
                    throw new InvalidInputException("node " + destination[s] + " is unreachable from " + s + " in " + t.spec()
                            + "; expected a network where every sender reaches its destination");
                }
                total += d;
                max = Math.max(max, d);
                senders++;
            }
        }
        return new PatternHops(senders, total, max);
    }

    /** Hops per sender (0 where none sends). */
    public double averageHops() {
        return senders == 0 ? 0.0 : (double) totalHops / senders;
    }
}
