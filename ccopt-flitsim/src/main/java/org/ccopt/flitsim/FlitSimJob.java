package org.ccopt.flitsim;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ccopt.InvalidInputException;
import org.ccopt.job.DeclaredJob;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;

/**
 * {@code ccopt sim} as a library job, with its options: a closed batch on a flit router ({@link SimJob}), or open loads
 * ({@link EngineJob}: {@code --rate}). The router is the papers' under a preset ({@code --model NAME}, the default on a
 * torus or mesh) or BookSim's input-queued router ({@code --model booksim}, the default on any other network, on open
 * loads and with {@code --routing}). Every option declares where it applies, once: the readings and slice functions to
 * the papers' router, {@code --routing} to BookSim's, the options of closed batches and of open loads to those; given
 * elsewhere, it is refused with one line.
 */
public final class FlitSimJob extends DeclaredJob<FlitSimJob.Run, FlitSimJob.Result> {

    /** What runs: a closed batch, or open loads (exactly one of them). */
    public record Run(SimJob.Request batch, EngineJob.Request loads) {

        public Run {
            if ((batch == null) == (loads == null)) {
                throw new IllegalArgumentException("a sim run is a closed batch or open loads, one of them");
            }
        }
    }

    /** What ran: the closed batch's outcome, or the open loads'. */
    public record Result(SimJob.Outcome batch, EngineJob.Outcome loads) {

        /** The figures {@code sim --json} prints. */
        public Map<String, Object> figures() {
            return batch != null ? batch.figures() : loads.figures();
        }
    }

    /** Where the options of open loads apply. */
    private static final String OPEN = "to open loads (--rate R or FROM:TO:STEP)";
    /** Where the options of closed batches apply. */
    private static final String CLOSED = "to closed batches (not with --rate, which generates packets at the rate)";

    private static final List<JobOption> OPEN_LOADS = List.of(
            JobOption.text("rate", "R|FROM:TO:STEP", "Open-loop offered load in flits per terminal per cycle, or a "
                    + "latency-throughput curve FROM:TO:STEP with its saturation throughput (on BookSim's router, or on the "
                    + "papers' router where --model names its preset)"),
            openLoad(JobOption.text("process", "P", "Injection process with --rate: bernoulli, on-off (default: bernoulli)"),
                    "on-off"),
            openLoad(JobOption.text("packet-sizes", "L:W,...", "A mix of packet sizes with --rate on BookSim's router, "
                    + "FLITS:WEIGHT each (BookSim's packet_size and packet_size_rate), e.g. 1:1,8:1; --rate counts flits"),
                    "1:1,8:1").withApplies(new JobOption.Applies("without --packet-flits, which gives every packet one size",
                    v -> !v.given("packet-flits"), Map.of("topology", "hypercube:6", "rate", "0.1", "packet-flits", "4",
                    "packet-sizes", "1:1,8:1"))).withApplies(new JobOption.Applies("to BookSim's router (the papers' "
                    + "router runs one packet size)", FlitSimJob::booksim, Map.of("topology", "torus:4x4", "model",
                    "yokota2023", "rate", "0.1", "window", "300", "packet-sizes", "1:1,8:1"))),
            openLoad(JobOption.text("request-reply", "REQ:REPLY[,REQ:REPLY]", "Request-reply traffic with --rate on "
                    + "BookSim's router: each request answered by a reply, sizes in flits (one pair: reads; two: reads and "
                    + "writes; BookSim's use_read_write); requests on the lower half of the VCs, replies on the upper; --rate "
                    + "counts the flits of both"), "1:4").withApplies(new JobOption.Applies("without --packet-flits or "
                    + "--packet-sizes, which size packets without replies", v -> !v.given("packet-flits")
                    && !v.given("packet-sizes"), Map.of("topology", "hypercube:6", "rate", "0.1", "packet-flits", "4",
                    "request-reply", "1:4"))).withApplies(new JobOption.Applies("to BookSim's router (the papers' router "
                    + "runs packets without replies)", FlitSimJob::booksim, Map.of("topology", "torus:4x4", "model",
                    "yokota2023", "rate", "0.1", "window", "300", "request-reply", "1:4"))),
            new JobOption("write-fraction", null, "F", JobOption.Type.REAL, null, "Of --request-reply's requests, the share "
                    + "that are writes (default: 0.5, BookSim's write_fraction)", false, null, null, List.of(
                    new JobOption.Applies("to --request-reply with reads and writes (two pairs)", v -> v.given("request-reply")
                    && v.text("request-reply").contains(","), Map.of("topology", "hypercube:6", "rate", "0.1",
                    "write-fraction", "0.2")))),
            new JobOption("burst", null, "CYCLES", JobOption.Type.REAL, null, "Mean on period of --process on-off "
                    + "(default: 16 cycles)", false, null, null, List.of(new JobOption.Applies("to --process on-off",
                    v -> "on-off".equals(v.text("process")), Map.of("rate", "0.1", "burst", "4")))),
            openLoad(JobOption.list("watch-packets", "N,...", null, "Record the life of these packets (numbers in creation "
                    + "order, from 0) on BookSim's router, one load: created, injected, routed, VC granted and through the "
                    + "switch at each router, ejected (BookSim's watch_packets)"), "3").withApplies(new JobOption.Applies(
                    "to one load (not a curve) on BookSim's router", v -> !v.text("rate").contains(":") && booksim(v),
                    Map.of("topology", "hypercube:6", "rate", "0.1:0.2:0.1", "watch-packets", "3"))),
            openLoad(JobOption.whole("warmup", "CYCLES", "Cycles before the measurement window (default: 3000)"), "100"),
            openLoad(JobOption.whole("window", "CYCLES", "Measurement window: packets generated in it are measured "
                    + "(default: 10000)"), "100"),
            openLoad(JobOption.whole("drain", "CYCLES", "Cycles after the window for the measured packets to leave, else "
                    + "the load is saturated (default: 20000; below 500, the latency limit, a load still draining is not "
                    + "measured, and a curve is refused)"), "100"));

    /** BookSim's router's routing function, for closed batches and open loads. */
    private static final JobOption ROUTING = JobOption.text("routing", "NAME", "Routing function of BookSim's router: "
            + String.join(", ", org.ccopt.routing.RoutingFunctions.NAMES) + " (default: the network's; runs BookSim's "
            + "router)").withApplies(new JobOption.Applies("to BookSim's router (the papers' router, --model PRESET, routes "
            + "by its preset's readings)", v -> !v.given("model") || booksimNamed(v), Map.of("topology", "torus:4x4", "model",
            "yokota2023", "routing", "dor")));

    /** BookSim's router's settings (RouterTiming): where given, they run BookSim's router as --routing does. */
    private static final List<String> TIMING = List.of("link-latency", "global-latency", "routing-delay", "alloc-iters",
            "vc-allocator", "sw-allocator", "vc-alloc-delay", "sw-alloc-delay", "input-speedup", "internal-speedup",
            "output-speedup", "st-final-delay");

    /** {@code name} applies to BookSim's router only. */
    private static JobOption.Applies onBooksim(String name) {
        return onBooksim(name, "3");
    }

    /** As {@link #onBooksim(String)}, {@code example} a value of the option. */
    private static JobOption.Applies onBooksim(String name, String example) {
        return new JobOption.Applies("to BookSim's router (the papers' router, --model PRESET, has its own timing)",
                v -> !v.given("model") || booksimNamed(v), Map.of("topology", "dragonfly:2,2,1", "model", "yokota2023",
                "traffic", "rrng", name, example));
    }

    private static List<JobOption> timingOptions() {
        return List.of(
                JobOption.whole("link-latency", "CYCLES", "BookSim's router: cycles of every router-to-router link (default: "
                        + "2 on tori, 1 elsewhere, BookSim's)").withRange(1, org.ccopt.flitsim.net.RouterTiming.MAX_LATENCY)
                        .withApplies(onBooksim("link-latency")),
                JobOption.whole("global-latency", "CYCLES", "BookSim's router on a Dragonfly: cycles of a global link, "
                        + "between groups (default: --link-latency; BookSim's dragonflynew: 100, local 10)")
                        .withRange(1, org.ccopt.flitsim.net.RouterTiming.MAX_LATENCY).withApplies(onBooksim("global-latency"))
                        .withApplies(
                        new JobOption.Applies("to a Dragonfly (dragonfly:a,p,h[,g]), whose links between groups are global",
                                v -> dragonfly(v.text("topology")), Map.of("topology", "torus:4x4", "global-latency", "9"))),
                JobOption.whole("routing-delay", "CYCLES", "BookSim's router: routing_delay, cycles from a head flit's "
                        + "arrival to its VC request (default: 1; 0 routes in the same cycle)")
                        .withRange(0, org.ccopt.flitsim.net.RouterTiming.MAX_LATENCY).withApplies(onBooksim("routing-delay")),
                JobOption.whole("alloc-iters", "N", "BookSim's router: iterations of an islip or pim allocator (default: 1; "
                        + "BookSim's islip(N), pim(N))").withRange(1, org.ccopt.flitsim.net.RouterTiming.MAX_ALLOC_ITERS)
                        .withApplies(onBooksim("alloc-iters")).withApplies(new JobOption.Applies("to an allocator that "
                        + "iterates (islip, the default, or pim)", v -> iterates(v, "vc-allocator") || iterates(v, "sw-allocator"),
                        Map.of("topology", "dragonfly:2,2,1", "traffic", "rrng", "vc-allocator", "loa", "sw-allocator", "loa",
                        "alloc-iters", "2"))),
                JobOption.whole("vc-alloc-delay", "CYCLES", "BookSim's router: vc_alloc_delay, cycles from a VC grant to "
                        + "the head's first switch request (default: 1)").withRange(1, org.ccopt.flitsim.net.RouterTiming
                        .MAX_LATENCY).withApplies(onBooksim("vc-alloc-delay")),
                JobOption.whole("sw-alloc-delay", "CYCLES", "BookSim's router: sw_alloc_delay, cycles from a switch "
                        + "grant to the flit's traversal and the VC's next request (default: 1)").withRange(1,
                        org.ccopt.flitsim.net.RouterTiming.MAX_LATENCY).withApplies(onBooksim("sw-alloc-delay")),
                JobOption.whole("st-final-delay", "CYCLES", "BookSim's router: st_final_delay (with st_prepare_delay, "
                        + "add the two), cycles of switch traversal; above 1, flits cross in BookSim's batches "
                        + "(default: 1)").withRange(1, org.ccopt.flitsim.net.RouterTiming.MAX_LATENCY)
                        .withApplies(onBooksim("st-final-delay")),
                JobOption.whole("input-speedup", "N", "BookSim's router: input_speedup, crossbar inputs per input port; "
                        + "VC v requests on input v mod N, so a port sends up to N flits a cycle (default: 1)").withRange(1,
                        org.ccopt.flitsim.net.RouterTiming.MAX_SPEEDUP).withApplies(onBooksim("input-speedup", "2")),
                JobOption.whole("internal-speedup", "N", "BookSim's router: internal_speedup, router steps a cycle; its "
                        + "allocation stages run N times a cycle, an output port queues up to N flits a cycle for its "
                        + "channel (default: 1)").withRange(1, org.ccopt.flitsim.net.RouterTiming.MAX_SPEEDUP)
                        .withApplies(onBooksim("internal-speedup", "2")),
                JobOption.whole("output-speedup", "N", "BookSim's router: output_speedup, crossbar outputs per output "
                        + "port; input port i sends on output i mod N, so a port takes up to N flits a cycle into its "
                        + "output queue (default: 1)").withRange(1, org.ccopt.flitsim.net.RouterTiming.MAX_SPEEDUP)
                        .withApplies(onBooksim("output-speedup", "2")),
                allocator("vc-allocator", "VC allocator (vc_allocator)"),
                allocator("sw-allocator", "switch allocator (sw_allocator)"));
    }

    /** Option {@code name}: one of BookSim's router's allocators by BookSim's name. */
    private static JobOption allocator(String name, String what) {
        return JobOption.text(name, "NAME", "BookSim's router: its " + what + ", one of "
                + String.join(", ", org.ccopt.flitsim.net.Allocator.NAMES) + " (default: islip)")
                .withApplies(onBooksim(name, "pim"));
    }

    /** Whether the allocator option {@code name} leaves an allocator that iterates: islip (the default) or pim. */
    private static boolean iterates(JobOptions.Values v, String name) {
        String a = v.given(name) ? v.text(name) : org.ccopt.flitsim.net.Allocator.ISLIP;
        return a.equals(org.ccopt.flitsim.net.Allocator.ISLIP) || a.equals("pim");
    }

    /** Whether a topology spec names a Dragonfly (true for one a run refuses, which says why itself). */
    private static boolean dragonfly(String topology) {
        try {
            return topology != null && TopologySpec.parse(topology).geometry() instanceof Geometry.Dragonfly;
        } catch (InvalidInputException e) {
            return true;
        }
    }

    /**
     * The timing of BookSim's router the values give, or null where they give none (BookSim's defaults) or the papers'
     * router runs ({@code booksim} false); on BookSim's router {@code --atomic-vc} is its {@code wait_for_tail_credit}
     * and {@code --credit-delay} its {@code credit_delay}.
     */
    private static org.ccopt.flitsim.net.RouterTiming timing(JobOptions.Values v, boolean booksim) {
        if (!booksim || TIMING.stream().noneMatch(v::given) && !v.flag("atomic-vc") && !v.given("credit-delay")) {
            return null;
        }
        org.ccopt.flitsim.net.RouterTiming d = org.ccopt.flitsim.net.RouterTiming.BOOKSIM;
        return d.withLatencies(v.given("link-latency") ? v.whole("link-latency") : d.linkLatency(),
                v.given("global-latency") ? v.whole("global-latency") : d.globalLatency())
                .withRoutingDelay(v.given("routing-delay") ? v.whole("routing-delay") : d.routingDelay())
                .withCreditDelay(v.given("credit-delay") ? Integer.parseInt(v.text("credit-delay")) : d.creditDelay())
                .withWaitForTailCredit(v.flag("atomic-vc"))
                .withAllocIters(v.given("alloc-iters") ? v.whole("alloc-iters") : d.allocIters())
                .withAllocators(v.given("vc-allocator") ? v.text("vc-allocator") : d.vcAllocator(),
                        v.given("sw-allocator") ? v.text("sw-allocator") : d.swAllocator())
                .withAllocationDelays(v.given("vc-alloc-delay") ? v.whole("vc-alloc-delay") : d.vcAllocDelay(),
                        v.given("sw-alloc-delay") ? v.whole("sw-alloc-delay") : d.swAllocDelay())
                .withInputSpeedup(v.given("input-speedup") ? v.whole("input-speedup") : d.inputSpeedup())
                .withInternalSpeedup(v.given("internal-speedup") ? v.whole("internal-speedup") : d.internalSpeedup())
                .withOutputSpeedup(v.given("output-speedup") ? v.whole("output-speedup") : d.outputSpeedup())
                .withTraversalDelay(v.given("st-final-delay") ? v.whole("st-final-delay") : d.stDelay());
    }

    private static JobOption openLoad(JobOption o, String example) {
        return o.withApplies(new JobOption.Applies(OPEN, v -> v.given("rate"), Map.of("topology", "hypercube:6", o.name(),
                example)));
    }

    /** {@code o} applies to closed batches only; {@code example} is a value of it. */
    private static JobOption closed(JobOption o, String example) {
        return o.withApplies(new JobOption.Applies(CLOSED, v -> !v.given("rate"), Map.of("topology", "hypercube:4", "rate",
                "0.05", "warmup", "50", "window", "100", o.name(), example)));
    }

    /** {@code o} applies to the papers' router only; {@code example} is a value of it. */
    private static JobOption papersOnly(JobOption o, String example) {
        return o.withApplies(new JobOption.Applies("to the papers' router (--model PRESET; BookSim's router runs with "
                + "--model booksim, --routing, or by default on a network other than a torus or mesh)", v -> !booksim(v),
                Map.of("topology", "torus:4x4", "model", "booksim", o.name(), example)));
    }

    /** Whether {@code --model booksim} is given. */
    private static boolean booksimNamed(JobOptions.Values v) {
        return SimJob.Request.ENGINE_MODEL.equals(v.text("model"));
    }

    /**
     * Whether the values run BookSim's router: {@code --model booksim}, or no {@code --model} and {@code --rate}, {@code
     * --routing} or a network other than a torus or mesh (a parameter file names its own router).
     */
    private static boolean booksim(JobOptions.Values v) {
        if (v.given("model")) {
            return booksimNamed(v);
        }
        return !v.given("params") && (v.given("rate") || v.given("routing") || TIMING.stream().anyMatch(v::given)
                || !FlitSetup.onGrid(v.text("topology")));
    }

    /** Options that may be given with --params, which fixes the topology, router, model and workload. */
    public static final Set<String> WITH_PARAMS = Set.of("--params", "--mapping", "--interval", "--sweep-interval",
            "--save-params", "--trace", "--picture", "--picture-routers", "--repeat", "--json");

    private static final JobOptions OPTIONS = JobOptions.of("sim", List.of(
            new JobOption("topology", "t", "SPEC", JobOption.Type.TEXT, null, "Any two-way network (default: torus:8x8); "
                    + "tori and meshes run the papers' router, others BookSim's router unless --model names a preset of "
                    + "the papers", false, null, null, null),
            JobOption.text("traffic", "PATTERN", TrafficPattern.NAMES + ", and with --rate hotspot:T:SHARE[,T:SHARE...] (default: bcmp; "
                    + "with --rate, uniform)"),
            closed(JobOption.whole("packets", SimJob.Request.DEFAULT_PACKETS, "Packets per node per slice, back to back")
                    .atLeast(1),
                    "2"),
            JobOption.whole("packet-flits", SimJob.Request.DEFAULT_PACKET_FLITS, "Flits per packet L").atLeast(1),
            closed(JobOption.whole("slices", SimJob.Request.DEFAULT_SLICES, "Slices S per node").atLeast(1), "2"),
            closed(JobOption.whole("interval", "N", "Inter-slice interval V in cycles (default: 0; with --params, replaces "
                    + "the file's V)"), "5").withApplies(new JobOption.Applies("to two or more slices (--slices 2 or more, "
                    + "or a parameter file's): one slice has no interval other than 0", v -> v.given("params")
                    || v.whole("slices") >= 2 || v.whole("interval") == 0, Map.of("topology", "torus:4x4", "interval", "5")))),
            routerOptions(),
            timingOptions(),
            List.of(ROUTING,
                    JobOption.flag("atomic-vc", "Re-allocate an output VC only after its downstream buffer drained "
                            + "(default: as soon as the tail left); on BookSim's router its wait_for_tail_credit"),
                    papersOnly(closed(JobOption.flag("reinit", "Slice re-initialisation: reset a node's arbitration state "
                            + "when a packet for it arrives"), "true"), "true"),
                    papersOnly(closed(JobOption.flag("interlock", "Slice interlocking: a node starts slice s only after "
                            + "receiving s slices' worth of packets"), "true"), "true"),
                    JobOption.wholeLong("seed", SimJob.Request.DEFAULT_SEED, "Seed of random patterns and of BookSim's "
                            + "router's random routing choices").withApplies(new JobOption.Applies("to random patterns, "
                            + "open loads and BookSim's router (the papers' router runs a fixed pattern without a draw)",
                            v -> v.given("params") || v.given("rate") || booksim(v) || TrafficPattern.anyRandom(
                                    v.given("traffic") ? v.text("traffic") : SimJob.Request.DEFAULT_TRAFFIC),
                            Map.of("topology", "torus:4x4", "traffic", "brev", "seed", "5"))),
                    closed(JobOption.text("params", "FILE", "Replay a parameter file (its topology, router, model, routing "
                            + "and workload; only --interval may override it; --mapping places a file of logical "
                            + "destinations)"), "x.json"),
                    closed(JobOption.text("mapping", "FILE", "Logical address of every physical node ({\"mapping\":[...]} "
                            + "or a plain list); traffic runs on logical addresses. With --params, the file must hold logical "
                            + "destinations (as 'ccopt joint' writes them)"), "x.json"),
                    closed(JobOption.text("sweep-interval", "FROM:TO", "Simple stacking (Yokota et al. 2023, §4.1): try "
                            + "every interval V in FROM..TO and keep the shortest run"), "0:4"),
                    closed(JobOption.whole("repeat", SimJob.Request.DEFAULT_REPEAT, "Repeat the run on one "
                            + "reused simulator and report router-cycles per second (at most 1000000)").withRange(1, 1_000_000), "2"),
                    JobOption.text("config", "FILE", "A BookSim 2 configuration file, run on BookSim's router: the keys "
                            + "ccopt models become options (topology, routing_function, num_vcs, vc_buf_size, packet_size, "
                            + "traffic, injection_rate, seed, delays, allocators; BookSim's defaults where left out), "
                            + "others are refused unless at BookSim's default; options given beside it override it")),
            OPEN_LOADS).withExpansion("config", BookSimConfig::read);

    /**
     * The router options as {@code sim} takes them ({@link FlitSetup#optionsOnNetworks}): the readings apply to the
     * papers' router, and {@code --vc-release} not beside {@code --atomic-vc}, which is drained release, unless it says so.
     */
    private static List<JobOption> routerOptions() {
        List<JobOption> out = new ArrayList<>();
        for (JobOption o : FlitSetup.optionsOnNetworks(Map.of())) {
            RouterModel.ReadingSpec r = RouterModel.READINGS.stream().filter(x -> x.option().equals(o.option())).findFirst()
                    .orElse(null);
            JobOption read = r == null ? o : o.name().equals("credit-delay") ? o.withApplies(new JobOption.Applies(
                    "on BookSim's router as 0 or more (its credit_delay; -1, a credit seen in the cycle its slot frees, is a "
                    + "reading of the papers' router)", v -> !booksim(v) || !v.text("credit-delay").startsWith("-"),
                    Map.of("topology", "mesh:4x4", "rate", "0.1", "credit-delay", "-1")))
                    : papersOnly(o, r.values().isEmpty() ? "1" : r.values().get(0));
            out.add(!o.name().equals("vc-release") ? read : read.withApplies(new JobOption.Applies("without --atomic-vc, or "
                    + "as drained (--atomic-vc is drained release)", v -> !v.flag("atomic-vc")
                    || "drained".equals(v.text("vc-release")), Map.of("atomic-vc", "true", "vc-release", "tail"))));
        }
        return out;
    }

    /** The job of {@code ccopt sim}. (declared after the options its constructor reads) */
    public static final FlitSimJob JOB = new FlitSimJob();

    /** For {@link java.util.ServiceLoader}; use {@link #JOB}. */
    public FlitSimJob() {
        super(OPTIONS, FlitSimJob::read, q -> q.batch() != null ? new Result(SimJob.run(q.batch()), null)
                : new Result(null, EngineJob.run(q.loads())), Result::figures);
    }

    /** The pattern's name and the router model's readings. */
    @Override
    public void check(JobOptions.Values v) {
        if (!v.given("params") && v.given("traffic")) {
            TrafficPattern.parse(v.text("traffic"));
        }
        FlitSetup.kind(v);
    }

    private static Run read(JobOptions.Values v) {
        if (v.given("params")) {
            for (JobOption o : OPTIONS.list()) {
                if (v.given(o.name()) && !WITH_PARAMS.contains(o.option())) {
                    throw new InvalidInputException(o.option() + " cannot be combined with --params, which fixes it; only "
                            + "--interval overrides the file");
                }
            }
            return new Run(batch(v, null), null);
        }
        Topology t = v.given("topology") ? TopologySpec.parse(v.text("topology")) : SimJob.defaultTopology();
        boolean booksim = booksim(v);
        // BookSim's router defaults to 4 VCs, or the classes its routing function needs; the papers' to 3
        int vcs = v.given("vcs") || !booksim ? v.whole("vcs") : org.ccopt.flitsim.net.EngineSetup.defaultVcs(t, v.text("routing"));
        FlitSetup setup = booksim ? FlitSetup.booksim(t, vcs, v.whole("buffer"), v.text("routing"), timing(v, true))
                : new FlitSetup(t, vcs, v.whole("buffer"), FlitSetup.model(v));
        if (v.given("rate")) {
            return new Run(null, new EngineJob.Request(setup, v.text("traffic"), v.whole("packet-flits"), v.wholeLong("seed"),
                    v.text("rate"), v.text("process"), v.given("burst") ? v.real("burst") : null, v.wholeOrNull("warmup"),
                    v.wholeOrNull("window"), v.wholeOrNull("drain"), v.given("packet-sizes")
                    ? org.ccopt.flitsim.net.PacketSizes.parse(v.text("packet-sizes")) : null, watch(v),
                    v.given("request-reply") ? org.ccopt.flitsim.net.RequestReply.parse(v.text("request-reply"),
                    v.given("write-fraction") ? v.real("write-fraction") : null) : null));
        }
        return new Run(batch(v, setup), null);
    }

    /** The packets {@code --watch-packets} names, or null. */
    private static List<Integer> watch(JobOptions.Values v) {
        if (!v.given("watch-packets")) {
            return null;
        }
        List<Integer> ids = new ArrayList<>();
        for (String id : v.list("watch-packets")) {
            if (!id.matches("[0-9]{1,9}")) {
                throw new InvalidInputException("--watch-packets '" + id + "' is invalid; expected packet numbers 0, 1, ... "
                        + "(creation order), comma-separated");
            }
            ids.add(Integer.parseInt(id));
        }
        return ids;
    }

    private static SimJob.Request batch(JobOptions.Values v, FlitSetup setup) {
        return new SimJob.Request(path(v, "params"), path(v, "mapping"), setup, v.given("traffic") ? v.text("traffic")
                : SimJob.Request.DEFAULT_TRAFFIC, v.wholeLong("seed"), v.whole("slices"), v.whole("packets"),
                v.whole("packet-flits"), v.wholeOrNull("interval"), v.flag("reinit"), v.flag("interlock"), v.flag("atomic-vc"),
                v.text("sweep-interval"), v.whole("repeat"), false);
    }

    private static Path path(JobOptions.Values v, String name) {
        if (!v.given(name)) {
            return null;
        }
        if (v.text(name).isBlank()) {
            throw new InvalidInputException("--" + name + " '" + v.text(name) + "' is an empty path; expected a file name");
        }
        return Path.of(v.text(name));
    }
}
