package org.ccopt.cupstack;

import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.SimParameters;
import org.ccopt.flitsim.SimResult;
import org.ccopt.flitsim.Workload;

/**
 * The independent check of every printed Cup-Stacking result: the best chromosome goes through the parameter-file
 * path a user replays ({@link SimParameters} to JSON and back, App. A.4's parameter-loading mode) onto a fresh
 * simulator, and the replayed duration and measurements must equal the claimed ones.
 */
public final class CupStackValidator {

    private CupStackValidator() {
    }

    /** The parameter document of a result (what {@code best.json} holds). */
    public static SimParameters parameters(Problem p, RouterConfig base, Chromosome c, String traffic, Long seed) {
        return SimParameters.of(p.topology(), base.withGenes(c.scheme(), c.queueOrder()), p.workload(c), traffic, seed);
    }

    /**
     * Replays {@code c} from its parameter file and fails unless it reproduces {@code claimed}; on BookSim's router,
     * which has no parameter file, a fresh router replays the chromosome's workload and must give the claimed duration
     * with every flit delivered.
     */
    public static void check(Problem p, RouterConfig base, Chromosome c, Score claimed, String traffic) {
        if (!p.papersRouter()) {
            Workload w = p.workload(c);
            SimResult r = p.router().run(base, w);
            if (r.durationCycles() != claimed.duration() || r.flits() != w.flits()) {
                throw new IllegalStateException("validator: a fresh BookSim router runs the answer in " + r.durationCycles()
                        + " cycles with " + r.flits() + " flits; the optimizer claimed " + claimed.duration() + " and "
                        + w.flits() + " flits are sent");
            }
            return;
        }
        SimParameters replay = SimParameters.parse(parameters(p, base, c, traffic, null).toJson());
        FlitSimulator sim = replay.setup().simulator();
        SimResult r = sim.run(replay.routerConfig(sim), replay.workload());
        if (r.durationCycles() != claimed.duration() || r.effectiveThickness() != claimed.thickness() || r.lb() != claimed.lb()
                || r.ir() != claimed.ir() || r.or() != claimed.or() || r.ib() != claimed.ib() || r.ob() != claimed.ob()) {
            throw new IllegalStateException("validator: the replayed parameters give " + r + "; the optimizer claimed " + claimed);
        }
    }
}
