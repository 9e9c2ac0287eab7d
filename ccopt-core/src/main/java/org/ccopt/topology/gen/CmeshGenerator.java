package org.ccopt.topology.gen;

import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.topology.TopologyBuilder;

/**
 * The concentrated mesh (Balfour &amp; Dally 2006), {@code cmesh:kx,ky,c}: a kx x ky mesh of routers, each with c
 * processors, so kx ky c terminals. The terminals are numbered by their place on the chip, as BookSim 2's {@code cmesh}
 * numbers them: a router's c terminals form a block of cx = floor(c / 2) columns and cy = c / cx rows (BookSim's
 * {@code _cX = c / n}, {@code _cY = c / _cX} with n = 2), and terminal t sits at column t mod (kx cx) and row
 * t / (kx cx) of the chip, so that BookSim's permutations (bitcomp, transpose) pair the same terminals on both. c must be
 * such a block (2, 3, 4, 6, 8, ...). BookSim's edge routers also carry express channels, which its {@code
 * dor_no_express} routing never takes; ccopt builds the mesh without them.
 *
 * <p>Nodes: the terminals first, router r (x = r mod kx, y = r / kx) is node kx ky c + r.
 */
public final class CmeshGenerator {

    private CmeshGenerator() {
    }

    public static Topology build(String spec, int kx, int ky, int c) {
        Params.atLeast(spec, "kx", kx, 1);
        Params.atLeast(spec, "ky", ky, 1);
        Params.atLeast(spec, "c", c, 2);
        int cx = c / 2;
        int cy = c / cx;
        Params.require(spec, cx * cy == c, "c = " + c + " is not a block of floor(c/2) x c/floor(c/2) terminals; expected "
                + "an even c or 3");
        Params.require(spec, (long) kx * ky * (c + 1) <= Topology.MAX_NODES, "too many nodes: kx ky (c + 1) exceeds "
                + Topology.MAX_NODES);
        Params.require(spec, (long) kx * ky >= 2, "a concentrated mesh needs 2 routers or more");
        int routers = kx * ky;
        int terminals = routers * c;
        Geometry.ConcentratedMesh g = new Geometry.ConcentratedMesh(kx, ky, c, cx, cy);
        TopologyBuilder b = new TopologyBuilder(terminals + routers, terminals, false);
        for (int r = 0; r < routers; r++) {
            if (r % kx + 1 < kx) {
                b.addLink(terminals + r, terminals + r + 1);
            }
            if (r + kx < routers) {
                b.addLink(terminals + r, terminals + r + kx);
            }
        }
        for (int t = 0; t < terminals; t++) {
            b.addLink(t, terminals + g.router(t));
        }
        return b.build(spec, "cmesh", g);
    }
}
