package org.ccopt.traffic;

import java.util.Locale;
import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.util.Permutations;

/**
 * Traffic patterns: a destination terminal for every source terminal ({@code destination[s] == s} means s
 * sends nothing). Definitions follow Yokota et al. 2023, Table A.1, with W = Y || X the node address of an
 * N x N torus (node id = x + N y, so W is simply the id) of b = 2n bits; and Yokota et al. 2018, §5.1 for
 * rpar and rrng. They generalise to any terminal count T = 2^b for the bit patterns.
 *
 * <ul>
 *   <li>bcmp: complement every bit of W.
 *   <li>brev: reverse the bit order of W.
 *   <li>brot: rotate W right by one bit (w_0 becomes the top bit).
 *   <li>shfl: perfect shuffle, rotate W left by one bit.
 *   <li>torn: tornado, W -&gt; (W + R/2) mod T, R the row length (x radix of a grid, else T); the paper's
 *       formula mod(W + N/2, N^2) taken literally, so a carry moves to the next row.
 *   <li>trns: transpose (x, y) -&gt; (y, x) on a square of N x N terminals.
 *   <li>rpar: random pairs: terminals shuffled and paired, partners send to each other.
 *   <li>rrng: random ring: terminals shuffled into one ring, each sends to its successor.
 *   <li>randperm: a uniformly random permutation (fixed points send nothing).
 *   <li>uniform: each terminal to a uniformly random other terminal (not a permutation).
 *   <li>neighbor: each terminal to its +x neighbour (x wraps within the row), or to id+1 mod T off grids. BookSim's
 *       {@code neighbor} moves one step in every dimension; ccopt's moves in x only, as the papers' torus runs use it.
 *   <li>tornado: BookSim 2's tornado (Jiang et al. 2013, its {@code traffic.cpp}): every coordinate x_i -&gt;
 *       (x_i + ceil(k_i / 2) - 1) mod k_i on a grid, the terminals as one ring of T elsewhere. It differs from torn,
 *       which moves x by k/2 with a carry.
 * </ul>
 *
 * <p>BookSim's names of the bit permutations are accepted for ccopt's, which they equal where both are defined:
 * {@code bitcomp} (bcmp), {@code bitrev} (brev), {@code shuffle} (shfl, a rotation left) and {@code transpose} (trns:
 * BookSim swaps the two halves of the address bits, which on 2^b x 2^b terminals is (x, y) -&gt; (y, x)).
 */
public enum TrafficPattern {
    BCMP, BREV, BROT, SHFL, TORN, TRNS, RPAR, RRNG, RANDPERM, UNIFORM, NEIGHBOR, TORNADO;

    public static final String NAMES = "bcmp, brev, brot, shfl, torn, trns, rpar, rrng, randperm, uniform, neighbor, "
            + "tornado (and BookSim's bitcomp, bitrev, shuffle, transpose)";

    /** BookSim 2's names of ccopt's patterns, equal where both are defined. */
    private static final java.util.Map<String, TrafficPattern> BOOKSIM_NAMES = java.util.Map.of("bitcomp", BCMP, "bitrev",
            BREV, "shuffle", SHFL, "transpose", TRNS);

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static TrafficPattern parse(String name) {
        String key = name.trim().toLowerCase(Locale.ROOT);
        for (TrafficPattern p : values()) {
            if (p.label().equals(key)) {
                return p;
            }
        }
        if (BOOKSIM_NAMES.containsKey(key)) {
            return BOOKSIM_NAMES.get(key);
        }
        throw new InvalidInputException("unknown traffic pattern '" + name + "'; expected one of " + NAMES);
    }

    /**
     * Whether {@code name} is BookSim 2's name of a permutation ({@code bitcomp}, {@code bitrev}, {@code shuffle},
     * {@code transpose}, {@code tornado}): under it a terminal the pattern maps to itself sends to itself in open loads,
     * as BookSim's traffic does, where under ccopt's names it sends nothing.
     */
    public static boolean isBookSimName(String name) {
        String key = name.trim().toLowerCase(Locale.ROOT);
        return BOOKSIM_NAMES.containsKey(key) || key.equals("tornado");
    }

    /** True when the pattern uses the seed. */
    public boolean isRandom() {
        return this == RPAR || this == RRNG || this == RANDPERM || this == UNIFORM;
    }

    /**
     * Whether a comma-separated list of workloads draws from a seed: one of its patterns is random (a name that is no
     * pattern counts as drawing, so that its own refusal comes first; a {@code collective:ALG} item draws nothing).
     */
    public static boolean anyRandom(String list) {
        if (list == null) {
            return false;
        }
        for (String item : list.split(",", -1)) {
            if (item.trim().startsWith("collective:")) {
                continue;
            }
            try {
                if (parse(item).isRandom()) {
                    return true;
                }
            } catch (RuntimeException unknown) {
                return true;
            }
        }
        return false;
    }

    /** Where a traffic seed applies: to a list of workloads with a random pattern ({@link #anyRandom}). */
    public static org.ccopt.job.JobOption.Applies seedApplies(String patternsOption) {
        return new org.ccopt.job.JobOption.Applies("to a random pattern (rpar, rrng, randperm, uniform) among --"
                + patternsOption, v -> anyRandom(v.text(patternsOption)), java.util.Map.of("topology", "torus:4x4", patternsOption, "brev",
                "traffic-seed", "3"));
    }

    /** Destinations for every terminal of {@code t}. */
    public int[] destinations(Topology t, long seed) {
        int n = t.terminalCount();
        int[] dest = new int[n];
        int bits = Integer.numberOfTrailingZeros(n);
        boolean powerOfTwo = n > 1 && Integer.bitCount(n) == 1;
        SplittableRandom random = new SplittableRandom(seed);
        switch (this) {
            case BCMP, BREV, BROT, SHFL -> {
                if (!powerOfTwo) {
                    throw new InvalidInputException("traffic pattern '" + label() + "' needs a power-of-two terminal count; "
                            + t.spec() + " has " + n + "; expected 2^b terminals or a non-bit pattern (torn, rpar, rrng, ...)");
                }
                for (int w = 0; w < n; w++) {
                    dest[w] = switch (this) {
                        case BCMP -> ~w & (n - 1);
                        case BREV -> Integer.reverse(w) >>> (32 - bits);
                        case BROT -> (w >>> 1) | ((w & 1) << (bits - 1));
                        default -> ((w << 1) | (w >>> (bits - 1))) & (n - 1);
                    };
                }
            }
            case TORN -> {
                int row = rowLength(t);
                for (int w = 0; w < n; w++) {
                    dest[w] = (w + row / 2) % n;
                }
            }
            case TRNS -> {
                int side = (int) Math.round(Math.sqrt(n));
                if (side * side != n || (t.geometry() instanceof Geometry.Grid g && (g.dimensions() != 2
                        || g.radix()[0] != g.radix()[1]))) {
                    throw new InvalidInputException("traffic pattern 'trns' needs a square N x N terminal array; "
                            + t.spec() + " has " + n + " terminals; expected e.g. torus:8x8");
                }
                for (int w = 0; w < n; w++) {
                    dest[w] = (w % side) * side + w / side;
                }
            }
            case RPAR -> {
                int[] perm = Permutations.shuffled(n, random);
                for (int i = 0; i < n; i++) {
                    dest[i] = i;
                }
                for (int i = 0; i + 1 < n; i += 2) {
                    dest[perm[i]] = perm[i + 1];
                    dest[perm[i + 1]] = perm[i];
                }
            }
            case RRNG -> {
                int[] perm = Permutations.shuffled(n, random);
                for (int i = 0; i < n; i++) {
                    dest[perm[i]] = perm[(i + 1) % n];
                }
            }
            case RANDPERM -> {
                int[] perm = Permutations.shuffled(n, random);
                System.arraycopy(perm, 0, dest, 0, n);
            }
            case UNIFORM -> {
                for (int i = 0; i < n; i++) {
                    int d = n == 1 ? 0 : random.nextInt(n - 1);
                    dest[i] = d >= i ? d + 1 : d;
                }
            }
            case NEIGHBOR -> {
                int row = rowLength(t);
                for (int w = 0; w < n; w++) {
                    dest[w] = (w / row) * row + (w % row + 1) % row;
                }
            }
            case TORNADO -> {
                int[] radix = t.geometry() instanceof Geometry.Grid g && t.isDirect() ? g.radix() : new int[] {n};
                for (int w = 0; w < n; w++) {
                    int rest = w;
                    int place = 1;
                    int d = 0;
                    for (int k : radix) {
                        d += place * ((rest % k + (k + 1) / 2 - 1) % k);
                        rest /= k;
                        place *= k;
                    }
                    dest[w] = d;
                }
            }
            default -> throw new IllegalStateException(label());
        }
        return dest;
    }

    private static int rowLength(Topology t) {
        if (t.geometry() instanceof Geometry.Grid g && t.isDirect()) {
            return g.radix()[0];
        }
        return t.terminalCount();
    }
}
