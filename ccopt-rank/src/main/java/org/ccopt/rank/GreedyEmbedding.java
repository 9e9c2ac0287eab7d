package org.ccopt.rank;

/**
 * A greedy embedding of the ranks' communication graph into the mapped nodes, a constructive start for the swap
 * searches of the kind graph-mapping tools pair with a refinement (Hoefler and Snir 2011 evaluate greedy mapping
 * beside recursive bisection); the rules below are ccopt's own:
 *
 * <ol>
 *   <li>The rank with the largest volume (sent plus received; ties: lowest rank) goes to the most central mapped
 *       node, the one with the least total distance to the others (ties: lowest node).
 *   <li>Then, until every rank is placed: the unplaced rank with the most volume to placed ranks (ties: the most
 *       volume overall, then the lowest rank) goes to the free node that adds the least hop volume to its placed
 *       partners (ties: the free node closest in total to all mapped nodes, then the lowest). A rank with no
 *       placed partner (another component of the graph) is placed by the same rule, at the most central free node.
 * </ol>
 *
 * <p>Time: O(P^2 + P * E) for P ranks and E transfers, with no allocation in the loop. Deterministic.
 */
final class GreedyEmbedding {

    private GreedyEmbedding() {
    }

    /** The slot of every rank. */
    static int[] slots(CollectiveMix mix, DistanceTable distances) {
        int p = mix.procs();
        long[] centrality = new long[p];
        for (int s = 0; s < p; s++) {
            long sum = 0;
            for (int u = 0; u < p; u++) {
                sum += distances.distance(s, u) + distances.distance(u, s);
            }
            centrality[s] = sum;
        }
        long[] total = new long[p];
        for (int t = 0; t < mix.transferCount(); t++) {
            total[mix.source[t]] += mix.weight[t];
            total[mix.destination[t]] += mix.weight[t];
        }
        long[] toPlaced = new long[p];
        int[] slot = new int[p];
        java.util.Arrays.fill(slot, -1);
        boolean[] used = new boolean[p];
        for (int placed = 0; placed < p; placed++) {
            int next = -1;
            for (int r = 0; r < p; r++) {
                if (slot[r] < 0 && (next < 0 || toPlaced[r] > toPlaced[next]
                        || toPlaced[r] == toPlaced[next] && total[r] > total[next])) {
                    next = r;
                }
            }
            int best = -1;
            long bestCost = Long.MAX_VALUE;
            for (int s = 0; s < p; s++) {
                if (used[s]) {
                    continue;
                }
                long cost = 0;
                for (int i = mix.incidentStart[next], end = mix.incidentStart[next + 1]; i < end; i++) {
                    int other = mix.incidentOther[i];
                    if (slot[other] >= 0) {
                        int t = mix.incident[i];
                        cost += (long) mix.weight[t] * (mix.source[t] == next ? distances.distance(s, slot[other])
                                : distances.distance(slot[other], s));
                    }
                }
                if (cost < bestCost || cost == bestCost && centrality[s] < centrality[best]) {
                    best = s;
                    bestCost = cost;
                }
            }
            slot[next] = best;
            used[best] = true;
            for (int i = mix.incidentStart[next], end = mix.incidentStart[next + 1]; i < end; i++) {
                toPlaced[mix.incidentOther[i]] += mix.incidentWeight[i];
            }
        }
        return slot;
    }
}
