package org.ccopt.flitsim;

import org.ccopt.topology.Topology;

/**
 * A flit router that runs closed batches under an injection plan (a {@link Workload}: each node's pattern, slices,
 * the interval V and the injection delays I of Cup-Stacking, Yokota et al. 2023, §5.3), so that the optimizers over
 * injection plans run on any router: the papers' router ({@link FlitSimulator}, whose arbitration genes C and Q a
 * {@link RouterConfig} sets) or BookSim's input-queued router ({@link BooksimRouter}, which has no such genes and
 * ignores a configuration's). {@link FlitSetup#router} builds the one its {@code --model} names.
 */
public sealed interface FlitRouter permits FlitSimulator, BooksimRouter {

    Topology topology();

    /** Terminals: the nodes of a workload. */
    int nodes();

    /** Routers, and the port slots of each, as a {@link RouterConfig} for this router numbers them. */
    int routers();

    int ports();

    int vcs();

    int bufferFlits();

    /** The routing function's name. */
    String routing();

    /** Records the link-by-cycle occupancy of the next runs into {@code sink} (null switches tracing off). */
    FlitRouter trace(LinkTrace sink);

    /** One run of {@code w} under {@code config}. */
    SimResult run(RouterConfig config, Workload w);

    /** As {@link #run}, or null for a run that provably lasts longer than {@code cycleLimit}. */
    SimResult runWithin(RouterConfig config, Workload w, int cycleLimit);

    /** The duration of {@link #runWithin}'s run, or -1 for a run that provably lasts longer than {@code cycleLimit}. */
    default int durationWithin(RouterConfig config, Workload w, int cycleLimit) {
        SimResult r = runWithin(config, w, cycleLimit);
        return r == null ? -1 : r.durationCycles();
    }

    /**
     * {@code w} at every interval of {@code intervals}, as {@link #runWithin} would run each: null for a run longer than
     * {@code cycleLimit} or, with {@code cutAtBest}, than the shortest earlier run of the list.
     */
    SimResult[] runIntervals(RouterConfig config, Workload w, int[] intervals, int cycleLimit, boolean cutAtBest);

    /** The genes the last run consulted with a choice to make ({@link FlitSimulator.Choices}). */
    FlitSimulator.Choices choices();

    /**
     * For every output VC id, the input ports (bit p for port p) from which a packet can request it under {@code model}:
     * the candidates of a queue order Q. None on a router without Q genes.
     */
    int[] requestingInputs(RouterModel model);
}
