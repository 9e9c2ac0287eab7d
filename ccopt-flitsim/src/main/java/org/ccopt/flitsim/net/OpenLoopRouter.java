package org.ccopt.flitsim.net;

/**
 * A flit router that runs open loads ({@link LoadSweep} draws its latency-throughput curve): the booksim router
 * ({@link NetworkSimulator}) or the papers' router (its {@code FlitSimulator.openLoop}).
 */
@FunctionalInterface
public interface OpenLoopRouter {

    /**
     * An open-loop run at {@code traffic}'s rate: packets ({@link OpenLoopSource}) are generated from cycle 0 on, those
     * generated in {@code [warmup, warmup + window)} are measured, and the run goes on (still generating) until every
     * measured packet is ejected, or for at most {@code drain} cycles after the window, after which the load is unstable.
     */
    OpenLoopResult runOpenLoop(OpenLoopTraffic traffic, int warmup, int window, int drain, long seed);
}
