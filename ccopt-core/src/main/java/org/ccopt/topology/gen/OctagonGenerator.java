package org.ccopt.topology.gen;

import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.topology.TopologyBuilder;

/**
 * The Octagon network-on-chip (Karim &amp; Nguyen 2002): a ring of 8 nodes where node i is also linked to the
 * opposite node i+4, diameter 2. Its ring extension to N = 4n nodes keeps the shape: ring plus a link from
 * i to i + N/2 (Jaros et al. 2007, §4, "extended to a larger ring with P = 8, 12, 16, ..., 4n nodes").
 * The fat Octagon of Jaros et al. 2007 (Fig. 8b) has two processors on every router: the routers become
 * switches, terminal 2r and 2r+1 attach to router r.
 *
 * <p>The two scalings Jaros et al. 2007 (§4) name and set aside, after Karim, Nguyen and Dey 2002:
 * <ul>
 *   <li><b>Bridged</b> ({@code octagon-bridged:K}): "bridge nodes connecting adjacent Octagons". ccopt's reading
 *       (the 2007 paper draws none): K Octagons in a chain, node 4 of Octagon j being node 0 of Octagon j + 1, so
 *       7K + 1 nodes; the bridge is a cut vertex, which is the "very low bisection width" the paper objects to.
 *   <li><b>Multidimensional</b> ({@code octagon-md:D}): "linking corresponding nodes of several Octagons", read
 *       as the Cartesian product of D Octagons (8^D nodes, degree 3D): node (a_1, ..., a_D), id sum a_i 8^(i-1),
 *       is linked to the nodes that differ from it in one coordinate by an Octagon link. D = 2 is the 64-node
 *       two-dimensional Octagon.
 * </ul>
 */
public final class OctagonGenerator {

    private OctagonGenerator() {
    }

    public static Topology build(String spec, int routers, int processorsPerRouter) {
        Params.atLeast(spec, "N", routers, 8);
        Params.require(spec, routers % 4 == 0, "N " + routers + " is not a multiple of 4; expected N = 8, 12, 16, ...");
        Params.atLeast(spec, "processors per router", processorsPerRouter, 1);
        Params.nodes(spec, processorsPerRouter == 1 ? routers : (long) routers * (processorsPerRouter + 1));
        int terminals = processorsPerRouter == 1 ? routers : routers * processorsPerRouter;
        int offset = processorsPerRouter == 1 ? 0 : terminals;
        TopologyBuilder b = new TopologyBuilder(offset + routers, terminals, false);
        for (int i = 0; i < routers; i++) {
            b.addLink(offset + i, offset + (i + 1) % routers);
            b.addLink(offset + i, offset + (i + routers / 2) % routers);
        }
        if (processorsPerRouter > 1) {
            for (int t = 0; t < terminals; t++) {
                b.addLink(t, offset + t / processorsPerRouter);
            }
        }
        // No closed-form bisection: the half-ring cut (N/2 chords + 2 ring links) is not minimal, e.g. on 8
        // nodes {0,1,4,5} | {2,3,6,7} cuts only 4 links. The exhaustive search finds the true value.
        return b.build(spec, processorsPerRouter == 1 ? "octagon" : "fat-octagon", Geometry.General.NONE);
    }

    /** K Octagons in a chain sharing bridge nodes: node 4 of Octagon j is node 0 of Octagon j + 1. */
    public static Topology bridged(String spec, int octagons) {
        Params.atLeast(spec, "K", octagons, 1);
        Params.nodes(spec, 7L * octagons + 1);
        int n = 7 * octagons + 1;
        TopologyBuilder b = new TopologyBuilder(n, n, false);
        for (int j = 0; j < octagons; j++) {
            int[] local = new int[8];
            for (int i = 0; i < 8; i++) {
                local[i] = bridgedNode(j, i);
            }
            for (int i = 0; i < 8; i++) {
                b.addLink(local[i], local[(i + 1) % 8]);
                if (i < 4) {
                    b.addLink(local[i], local[i + 4]);
                }
            }
        }
        return b.build(spec, "octagon-bridged", Geometry.General.NONE);
    }

    /**
     * Node id of local node i of Octagon j: Octagon 0 is nodes 0..7 as in {@code octagon}; Octagon j >= 1 shares
     * its node 0 with node 4 of Octagon j - 1 and numbers its nodes 1..7 as 8 + 7(j - 1) + (i - 1).
     */
    private static int bridgedNode(int j, int i) {
        if (j == 0) {
            return i;
        }
        return i == 0 ? bridgedNode(j - 1, 4) : 8 + 7 * (j - 1) + (i - 1);
    }

    /** The Cartesian product of D Octagons. */
    public static Topology multidimensional(String spec, int dimensions) {
        Params.atLeast(spec, "D", dimensions, 1);
        Params.atMost(spec, "D", dimensions, 6);
        int n = 1 << (3 * dimensions);
        TopologyBuilder b = new TopologyBuilder(n, n, false);
        for (int v = 0; v < n; v++) {
            for (int d = 0; d < dimensions; d++) {
                int shift = 3 * d;
                int a = (v >>> shift) & 7;
                for (int to : new int[] {(a + 1) % 8, (a + 4) % 8}) {
                    if (to == (a + 4) % 8 && a >= 4) {
                        continue; // each chord once
                    }
                    b.addLink(v, (v & ~(7 << shift)) | (to << shift));
                }
            }
        }
        return b.build(spec, "octagon-md", Geometry.General.NONE);
    }
}
