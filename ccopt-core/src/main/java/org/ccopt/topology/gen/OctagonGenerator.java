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
}
