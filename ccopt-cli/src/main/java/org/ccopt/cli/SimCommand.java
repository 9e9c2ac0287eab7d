package org.ccopt.cli;

import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.Callable;
import org.ccopt.InvalidInputException;
import org.ccopt.papers.TracePicture;
import org.ccopt.flitsim.SimJob;
import org.ccopt.flitsim.SimResult;
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

    @Option(names = "--packets", defaultValue = SimJob.Request.DEFAULT_PACKETS, description = "Packets per node per slice, back to back (default: ${DEFAULT-VALUE}).")
    int packets;

    @Option(names = "--packet-flits", defaultValue = SimJob.Request.DEFAULT_PACKET_FLITS, description = "Flits per packet L (default: ${DEFAULT-VALUE}).")
    int flits;

    @Option(names = "--slices", defaultValue = SimJob.Request.DEFAULT_SLICES, description = "Slices S per node (default: ${DEFAULT-VALUE}).")
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

    @Option(names = "--seed", defaultValue = SimJob.Request.DEFAULT_SEED, description = "Seed of random patterns (default: ${DEFAULT-VALUE}).")
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

    @Option(names = "--repeat", defaultValue = SimJob.Request.DEFAULT_REPEAT, description = "Repeat the run on one reused simulator and report router-cycles per second.")
    int repeat;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    /** Options that may be given with --params, which fixes the topology, router, model and workload. */
    private static final Set<String> WITH_PARAMS = Set.of("--params", "--mapping", "--interval", "--sweep-interval",
            "--save-params", "--trace", "--picture", "--picture-routers", "--repeat", "--json");

    @Override
    public Integer call() throws Exception {
        RULES.check(this, spec);
        if (repeat < 1) { // before the engine's path too, which has no request to check it
            throw new InvalidInputException("--repeat " + repeat + " is invalid; expected >= 1");
        }
        Topology t = params != null ? null : topology == null ? SimJob.defaultTopology() : TopologySpec.parse(topology);
        Integer onEngine = EngineSim.runIfApplies(this, t);
        if (onEngine != null) {
            return onEngine;
        }
        TracePicture.Routers routers = pictureRouters == null ? null : TracePicture.Routers.parse(pictureRouters);
        if (params != null) {
            for (var o : spec.commandLine().getParseResult().matchedOptions()) {
                if (!WITH_PARAMS.contains(o.longestName())) {
                    throw new InvalidInputException(o.longestName() + " cannot be combined with --params, which fixes it; only "
                            + "--interval overrides the file");
                }
            }
        }
        SimJob.Outcome o = SimJob.run(new SimJob.Request(params, mapping, params != null ? null
                : router.setup(t, router.model()),
                traffic == null ? SimJob.Request.DEFAULT_TRAFFIC : traffic, seed, slices, packets, flits, interval, reinit, interlock, atomicVc,
                sweepInterval, repeat, traceFile != null || picture != null));
        if (traceFile != null) {
            AtomicFiles.writeAtomically(traceFile, o.trace()::writeCsv);
        }
        if (picture != null) {
            TracePicture.write(o.trace(), o.result().durationCycles(), o.traffic() + " on " + o.topology().spec() + ": "
                    + o.result().durationCycles() + " cycles", routers, picture);
        }
        if (saveParams != null) {
            AtomicFiles.writeAtomically(saveParams, o.parameters(seed).toJson());
        }
        print(o);
        return Main.OK;
    }

    private void print(SimJob.Outcome o) {
        var w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, o.figures());
            return;
        }
        SimResult r = o.result();
        w.printf("%s on %s, model %s%s: %d cycles, %d flits, T_e %d, ir %d, or %d, ib %d, ob %d, lb %d%n", o.traffic(),
                o.topology().spec(), o.config().model().presetName(), RouterOptions.routingNote(o.topology()),
                r.durationCycles(), r.flits(), r.effectiveThickness(), r.ir(), r.or(), r.ib(), r.ob(), r.lb());
        if (o.sweep() != null) {
            w.printf("  best of intervals %s: V = %d%n", sweepInterval, o.workload().interval());
        }
        if (repeat > 1) {
            w.printf("  %d repeats: %.3g router-cycles/s on one thread%n", repeat, o.routerCyclesPerSecond());
        }
        Written.print(w, spec);
    }
}
