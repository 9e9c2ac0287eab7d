package org.ccopt.topology.spec;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.gen.CirculantGenerator;
import org.ccopt.topology.gen.CoatedMeshGenerator;
import org.ccopt.topology.gen.DragonflyGenerator;
import org.ccopt.topology.gen.CmeshGenerator;
import org.ccopt.topology.gen.FlatflyGenerator;
import org.ccopt.topology.gen.GridGenerator;
import org.ccopt.topology.gen.HypercubeGenerator;
import org.ccopt.topology.gen.MultistageGenerator;
import org.ccopt.topology.gen.OctagonGenerator;
import org.ccopt.topology.gen.RandomShortcutGenerator;
import org.ccopt.topology.gen.SmallGraphGenerator;
import org.ccopt.topology.gen.SpecArgs;
import org.ccopt.topology.gen.TreeGenerator;
import org.ccopt.topology.io.TopologyFiles;

/**
 * Parses a topology spec string such as {@code torus:16x16} and builds the topology. The grammar is
 * {@code family[:arguments]}; {@link #FAMILIES} lists every form with its meaning, and the CLI prints it.
 *
 * <p>It stands in a package of its own, above the generators and the file formats it dispatches to, which depend only
 * on {@code org.ccopt.topology}: no package cycle runs through the topology core.
 */
public final class TopologySpec {

    /** The {@code --topology SPEC} option ({@code -t}) of the jobs that run on one network. */
    public static final org.ccopt.job.JobOption OPTION = org.ccopt.job.JobOption.text("topology", "SPEC",
            "Topology spec, e.g. torus:8x8, hypercube:6, omega:16 (see 'ccopt topo --help')").withShortName("t").asRequired();


    /** Upper limit on nodes for generated topologies ({@link Topology#MAX_NODES}). */
    public static final int MAX_NODES = Topology.MAX_NODES;

    /** One documented spec form. */
    public record Form(String syntax, String meaning) {
    }

    public static final List<Form> FAMILIES = List.of(
            new Form("ring:N", "ring of N >= 3 nodes (1-D torus)"),
            new Form("mesh:AxB[xC...]", "n-D mesh, radices >= 2; node id = x + A*y + A*B*z"),
            new Form("torus:AxB[xC...]", "k-ary n-cube with wrap-around links, radices >= 2"),
            new Form("hypercube:D", "binary hypercube Q_D, 1 <= D <= 20 (2^D nodes)"),
            new Form("kring:D", "K-ring = folded hypercube: Q_D plus complement links, 2 <= D <= 20"),
            new Form("octagon | octagon:N", "Octagon NoC (8 nodes) or its ring extension, N = 4n >= 8"),
            new Form("fat-octagon[:N]", "Octagon of N routers (default 8) with two processors on each"),
            new Form("octagon-bridged:K", "K Octagons in a chain, adjacent ones sharing a bridge node (7K+1 nodes)"),
            new Form("octagon-md:D", "D-dimensional Octagon: product of D Octagons, 8^D nodes, 1 <= D <= 6"),
            new Form("coated-mesh:AxB", "A x B switch mesh with a processor on every free boundary port"),
            new Form("amp:N[:D[:seed=S]]", "A Minimum Path graph: N nodes, degree D (default 3), ASPL-minimised"),
            new Form("twisted-ladder:N", "Moebius (twisted) ladder of N nodes, N even >= 6"),
            new Form("moore:petersen | moore:hoffman-singleton", "Moore graphs of diameter 2 (10 and 50 nodes)"),
            new Form("omega:N", "unidirectional Omega MIN, N = 2^n >= 2 terminals, 2x2 switches"),
            new Form("butterfly:N[:textbook]", "unidirectional Butterfly MIN, N = 2^n >= 2 terminals, 2x2 switches; "
                    + "inputs in perfect-shuffle order (the MIN paper's), or in line order (textbook)"),
            new Form("clos:n,m,r", "unidirectional 3-stage Clos: r input/output switches of n terminals, m middle"),
            new Form("clos:n1,m1,n2,m2,...,r", "recursive Clos: each middle switch replaced by the next Clos, "
                    + "r x r crossbars innermost (clos:2,2,2,2,2 = Benes 8)"),
            new Form("btree:N", "binary tree of switches with N = 2^n >= 2 leaf processors"),
            new Form("fattree:N", "binary fat tree (folded butterfly, 2-ary n-tree), N = 2^n >= 2 processors"),
            new Form("kary-ntree:k,n", "k-ary n-tree fat tree: k^n processors, n levels of k^(n-1) switches"),
            new Form("fbtree:N", "full binary tree with a processor at every node, N = 2^h - 1 >= 3"),
            new Form("circulant:N:j1,j2,...", "circulant graph C(N; j1, j2, ...), 1 <= j <= N/2"),
            new Form("circulant2:N", "C(N; 1, 2, 4, ..., N/2), the thesis's G(N, log2 N); N = 2^n >= 4"),
            new Form("random-shortcut:N:D[:seed=S]", "ring plus random shortcuts up to degree D (seed default 1)"),
            new Form("dragonfly:a,p,h[,g]", "Dragonfly: g groups (default a*h+1) of a routers, p processors and h global links each"),
            new Form("dragonfly:thesis", "the thesis's 1,024-switch Dragonfly = dragonfly:16,1,4,64 (degree 19)"),
            new Form("flatfly:k,n[,c]", "flattened butterfly: k^n routers, each linked to the k-1 others in each of n "
                    + "dimensions, c processors each (default 1)"),
            new Form("cmesh:kx,ky,c", "concentrated mesh: kx x ky routers, c processors each, numbered by their place on "
                    + "the chip as BookSim's cmesh numbers them"),
            new Form("file:PATH", "graph file: .json (ccopt schema), .graphml, .dot/.gv, or an edge list"));

    private TopologySpec() {
    }

    /**
     * Refuses, in one line, a file made for another network: one whose JSON object {@code root} names a topology in its
     * {@code "topology"} field (as {@code nodemap --out} and {@code rank --out} write) other than {@code t}, or names
     * one that is not a valid spec. A root that names none passes. {@code what} names the file in the message and
     * {@code how} says how to make one for {@code t}.
     */
    public static void requireMadeFor(com.fasterxml.jackson.databind.JsonNode root, Topology t, String what, String how) {
        com.fasterxml.jackson.databind.JsonNode named = root == null ? null : root.get("topology");
        if (named == null || !named.isTextual()) {
            return;
        }
        String made;
        try {
            made = parse(named.asText()).spec();
        } catch (InvalidInputException e) {
            throw new InvalidInputException(what + " names a topology that is not a valid spec; expected the spec of the "
                    + "network it was made for");
        }
        if (!made.equals(t.spec())) {
            throw new InvalidInputException(what + " was made for " + made + "; this run is on " + t.spec() + "; expected "
                    + "one made for " + t.spec() + " (" + how + ")");
        }
    }


    /** A one-line list of the family names, for error messages. */
    public static String familyNames() {
        return "ring, mesh, torus, hypercube, kring, octagon, fat-octagon, octagon-bridged, octagon-md, coated-mesh, "
                + "amp, twisted-ladder, moore, "
                + "omega, butterfly, clos, btree, fattree, kary-ntree, fbtree, circulant, circulant2, "
                + "random-shortcut, dragonfly, flatfly, cmesh, file";
    }

    public static Topology parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new InvalidInputException("empty topology spec; expected family[:arguments], one of "
                    + familyNames());
        }
        int control = InvalidInputException.controlCharacter(spec);
        if (control >= 0) {
            throw new InvalidInputException("topology spec holds a control character (a line break, tab or escape) at "
                    + "position " + (control + 1) + "; expected one line of printable text, e.g. torus:8x8");
        }
        String trimmed = spec.trim();
        int colon = trimmed.indexOf(':');
        String family = (colon < 0 ? trimmed : trimmed.substring(0, colon)).toLowerCase(Locale.ROOT);
        String args = colon < 0 ? null : trimmed.substring(colon + 1);
        SpecArgs a = new SpecArgs(trimmed, family, args);
        try {
            return build(a, trimmed, family, args);
        } catch (ArithmeticException e) {
            throw new InvalidInputException("topology '" + trimmed + "' is too large; at most " + MAX_NODES
                    + " nodes are supported");
        }
    }

    private static Topology build(SpecArgs a, String spec, String family, String args) {
        switch (family) {
            case "ring": {
                int n = a.singleInt("N", 3, MAX_NODES);
                return GridGenerator.build(spec, "ring", new int[] {n}, true);
            }
            case "mesh":
                return GridGenerator.build(spec, "mesh", a.dimensions(2, MAX_NODES), false);
            case "torus":
                return GridGenerator.build(spec, "torus", a.dimensions(2, MAX_NODES), true);
            case "hypercube":
                return HypercubeGenerator.build(spec, "hypercube", a.singleInt("D", 1, 20), false);
            case "kring":
                return HypercubeGenerator.build(spec, "kring", a.singleInt("D", 2, 20), true);
            case "octagon":
                return OctagonGenerator.build(spec, args == null ? 8 : a.singleInt("N", 8, MAX_NODES), 1);
            case "fat-octagon":
                return OctagonGenerator.build(spec, args == null ? 8 : a.singleInt("N", 8, MAX_NODES / 3), 2);
            case "octagon-bridged":
                return OctagonGenerator.bridged(spec, a.singleInt("K", 1, (MAX_NODES - 1) / 7));
            case "octagon-md":
                return OctagonGenerator.multidimensional(spec, a.singleInt("D", 1, 6));
            case "coated-mesh": {
                int[] d = a.dimensions(2, MAX_NODES / 3);
                a.require(d.length == 2, "coated-mesh takes two radices AxB");
                return CoatedMeshGenerator.build(spec, d[0], d[1]);
            }
            case "amp": {
                List<String> parts = a.colonParts(1, 3);
                int n = a.intArg(parts.get(0), "N", 4, 128);
                int d = parts.size() > 1 ? a.intArg(parts.get(1), "D", 2, n - 1) : 3;
                long seed = parts.size() > 2 ? a.seed(parts.get(2)) : 1;
                return SmallGraphGenerator.amp(spec, n, d, seed);
            }
            case "twisted-ladder":
                return SmallGraphGenerator.twistedLadder(spec, a.singleInt("N", 6, MAX_NODES));
            case "moore": {
                String name = a.word();
                if (name.equals("petersen")) {
                    return SmallGraphGenerator.petersen(spec);
                }
                if (name.equals("hoffman-singleton")) {
                    return SmallGraphGenerator.hoffmanSingleton(spec);
                }
                throw a.error("unknown Moore graph '" + name + "'; expected petersen or hoffman-singleton");
            }
            case "omega":
                return MultistageGenerator.omega(spec, a.powerOfTwo("N", 2, 1 << 16));
            case "butterfly": {
                List<String> parts = a.colonParts(1, 2);
                boolean textbook = parts.size() == 2;
                a.require(!textbook || parts.get(1).trim().equalsIgnoreCase("textbook"),
                        "unknown Butterfly variant '" + (textbook ? parts.get(1) : "") + "'; expected butterfly:N or butterfly:N:textbook");
                int n = a.intArg(parts.get(0), "N", 2, 1 << 16);
                return MultistageGenerator.butterfly(spec, n, textbook);
            }
            case "clos": {
                int[] v = a.commaInts(-1, "n,m,r or n1,m1,n2,m2,...,r");
                a.require(v.length >= 3 && v.length % 2 == 1, "expected clos:n,m,r or clos:n1,m1,n2,m2,...,r (an odd count of at least 3 integers)");
                a.positive(v, "clos:n,m,r or clos:n1,m1,n2,m2,...,r");
                if (v.length == 3) {
                    return MultistageGenerator.clos(spec, v[0], v[1], v[2]);
                }
                return MultistageGenerator.recursiveClos(spec, java.util.Arrays.copyOf(v, v.length - 1), v[v.length - 1]);
            }
            case "btree":
                return TreeGenerator.binaryTree(spec, a.powerOfTwo("N", 2, 1 << 18));
            case "fattree": {
                int n = a.powerOfTwo("N", 2, 1 << 16);
                return TreeGenerator.karyNTree(spec, "fattree", 2, Integer.numberOfTrailingZeros(n));
            }
            case "kary-ntree": {
                int[] v = a.commaInts(2, "k,n");
                return TreeGenerator.karyNTree(spec, "kary-ntree", v[0], v[1]);
            }
            case "fbtree":
                return TreeGenerator.fullBinaryTree(spec, a.singleInt("N", 3, MAX_NODES));
            case "circulant": {
                List<String> parts = a.colonParts(2, 2);
                int n = a.intArg(parts.get(0), "N", 3, MAX_NODES);
                return CirculantGenerator.build(spec, "circulant", n, a.intList(parts.get(1), "jump"));
            }
            case "circulant2": {
                int n = a.powerOfTwo("N", 4, MAX_NODES);
                return CirculantGenerator.build(spec, "circulant2", n, CirculantGenerator.powerOfTwoJumps(n));
            }
            case "random-shortcut": {
                List<String> parts = a.colonParts(2, 3);
                int n = a.intArg(parts.get(0), "N", 3, MAX_NODES);
                int d = a.intArg(parts.get(1), "D", 2, n - 1);
                long seed = parts.size() > 2 ? a.seed(parts.get(2)) : 1;
                return RandomShortcutGenerator.build(spec, n, d, seed);
            }
            case "dragonfly": {
                if (args != null && args.trim().equalsIgnoreCase("thesis")) {
                    return DragonflyGenerator.build(spec, 16, 1, 4, 64);
                }
                int[] v = a.commaInts(-1, "a,p,h[,g]");
                a.require(v.length == 3 || v.length == 4, "expected a,p,h or a,p,h,g");
                a.positive(v, "a,p,h[,g]");
                return DragonflyGenerator.build(spec, v[0], v[1], v[2], v.length == 4 ? v[3] : v[0] * v[2] + 1);
            }
            case "flatfly": {
                int[] v = a.commaInts(-1, "k,n[,c]");
                a.require(v.length == 2 || v.length == 3, "expected k,n or k,n,c");
                return FlatflyGenerator.build(spec, v[0], v[1], v.length == 3 ? v[2] : 1);
            }
            case "cmesh": {
                int[] v = a.commaInts(-1, "kx,ky,c");
                a.require(v.length == 3, "expected kx,ky,c");
                return CmeshGenerator.build(spec, v[0], v[1], v[2]);
            }
            case "file": {
                a.require(args != null && !args.isBlank(), "file: needs a path, e.g. file:net.json");
                return TopologyFiles.read(Path.of(args.trim()), spec);
            }
            default:
                throw new InvalidInputException("unknown topology family '" + family + "' in '" + spec
                        + "'; expected one of " + familyNames());
        }
    }
}
