package org.ccopt.flitsim;

import org.ccopt.flitsim.net.NetworkSimulator;
import org.ccopt.flitsim.net.OpenLoopResult;
import org.ccopt.routing.RouterPorts;
import org.ccopt.topology.Topology;

/**
 * BookSim 2's input-queued router ({@link NetworkSimulator}) as a {@link FlitRouter}: a workload's slices are released
 * at s V + I_u ({@link NetworkSimulator#runPlan}). It has no VC selection schemes or queue orders: a configuration's
 * genes are ignored, no gene is ever consulted ({@link #choices} is empty, so a chromosome that differs only in them
 * runs the same), and no output VC has queue-order candidates. A run reports its duration, its flits and its router
 * cycles; the papers' router's block counters and link occupation are 0 here.
 */
public final class BooksimRouter implements FlitRouter {

    private final NetworkSimulator engine;
    private final int ports;
    private final FlitSimulator.Choices none;

    public BooksimRouter(NetworkSimulator engine) {
        this.engine = engine;
        RouterPorts net = engine.network();
        this.ports = net.maxRadix();
        int portIds = net.routers() * ports;
        this.none = new FlitSimulator.Choices(new long[(portIds + 63) >>> 6],
                new long[(portIds * engine.vcs() + 63) >>> 6]);
    }

    @Override
    public Topology topology() {
        return engine.network().topology();
    }

    @Override
    public int nodes() {
        return engine.network().terminals();
    }

    @Override
    public int routers() {
        return engine.network().routers();
    }

    @Override
    public int ports() {
        return ports;
    }

    @Override
    public int vcs() {
        return engine.vcs();
    }

    @Override
    public int bufferFlits() {
        return engine.bufferFlits();
    }

    @Override
    public String routing() {
        return engine.routing().name();
    }

    @Override
    public SimResult run(RouterConfig config, Workload w) {
        return runWithin(config, w, Integer.MAX_VALUE);
    }

    @Override
    public SimResult runWithin(RouterConfig config, Workload w, int cycleLimit) {
        if (config.sliceReinitialization() || config.sliceInterlocking()) {
            throw new org.ccopt.InvalidInputException("slice re-initialisation and interlocking (sort keys T08, T10) are "
                    + "functions of the papers' router; BookSim's router has neither");
        }
        OpenLoopResult r = engine.runPlan(w.destination(), w.slices(), w.packetsPerSlice(), w.flitsPerPacket(), w.interval(),
                w.injectionDelay(), 0, cycleLimit);
        if (r == null) {
            return null;
        }
        return new SimResult(r.cycles(), r.packets() * w.flitsPerPacket(), 0, 0, 0, 0, 0, 0, r.routerCycles());
    }

    @Override
    public SimResult[] runIntervals(RouterConfig config, Workload w, int[] intervals, int cycleLimit, boolean cutAtBest) {
        SimResult[] out = new SimResult[intervals.length];
        int limit = cycleLimit;
        for (int i = 0; i < intervals.length; i++) {
            out[i] = runWithin(config, w.withInterval(intervals[i]), limit);
            if (cutAtBest && out[i] != null) {
                limit = Math.min(limit, out[i].durationCycles());
            }
        }
        return out;
    }

    @Override
    public FlitSimulator.Choices choices() {
        return none;
    }

    @Override
    public int[] requestingInputs(RouterModel model) {
        return new int[routers() * ports * vcs()];
    }
}
