package org.ccopt.flitsim;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;

/**
 * One run of the papers' router as a library job (what {@code ccopt sim} runs on a torus or mesh, or on another network
 * under a model of the papers): a {@link Request} in, an {@link Outcome} out. The workload comes from a parameter file
 * ({@link SimParameters}) or from a pattern and the slicing; a node mapping places logical destinations; simple
 * stacking (Yokota et al. 2023, §4.1) may sweep the interval first; the run may be repeated on the same simulator to
 * measure its speed.
 */
public final class SimJob {

    /**
     * @param params        a parameter file to replay (its topology, router, model and workload), or null
     * @param mapping       a node-mapping file (logical address per physical node) placing the destinations, or null
     * @param setup         network, VCs, buffers and router model, where no parameter file gives them (else ignored)
     * @param traffic       a pattern name (without a parameter file)
     * @param seed          the seed of random patterns
     * @param slices        slices per node
     * @param packets       packets per node per slice
     * @param packetFlits   flits per packet
     * @param interval      the inter-slice interval V, or null: 0 (the file's V with a parameter file)
     * @param reinit        slice re-initialisation (§7.2, T08)
     * @param interlock     slice interlocking (§7.2, T10)
     * @param atomicVc      re-allocate an output VC only after its downstream buffer drained
     * @param sweepInterval {@code FROM:TO}: try every V in the range and keep the shortest run, or null
     * @param repeat        runs in all on one reused simulator (the speed figure needs two or more)
     * @param trace         record the link-by-cycle occupancy of the run
     */
    public record Request(Path params, Path mapping, FlitSetup setup, String traffic, long seed, int slices, int packets,
                          int packetFlits, Integer interval, boolean reinit, boolean interlock, boolean atomicVc,
                          String sweepInterval, int repeat, boolean trace) {

        /** Defaults of {@code ccopt sim} (its declarations, {@link FlitSimJob}, read these). */
        public static final String DEFAULT_TRAFFIC = "bcmp";
        public static final int DEFAULT_PACKETS = 4;
        public static final int DEFAULT_PACKET_FLITS = 8;
        public static final int DEFAULT_SLICES = 1;
        public static final long DEFAULT_SEED = 1;
        public static final int DEFAULT_REPEAT = 1;

        /** The {@code --model} that names the flit engine's router ({@code net.RouterTiming.BOOKSIM}, a test checks). */
        public static final String ENGINE_MODEL = "booksim";

        /** This request, recording the run's link-by-cycle occupancy or not. */
        public Request withTrace(boolean record) {
            return new Request(params, mapping, setup, traffic, seed, slices, packets, packetFlits, interval, reinit, interlock,
                    atomicVc, sweepInterval, repeat, record);
        }

        public Request {
            if (repeat < 1) {
                throw InvalidInputException.parameter("repeat", repeat + " is invalid; expected >= 1");
            }
            if (interval != null && interval < 0) {
                throw InvalidInputException.parameter("interval", interval + " is invalid; expected >= 0 cycles");
            }
        }
    }

    /**
     * The run and what made it: the network, the pattern's name, the configuration and workload that ran (the swept
     * interval in it), the result, the sweep (or null), the trace (or null), the simulator's routing function, and the
     * repeats' router-cycles per second (0 without repeats).
     */
    public record Outcome(Topology topology, String traffic, RouterConfig config, Workload workload, SimResult result,
                          IntervalSweep sweep, LinkTrace trace, String routing, int repeat, double routerCyclesPerSecond) {

        /** The figures by name, as {@code ccopt sim --json} prints them. */
        public Map<String, Object> figures() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("topology", topology.spec());
            out.put("traffic", traffic);
            RouterModel.putModel(out, config.model(), topology);
            out.put("routing", routing);
            out.put("durationCycles", result.durationCycles());
            out.put("flits", result.flits());
            out.put("effectiveThickness", result.effectiveThickness());
            out.put("ir", result.ir());
            out.put("or", result.or());
            out.put("ib", result.ib());
            out.put("ob", result.ob());
            out.put("lb", result.lb());
            out.put("routerCycles", result.routerCycles());
            if (sweep != null) {
                out.put("interval", workload.interval());
                out.put("sweepDurations", sweep.durations());
            }
            if (repeat > 1) {
                out.put("repeat", repeat);
                out.put("routerCyclesPerSecond", routerCyclesPerSecond);
            }
            return out;
        }

        /** The parameter file of this run, which replays it ({@code ccopt sim --params}). */
        public SimParameters parameters(long seed) {
            return SimParameters.of(topology, config, workload, traffic, seed);
        }
    }

    private SimJob() {
    }

    public static Outcome run(Request q) {
        Topology t;
        FlitSimulator sim;
        RouterConfig config;
        Workload workload;
        String trafficName;
        if (q.params() != null) {
            SimParameters p = SimParameters.read(q.params());
            t = p.setup().topology();
            sim = SimulatorCache.get(p.setup());
            workload = p.workload();
            if (p.hasLogicalDestinations() != (q.mapping() != null)) {
                throw new InvalidInputException(q.mapping() != null ? "--mapping needs a parameter file with logical "
                        + "destinations (\"addressing\": \"logical\"); '" + q.params() + "' holds physical ones"
                        : "parameter file '" + q.params() + "' holds logical destinations; give the node mapping that "
                        + "places them with --mapping");
            }
            if (q.mapping() != null) {
                workload = workload.withDestination(NodeMapping.apply(NodeMapping.read(q.mapping(), t), workload.destination()));
            }
            if (q.interval() != null) {
                workload = workload.withInterval(q.interval());
            }
            config = p.routerConfig(sim);
            trafficName = p.traffic();
        } else {
            RouterModel model = q.setup().model();
            t = q.setup().topology();
            sim = SimulatorCache.get(q.setup());
            TrafficPattern pattern = TrafficPattern.parse(q.traffic());
            trafficName = pattern.label();
            int[] dest = pattern.destinations(t, q.seed());
            if (q.mapping() != null) {
                dest = NodeMapping.apply(NodeMapping.read(q.mapping(), t), dest);
            }
            workload = new Workload(dest, q.slices(), q.packets(), q.packetFlits(), q.interval() == null ? 0 : q.interval(), null);
            config = sim.uniformConfig(model.defaultScheme(), model).withSliceReinitialization(q.reinit())
                    .withSliceInterlocking(q.interlock());
            if (q.atomicVc()) {
                config = config.withAtomicVcAllocation(true);
            }
        }
        IntervalSweep sweep = null;
        if (q.sweepInterval() != null) {
            int[] range = IntervalSweep.parseRange(q.sweepInterval());
            sweep = IntervalSweep.run(sim, config, workload, range[0], range[1]);
            workload = workload.withInterval(sweep.best());
        }
        LinkTrace trace = q.trace() ? new LinkTrace() : null;
        SimResult r = sim.trace(trace).run(config, workload);
        sim.trace(null);
        long started = System.nanoTime();
        for (int i = 1; i < q.repeat(); i++) {
            sim.run(config, workload);
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        double rate = q.repeat() > 1 ? r.routerCycles() * (q.repeat() - 1) / seconds : 0;
        return new Outcome(t, trafficName, config, workload, r, sweep, trace, sim.routing(), q.repeat(), rate);
    }

    /** The default network of {@code ccopt sim}, where none is named. */
    public static Topology defaultTopology() {
        return TopologySpec.parse("torus:8x8");
    }
}
