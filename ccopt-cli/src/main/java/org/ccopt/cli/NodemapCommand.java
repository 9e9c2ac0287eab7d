package org.ccopt.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.util.Checkpoint;
import org.ccopt.mapping.MappingEvaluator;
import org.ccopt.mapping.MappingValidator;
import org.ccopt.mapping.MutationVariant;
import org.ccopt.mapping.NodeMappingGa;
import org.ccopt.mapping.NodemapOutcome;
import org.ccopt.mapping.SurvivalOrder;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code ccopt nodemap}: the node-mapping GA of Yokota et al. 2018 over logical addresses. */
@Command(name = "nodemap", mixinStandardHelpOptions = true, modelTransformer = RouterOptions.Readings.class,
        description = "Find a logical addressing (node mapping) that shortens one or several traffic patterns: GA of Yokota et al. 2018.")
final class NodemapCommand extends ResumableRun.Command {

    /** A mapping run scored by hops, which a simulated-score option breaks. */
    private static final String HOPS_ONLY = "nodemap -t torus:4x4 --traffic brev --generations 1 --population 4 --hops-only";

    /** Where options apply ({@link OptionRules}). */
    static final OptionRules<NodemapCommand> RULES = OptionRules.of(
            OptionRules.rule("--no-prune", "to simulated scores (--hops-only prunes nothing)", c -> !c.hopsOnly,
                    "nodemap -t torus:4x4 --traffic brev --generations 1 --population 4 --hops-only --no-prune"),
            simulated("--packets 2"),
            simulated("--packet-flits 4"),
            simulated("--vcs 2"),
            simulated("--buffer 8"),
            simulated("--model ccopt"),
            simulated("--hop-key tenth"), simulated("--ties newest"), simulated("--best shortest"),
            OptionRules.rule("--radius-bound", "to variants with neighbouring swaps (not "
                    + MutationVariant.withoutNeighbouringSwaps() + ")",
                    c -> MutationVariant.named(c.variant).swapsNeighbours(),
                    "nodemap -t torus:4x4 --traffic brev --generations 1 --population 4 --variant S00 --radius-bound inclusive"))
            .with(OptionRules.readings(null, "to simulated scoring (not with --hops-only)", c -> !c.hopsOnly, HOPS_ONLY))
            .with(OptionRules.readings(RouterModel.Scope.ANY, "to the papers' router (on a network other than a torus or "
                    + "mesh, name its preset with --model; without it the booksim router scores)", NodemapCommand::papers,
                    "nodemap -t hypercube:4 --traffic brev --generations 1 --population 4"))
            .with(OptionRules.gridRouting(c -> c.topology, "nodemap -t hypercube:4 --traffic brev --generations 1 --population 4 "
                    + "--model yokota2023")).with(ResumableRun.checkpointing(c -> c.out, "nodemap -t torus:4x4 --traffic brev "
                    + "--generations 1 --population 4"));

    /** Whether the papers' router scores: on a torus or mesh, or where --model names its preset. */
    private static boolean papers(NodemapCommand c) {
        return OptionRules.onGrid(c.topology) || c.router.model != null;
    }

    /** An option of the simulated score ({@code example}: it and a value), which --hops-only replaces. */
    private static OptionRules.Rule<NodemapCommand> simulated(String example) {
        return OptionRules.rule(example.split(" ")[0], "to simulated scoring (not with --hops-only)", c -> !c.hopsOnly,
                HOPS_ONLY + " " + example);
    }

    @Option(names = {"-t", "--topology"}, defaultValue = "torus:8x8", description = "Any two-way network: tori and meshes run the papers' router, others the booksim router unless --model names a preset of the papers (default: ${DEFAULT-VALUE}).")
    String topology;

    @Option(names = "--traffic", defaultValue = "bcmp,brev", split = ",", description = "Comma-separated patterns: " + TrafficPattern.NAMES + " (default: ${DEFAULT-VALUE}).")
    List<String> traffic;

    @Option(names = "--variant", defaultValue = "S20", description = "Mutation variant " + MutationVariant.NAMES + " (Table 1; default: ${DEFAULT-VALUE}).")
    String variant;

    @Option(names = "--radius-bound", defaultValue = "inclusive", paramLabel = "exclusive|inclusive",
            description = "How a neighbouring swap reads its radius r (§4.1: a pair of \"longer distance than r\", pulled "
                    + "\"within the radius r\"): exclusive (r or more hops, pulled to fewer than r) or inclusive (more than r, "
                    + "pulled to r or fewer) (default: ${DEFAULT-VALUE}).")
    String radiusBound;

    @Option(names = "--sort", defaultValue = "ml", description = "Survival order sc (duration first), ah (avg hops first), ml (product) (default: ${DEFAULT-VALUE}).")
    String sort;

    @Mixin
    SurvivalOptions survival = new SurvivalOptions();

    @Option(names = "--population", defaultValue = "1000", description = "Mappings per generation (default: ${DEFAULT-VALUE}).")
    int population;

    @Option(names = "--generations", defaultValue = "1000", description = "Generations after the random initial one (default: ${DEFAULT-VALUE}).")
    int generations;

    @Option(names = "--seed", defaultValue = "1", description = "GA seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--traffic-seed", defaultValue = "1", description = "Seed of random patterns rpar, rrng, ... (default: ${DEFAULT-VALUE}).")
    long trafficSeed;

    @Option(names = "--packets", defaultValue = "4", description = "Packets per node (default: ${DEFAULT-VALUE}).")
    int packets;

    @Option(names = "--packet-flits", defaultValue = "8", description = "Flits per packet (default: ${DEFAULT-VALUE}).")
    int flits;

    @Mixin
    RouterOptions router = new RouterOptions();

    @Option(names = "--hops-only", description = "Score by average hops alone (no simulation; any topology).")
    boolean hopsOnly;

    @Option(names = "--out", paramLabel = "DIR", description = "Write mapping.json, generations.csv, convergence.png/.svg and checkpoints here.")
    @Output
    Path out;

    @Option(names = "--no-prune", description = "Simulate every new mapping in full (slower; the best is the same): the "
            + "per-generation averages of generations.csv then cover every mapping (Yokota et al. 2018, Fig. 4).")
    boolean noPrune;

    @Override
    void writeTo(Path dir) {
        out = dir;
    }

    @Override
    public Integer call() throws Exception {
        RULES.check(this, spec);
        if (control.resume == null) {
            // a checkpoint resumes under the model and reading it ran with (off-grid, no --model is the booksim router)
            List<String> recorded = ResumableRun.given(spec);
            ResumableRun.pin(spec, recorded, "--model", RULES.applies(this, "--model") && OptionRules.onGrid(topology)
                    ? RouterModel.DEFAULT_NAME : null);
            ResumableRun.pin(spec, recorded, "--radius-bound", RULES.applies(this, "--radius-bound") ? radiusBound : null);
            return optimize(recorded, null);
        }
        // the checkpoint holds the run's own arguments: parse them again, then continue its state into DIR
        Checkpoint<NodeMappingGa.State> resumed = Checkpoint.read(control.resume, NodeMappingGa.State.class);
        NodemapCommand saved = new NodemapCommand();
        List<String> arguments = ResumableRun.resume(this, resumed.arguments(), saved).arguments();
        // recorded before these were pinned: the defaults of that time
        if (!ResumableRun.names(resumed.arguments(), "--model") && RULES.applies(saved, "--model")
                && OptionRules.onGrid(saved.topology)) {
            saved.router.model = "yokota2018";
        }
        if (!ResumableRun.names(resumed.arguments(), "--radius-bound")) {
            saved.radiusBound = "exclusive";
        }
        return saved.optimize(arguments, resumed.state());
    }

    private int optimize(List<String> arguments, NodeMappingGa.State resumed) throws Exception {
        Topology t = TopologySpec.parse(topology);
        if (traffic.isEmpty()) {
            throw new InvalidInputException("--traffic is empty; expected one or more of " + TrafficPattern.NAMES);
        }
        int[][] patterns = new int[traffic.size()][];
        for (int i = 0; i < patterns.length; i++) {
            patterns[i] = TrafficPattern.parse(traffic.get(i)).destinations(t, trafficSeed);
        }
        RouterModel model = papers(this) ? router.model() : null; // null: the booksim router
        NodeMappingGa.Settings settings = new NodeMappingGa.Settings(population, generations, MutationVariant.named(variant)
                .withBound(org.ccopt.util.Enums.parse(MutationVariant.Bound.class, "--radius-bound", radiusBound)),
                survival.rule(SurvivalOrder.parse(sort)), seed);
        int workers = control.threads == null ? Runtime.getRuntime().availableProcessors() : control.threads;
        int simPackets = hopsOnly ? 0 : packets;
        if (!hopsOnly && (packets < 1 || flits < 1)) {
            throw new InvalidInputException("--packets " + packets + " and --packet-flits " + flits + " must be >= 1");
        }
        try (MappingEvaluator evaluator = new MappingEvaluator(router.setup(t, model), patterns, simPackets, flits, workers)) {
            NodeMappingGa ga = noPrune ? new NodeMappingGa(evaluator, settings).withoutPruning() : new NodeMappingGa(evaluator, settings);
            long started = System.nanoTime();
            if (resumed != null) {
                ga.checkResumable(resumed);
            }
            NodeMappingGa.State state = ResumableRun.execute("nodemap", generations, resumed != null ? resumed : ga.initial(),
                    NodeMappingGa.State::generation, s -> String.format(Locale.ROOT, "best %d cycles, %.3f hops",
                            s.bestScore().cycles(), s.bestScore().avgHops()),
                    ga::run, out, control.checkpointSeconds, control.progress(spec), s -> new Checkpoint<>(arguments, s).write(out));
            double seconds = (System.nanoTime() - started) / 1e9;
            MappingValidator.check(evaluator.setup(), patterns, state.bestMapping(), state.bestScore(), simPackets, flits);
            NodemapOutcome o = NodemapOutcome.of(t, traffic, settings, model, hopsOnly, state, evaluator, seconds);
            if (out != null) {
                NodemapOutputs.write(out, topology, String.join(",", traffic), variant + "-" + sort, hopsOnly, state,
                        o.physical());
            }
            Map<String, Object> result = o.figures();
            var w = spec.commandLine().getOut();
            writeResult(out, result);
            if (control.json) {
                Json.print(w, spec, result);
            } else {
                o.lines(model != null ? model.presetName() + RouterOptions.routingNote(t) : "booksim").forEach(w::println);
                if (out != null && !hopsOnly) {
                    w.println("  wrote " + out.resolve("mapping.json") + " (ccopt sim --mapping), result.json, generations.csv, convergence.png and .svg");
                }
            }
        }
        return Main.OK;
    }
}
