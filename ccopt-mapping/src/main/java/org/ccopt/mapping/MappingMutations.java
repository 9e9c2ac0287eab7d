package org.ccopt.mapping;

import java.util.SplittableRandom;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.util.Permutations;

/**
 * The mutation operators of Yokota et al. 2018, §4.1 (Table 1) over a mapping {@code gamma} (logical address per
 * physical node). Every operator swaps logical addresses between physical nodes, so a mapping stays a
 * permutation.
 *
 * <ul>
 *   <li><b>random swap</b>: two distinct physical nodes exchange their logical addresses;
 *   <li><b>line swap</b>: two disjoint lines of {@code len} nodes (row or column segments, wrapping around on a
 *       torus) exchange member by member; the second line may be turned by 90° (a row against a column) and
 *       mirrored (member i against member len-1-i);
 *   <li><b>box swap</b>: two disjoint boxes of the same aspect exchange member by member, the second possibly
 *       turned by 90° (a w x h box against an h x w box) and mirrored;
 *   <li><b>neighbouring swap</b> with radius r: pick a pattern and a logical source whose destination is far from it,
 *       then a physical node near the source, and swap the destination with it, which pulls the destination towards
 *       its source (Fig. 2). The paper's words ("longer distance than r", "within the radius r") allow two readings,
 *       {@link MutationVariant.Bound}: exclusive (r or more hops away, pulled to fewer than r) and inclusive, the
 *       words taken literally (more than r away, pulled to r or fewer). r is at least 2;
 *   <li><b>randomize</b>: a fresh uniformly random mapping.
 * </ul>
 * The paper leaves the line length and box size open: ccopt draws the length uniformly from 2..max(2, k/2) and
 * box sides from 1..max(1, k/2) (k the smaller side of the grid), never both sides 1. A line or box swap that
 * finds no disjoint placement in 16 tries falls back to a random swap. Line and box swaps need a 2-D torus or
 * mesh; the other operators work on any topology (distances are hop distances).
 */
final class MappingMutations {

    private static final int PLACEMENT_TRIES = 16;

    private final int n;
    private final int width;
    private final int height;
    private final boolean wrap;
    private final int[] distance;
    private final int diameter;
    private final int[][] patterns;

    /**
     * @param patterns logical destination of every logical node, one array per traffic pattern
     * @param distance hop distance between physical nodes, {@code distance[a * n + b]}
     */
    public MappingMutations(Topology topology, int[][] patterns, int[] distance) {
        this.n = topology.terminalCount();
        this.patterns = patterns;
        this.distance = distance;
        int d = 0;
        for (int x : distance) {
            d = Math.max(d, x);
        }
        this.diameter = d;
        if (topology.geometry() instanceof Geometry.Grid grid && grid.dimensions() == 2) {
            width = grid.radix()[0];
            height = grid.radix()[1];
            wrap = grid.wrap();
        } else {
            width = 0;
            height = 0;
            wrap = false;
        }
    }

    /** Whether line and box swaps apply (2-D torus or mesh). */
    public boolean hasGrid() {
        return width > 0;
    }

    public int diameter() {
        return diameter;
    }

    public void randomSwap(int[] gamma, SplittableRandom random) {
        int a = random.nextInt(n);
        int b = random.nextInt(n - 1);
        swap(gamma, a, b >= a ? b + 1 : b);
    }

    public void randomize(int[] gamma, SplittableRandom random) {
        System.arraycopy(Permutations.shuffled(n, random), 0, gamma, 0, n);
    }

    /** Line swap; returns the two regions swapped (first the line, then its image), or null after a fallback. */
    public int[][] lineSwap(int[] gamma, SplittableRandom random) {
        int maxLen = Math.max(2, Math.min(width, height) / 2);
        for (int t = 0; t < PLACEMENT_TRIES; t++) {
            int len = 2 + random.nextInt(maxLen - 1);
            boolean row = random.nextBoolean();
            int w = row ? len : 1;
            int h = row ? 1 : len;
            int[] a = box(random, w, h, false, false);
            int[] b = box(random, w, h, random.nextBoolean(), random.nextBoolean());
            if (a != null && b != null && disjoint(a, b)) {
                swapRegions(gamma, a, b);
                return new int[][] {a, b};
            }
        }
        randomSwap(gamma, random);
        return null;
    }

    /** Box swap; returns the two regions swapped (cell i of one against cell i of the other), or null after a fallback. */
    public int[][] boxSwap(int[] gamma, SplittableRandom random) {
        int maxSide = Math.max(1, Math.min(width, height) / 2);
        for (int t = 0; t < PLACEMENT_TRIES; t++) {
            int w = 1 + random.nextInt(maxSide);
            int h = 1 + random.nextInt(maxSide);
            if (w * h < 2) {
                continue;
            }
            boolean rotate = random.nextBoolean();
            boolean mirror = random.nextBoolean();
            int[] a = box(random, w, h, false, false);
            int[] b = box(random, w, h, rotate, mirror);
            if (a != null && b != null && disjoint(a, b)) {
                swapRegions(gamma, a, b);
                return new int[][] {a, b};
            }
        }
        randomSwap(gamma, random);
        return null;
    }

    /**
     * Neighbouring swap with radius r (Yokota et al. 2018, §4.1, Fig. 2): under the exclusive bound a pair r or more
     * hops apart is pulled to less than r, under the inclusive one a pair more than r apart to r or less; falls back
     * to a random swap when no pair is far enough.
     */
    public void neighbouringSwap(int[] gamma, int radius, MutationVariant.Bound bound, SplittableRandom random) {
        int r = Math.max(2, radius);
        int far = bound == MutationVariant.Bound.INCLUSIVE ? r + 1 : r; // the least distance of a pair to pull
        int near = far - 1; // the most distance of the node it is pulled next to
        int[] position = new int[n];
        for (int p = 0; p < n; p++) {
            position[gamma[p]] = p;
        }
        int[] pattern = patterns[random.nextInt(patterns.length)];
        int[] farSources = new int[n];
        int farCount = 0;
        for (int s = 0; s < n; s++) {
            if (distance[position[s] * n + position[pattern[s]]] >= far) {
                farSources[farCount++] = s;
            }
        }
        if (farCount == 0) {
            randomSwap(gamma, random);
            return;
        }
        int s = farSources[random.nextInt(farCount)];
        int source = position[s];
        int dest = position[pattern[s]];
        int nearCount = 0;
        int[] candidates = farSources; // reused as scratch: the pair is already chosen
        for (int p = 0; p < n; p++) {
            int d = distance[source * n + p];
            if (d >= 1 && d <= near) {
                candidates[nearCount++] = p;
            }
        }
        if (nearCount == 0) {
            randomSwap(gamma, random);
            return;
        }
        swap(gamma, dest, candidates[random.nextInt(nearCount)]);
    }

    /**
     * The physical nodes of a w x h box at a random corner, listed cell by cell (row-major over the box), after an
     * optional mirror (columns reversed) and a 90-degree turn (the box becomes h x w). Null if it does not fit.
     */
    int[] box(SplittableRandom random, int w, int h, boolean rotate, boolean mirror) {
        int bw = rotate ? h : w;
        int bh = rotate ? w : h;
        if (bw > width || bh > height) {
            return null;
        }
        int x0 = random.nextInt(wrap ? width : width - bw + 1);
        int y0 = random.nextInt(wrap ? height : height - bh + 1);
        int[] cells = new int[w * h];
        for (int j = 0; j < h; j++) {
            for (int i = 0; i < w; i++) {
                int mi = mirror ? w - 1 - i : i;
                int bx = rotate ? h - 1 - j : mi;
                int by = rotate ? mi : j;
                cells[j * w + i] = ((x0 + bx) % width) + width * ((y0 + by) % height);
            }
        }
        return cells;
    }

    private static boolean disjoint(int[] a, int[] b) {
        for (int x : a) {
            for (int y : b) {
                if (x == y) {
                    return false;
                }
            }
        }
        return true;
    }

    private static void swapRegions(int[] gamma, int[] a, int[] b) {
        for (int i = 0; i < a.length; i++) {
            swap(gamma, a[i], b[i]);
        }
    }

    private static void swap(int[] gamma, int a, int b) {
        int x = gamma[a];
        gamma[a] = gamma[b];
        gamma[b] = x;
    }
}
