package org.ccopt.flitsim;

/** No flit moved for the deadlock horizon while flits were still in the network. */
public final class DeadlockException extends RuntimeException {

    private final int cycle;

    public DeadlockException(int cycle, String blocked) {
        super("deadlock: no flit moved for the deadlock horizon up to cycle " + cycle + "; blocked input queues: " + blocked);
        this.cycle = cycle;
    }

    public int cycle() {
        return cycle;
    }
}
