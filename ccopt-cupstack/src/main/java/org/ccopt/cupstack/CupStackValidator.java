package org.ccopt.cupstack;

import org.ccopt.flitsim.FlitRouter;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.SimParameters;
import org.ccopt.flitsim.SimResult;
import org.ccopt.flitsim.Workload;

/**
 * The independent check of every printed Cup-Stacking result: the best chromosome goes through the parameter-file
 * path a user replays ({@link SimParameters} to JSON and back, App. A.4's parameter-loading mode) onto a fresh
 * router, and the replayed duration and measurements must equal the claimed ones (on BookSim's router, which measures
 * no blocks or link occupation, the duration and the flits delivered).
 */
public final class CupStackValidator {

    private CupStackValidator() {
    }

    /**
     * The parameter document of a result (what {@code best.json} holds), with the seed its replay needs
     * ({@link org.ccopt.flitsim.FlitSetup#fileSeed}).
     */
    public static SimParameters parameters(Problem p, RouterConfig base, Chromosome c, String traffic, Long seed) {
        return SimParameters.of(p.setup(), base.withGenes(c.scheme(), c.queueOrder()), p.workload(c), traffic,
                p.setup().fileSeed(seed));
    }

    /** Replays {@code c} from its parameter file and fails unless it reproduces {@code claimed}. */
    public static void check(Problem p, RouterConfig base, Chromosome c, Score claimed, String traffic) {
        SimParameters replay = SimParameters.parse(parameters(p, base, c, traffic, null).toJson());
        FlitRouter router = replay.router();
        Workload w = replay.workload();
        SimResult r = router.run(replay.config(router), w);
        if (!p.papersRouter()) {
            if (r.durationCycles() != claimed.duration() || r.flits() != w.flits()) {
                throw new IllegalStateException("validator: the replayed parameters run on a fresh BookSim router in "
                        + r.durationCycles() + " cycles with " + r.flits() + " flits; the optimizer claimed "
                        + claimed.duration() + " and " + w.flits() + " flits are sent");
            }
            return;
        }
        if (r.durationCycles() != claimed.duration() || r.effectiveThickness() != claimed.thickness() || r.lb() != claimed.lb()
                || r.ir() != claimed.ir() || r.or() != claimed.or() || r.ib() != claimed.ib() || r.ob() != claimed.ob()) {
            throw new IllegalStateException("validator: the replayed parameters give " + r + "; the optimizer claimed " + claimed);
        }
    }
}
