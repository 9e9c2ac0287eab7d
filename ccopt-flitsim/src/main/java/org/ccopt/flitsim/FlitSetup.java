package org.ccopt.flitsim;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ccopt.InvalidInputException;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;
import org.ccopt.topology.Topology;

/**
 * The flit-level set-up that {@code sim}, {@code cupstack}, {@code nodemap} and {@code joint} share, named once: the
 * network, its routers' virtual channels per port and flits per VC buffer, and the router, a {@link RouterKind}: the
 * papers' (Yokota et al. 2018, §5.1; 2023, App. A.1) under a model of its readings, or the flit engine's
 * {@code booksim} router ({@link org.ccopt.flitsim.net.NetworkSimulator}), which has none of the papers' readings and
 * routes by a routing function of {@link org.ccopt.routing.RoutingFunctions} at a timing of its pipeline delays and
 * channel latencies. The traffic (patterns, packets, slices) belongs to each problem, not here.
 *
 * <p>{@code FlitSetup.of(topology).withVcs(4).withModel(RouterModel.YOKOTA2018)}: the defaults are the commands' (3
 * VCs of 4 flits, {@link RouterModel#DEFAULT}).
 */
public record FlitSetup(Topology topology, int vcs, int bufferFlits, RouterKind kind) {

    /** The papers' router under {@code model}. */
    public FlitSetup(Topology topology, int vcs, int bufferFlits, RouterModel model) {
        this(topology, vcs, bufferFlits, new RouterKind.Papers(model));
    }

    /** The commands' default VCs per port and flits per VC buffer (Yokota et al. 2023, App. A.1: three VCs of four flits). */
    public static final int DEFAULT_VCS = 3;
    public static final int DEFAULT_BUFFER_FLITS = 4;

    /**
     * The router options of every command that runs the flit simulator, declared once: {@code --vcs}, {@code --buffer},
     * {@code --model} (a preset) and one per reading ({@link RouterModel#READINGS}, which override the preset's).
     */
    public static final List<JobOption> OPTIONS = options();

    private static List<JobOption> options() {
        List<JobOption> out = new ArrayList<>(List.of(
                JobOption.whole("vcs", DEFAULT_VCS, "Virtual channels per port (sim on BookSim's router, where not given: 4, or "
                        + "the classes its routing function needs; 6, two a class, for dragonfly-valiant and dragonfly-ugal)")
                        .atLeast(1),
                JobOption.whole("buffer", DEFAULT_BUFFER_FLITS, "Flits per VC buffer").atLeast(1),
                JobOption.text("model", "NAME", "Router model preset: ccopt, yokota2018 (best fit to Yokota et al. 2018), "
                        + "yokota2023 (best fit to Yokota et al. 2023, Table 2); the reading options (--dateline to "
                        + "--vc-select) override single readings (default: " + RouterModel.DEFAULT_NAME + ", the best fit to "
                        + "both papers at once); booksim: BookSim's input-queued router (sim, nodemap, cupstack, joint, calibrate --stage check)")));
        for (RouterModel.ReadingSpec r : RouterModel.READINGS) {
            String help = r.description();
            out.add(JobOption.text(r.option().substring(2), r.type() == int.class ? "N" : "R",
                    help.endsWith(".") ? help.substring(0, help.length() - 1) : help));
        }
        return List.copyOf(out);
    }

    /**
     * {@link #OPTIONS} with the rule of the readings of tori and meshes ({@link RouterModel.Scope#GRID}: the papers'
     * routing readings describe dimension-order routing; on any other network the papers' router routes by the
     * network's function), which apply only where the job's {@code topology} option names a torus or mesh. {@code
     * example} completes the examples that break the rule (a job's options that keep its run short).
     */
    public static List<JobOption> optionsOnNetworks(java.util.Map<String, String> example) {
        List<JobOption> out = new ArrayList<>();
        for (JobOption o : OPTIONS) {
            RouterModel.ReadingSpec r = RouterModel.READINGS.stream().filter(x -> x.option().equals(o.option())).findFirst()
                    .orElse(null);
            if (r == null || r.scope() != RouterModel.Scope.GRID) {
                out.add(o);
                continue;
            }
            java.util.Map<String, String> breaking = new java.util.HashMap<>(example);
            breaking.putAll(java.util.Map.of("topology", "hypercube:4", "model", "yokota2023", o.name(), r.values().get(1)));
            out.add(o.withApplies(new JobOption.Applies(RouterModel.Scope.GRID.where(), v -> onGrid(v.text("topology")),
                    breaking)));
        }
        return List.copyOf(out);
    }

    /** Whether a topology spec (null: a command's default, a torus) names a torus or mesh (true for one a run refuses). */
    public static boolean onGrid(String topology) {
        try {
            return topology == null || org.ccopt.topology.spec.TopologySpec.parse(topology).geometry()
                    instanceof org.ccopt.topology.Geometry.Grid;
        } catch (InvalidInputException e) {
            return true; // the run refuses the spec itself
        }
    }

    /**
     * For a report line after the model's name: nothing on a torus or mesh (the papers' dimension order), else the
     * routing function the papers' router uses there, e.g. ", routing ecube".
     */
    public static String routingNote(Topology t) {
        String r = FlitSimulator.routingOf(t);
        return r.equals("dor") ? "" : ", routing " + r;
    }

    /**
     * The routing function this set-up's router runs: the papers' router's ({@link FlitSimulator#routingOf}), or on
     * BookSim's router the one named, else the network's default ({@link org.ccopt.routing.RoutingFunctions#defaultName}).
     */
    public String routingName() {
        return kind instanceof RouterKind.Booksim b ? b.routing() != null ? b.routing()
                : org.ccopt.routing.RoutingFunctions.defaultName(topology) : FlitSimulator.routingOf(topology);
    }

    /** The router as a result line names it: the papers' preset (and routing off tori), or booksim and its routing. */
    public String routerNote() {
        return papersRouter() ? kind.name() + routingNote(topology) : kind.name() + ", routing " + routingName();
    }

    /**
     * The router model of {@link #OPTIONS}' values: the preset of {@code --model} with every reading given applied; one
     * line for {@code --model booksim}, which names no model of the papers' router.
     */
    public static RouterModel model(JobOptions.Values v) {
        if (SimJob.Request.ENGINE_MODEL.equals(v.text("model"))) {
            throw new InvalidInputException("--model booksim names BookSim's router, which sim, nodemap, cupstack, joint and "
                    + "calibrate --stage check run; this command runs the papers' router: expected --model ccopt, yokota2018 "
                    + "or yokota2023");
        }
        return RouterModel.of(v.text("model"), r -> v.text(r.option().substring(2)));
    }

    /**
     * The router of {@link #OPTIONS}' values where a command runs either: BookSim's at its defaults for {@code --model
     * booksim} (a reading given beside it is refused with one line), else the papers' under {@link #model}.
     */
    public static RouterKind kind(JobOptions.Values v) {
        if (!SimJob.Request.ENGINE_MODEL.equals(v.text("model"))) {
            return new RouterKind.Papers(model(v));
        }
        for (RouterModel.ReadingSpec r : RouterModel.READINGS) {
            if (v.given(r.option().substring(2))) {
                throw new InvalidInputException(r.option() + " is a reading of the papers' router; --model booksim has none");
            }
        }
        return RouterKind.Booksim.DEFAULT;
    }

    public FlitSetup {
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(kind, "kind");
        if (vcs < 1 || bufferFlits < 1) {
            throw new InvalidInputException(vcs + " VCs of " + bufferFlits + " flits per port are invalid; expected >= 1 of each");
        }
    }

    /** BookSim's router under {@code routing} (null: the network's default) and {@code timing} (null: BookSim's defaults). */
    public static FlitSetup booksim(Topology topology, int vcs, int bufferFlits, String routing,
                                    org.ccopt.flitsim.net.RouterTiming timing) {
        return new FlitSetup(topology, vcs, bufferFlits, new RouterKind.Booksim(routing, timing));
    }

    /** The timing BookSim's router runs at; BookSim's defaults for the papers' router, which has its own. */
    public org.ccopt.flitsim.net.RouterTiming engineTiming() {
        return kind instanceof RouterKind.Booksim b ? b.timing() : org.ccopt.flitsim.net.RouterTiming.BOOKSIM;
    }

    /** {@code topology} with the commands' defaults: 3 VCs of 4 flits, the papers' router under {@link RouterModel#DEFAULT}. */
    public static FlitSetup of(Topology topology) {
        return new FlitSetup(topology, DEFAULT_VCS, DEFAULT_BUFFER_FLITS, RouterModel.DEFAULT);
    }

    public FlitSetup withVcs(int v) {
        return new FlitSetup(topology, v, bufferFlits, kind);
    }

    public FlitSetup withBufferFlits(int b) {
        return new FlitSetup(topology, vcs, b, kind);
    }

    /** The papers' router under {@code m}. */
    public FlitSetup withModel(RouterModel m) {
        return new FlitSetup(topology, vcs, bufferFlits, m);
    }

    /** This set-up with router {@code k}. */
    public FlitSetup withKind(RouterKind k) {
        return new FlitSetup(topology, vcs, bufferFlits, k);
    }

    /** The VC selection scheme of a uniform configuration: the model's default, or C00 on BookSim's router (no genes). */
    public VcSelection defaultScheme() {
        return kind instanceof RouterKind.Papers p ? p.model().defaultScheme() : VcSelection.C00;
    }

    /** Whether the papers' router runs, rather than the booksim router. */
    public boolean papersRouter() {
        return kind instanceof RouterKind.Papers;
    }

    /** A new simulator of the papers' router for this set-up. */
    public FlitSimulator simulator() {
        return new FlitSimulator(topology, vcs, bufferFlits, papersModel());
    }

    /** The seed {@link #router()} gives BookSim's router for its per-packet routing values. */
    public static final long ROUTER_SEED = 0;

    /**
     * A new router for this set-up: the papers' router under its model, or BookSim's router ({@link BooksimRouter} under
     * {@link #routingName}, its per-packet routing values drawn from {@link #ROUTER_SEED}).
     */
    public FlitRouter router() {
        return router(ROUTER_SEED);
    }

    /**
     * The seed a parameter file of a run of {@link #router()} records: {@code runSeed} (the pattern's, which the papers'
     * router does not read), or on BookSim's router {@link #ROUTER_SEED}, which its replay must draw from.
     */
    public Long fileSeed(Long runSeed) {
        return papersRouter() ? runSeed : Long.valueOf(ROUTER_SEED);
    }

    /** As {@link #router()}, BookSim's router drawing its per-packet routing values from {@code seed}. */
    public FlitRouter router(long seed) {
        return papersRouter() ? simulator() : new BooksimRouter(engine(), seed);
    }

    /**
     * A new router of this set-up for open loads: the papers' under its model's default scheme and default queue orders
     * ({@link FlitSimulator#openLoop}), or BookSim's under {@link #routingName}.
     */
    public org.ccopt.flitsim.net.OpenLoopRouter openLoop() {
        if (!(kind instanceof RouterKind.Papers p)) {
            return engine();
        }
        FlitSimulator papers = simulator();
        return papers.openLoop(papers.uniformConfig(p.model().defaultScheme(), p.model()));
    }

    /** A new flit engine with the booksim router for this set-up, under {@link #routingName}. */
    public org.ccopt.flitsim.net.NetworkSimulator engine() {
        String routing = kind instanceof RouterKind.Booksim b ? b.routing() : null;
        return org.ccopt.flitsim.net.EngineSetup.booksim(topology, routing, vcs, bufferFlits, engineTiming());
    }

    /**
     * Every port of the papers' router at {@code scheme}, default queue orders; for BookSim's router, which ignores a
     * configuration's genes, a configuration of its routers' size that only carries the run's switches.
     */
    public RouterConfig uniformConfig(VcSelection scheme) {
        return RouterConfig.uniform(topology, vcs, bufferFlits, scheme, kind instanceof RouterKind.Papers p ? p.model()
                : RouterModel.CCOPT);
    }

    /** The papers' router's model; for callers that ran {@link #papersRouter} (BookSim's router has none). */
    public RouterModel papersModel() {
        if (!(kind instanceof RouterKind.Papers p)) {
            throw new IllegalStateException("this set-up runs the booksim router, which has no model of the papers' readings");
        }
        return p.model();
    }
}
