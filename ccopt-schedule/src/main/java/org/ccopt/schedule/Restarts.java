package org.ccopt.schedule;

/**
 * The restart rule of UMDA and MBOA (ccopt's addition, see {@link Umda.Params#restart()}): keeps the best schedule over
 * every start, which is the answer, and counts the generations since the current start last improved.
 */
final class Restarts {

    private final int patience;
    private long bestCost = Long.MAX_VALUE;
    private Schedule best;
    private long startBest = Long.MAX_VALUE;
    private long since;

    /** @param patience generations without a better best before a restart; 0: never */
    Restarts(int patience) {
        this.patience = patience;
    }

    /** Notes the best member of a generation. */
    void note(long cost, Schedule schedule) {
        if (cost < bestCost) {
            bestCost = cost;
            best = schedule;
        }
        if (cost < startBest) {
            startBest = cost;
            since = 0;
        }
    }

    /** True when the current start has not improved for {@code patience} generations; the next start begins then. */
    boolean stalled() {
        if (patience > 0 && ++since > patience) {
            startBest = Long.MAX_VALUE;
            return true;
        }
        return false;
    }

    long bestCost() {
        return bestCost;
    }

    Schedule best() {
        return best;
    }
}
