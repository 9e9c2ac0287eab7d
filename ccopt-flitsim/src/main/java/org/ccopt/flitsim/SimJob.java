package org.ccopt.flitsim;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;

/**
 * One closed batch on a flit router as a library job (what {@code ccopt sim} runs without {@code --rate}): the papers'
 * router under a preset, or BookSim's router ({@link FlitSetup}); a {@link Request} in, an {@link Outcome} out. The
 * workload comes from a parameter file ({@link SimParameters}) or from a pattern and the slicing; a node mapping places
 * logical destinations; simple stacking (Yokota et al. 2023, §4.1) may sweep the interval first; the run may be
 * repeated on the same router to measure its speed.
 */
public final class SimJob {

    /**
     * @param params        a parameter file to replay (its topology, router, model and workload), or null
     * @param mapping       a node-mapping file (logical address per physical node) placing the destinations, or null
     * @param setup         network, VCs, buffers and router (the papers' under a model, or BookSim's under a routing
     *                      function), where no parameter file gives them (else ignored)
     * @param traffic       a pattern name (without a parameter file)
     * @param seed          the seed of random patterns, and of BookSim's router's per-packet routing values
     * @param slices        slices per node
     * @param packets       packets per node per slice
     * @param packetFlits   flits per packet
     * @param interval      the inter-slice interval V, or null: 0 (the file's V with a parameter file)
     * @param reinit        slice re-initialisation (§7.2, T08; the papers' router only)
     * @param interlock     slice interlocking (§7.2, T10; the papers' router only)
     * @param atomicVc      re-allocate an output VC only after its downstream buffer drained (on BookSim's router the
     *                      setup's timing carries it)
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
     * The run and what made it: the network and router ({@code setup}), the pattern's name, the configuration and
     * workload that ran (the swept interval in it), the result, the packets' statistics (BookSim's router; null on the
     * papers'), the sweep (or null), the trace (or null), the repeats' router-cycles per second (0 without repeats), and
     * the seed of the run.
     */
    public record Outcome(FlitSetup setup, String traffic, RouterConfig config, Workload workload, SimResult result,
                          org.ccopt.flitsim.net.OpenLoopResult packets, IntervalSweep sweep, LinkTrace trace, int repeat,
                          double routerCyclesPerSecond, long seed) {

        public Topology topology() {
            return setup.topology();
        }

        /** The routing function that ran. */
        public String routing() {
            return setup.routingName();
        }

        /**
         * The figures by name, as {@code ccopt sim --json} prints them: the duration and flits, then the papers' router's
         * link occupation and block counters, or BookSim's router's packet latencies and hops.
         */
        public Map<String, Object> figures() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("topology", topology().spec());
            out.put("traffic", traffic);
            RouterModel.putModel(out, setup.kind(), topology());
            out.put("routing", routing());
            if (!setup.papersRouter()) {
                out.put("vcs", setup.vcs());
                out.put("bufferFlits", setup.bufferFlits());
                out.put("packetFlits", workload.flitsPerPacket());
                if (workload.slices() > 1) {
                    out.put("slices", workload.slices());
                    out.put("interval", workload.interval());
                }
            }
            out.put("durationCycles", result.durationCycles());
            out.put("flits", result.flits());
            if (packets != null) {
                out.put("packets", packets.packets());
                out.put("packetLatency", packets.packetLatency());
                out.put("latencyMax", packets.latencyMax());
                out.put("hops", packets.hops());
            } else {
                out.put("effectiveThickness", result.effectiveThickness());
                out.put("ir", result.ir());
                out.put("or", result.or());
                out.put("ib", result.ib());
                out.put("ob", result.ob());
                out.put("lb", result.lb());
            }
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

        /**
         * The run in one line, as {@code ccopt sim} prints it: the papers' router's link occupation and block counters,
         * or BookSim's router's set-up, packets, latencies and hops.
         */
        public String line() {
            SimResult r = result;
            if (packets != null) {
                return String.format(Locale.ROOT, "%s on %s, router booksim, routing %s, %d VCs x %d flits, %d-flit packets%s: "
                        + "%d cycles, %d packets, mean packet latency %.1f, max %d, mean hops %.2f", traffic, topology().spec(),
                        routing(), setup.vcs(), setup.bufferFlits(), workload.flitsPerPacket(), workload.slices() > 1 ? ", "
                        + workload.slices() + " slices at V = " + workload.interval() : "", r.durationCycles(),
                        packets.packets(), packets.packetLatency(), packets.latencyMax(), packets.hops());
            }
            return String.format(Locale.ROOT, "%s on %s, model %s%s: %d cycles, %d flits, T_e %d, ir %d, or %d, ib %d, ob %d, "
                    + "lb %d", traffic, topology().spec(), config.model().presetName(), FlitSetup.routingNote(topology()),
                    r.durationCycles(), r.flits(), r.effectiveThickness(), r.ir(), r.or(), r.ib(), r.ob(), r.lb());
        }

        /** The parameter file of this run, which replays it ({@code ccopt sim --params}). */
        public SimParameters parameters() {
            return SimParameters.of(setup, config, workload, traffic, seed);
        }
    }

    private SimJob() {
    }

    public static Outcome run(Request q) {
        FlitSetup setup;
        Workload workload;
        String trafficName;
        long seed;
        SimParameters p = q.params() == null ? null : SimParameters.read(q.params());
        if (p != null) {
            setup = p.setup();
            workload = p.workload();
            if (p.hasLogicalDestinations() != (q.mapping() != null)) {
                throw new InvalidInputException(q.mapping() != null ? "--mapping needs a parameter file with logical "
                        + "destinations (\"addressing\": \"logical\"); '" + q.params() + "' holds physical ones"
                        : "parameter file '" + q.params() + "' holds logical destinations; give the node mapping that "
                        + "places them with --mapping");
            }
            if (q.mapping() != null) {
                workload = workload.withDestination(NodeMapping.apply(NodeMapping.read(q.mapping(), setup.topology()),
                        workload.destination()));
            }
            if (q.interval() != null) {
                if (workload.slices() < 2 && q.interval() != 0) {
                    throw InvalidInputException.parameter("interval", "applies to two or more slices; parameter file '"
                            + q.params() + "' has one, which has no interval other than 0");
                }
                workload = workload.withInterval(q.interval());
            }
            trafficName = p.traffic();
            seed = p.routerSeed();
        } else {
            setup = q.setup();
            Topology t = setup.topology();
            TrafficPattern pattern = TrafficPattern.parse(q.traffic());
            trafficName = pattern.label();
            int[] dest = pattern.destinations(t, q.seed());
            if (q.mapping() != null) {
                dest = NodeMapping.apply(NodeMapping.read(q.mapping(), t), dest);
            }
            workload = new Workload(dest, q.slices(), q.packets(), q.packetFlits(), q.interval() == null ? 0 : q.interval(), null);
            seed = q.seed();
        }
        FlitRouter sim = setup.papersRouter() ? SimulatorCache.get(setup) : setup.router(seed);
        RouterConfig config;
        if (p != null) {
            config = p.config(sim);
        } else {
            config = setup.uniformConfig(setup.defaultScheme()).withSliceReinitialization(q.reinit())
                    .withSliceInterlocking(q.interlock());
            if (q.atomicVc() && setup.papersRouter()) { // BookSim's router has it in its timing (wait_for_tail_credit)
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
        SimResult r;
        try {
            r = sim.trace(trace).run(config, workload);
        } finally {
            sim.trace(null);
        }
        org.ccopt.flitsim.net.OpenLoopResult packets = sim instanceof BooksimRouter b ? b.lastBatch() : null;
        long started = System.nanoTime();
        for (int i = 1; i < q.repeat(); i++) {
            sim.run(config, workload);
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        double rate = q.repeat() > 1 ? r.routerCycles() * (q.repeat() - 1) / seconds : 0;
        return new Outcome(setup, trafficName, config, workload, r, packets, sweep, trace, q.repeat(), rate, seed);
    }

    /** The default network of {@code ccopt sim}, where none is named. */
    public static Topology defaultTopology() {
        return TopologySpec.parse("torus:8x8");
    }
}
