package org.ccopt.rank;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.ccopt.mpi.CommMatrix;
import org.ccopt.mpi.Transfer;
import org.ccopt.mpi.TransferList;
import org.ccopt.routing.MinimalPaths;
import org.ccopt.routing.Routing;
import org.ccopt.routing.Routings;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.HopDistances;

/**
 * Re-checks a placement independently of the optimiser's data structures: the rank list must be a permutation
 * of the job's mapped terminals; total hops are recomputed from the core's transfer lists ({@link TransferList}) or
 * the communication matrix's entries
 * and plain BFS over the network ({@link HopDistances#bfs}), not from the {@link DistanceTable}; contention is
 * recomputed from the core's deterministic routes, not from the {@link RouteTable}.
 *
 * <p>When a BFS from every rank would cost more than {@link #EXACT_BUDGET} channel visits (tens of thousands of
 * processes), the BFS check covers a seeded sample of {@link #SAMPLE} source ranks, every transfer they send
 * is compared with the distance table, and the total is re-added from the core's transfer lists over the
 * (thus spot-checked) table; the report says so.
 */
public final class PlacementValidator {

    static final long EXACT_BUDGET = 4_000_000_000L;
    static final int SAMPLE = 256;

    private PlacementValidator() {
    }

    /** What was checked. */
    public record Report(boolean exact, int ranksChecked, long totalHops, long contention) {
    }

    /**
     * @param ranks              terminal of every rank
     * @param expectedHops       the optimiser's total hops
     * @param expectedContention the optimiser's contention, or -1 to skip that check
     * @throws IllegalStateException on any mismatch
     */
    public static Report check(RankProblem problem, int[] ranks, long expectedHops, long expectedContention) {
        Topology t = problem.topology();
        int p = problem.procs();
        int[] mapped = problem.nodes();
        if (ranks.length != p) {
            throw new IllegalStateException("placement has " + ranks.length + " ranks, expected " + p);
        }
        int[] sorted = ranks.clone();
        Arrays.sort(sorted);
        if (!Arrays.equals(sorted, mapped)) {
            throw new IllegalStateException("placement is not a permutation of the mapped terminals");
        }
        Demands demands = Demands.of(problem.mix(), p);
        int n = t.nodeCount();
        boolean exact = (long) p * (n + t.channelCount()) <= EXACT_BUDGET;
        boolean[] sampled = new boolean[p];
        if (exact) {
            Arrays.fill(sampled, true);
        } else {
            SplittableRandom random = new SplittableRandom(0x5eedL);
            for (int k = 0; k < SAMPLE; k++) {
                sampled[random.nextInt(p)] = true;
            }
        }
        int[] dist = new int[n];
        int[] queue = new int[n];
        long total = 0;
        int checked = 0;
        // group the transfers by source rank so one BFS serves all of a rank's sends
        int[][] bySource = demands.bySource(p);
        for (int r = 0; r < p; r++) {
            if (sampled[r]) {
                HopDistances.bfs(t, ranks[r], false, dist, queue);
                checked++;
            }
            for (int k = 0; k < bySource[r].length; k += 2) {
                int dst = bySource[r][k];
                int w = demands.weight[bySource[r][k + 1]];
                int d;
                if (sampled[r]) {
                    d = dist[ranks[dst]];
                    int table = problem.distances().distance(problem.slotOf(ranks[r]), problem.slotOf(ranks[dst]));
                    if (d != table) {
                        throw new IllegalStateException("distance " + ranks[r] + " -> " + ranks[dst] + " is " + d
                                + " by BFS but " + table + " in the distance table");
                    }
                } else {
                    d = problem.distances().distance(problem.slotOf(ranks[r]), problem.slotOf(ranks[dst]));
                }
                total += (long) w * d;
            }
        }
        if (total != expectedHops) {
            throw new IllegalStateException("total hops recomputed as " + total + ", the optimiser reported " + expectedHops);
        }
        long contention = -1;
        if (expectedContention >= 0) {
            contention = contention(t, ranks, demands);
            if (contention != expectedContention) {
                throw new IllegalStateException("contention recomputed as " + contention + ", the optimiser reported "
                        + expectedContention);
            }
        }
        return new Report(exact, checked, total, contention);
    }

    /**
     * The transfers re-derived from what the user gave, not from the mix's flattened arrays: the core's transfer
     * lists of the collectives, or the communication matrix's entries; each with its source, destination, step (steps
     * of different collectives apart), weight of its hops, and weight of a contention pair.
     */
    private record Demands(int[] source, int[] destination, int[] step, int[] weight, int[] pairWeight) {

        static Demands of(CollectiveMix mix, int p) {
            java.util.List<int[]> rows = new java.util.ArrayList<>();
            if (mix.matrix() != null) {
                CommMatrix m = mix.matrix();
                for (int k = 0; k < m.entries(); k++) {
                    rows.add(new int[] {m.source()[k], m.target()[k], 0, m.volume()[k], 1});
                }
            }
            int offset = 0;
            for (CollectiveMix.Part part : mix.parts()) {
                TransferList list = part.algorithm().transfers(p);
                for (Transfer x : list.transfers()) {
                    if (x.source() != x.destination()) {
                        rows.add(new int[] {x.source(), x.destination(), offset + x.step(), part.weight(), part.weight()});
                    }
                }
                offset += list.steps();
            }
            int n = rows.size();
            Demands d = new Demands(new int[n], new int[n], new int[n], new int[n], new int[n]);
            for (int i = 0; i < n; i++) {
                int[] r = rows.get(i);
                d.source[i] = r[0];
                d.destination[i] = r[1];
                d.step[i] = r[2];
                d.weight[i] = r[3];
                d.pairWeight[i] = r[4];
            }
            return d;
        }

        /** Per source rank: pairs (destination rank, transfer index) of its transfers. */
        int[][] bySource(int p) {
            int[] count = new int[p];
            for (int s : source) {
                count[s]++;
            }
            int[][] out = new int[p][];
            for (int r = 0; r < p; r++) {
                out[r] = new int[2 * count[r]];
            }
            int[] fill = new int[p];
            for (int i = 0; i < source.length; i++) {
                int at = fill[source[i]];
                out[source[i]][at] = destination[i];
                out[source[i]][at + 1] = i;
                fill[source[i]] = at + 2;
            }
            return out;
        }
    }

    private static long contention(Topology t, int[] ranks, Demands d) {
        Routing routing = Routings.deterministic(t, new MinimalPaths(t));
        Map<Long, Integer> users = new HashMap<>();
        long pairs = 0;
        for (int i = 0; i < d.source.length; i++) {
            int[] path = routing.route(ranks[d.source[i]], ranks[d.destination[i]]);
            for (int k = 0; k + 1 < path.length; k++) {
                long key = (long) d.step[i] * t.channelCount() + t.channel(path[k], path[k + 1]);
                int before = users.merge(key, 1, Integer::sum) - 1;
                pairs += (long) d.pairWeight[i] * before;
            }
        }
        return pairs;
    }
}
