package org.ccopt.cupstack;

import java.util.EnumSet;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;

/** Small Cup-Stacking problems for tests: 4x4 and 8x8 tori, 2 slices of 4-flit packets. */
final class Fixtures {

    static final Topology TORUS4 = TopologySpec.parse("torus:4x4");
    static final Topology TORUS8 = TopologySpec.parse("torus:8x8");

    private Fixtures() {
    }

    static Problem problem(Topology t, String traffic, int slices, int flits) {
        return new Problem(FlitSetup.of(t).withModel(RouterModel.CCOPT), TrafficPattern.parse(traffic).destinations(t, 1), slices, 1,
                flits, false, false);
    }

    static GeneSpace space(Problem p, EnumSet<GeneGroup> frozen, int td0) {
        FlitSimulator sim = p.simulator();
        return new GeneSpace(sim, sim.requestingInputs(org.ccopt.flitsim.RouterModel.CCOPT), p.destination(), p.sliceFlits(), td0, frozen, VcSelection.C00, p.sliceFlits());
    }

    static CupStackGa.Settings settings(int generations, long seed) {
        return new CupStackGa.Settings(12, generations, 4, 0.05, 3, 0.6, 6, CupStackGa.Tie.AGE, 0, 0, 100, seed);
    }

    static CupStackRun.Options options(Method m, Problem p, CupStackGa.Settings ga, int threads) {
        return new CupStackRun.Options(m, p, VcSelection.C00, EnumSet.noneOf(GeneGroup.class), SortKey.T01, 1, 2, p.sliceFlits(),
                ga, "test", threads, false, CupStackRun.DEFAULT_HISTORY);
    }
}
