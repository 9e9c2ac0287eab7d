package org.ccopt.flitsim.net;

import java.util.List;

/** No flit moved for the deadlock horizon while flits were still in the network. */
public final class DeadlockException extends RuntimeException {

    private final int cycle;
    private final List<String> readings;

    /**
     * @param readings the run's readings that do not guarantee freedom from deadlock (the papers' router model's
     *                 {@code deadlockProne}; none on BookSim's router)
     */
    public DeadlockException(int cycle, String blocked, List<String> readings) {
        super("deadlock: no flit moved for the deadlock horizon up to cycle " + cycle + "; blocked input queues: " + blocked);
        this.cycle = cycle;
        this.readings = List.copyOf(readings);
    }

    /** The run's readings that do not guarantee freedom from deadlock (empty if none: the routing itself is at fault). */
    public List<String> readings() {
        return readings;
    }

    public int cycle() {
        return cycle;
    }
}
