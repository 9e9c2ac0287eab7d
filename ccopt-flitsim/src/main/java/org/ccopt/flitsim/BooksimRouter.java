package org.ccopt.flitsim;

import org.ccopt.flitsim.net.NetworkSimulator;
import org.ccopt.flitsim.net.OpenLoopResult;
import org.ccopt.routing.DimensionOrderRouting;
import org.ccopt.routing.RouterPorts;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;

/**
 * BookSim 2's input-queued router ({@link NetworkSimulator}) as a {@link FlitRouter}: a workload's slices are released
 * at s V + I_u ({@link NetworkSimulator#runPlan}). It has no VC selection schemes or queue orders: a configuration's
 * genes are ignored, no gene is ever consulted ({@link #choices} is empty, so a chromosome that differs only in them
 * runs the same), and no output VC has queue-order candidates. A run reports its duration, its flits and its router
 * cycles; the papers' router's block counters and link occupation are 0 here, and the packets' latencies and hops are
 * in {@link #lastBatch}.
 *
 * <p>A {@link LinkTrace} attached with {@link #trace} records what the links between routers carry
 * ({@link NetworkSimulator.LinkObserver}), cycles counted from 1 as the papers' router counts them: link id = router x
 * {@code trace.ports()} + port slot, the slots of links to other routers first and one more for the terminals, as the
 * pictures of a trace expect. On a torus or mesh the slot of a link is the papers' port, 2d for +d and 2d + 1 for -d
 * (the engine's ports follow the neighbours' order, which differs from router to router); on any other network it
 * is the router's local port.
 */
public final class BooksimRouter implements FlitRouter {

    private final NetworkSimulator engine;
    private final long seed;
    private final int ports;
    /** The most ports to other routers that any router has, plus one: the port slots of a link id in a trace. */
    private final int tracePorts;
    /** Per global port, its slot in a trace's link id: the papers' port on a torus or mesh, else the local port. */
    private final int[] slot;
    private final FlitSimulator.Choices none;
    private LinkTrace trace;
    private OpenLoopResult last;

    /** The router of {@code engine}; every run draws the routing function's per-packet values from {@code seed}. */
    public BooksimRouter(NetworkSimulator engine, long seed) {
        this.engine = engine;
        this.seed = seed;
        RouterPorts net = engine.network();
        this.ports = net.maxRadix();
        this.slot = new int[net.ports()];
        int linkPorts = 0;
        for (int p = 0; p < net.ports(); p++) {
            slot[p] = p - net.portStart(net.portRouter(p));
            if (net.portTerminal(p) < 0) {
                linkPorts = Math.max(linkPorts, slot[p] + 1); // the ports to other routers come first
            }
        }
        if (net.topology().geometry() instanceof Geometry.Grid g) { // the papers' port order: +x -x +y -y ...
            int[] local = DimensionOrderRouting.gridPorts(net, g);
            for (int i = local.length - 1; i >= 0; i--) { // downwards: on a ring of two, +d is the one link's slot
                if (local[i] >= 0) {
                    slot[net.portStart(i / (2 * g.dimensions())) + local[i]] = i % (2 * g.dimensions());
                }
            }
            linkPorts = 2 * g.dimensions();
        }
        this.tracePorts = linkPorts + 1;
        int portIds = net.routers() * ports;
        this.none = new FlitSimulator.Choices(new long[(portIds + 63) >>> 6],
                new long[(portIds * engine.vcs() + 63) >>> 6]);
    }

    /** Records the next runs into {@code sink} (null switches tracing off). */
    @Override
    public BooksimRouter trace(LinkTrace sink) {
        this.trace = sink;
        RouterPorts net = engine.network();
        engine.observeLinks(sink == null ? null : new NetworkSimulator.LinkObserver() {
            @Override
            public void flit(int cycle, int port, int slice) {
                sink.record(cycle + 1, net.portRouter(port) * tracePorts + slot[port], slice);
            }

            @Override
            public void blocked(int cycle, int port) {
                sink.record(cycle + 1, net.portRouter(port) * tracePorts + slot[port], LinkTrace.BLOCKED);
            }
        });
        return this;
    }

    /** The engine it runs: its network's ports and its routing function. */
    public NetworkSimulator engine() {
        return engine;
    }

    /** The packet statistics of the last run that completed: latencies from creation to ejection, hops. */
    public OpenLoopResult lastBatch() {
        return last;
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
        if (config.sliceReinitialization() || config.sliceInterlocking() || config.atomicVcAllocation()) {
            throw new org.ccopt.InvalidInputException((config.sliceReinitialization() ? "--reinit (slice re-initialisation, "
                    + "sort key T08)" : config.sliceInterlocking() ? "--interlock (slice interlocking, sort key T10)"
                    : "--atomic-vc (drained VC release)") + " is a function of the papers' router; BookSim's router has none");
        }
        if (trace != null) {
            trace.start(routers() * tracePorts, tracePorts);
        }
        OpenLoopResult r = engine.runPlan(w.destination(), w.slices(), w.packetsPerSlice(), w.flitsPerPacket(), w.interval(),
                w.injectionDelay(), seed, cycleLimit);
        if (r == null) {
            return null;
        }
        last = r;
        return new SimResult(r.cycles(), r.packets() * w.flitsPerPacket(), 0, 0, 0, 0, 0, 0, r.routerCycles());
    }

    @Override
    public SimResult[] runIntervals(RouterConfig config, Workload w, int[] intervals, int cycleLimit, boolean cutAtBest) {
        if (trace != null) {
            throw new IllegalStateException("runIntervals does not trace; detach the trace first");
        }
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
