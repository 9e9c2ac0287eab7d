package org.ccopt.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.PortModel;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The conflict clique: pairwise must-conflict transfers, checked against an independent count and brute force. */
class ConflictCliqueTest {

    /**
     * The fat Octagon from routers' processors 0-7 to 8-15 (Jaros et al. 2007, Table 5): the per-node terms give 8,
     * the minimum cut 11, and twelve transfers pairwise share a channel on every minimal route; the exact model's
     * 12-step schedule is therefore optimal by the bound alone.
     */
    @Test
    void fatOctagonMToNHasATwelveClique() {
        Topology t = TopologySpec.parse("fat-octagon");
        ScheduleProblem p = new ScheduleProblem(t, Collective.of(CollectiveKind.MNS, t, range(0, 8), range(8, 16)),
                PortModel.parse("1"), Switching.WH, 0, ScheduleProblem.DEFAULT_PATH_LIMIT);
        ConflictClique c = ConflictClique.of(p);
        assertThat(c.size()).isEqualTo(12);
        assertThat(c.proven()).isTrue();
        assertPairwiseMustConflict(p, c.transfers());
        assertThat(Scheduler.bound(p).steps()).isEqualTo(12);
        assertThat(Scheduler.bound(p).formula()).contains("12 transfers that pairwise must conflict");
    }

    /** A broadcast with relays has no clique term (a transfer may start at any holder of the message). */
    @Test
    void broadcastsWithRelaysKeepTheCollectiveBound() {
        ScheduleProblem p = Problems.of("fat-octagon", "AAB", "1");
        assertThat(Scheduler.bound(p).arguments()).noneMatch(a -> a.contains("pairwise must conflict"));
    }

    static Stream<Arguments> smallProblems() {
        String[] topologies = {"mesh:3x3", "torus:3x3", "octagon", "fat-octagon", "btree:8", "omega:8", "clos:2,2,2",
            "coated-mesh:2x2", "hypercube:3", "ring:6"};
        Random r = new Random(20261125L);
        List<Arguments> cases = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            String spec = topologies[i % topologies.length];
            Topology t = TopologySpec.parse(spec);
            int n = t.terminalCount();
            int[] senders = sample(r, n, 1 + r.nextInt(3));
            int[] receivers = sample(r, n, 2 + r.nextInt(4));
            String ports = r.nextBoolean() ? "1" : "all";
            cases.add(Arguments.of(spec, senders, receivers, ports));
        }
        return cases.stream();
    }

    /**
     * Seeded random scatters of at most 20 transfers: the clique is pairwise must-conflict (recomputed from the
     * routes with sets) and no larger must-conflict set exists (every subset tried).
     */
    @ParameterizedTest(name = "{0} {1} -> {2}, {3}-port")
    @MethodSource("smallProblems")
    void cliqueIsAMaximumMustConflictSet(String spec, int[] senders, int[] receivers, String ports) {
        Topology t = TopologySpec.parse(spec);
        ScheduleProblem p = new ScheduleProblem(t, Collective.of(CollectiveKind.MNS, t, senders, receivers),
                PortModel.parse(ports), Switching.WH, 0, ScheduleProblem.DEFAULT_PATH_LIMIT);
        ConflictClique c = ConflictClique.of(p);
        assertPairwiseMustConflict(p, c.transfers());
        int n = p.transferCount();
        assertThat(n).isLessThanOrEqualTo(20);
        boolean[][] edge = new boolean[n][n];
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                edge[a][b] = a != b && mustConflict(p, a, b);
            }
        }
        int best = n == 0 ? 0 : 1;
        for (int mask = 1; mask < (1 << n); mask++) {
            int size = Integer.bitCount(mask);
            if (size <= best) {
                continue;
            }
            boolean clique = true;
            for (int a = 0; a < n && clique; a++) {
                for (int b = a + 1; b < n && clique; b++) {
                    if ((mask >> a & 1) == 1 && (mask >> b & 1) == 1 && !edge[a][b]) {
                        clique = false;
                    }
                }
            }
            if (clique) {
                best = size;
            }
        }
        assertThat(c.size()).isEqualTo(best);
        assertThat(c.proven()).isTrue();
    }

    private static void assertPairwiseMustConflict(ScheduleProblem p, List<Integer> clique) {
        assertThat(new HashSet<>(clique)).hasSize(clique.size());
        for (int a : clique) {
            for (int b : clique) {
                if (a != b) {
                    assertThat(mustConflict(p, a, b)).as("transfers %d and %d", a, b).isTrue();
                }
            }
        }
    }

    /** A channel on every route of both, or a shared one-port sender or receiver. */
    private static boolean mustConflict(ScheduleProblem p, int a, int b) {
        int fa = p.sources(a)[0];
        int fb = p.sources(b)[0];
        int da = p.destination(a);
        int db = p.destination(b);
        if (fa == fb && p.sendPorts(fa) == 1 || da == db && p.receivePorts(da) == 1) {
            return true;
        }
        Set<Integer> common = onEveryRoute(p.paths(fa, da));
        common.retainAll(onEveryRoute(p.paths(fb, db)));
        return !common.isEmpty();
    }

    private static Set<Integer> onEveryRoute(int[][] routes) {
        Set<Integer> common = null;
        for (int[] route : routes) {
            Set<Integer> s = new HashSet<>();
            for (int c : route) {
                s.add(c);
            }
            if (common == null) {
                common = s;
            } else {
                common.retainAll(s);
            }
        }
        return common;
    }

    private static int[] range(int from, int to) {
        return IntStream.range(from, to).toArray();
    }

    private static int[] sample(Random r, int n, int k) {
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            all.add(i);
        }
        java.util.Collections.shuffle(all, r);
        return all.subList(0, Math.min(k, n)).stream().mapToInt(Integer::intValue).sorted().toArray();
    }
}
