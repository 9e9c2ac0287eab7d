package org.ccopt.topology;

import java.util.Arrays;

/**
 * Shape facts a generator knows about its topology and that algorithms may exploit: coordinates for
 * dimension-order routing, stage structure for destination-tag routing, closed-form metrics.
 */
public sealed interface Geometry {

    /** A closed-form bisection width in links (two-way) or channels (one-way), or -1 when none is known. */
    default long bisectionClosedForm() {
        return -1;
    }

    /** Where the closed form comes from, for documentation and the {@code topo} output. */
    default String bisectionFormula() {
        return "";
    }

    /**
     * True when every node looks the same (an automorphism maps any node to any other): then the distances from one
     * node are those from every node, and one search gives the diameter and the ASPL.
     */
    default boolean vertexTransitive() {
        return false;
    }

    /**
     * A k-ary n-cube (torus, {@code wrap}) or mesh with radices {@code radix[0]} (x, fastest varying) ...;
     * node id = x + k0*y + k0*k1*z + ...
     */
    record Grid(int[] radix, boolean wrap) implements Geometry {
        public Grid {
            radix = radix.clone();
        }

        public int dimensions() {
            return radix.length;
        }

        public int[] coordinates(int node) {
            int[] c = new int[radix.length];
            for (int d = 0; d < radix.length; d++) {
                c[d] = node % radix[d];
                node /= radix[d];
            }
            return c;
        }

        public int node(int[] coordinates) {
            int id = 0;
            for (int d = radix.length - 1; d >= 0; d--) {
                id = id * radix[d] + coordinates[d];
            }
            return id;
        }

        @Override
        public long bisectionClosedForm() {
            // Cutting across the largest dimension k_max halves the nodes when k_max is even:
            // a mesh cuts N/k_max links, a torus twice that (wrap-around links). Dally & Towles 2004, §3.3.
            int kMax = Arrays.stream(radix).max().orElse(1);
            if (kMax % 2 != 0 || kMax < 2) {
                return -1;
            }
            long n = 1;
            for (int k : radix) {
                n *= k;
            }
            long cut = n / kMax;
            return wrap && kMax > 2 ? 2 * cut : cut;
        }

        @Override
        public String bisectionFormula() {
            return wrap ? "2N/k_max (torus, even k_max)" : "N/k_max (mesh, even k_max)";
        }

        /** A torus is a Cayley graph of the product of cyclic groups; a mesh is not (its corners differ). */
        @Override
        public boolean vertexTransitive() {
            return wrap;
        }
    }

    /** A binary hypercube Q_d; {@code folded} adds the complementary link of every node (K-ring). */
    record Hypercube(int dimension, boolean folded) implements Geometry {
        @Override
        public long bisectionClosedForm() {
            // Q_d: 2^(d-1) links across any dimension cut. Folded hypercube: the 2^(d-1) complementary
            // links cross it too, giving 2^d (El-Amawy & Latifi 1991).
            return folded ? 1L << dimension : 1L << (dimension - 1);
        }

        @Override
        public String bisectionFormula() {
            return folded ? "2^d (folded hypercube)" : "2^(d-1) (hypercube)";
        }

        /** Q_d and the folded hypercube are Cayley graphs of Z_2^d (generators e_i, and 1...1 when folded). */
        @Override
        public boolean vertexTransitive() {
            return true;
        }
    }

    /**
     * A unidirectional multistage network of {@code stages} switch stages with {@code switchesPerStage}
     * switches each; switch s of stage i is node {@code terminals + i*switchesPerStage + s}.
     */
    record Multistage(String kind, int stages, int switchesPerStage, int radix) implements Geometry {
    }

    /** A tree whose bisection is the given number of links (the root link for binary trees). */
    record Tree(String kind, int levels, long rootCutLinks) implements Geometry {
        @Override
        public long bisectionClosedForm() {
            return rootCutLinks;
        }

        @Override
        public String bisectionFormula() {
            return "links below the root that split the terminals in halves (" + kind + ")";
        }
    }

    /**
     * A Dragonfly (Kim, Dally, Scott &amp; Abts 2008) of {@code groups} groups of {@code a} routers with {@code p}
     * processors and {@code h} global links each: router r of group g is switch {@code g * a + r} (counted from the
     * first switch), so its group is its switch index divided by a.
     */
    record Dragonfly(int a, int p, int h, int groups) implements Geometry {
    }

    /**
     * A flattened butterfly (Kim, Dally &amp; Abts 2007): k^n routers at coordinates (x0, ..., x(n-1)) in 0..k-1, router
     * id = x0 + k x1 + k^2 x2 + ... counted from the first switch, each linked to every router that differs from it in
     * exactly one coordinate, with {@code c} processors on every router (with c = 1 the processor is the router's own,
     * a direct network).
     */
    record FlattenedButterfly(int k, int n, int c) implements Geometry {

        /** With one processor a router the network is a Hamming graph, a Cayley graph of Z_k^n. */
        @Override
        public boolean vertexTransitive() {
            return c == 1;
        }
    }

    /**
     * A concentrated mesh (Balfour &amp; Dally 2006; BookSim 2's {@code cmesh}): kx x ky routers in a mesh, router r at
     * x = r mod kx, y = r / kx, with c = cx x cy terminals each, numbered by their place on the chip, a grid of
     * kx cx columns and ky cy rows: terminal t sits at column t mod (kx cx), row t / (kx cx), on router
     * (column / cx, row / cy).
     */
    record ConcentratedMesh(int kx, int ky, int c, int cx, int cy) implements Geometry {

        /** The router of terminal {@code t}. */
        public int router(int t) {
            int width = kx * cx;
            return (t % width) / cx + kx * ((t / width) / cy);
        }
    }

    /** A family with no exploitable shape, or one whose only closed-form fact is its bisection. */
    record General(long bisection, String formula) implements Geometry {
        public static final General NONE = new General(-1, "");

        @Override
        public long bisectionClosedForm() {
            return bisection;
        }

        @Override
        public String bisectionFormula() {
            return formula;
        }
    }
}
