package org.ccopt.rank;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.util.Permutations;

/**
 * Process (job) mapping: which P of the network's terminals a job of P processes runs on (Cui 2024, §3.2 and
 * §4.4). The result is a set of terminals; which rank runs where is the separate rank placement. Every
 * strategy takes a seed (its random start) and is deterministic for it.
 *
 * <ul>
 *   <li><b>random</b> (§3.2.1): P terminals drawn uniformly without replacement.
 *   <li><b>tree</b>, hierarchical tree (§3.2.2): a random root, then breadth-first search over the network,
 *       taking terminals in the order the search discovers them (neighbours in ascending node id) until P are
 *       taken. Switches are traversed but not taken.
 *   <li><b>ring</b>, ring-based consecutive (§3.2.3): P consecutive terminals along the base ring (node ids
 *       s, s+1, ..., mod N) from a random start s; on a random shortcut or circulant network the ring is
 *       0-1-...-(N-1)-0.
 *   <li><b>circulant</b> (Algorithm 4.1): stride N/P from a random start, terminal (s + i N/P) mod N; when P
 *       divides N (the thesis's case, both powers of two) the mapped nodes of G(N, log2 N) form G(P, log2 P).
 *       Other P use floor(i N / P), which keeps the spacing as even as possible.
 *   <li><b>consecutive</b>: terminals 0..P-1 (on a torus or mesh, row-major order: x fastest). Not random.
 *   <li><b>block</b> (tori and meshes): the most nearly square sub-block a x b (a b = P, a &lt;= X, b &lt;= Y,
 *       other dimensions 1) at a random corner, wrapping around on a torus.
 * </ul>
 */
public enum ProcessMapping {
    RANDOM("random"), TREE("tree"), RING("ring"), CIRCULANT("circulant"), CONSECUTIVE("consecutive"), BLOCK("block");

    public static final String NAMES = "random, tree, ring, circulant, consecutive, block";

    private final String label;

    ProcessMapping(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static ProcessMapping parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (ProcessMapping m : values()) {
            if (m.label.equals(t)) {
                return m;
            }
        }
        throw new InvalidInputException("unknown mapping '" + text + "'; expected one of " + NAMES);
    }

    /** The P mapped terminals, in the order the strategy chose them. */
    public int[] nodes(Topology t, int procs, long seed) {
        int terminals = t.terminalCount();
        if (procs < 1 || procs > terminals) {
            throw InvalidInputException.parameter("procs", procs + " is out of range; expected 1.." + terminals
                    + " (the terminals of " + t.spec() + ")");
        }
        SplittableRandom random = new SplittableRandom(seed);
        return switch (this) {
            case RANDOM -> Arrays.copyOf(Permutations.shuffled(terminals, random), procs);
            case TREE -> tree(t, procs, random.nextInt(terminals));
            case RING -> {
                int start = random.nextInt(terminals);
                int[] m = new int[procs];
                for (int i = 0; i < procs; i++) {
                    m[i] = (start + i) % terminals;
                }
                yield m;
            }
            case CIRCULANT -> {
                int start = random.nextInt(terminals);
                int[] m = new int[procs];
                for (int i = 0; i < procs; i++) {
                    m[i] = (int) ((start + (long) i * terminals / procs) % terminals);
                }
                yield m;
            }
            case CONSECUTIVE -> {
                int[] m = new int[procs];
                Arrays.setAll(m, i -> i);
                yield m;
            }
            case BLOCK -> block(t, procs, random);
        };
    }

    private static int[] tree(Topology t, int procs, int root) {
        int[] m = new int[procs];
        boolean[] seen = new boolean[t.nodeCount()];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(root);
        seen[root] = true;
        int taken = 0;
        while (!queue.isEmpty() && taken < procs) {
            int u = queue.poll();
            if (t.isTerminal(u)) {
                m[taken++] = u;
            }
            for (int c = t.outStart(u); c < t.outEnd(u); c++) {
                int v = t.channelTarget(c);
                if (!seen[v]) {
                    seen[v] = true;
                    queue.add(v);
                }
            }
        }
        if (taken < procs) {
            throw new InvalidInputException("tree mapping reached only " + taken + " terminals from node " + root
                    + " in " + t.spec() + "; expected " + procs + " (is the network connected?)");
        }
        return m;
    }

    private static int[] block(Topology t, int procs, SplittableRandom random) {
        if (!(t.geometry() instanceof Geometry.Grid g)) {
            throw new InvalidInputException("block mapping needs a torus or mesh, not " + t.spec()
                    + "; expected one of random, tree, ring, circulant, consecutive");
        }
        int[] radix = g.radix();
        int x = radix[0];
        int y = radix.length > 1 ? radix[1] : 1;
        int bestA = -1;
        for (int a = 1; a <= x; a++) {
            if (procs % a == 0 && procs / a <= y && (bestA < 0 || Math.abs(a - procs / a) < Math.abs(bestA - procs / bestA))) {
                bestA = a;
            }
        }
        if (bestA < 0) {
            throw InvalidInputException.parameter("procs", procs + " has no a x b block within the " + x + " x " + y
                    + " plane of " + t.spec() + "; expected a product a b with a <= " + x + ", b <= " + y);
        }
        int a = bestA;
        int b = procs / a;
        int x0 = g.wrap() ? random.nextInt(x) : random.nextInt(x - a + 1);
        int y0 = g.wrap() ? random.nextInt(y) : random.nextInt(y - b + 1);
        int[] m = new int[procs];
        int k = 0;
        for (int j = 0; j < b; j++) {
            for (int i = 0; i < a; i++) {
                m[k++] = (x0 + i) % x + x * ((y0 + j) % y);
            }
        }
        return m;
    }
}
