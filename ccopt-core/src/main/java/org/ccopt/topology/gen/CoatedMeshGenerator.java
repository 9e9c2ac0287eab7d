package org.ccopt.topology.gen;

import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.topology.TopologyBuilder;

/**
 * Coated mesh (Jaros et al. 2007, Fig. 6a, after Jantsch &amp; Tenhunen 2003): an A x B mesh of 4-port
 * switches whose unused boundary ports each carry a processor, so the processors "coat" the mesh and the
 * inner switches have none. A 4x4 coated mesh thus has 16 processors (two on each corner switch, one on
 * every other boundary switch) and 16 switches, which matches the P = 16 and the lower bound
 * tau_AAS = 16 (bisection of 4 links) that Jaros et al. 2007 Table 3 print for it. The paper's figure is
 * not legible in our copy; this reading is the one consistent with its numbers.
 *
 * <p>Terminals are numbered by switch id (row-major), then by free port in the order W, E, S, N.
 */
public final class CoatedMeshGenerator {

    private CoatedMeshGenerator() {
    }

    public static Topology build(String spec, int columns, int rows) {
        Params.atLeast(spec, "radix", columns, 2);
        Params.atLeast(spec, "radix", rows, 2);
        Params.nodes(spec, 3L * columns * rows);
        int switches = columns * rows;
        int terminals = 0;
        for (int s = 0; s < switches; s++) {
            terminals += freePorts(s % columns, s / columns, columns, rows);
        }
        TopologyBuilder b = new TopologyBuilder(terminals + switches, terminals, false);
        int t = 0;
        for (int s = 0; s < switches; s++) {
            int x = s % columns;
            int y = s / columns;
            int node = terminals + s;
            if (x + 1 < columns) {
                b.addLink(node, node + 1);
            }
            if (y + 1 < rows) {
                b.addLink(node, node + columns);
            }
            for (int p = freePorts(x, y, columns, rows); p > 0; p--) {
                b.addLink(t++, node);
            }
        }
        return b.build(spec, "coated-mesh", Geometry.General.NONE);
    }

    private static int freePorts(int x, int y, int columns, int rows) {
        int used = (x > 0 ? 1 : 0) + (x + 1 < columns ? 1 : 0) + (y > 0 ? 1 : 0) + (y + 1 < rows ? 1 : 0);
        return 4 - used;
    }
}
