package org.ccopt.examples;

import org.ccopt.flitsim.FlitSetup;
import org.ccopt.cupstack.CupStackGa;
import org.ccopt.cupstack.CupStackRun;
import org.ccopt.cupstack.Method;
import org.ccopt.cupstack.Problem;
import org.ccopt.cupstack.SortKey;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;

/**
 * Cup-Stacking after Yokota et al. 2023: perfect shuffle on the 8x8 torus, split into two slices of one 8-flit packet,
 * stacked by simple stacking and then by the full GA (a short run: 20 chromosomes x 30 generations); the result is
 * re-checked by the independent validator inside {@link CupStackRun#finish}.
 */
public final class CupStackingExample {

    private CupStackingExample() {
    }

    public static void main(String[] args) {
        Topology t = TopologySpec.parse("torus:8x8");
        RouterModel model = RouterModel.YOKOTA2023;
        SortKey key = SortKey.parse("T01");
        Problem problem = new Problem(FlitSetup.of(t).withModel(model), TrafficPattern.parse("shfl").destinations(t, 1), 2, 1, 8,
                key.reinitializes(), key.interlocks());
        CupStackGa.Settings ga = CupStackGa.Settings.defaults().withPopulation(20).withGenerations(30, 10);
        CupStackRun.Options options = CupStackRun.Options.of(Method.FULL, problem, key, ga, "shfl");
        try (CupStackRun run = new CupStackRun(options)) {
            CupStackRun.Result r = run.finish(run.ga().run(run.ga().initial(), s -> { }));
            System.out.printf("shfl on torus:8x8: unsplit %d cycles, simple stacking %d, Cup-Stacking GA %d%n",
                    r.baselineCycles(), r.simpleStackingCycles(), r.bestScore().duration());
        }
    }
}
