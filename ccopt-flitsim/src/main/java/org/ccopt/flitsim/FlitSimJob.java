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
 * {@code ccopt sim} as a library job, with its options: one flit-level run, on the papers' router ({@link SimJob}: a
 * torus or mesh, or any network under a preset named with {@code --model}) or on the flit engine's {@code booksim}
 * router ({@link EngineJob}: any other network, {@code --model booksim}, or an engine option such as {@code --rate}).
 * The options decide which, and an option of one router given to the other is refused with one line.
 */
public final class FlitSimJob extends DeclaredJob<FlitSimJob.Run, FlitSimJob.Result> {

    /** What runs: the papers' router's request, or the engine's (exactly one of them). */
    public record Run(SimJob.Request papers, EngineJob.Request engine) {

        public Run {
            if ((papers == null) == (engine == null)) {
                throw new IllegalArgumentException("a sim run is the papers' router's or the engine's, one of them");
            }
        }
    }

    /** What ran: the papers' router's outcome, or the engine's. */
    public record Result(SimJob.Outcome papers, EngineJob.Outcome engine) {

        /** The figures {@code sim --json} prints. */
        public Map<String, Object> figures() {
            return papers != null ? papers.figures() : engine.figures();
        }
    }

    /** The options only the flit engine takes: offered loads, the routing function, injection and the protocol. */
    private static final List<JobOption> ENGINE = List.of(
            JobOption.text("rate", "R|FROM:TO:STEP", "Open-loop offered load in flits per terminal per cycle, or a "
                    + "latency-throughput curve FROM:TO:STEP with its saturation throughput (runs the booksim router, or "
                    + "the papers' router where --model names its preset)"),
            JobOption.text("routing", "NAME", "Routing function: " + String.join(", ",
                    org.ccopt.routing.RoutingFunctions.NAMES) + " (default: the network's; runs the booksim router)"),
            openLoad(JobOption.text("process", "P", "Injection process with --rate: bernoulli, on-off (default: bernoulli)"),
                    "on-off"),
            new JobOption("burst", null, "CYCLES", JobOption.Type.REAL, null, "Mean on period of --process on-off "
                    + "(default: 16 cycles)", false, null, null, List.of(new JobOption.Applies("to --process on-off",
                    v -> "on-off".equals(v.text("process")), Map.of("rate", "0.1", "burst", "4")))),
            openLoad(JobOption.whole("warmup", "CYCLES", "Cycles before the measurement window (default: 3000)"), "100"),
            openLoad(JobOption.whole("window", "CYCLES", "Measurement window: packets generated in it are measured "
                    + "(default: 10000)"), "100"),
            openLoad(JobOption.whole("drain", "CYCLES", "Cycles after the window for the measured packets to leave, else "
                    + "the load is saturated (default: 20000)"), "100"));

    private static JobOption openLoad(JobOption o, String example) {
        return o.withApplies(new JobOption.Applies("to open loads (--rate R or FROM:TO:STEP)", v -> v.given("rate"),
                Map.of("topology", "hypercube:6", o.name(), example)));
    }

    /**
     * The options of {@code sim} that apply on the engine (its output options, which the command declares, among them),
     * for the refusal of any other.
     */
    public static final Set<String> ENGINE_APPLIES = Set.of("--topology", "--traffic", "--packets", "--packet-flits",
            "--seed", "--json", "--vcs", "--buffer", "--model", "--rate", "--routing", "--process", "--burst", "--warmup",
            "--window", "--drain", "--chart", "--slices", "--interval");

    /** Options that may be given with --params, which fixes the topology, router, model and workload. */
    public static final Set<String> WITH_PARAMS = Set.of("--params", "--mapping", "--interval", "--sweep-interval",
            "--save-params", "--trace", "--picture", "--picture-routers", "--repeat", "--json");

    private static final JobOptions OPTIONS = JobOptions.of("sim", List.of(
            new JobOption("topology", "t", "SPEC", JobOption.Type.TEXT, null, "Any two-way network (default: torus:8x8); "
                    + "tori and meshes run the papers' router, others the booksim router unless --model names a preset of "
                    + "the papers", false, null, null, null),
            JobOption.text("traffic", "PATTERN", TrafficPattern.NAMES + " (default: bcmp)"),
            JobOption.whole("packets", SimJob.Request.DEFAULT_PACKETS, "Packets per node per slice, "
                    + "back to back").withApplies(new JobOption.Applies("to closed batches (with --rate packets are "
                    + "generated at the rate)", v -> !v.given("rate"), Map.of("rate", "0.1", "packets", "2"))),
            JobOption.whole("packet-flits", SimJob.Request.DEFAULT_PACKET_FLITS, "Flits per packet L"),
            JobOption.whole("slices", SimJob.Request.DEFAULT_SLICES, "Slices S per node"),
            JobOption.whole("interval", "N", "Inter-slice interval V in cycles (default: 0; with --params, replaces the "
                    + "file's V)")),
            routerOptions(),
            List.of(JobOption.flag("atomic-vc", "Re-allocate an output VC only after its downstream buffer drained "
                            + "(default: as soon as the tail left)"),
                    JobOption.flag("reinit", "Slice re-initialisation: reset a node's arbitration state when a packet for "
                            + "it arrives"),
                    JobOption.flag("interlock", "Slice interlocking: a node starts slice s only after receiving s slices' "
                            + "worth of packets"),
                    JobOption.wholeLong("seed", SimJob.Request.DEFAULT_SEED, "Seed of random patterns"),
                    JobOption.text("params", "FILE", "Replay a parameter file (its topology, router, model and workload; "
                            + "only --interval may override it; --mapping places a file of logical destinations)"),
                    JobOption.text("mapping", "FILE", "Logical address of every physical node ({\"mapping\":[...]} or a "
                            + "plain list); traffic runs on logical addresses. With --params, the file must hold logical "
                            + "destinations (as 'ccopt joint' writes them)"),
                    JobOption.text("sweep-interval", "FROM:TO", "Simple stacking (Yokota et al. 2023, §4.1): try every "
                            + "interval V in FROM..TO and keep the shortest run"),
                    JobOption.whole("repeat", SimJob.Request.DEFAULT_REPEAT, "Repeat the run on one "
                            + "reused simulator and report router-cycles per second").atLeast(1)),
            ENGINE);

    /**
     * The router options as {@code sim} takes them ({@link FlitSetup#optionsOnNetworks}), and {@code --vc-release} not
     * beside {@code --atomic-vc}, which is drained release, unless it says so.
     */
    private static List<JobOption> routerOptions() {
        List<JobOption> out = new ArrayList<>();
        for (JobOption o : FlitSetup.optionsOnNetworks(Map.of())) {
            out.add(!o.name().equals("vc-release") ? o : o.withApplies(new JobOption.Applies("without --atomic-vc, or as "
                    + "drained (--atomic-vc is drained release)", v -> !v.flag("atomic-vc") || "drained".equals(v.text("vc-release")),
                    Map.of("atomic-vc", "true", "vc-release", "tail"))));
        }
        return out;
    }

    /** The job of {@code ccopt sim}. (declared after the options its constructor reads) */
    public static final FlitSimJob JOB = new FlitSimJob();

    /** For {@link java.util.ServiceLoader}; use {@link #JOB}. */
    public FlitSimJob() {
        super(OPTIONS, FlitSimJob::read, q -> q.papers() != null ? new Result(SimJob.run(q.papers()), null)
                : new Result(null, EngineJob.run(q.engine())), Result::figures);
    }

    /** The pattern's name and the router model's readings. */
    @Override
    public void check(JobOptions.Values v) {
        if (!v.given("params") && v.given("traffic")) {
            TrafficPattern.parse(v.text("traffic"));
        }
        FlitSetup.papersModelOrBooksim(v);
    }

    private static Run read(JobOptions.Values v) {
        boolean engineOption = ENGINE.stream().anyMatch(o -> v.given(o.name()));
        boolean asked = engineOption || SimJob.Request.ENGINE_MODEL.equals(v.text("model"));
        if (v.given("params")) {
            if (asked) {
                throw new InvalidInputException("--params replays the papers' router; --rate, --routing and --model booksim "
                        + "do not apply to it");
            }
            for (JobOption o : OPTIONS.list()) {
                if (v.given(o.name()) && !WITH_PARAMS.contains(o.option())) {
                    throw new InvalidInputException(o.option() + " cannot be combined with --params, which fixes it; only "
                            + "--interval overrides the file");
                }
            }
            return new Run(papers(v, null), null);
        }
        Topology t = v.given("topology") ? TopologySpec.parse(v.text("topology")) : SimJob.defaultTopology();
        if (v.given("rate") && v.given("model") && !SimJob.Request.ENGINE_MODEL.equals(v.text("model"))) {
            return new Run(null, papersOpenLoad(v, t));
        }
        if (!asked && (t.geometry() instanceof Geometry.Grid || v.given("model"))) {
            return new Run(papers(v, new FlitSetup(t, v.whole("vcs"), v.whole("buffer"), FlitSetup.model(v))), null);
        }
        String why = engineReason(v);
        for (JobOption o : OPTIONS.list()) {
            if (v.given(o.name())) {
                refuseOnEngine(o.option(), why);
            }
        }
        if (v.given("model") && !SimJob.Request.ENGINE_MODEL.equals(v.text("model"))) {
            throw new InvalidInputException("--model " + v.text("model") + " is a router of the papers, which runs closed "
                    + "batches; " + why + " needs --model booksim (or no --model)");
        }
        return new Run(null, new EngineJob.Request(t, v.text("traffic"), v.text("routing"), v.given("vcs") ? v.whole("vcs")
                : null, v.whole("buffer"), v.whole("packet-flits"), v.whole("packets"), v.wholeLong("seed"), v.text("rate"),
                v.text("process"), v.given("burst") ? v.real("burst") : null, v.wholeOrNull("warmup"), v.wholeOrNull("window"),
                v.wholeOrNull("drain"), null, v.whole("slices"), v.given("interval") ? v.whole("interval") : 0));
    }

    /**
     * An open load on the papers' router ({@code --rate} with {@code --model} naming a preset): the options of open
     * loads, the router's set-up and readings apply; its routing is the preset's, and the options of closed batches,
     * slices and parameter files have no meaning here and are refused with one line.
     */
    private static EngineJob.Request papersOpenLoad(JobOptions.Values v, Topology t) {
        for (JobOption o : OPTIONS.list()) {
            if (v.given(o.name())) {
                refuseOnPapersOpenLoad(o.option(), v.text("model"));
            }
        }
        return new EngineJob.Request(t, v.text("traffic"), null, v.given("vcs") ? v.whole("vcs") : null, v.whole("buffer"),
                v.whole("packet-flits"), v.whole("packets"), v.wholeLong("seed"), v.text("rate"), v.text("process"),
                v.given("burst") ? v.real("burst") : null, v.wholeOrNull("warmup"), v.wholeOrNull("window"),
                v.wholeOrNull("drain"), FlitSetup.model(v), 1, 0);
    }

    /**
     * Refuses {@code option} of {@code sim} where it does not apply to {@code q}'s run: an open load of the papers'
     * router ({@link #refuseOnPapersOpenLoad}) or a run of the booksim router ({@link #refuseOnEngine}, {@code why}
     * saying what made it run there).
     */
    public static void refuseOn(EngineJob.Request q, String option, String why) {
        if (q.model() != null) {
            refuseOnPapersOpenLoad(option, q.model().presetName());
        } else {
            refuseOnEngine(option, why);
        }
    }

    /**
     * Refuses {@code option} of {@code sim} on an open load of the papers' router under preset {@code model} unless it
     * applies there: the options of open loads, the router's set-up and its readings (not {@code --routing}: the preset
     * routes by its readings).
     */
    public static void refuseOnPapersOpenLoad(String option, String model) {
        if (Set.of("--routing", "--slices", "--interval").contains(option) || !ENGINE_APPLIES.contains(option)
                && !RouterModel.isReadingOption(option.substring(2))) {
            throw new InvalidInputException(option + " does not apply to an open load on the papers' router (--rate with "
                    + "--model " + model + ", which routes by the preset's readings); it takes "
                    + String.join(", ", ENGINE_APPLIES.stream().filter(x -> !Set.of("--routing", "--slices", "--interval")
                    .contains(x)).sorted().toList())
                    + " and the reading options");
        }
    }

    /** Why a run of these values goes to the engine, for a refusal of an option that does not apply there. */
    public static String engineReason(JobOptions.Values v) {
        return ENGINE.stream().anyMatch(o -> v.given(o.name())) ? "--rate, --routing and the options of open loads"
                : SimJob.Request.ENGINE_MODEL.equals(v.text("model")) ? "--model booksim"
                : "'" + TopologySpec.parse(v.text("topology")).spec() + "' is not a torus or mesh";
    }

    /**
     * Refuses {@code option} of {@code sim} where the engine runs ({@code why} says what made it run there) unless it
     * applies there ({@link #ENGINE_APPLIES}).
     */
    public static void refuseOnEngine(String option, String why) {
        if (!ENGINE_APPLIES.contains(option)) {
            throw new InvalidInputException(option + " applies to the papers' router (on a network other than a torus or "
                    + "mesh, name its preset with --model); the booksim router (" + why + ") takes "
                    + String.join(", ", ENGINE_APPLIES.stream().sorted().toList()));
        }
    }

    private static SimJob.Request papers(JobOptions.Values v, FlitSetup setup) {
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
