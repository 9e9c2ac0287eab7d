package org.ccopt.routing;

import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;

/** The default deterministic routing of each family, as DESIGN.md prescribes. */
public final class Routings {

    private Routings() {
    }

    public static Routing deterministic(Topology t, MinimalPaths paths) {
        Geometry g = t.geometry();
        if (g instanceof Geometry.Grid) {
            return new DimensionOrderRouting(t, DimensionOrderRouting.Tie.POSITIVE);
        }
        if (g instanceof Geometry.Hypercube h && !h.folded()) {
            return new ECubeRouting(t);
        }
        if (g instanceof Geometry.Multistage m && !m.kind().equals("clos-recursive")) {
            return new MultistageRouting(t);
        }
        if (g instanceof Geometry.Tree tree && (tree.kind().equals("fattree") || tree.kind().equals("kary-ntree"))) {
            return new UpDownRouting(t);
        }
        return new ShortestPathRouting(paths);
    }
}
