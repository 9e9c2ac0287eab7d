package org.ccopt.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import org.ccopt.util.Permutations;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Seeded property tests of the mutation operators (Yokota et al. 2018, §4.1). */
class MappingMutationsTest {

    private static MappingMutations ops(Topology t) {
        int[][] patterns = {TrafficPattern.TORN.destinations(t, 1), TrafficPattern.RPAR.destinations(t, 1)};
        int n = t.terminalCount();
        int[] d = new int[n * n];
        org.ccopt.topology.metrics.HopDistances h = new org.ccopt.topology.metrics.HopDistances(t);
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                d[a * n + b] = h.distance(a, b);
            }
        }
        return new MappingMutations(t, patterns, d);
    }

    private static void assertPermutation(int[] gamma) {
        int[] sorted = gamma.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < sorted.length; i++) {
            assertThat(sorted[i]).isEqualTo(i);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:8x8", "mesh:6x4", "torus:5x7"})
    void everyOperatorKeepsAPermutation(String spec) {
        Topology t = TopologySpec.parse(spec);
        MappingMutations ops = ops(t);
        SplittableRandom random = new SplittableRandom(7);
        int[] gamma = Permutations.shuffled(t.terminalCount(), random);
        for (int i = 0; i < 2000; i++) {
            switch (i % 5) {
                case 0 -> ops.randomSwap(gamma, random);
                case 1 -> ops.lineSwap(gamma, random);
                case 2 -> ops.boxSwap(gamma, random);
                case 3 -> ops.neighbouringSwap(gamma, 1 + random.nextInt(3), random.nextBoolean()
                        ? MutationVariant.Bound.EXCLUSIVE : MutationVariant.Bound.INCLUSIVE, random);
                default -> ops.randomize(gamma, random);
            }
            assertPermutation(gamma);
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void lineAndBoxSwapsExchangeTwoDisjointRegionsCellByCell(long seed) {
        Topology t = TopologySpec.parse("torus:8x8");
        MappingMutations ops = ops(t);
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 200; i++) {
            int[] before = Permutations.shuffled(64, random);
            int[] gamma = before.clone();
            int[][] regions = i % 2 == 0 ? ops.lineSwap(gamma, random) : ops.boxSwap(gamma, random);
            assertThat(regions).isNotNull();
            int[] a = regions[0];
            int[] b = regions[1];
            Set<Integer> cells = new HashSet<>();
            for (int k = 0; k < a.length; k++) {
                assertThat(gamma[a[k]]).isEqualTo(before[b[k]]);
                assertThat(gamma[b[k]]).isEqualTo(before[a[k]]);
                cells.add(a[k]);
                cells.add(b[k]);
            }
            assertThat(cells).hasSize(2 * a.length); // disjoint
            for (int p = 0; p < 64; p++) {
                if (!cells.contains(p)) {
                    assertThat(gamma[p]).isEqualTo(before[p]); // nothing else moves
                }
            }
            assertRectangle(a, i % 2 == 0);
            assertRectangle(b, i % 2 == 0);
        }
    }

    /** The cells form an axis-aligned rectangle on the 8x8 torus (a line: one side is 1). */
    private static void assertRectangle(int[] cells, boolean line) {
        Set<Integer> xs = new HashSet<>();
        Set<Integer> ys = new HashSet<>();
        for (int c : cells) {
            xs.add(c % 8);
            ys.add(c / 8);
        }
        assertThat(xs.size() * ys.size()).isEqualTo(cells.length);
        assertThat(contiguousOnRing(xs, 8) && contiguousOnRing(ys, 8)).isTrue();
        if (line) {
            assertThat(Math.min(xs.size(), ys.size())).isEqualTo(1);
        }
    }

    private static boolean contiguousOnRing(Set<Integer> values, int k) {
        int gaps = 0;
        for (int v : values) {
            if (!values.contains((v + 1) % k)) {
                gaps++;
            }
        }
        return values.size() == k || gaps == 1;
    }

    @ParameterizedTest
    @ValueSource(longs = {11, 12, 13, 14})
    void turnedAndMirroredBoxesPreserveAdjacency(long seed) {
        // a 90-degree turn or a mirror image keeps neighbours neighbours: cells adjacent in one box map to
        // cells adjacent in the other (Yokota et al. 2018, §4.1: locally optimal structure is kept)
        Topology t = TopologySpec.parse("torus:8x8");
        MappingMutations ops = ops(t);
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 200; i++) {
            int[][] r = ops.boxSwap(Permutations.shuffled(64, random), random);
            for (int x = 0; x < r[0].length; x++) {
                for (int y = 0; y < r[0].length; y++) {
                    boolean adjacentA = torusDistance(r[0][x], r[0][y]) == 1;
                    boolean adjacentB = torusDistance(r[1][x], r[1][y]) == 1;
                    assertThat(adjacentB).isEqualTo(adjacentA);
                }
            }
        }
    }

    private static int torusDistance(int a, int b) {
        int dx = Math.abs(a % 8 - b % 8);
        int dy = Math.abs(a / 8 - b / 8);
        return Math.min(dx, 8 - dx) + Math.min(dy, 8 - dy);
    }

    /**
     * r = 2: the exclusive bound pulls a pair 2 or more hops apart next to each other (closer than 2), the inclusive
     * one a pair more than 2 apart to 2 or fewer (closer than 3); in both a pair once pulled in stays counted.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"21, EXCLUSIVE", "22, EXCLUSIVE", "23, EXCLUSIVE", "21, INCLUSIVE",
        "22, INCLUSIVE", "23, INCLUSIVE"})
    void neighbouringSwapBringsADestinationWithinTheRadius(long seed, MutationVariant.Bound bound) {
        int closer = bound == MutationVariant.Bound.EXCLUSIVE ? 2 : 3;
        Topology t = TopologySpec.parse("torus:8x8");
        int[] bcmp = TrafficPattern.BCMP.destinations(t, 1);
        int[] d = new int[64 * 64];
        for (int a = 0; a < 64; a++) {
            for (int b = 0; b < 64; b++) {
                d[a * 64 + b] = torusDistance(a, b);
            }
        }
        MappingMutations ops = new MappingMutations(t, new int[][] {bcmp}, d);
        SplittableRandom random = new SplittableRandom(seed);
        int[] gamma = Permutations.shuffled(64, random);
        for (int i = 0; i < 300; i++) {
            int before = pairsCloser(gamma, bcmp, closer);
            ops.neighbouringSwap(gamma, 2, bound, random);
            if (before < 64) {
                // bcmp pairs up nodes (each pair counted from both ends): the chosen pair ends within reach (+2) and
                // the displaced node's pair may break (-2), so the count never drops
                assertThat(pairsCloser(gamma, bcmp, closer)).isGreaterThanOrEqualTo(before);
            }
        }
        assertThat(pairsCloser(gamma, bcmp, closer)).isGreaterThan(48); // repeated swaps pull pairs together
    }

    private static int pairsCloser(int[] gamma, int[] pattern, int r) {
        int[] pos = new int[gamma.length];
        for (int p = 0; p < gamma.length; p++) {
            pos[gamma[p]] = p;
        }
        int count = 0;
        for (int s = 0; s < gamma.length; s++) {
            count += torusDistance(pos[s], pos[pattern[s]]) < r ? 1 : 0;
        }
        return count;
    }
}
