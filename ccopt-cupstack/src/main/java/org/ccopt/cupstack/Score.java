package org.ccopt.cupstack;

import org.ccopt.flitsim.SimResult;

/**
 * The evaluation of one chromosome: the objective the GA minimises (the duration T_d, or the rough estimate
 * T_e (S - 1) + t_d of Yokota et al. 2023, Eq. (8)), the measured duration and effective thickness T_e, the
 * arbitration counters of §6.3 (ir, or, ib, ob, lb) and the interval V the run used (the perturbation method may
 * pick another V than the chromosome carried, §7.1).
 */
public record Score(int objective, int duration, int thickness, long ir, long or, long ib, long ob, long lb, int interval) {

    /**
     * The score of a chromosome that deadlocks the network (possible only under readings that do not guarantee
     * freedom from deadlock): infeasible. The GA never keeps it in its population; compare by identity.
     */
    static final Score DEADLOCKED = new Score(Integer.MAX_VALUE, Integer.MAX_VALUE, 0, 0, 0, 0, 0, 0, -1);

    static Score of(SimResult r, int objective, int interval) {
        return new Score(objective, r.durationCycles(), r.effectiveThickness(), r.ir(), r.or(), r.ib(), r.ob(), r.lb(), interval);
    }

    /** Whether this is {@link #DEADLOCKED}. */
    public boolean deadlocked() {
        return this == DEADLOCKED;
    }

    /** Total VC blocking tb = ib + ob (Table 5, T06). */
    public long tb() {
        return ib + ob;
    }
}
