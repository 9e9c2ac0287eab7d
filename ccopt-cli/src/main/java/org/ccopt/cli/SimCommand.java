package org.ccopt.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.ccopt.InvalidInputException;
import org.ccopt.papers.TracePicture;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.IntervalSweep;
import org.ccopt.flitsim.SimulatorCache;
import org.ccopt.flitsim.LinkTrace;
import org.ccopt.flitsim.NodeMapping;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.SimParameters;
import org.ccopt.flitsim.SimResult;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.Workload;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import org.ccopt.util.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt sim}: one cycle-accurate flit-level run: the papers' router on a torus or mesh, or the booksim router on
 * any network ({@link EngineSim}: closed batches, open loads, latency-throughput curves).
 */
@Command(name = "sim", mixinStandardHelpOptions = true, modelTransformer = RouterOptions.Readings.class,
        description = "Cycle-accurate flit-level simulation (wormhole, VCs, credits): the papers' router on tori and meshes, "
                + "or BookSim's input-queued router on any network, with open-loop loads and latency-throughput curves.")
final class SimCommand implements Callable<Integer> {

    /** Where options apply ({@link OptionRules}). */
    static final OptionRules<SimCommand> RULES = OptionRules.of(java.util.stream.Stream.concat(
            java.util.stream.Stream.<OptionRules.Rule<SimCommand>>of(
            OptionRules.rule("--vc-release", "without --atomic-vc, or as drained (--atomic-vc is drained release)",
                    c -> !c.atomicVc || "drained".equals(c.router.readings.get("vc-release")),
                    "sim -t torus:4x4 --traffic bcmp --atomic-vc --vc-release tail"),
            OptionRules.rule("--picture-routers", "to --picture", c -> c.picture != null,
                    "sim -t torus:4x4 --traffic bcmp --picture-routers 0:4")), EngineSim.RULES.stream()).toList())
            .with(OptionRules.gridRouting(c -> c.topology == null ? "torus:8x8" : c.topology,
                    "sim -t hypercube:4 --traffic brev --model yokota2023"));

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = {"-t", "--topology"}, paramLabel = "SPEC", description = "Any two-way network (default: torus:8x8); tori and meshes run the papers' router, others the booksim router unless --model names a preset of the papers.")
    String topology;

    @Option(names = "--traffic", paramLabel = "PATTERN", description = TrafficPattern.NAMES + " (default: bcmp).")
    String traffic;

    @Option(names = "--packets", defaultValue = "4", description = "Packets per node per slice, back to back (default: ${DEFAULT-VALUE}).")
    int packets;

    @Option(names = "--packet-flits", defaultValue = "8", description = "Flits per packet L (default: ${DEFAULT-VALUE}).")
    int flits;

    @Option(names = "--slices", defaultValue = "1", description = "Slices S per node (default: ${DEFAULT-VALUE}).")
    int slices;

    @Option(names = "--interval", description = "Inter-slice interval V in cycles (default: 0; with --params, replaces the file's V).")
    Integer interval;

    @Mixin
    RouterOptions router = new RouterOptions();

    @Mixin
    EngineOptions engine = new EngineOptions();

    @Option(names = "--atomic-vc", description = "Re-allocate an output VC only after its downstream buffer drained (default: as soon as the tail left).")
    boolean atomicVc;

    @Option(names = "--reinit", description = "Slice re-initialisation: reset a node's arbitration state when a packet for it arrives.")
    boolean reinit;

    @Option(names = "--interlock", description = "Slice interlocking: a node starts slice s only after receiving s slices' worth of packets.")
    boolean interlock;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of random patterns (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--params", paramLabel = "FILE",
            description = "Replay a parameter file (its topology, router, model and workload; only --interval may override it; "
                    + "--mapping places a file of logical destinations).")
    Path params;

    @Option(names = "--save-params", paramLabel = "FILE", description = "Write this run's full parameter file.")
    @Output
    Path saveParams;

    @Option(names = "--mapping", paramLabel = "FILE",
            description = "Logical address of every physical node ({\"mapping\":[...]} or a plain list); traffic runs on logical "
                    + "addresses. With --params, the file must hold logical destinations (as 'ccopt joint' writes them).")
    Path mapping;

    @Option(names = "--trace", paramLabel = "FILE", description = "Write the link-by-cycle occupancy as CSV.")
    @Output
    Path traceFile;

    @Option(names = "--picture", paramLabel = "FILE.png|FILE.svg|FILE.pdf", description = "Draw links across, time down, one colour per slice, grey where blocked (Yokota et al. 2023, Fig. 6).")
    @Output
    Path picture;

    @Option(names = "--picture-routers", paramLabel = "FROM:TO", description = "Draw routers FROM..TO-1 (with --picture; default: the first " + org.ccopt.papers.TracePicture.DEFAULT_ROUTERS + " routers, the picture says when it is a window).")
    String pictureRouters;

    @Option(names = "--sweep-interval", paramLabel = "FROM:TO",
            description = "Simple stacking (Yokota et al. 2023, §4.1): try every interval V in FROM..TO and keep the shortest run.")
    String sweepInterval;

    @Option(names = "--repeat", defaultValue = "1", description = "Repeat the run on one reused simulator and report router-cycles per second.")
    int repeat;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        RULES.check(this, spec);
        if (repeat < 1) {
            throw new InvalidInputException("--repeat " + repeat + " is invalid; expected >= 1");
        }
        Integer onEngine = EngineSim.runIfApplies(this);
        if (onEngine != null) {
            return onEngine;
        }
        TracePicture.Routers routers = pictureRouters == null ? null : TracePicture.Routers.parse(pictureRouters);
        Topology t;
        FlitSimulator sim;
        RouterConfig config;
        Workload workload;
        String trafficName;
        if (params != null) {
            // the file fixes topology, router, model and workload: only the interval and the outputs may be given with it
            Set<String> allowed = Set.of("--params", "--mapping", "--interval", "--sweep-interval", "--save-params", "--trace", "--picture",
                    "--picture-routers", "--repeat", "--json");
            for (var o : spec.commandLine().getParseResult().matchedOptions()) {
                if (!allowed.contains(o.longestName())) {
                    throw new InvalidInputException(o.longestName() + " cannot be combined with --params, which fixes it; only "
                            + "--interval overrides the file");
                }
            }
            SimParameters p = SimParameters.read(params);
            var setup = p.setup();
            t = setup.topology();
            sim = SimulatorCache.get(setup);
            workload = p.workload();
            if (p.hasLogicalDestinations() != (mapping != null)) {
                throw new InvalidInputException(mapping != null ? "--mapping needs a parameter file with logical destinations "
                        + "(\"addressing\": \"logical\"); '" + params + "' holds physical ones"
                        : "parameter file '" + params + "' holds logical destinations; give the node mapping that places them "
                        + "with --mapping");
            }
            if (mapping != null) {
                workload = workload.withDestination(NodeMapping.apply(NodeMapping.read(mapping, t), workload.destination()));
            }
            if (interval != null) {
                if (interval < 0) {
                    throw new InvalidInputException("--interval " + interval + " is invalid; expected >= 0 cycles");
                }
                workload = workload.withInterval(interval);
            }
            config = p.routerConfig(sim);
            trafficName = p.traffic();
        } else {
            RouterModel model = router.model();
            t = TopologySpec.parse(topology == null ? "torus:8x8" : topology);
            sim = SimulatorCache.get(router.setup(t, model));
            TrafficPattern pattern = TrafficPattern.parse(traffic == null ? "bcmp" : traffic);
            trafficName = pattern.label();
            int[] dest = pattern.destinations(t, seed);
            if (mapping != null) {
                dest = NodeMapping.apply(NodeMapping.read(mapping, t), dest);
            }
            workload = new Workload(dest, slices, packets, flits, interval == null ? 0 : interval, null);
            config = sim.uniformConfig(model.defaultScheme(), model).withSliceReinitialization(reinit).withSliceInterlocking(interlock);
            if (atomicVc) {
                config = config.withAtomicVcAllocation(true);
            }
        }
        IntervalSweep sweep = null;
        if (sweepInterval != null) {
            int[] range = IntervalSweep.parseRange(sweepInterval);
            sweep = IntervalSweep.run(sim, config, workload, range[0], range[1]);
            workload = workload.withInterval(sweep.best());
        }
        LinkTrace trace = traceFile != null || picture != null ? new LinkTrace() : null;
        SimResult r = sim.trace(trace).run(config, workload);
        sim.trace(null);
        if (traceFile != null) {
            AtomicFiles.writeAtomically(traceFile, trace::writeCsv);
        }
        if (picture != null) {
            TracePicture.write(trace, r.durationCycles(), trafficName + " on " + t.spec() + ": " + r.durationCycles()
                    + " cycles", routers, picture);
        }
        long started = System.nanoTime();
        for (int i = 1; i < repeat; i++) {
            sim.run(config, workload);
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        if (saveParams != null) {
            AtomicFiles.writeAtomically(saveParams, SimParameters.of(t, config, workload, trafficName, seed).toJson());
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("topology", t.spec());
        out.put("traffic", trafficName);
        RouterOptions.putModel(out, config.model(), t);
        out.put("routing", sim.routing());
        out.put("durationCycles", r.durationCycles());
        out.put("flits", r.flits());
        out.put("effectiveThickness", r.effectiveThickness());
        out.put("ir", r.ir());
        out.put("or", r.or());
        out.put("ib", r.ib());
        out.put("ob", r.ob());
        out.put("lb", r.lb());
        out.put("routerCycles", r.routerCycles());
        if (sweep != null) {
            out.put("interval", workload.interval());
            out.put("sweepDurations", sweep.durations());
        }
        if (repeat > 1) {
            out.put("repeat", repeat);
            out.put("routerCyclesPerSecond", r.routerCycles() * (repeat - 1) / seconds);
        }
        var w = spec.commandLine().getOut();
        if (json) {
            w.println(Json.result(spec, out));
        } else {
            w.printf("%s on %s, model %s%s: %d cycles, %d flits, T_e %d, ir %d, or %d, ib %d, ob %d, lb %d%n", trafficName,
                    t.spec(), config.model().presetName(), RouterOptions.routingNote(t),
                    r.durationCycles(), r.flits(), r.effectiveThickness(), r.ir(), r.or(), r.ib(), r.ob(), r.lb());
            if (sweep != null) {
                w.printf("  best of intervals %s: V = %d%n", sweepInterval, workload.interval());
            }
            if (repeat > 1) {
                w.printf("  %d repeats: %.3g router-cycles/s on one thread%n", repeat, (double) out.get("routerCyclesPerSecond"));
            }
            Written.print(w, spec);
        }
        return Main.OK;
    }
}
