package org.ccopt.mapping;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.job.DeclaredJob;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import org.ccopt.util.Enums;

/**
 * {@code ccopt nodemap} as a library job: the node-mapping GA of Yokota et al. 2018 over logical addresses, scored by
 * simulation (the papers' router on tori and meshes or under a named preset, the booksim router elsewhere) or by
 * average hops, with its options declared once and where each applies.
 */
public final class NodemapJob extends DeclaredJob<NodemapJob.Run, NodemapOutcome> {

    /**
     * A mapping search: the network, the patterns (their names and destinations), the simulator's set-up (its model
     * null for the booksim router), the GA's settings, the packets a score simulates (0: hops only), flits per packet,
     * pruning, and the labels its outputs name (the topology spec and the variant with its survival order).
     */
    public record Request(Topology topology, String spec, List<String> traffic, int[][] patterns, FlitSetup setup,
                          NodeMappingGa.Settings settings, int packets, int flits, boolean hopsOnly, boolean prune,
                          String label) {

        /** The router that scores (for scores by hops, the one that would). */
        public org.ccopt.flitsim.RouterKind router() {
            return setup.kind();
        }
    }

    /** A request and the evaluation threads it runs on (which change no result). */
    public record Run(Request request, int threads) {
    }

    private static final Map<String, String> SHORT = Map.of("topology", "torus:4x4", "traffic", "brev", "generations", "1",
            "population", "4");

    /** An option of the simulated score ({@code example}: a value of it), which --hops-only replaces. */
    private static JobOption simulated(JobOption o, String example) {
        Map<String, String> breaking = new java.util.HashMap<>(SHORT);
        breaking.put("hops-only", "true");
        breaking.put(o.name(), example);
        return o.withApplies(new JobOption.Applies("to simulated scoring (not with --hops-only)", v -> !v.flag("hops-only"),
                breaking));
    }

    /** Whether the papers' router scores: on a torus or mesh, or where --model names its preset. */
    private static boolean papers(JobOptions.Values v) {
        return FlitSetup.onGrid(v.text("topology")) || v.given("model");
    }

    /** The router options: simulated scoring only, and a reading of the papers' router only where it scores. */
    private static List<JobOption> routerOptions() {
        List<JobOption> out = new ArrayList<>();
        for (JobOption declared : FlitSetup.optionsOnNetworks(SHORT)) {
            RouterModel.ReadingSpec r = RouterModel.READINGS.stream().filter(x -> x.option().equals(declared.option()))
                    .findFirst().orElse(null);
            String example = r != null ? r.values().get(1) : declared.name().equals("model") ? "ccopt" : "2";
            JobOption o = simulated(declared, example);
            if (r != null && r.scope() == RouterModel.Scope.ANY) {
                Map<String, String> breaking = new java.util.HashMap<>(SHORT);
                breaking.put("topology", "hypercube:4");
                breaking.put(o.name(), example);
                o = o.withApplies(new JobOption.Applies("to the papers' router (on a network other than a torus or mesh, "
                        + "name its preset with --model; without it the booksim router scores)", NodemapJob::papers, breaking));
            }
            out.add(o);
        }
        return out;
    }

    private static final JobOptions OPTIONS = JobOptions.of("nodemap", List.of(
            new JobOption("topology", "t", "SPEC", JobOption.Type.TEXT, "torus:8x8", "Any two-way network: tori and meshes "
                    + "run the papers' router, others the booksim router unless --model names a preset of the papers", false,
                    null, null, null),
            JobOption.text("traffic", "PATTERNS", "Comma-separated patterns: " + TrafficPattern.NAMES).withDefault("bcmp,brev"),
            JobOption.text("variant", "NAME", "Mutation variant " + MutationVariant.NAMES + " (Table 1)").withDefault("S20"),
            JobOption.text("radius-bound", "exclusive|inclusive", "How a neighbouring swap reads its radius r (§4.1: a pair of "
                    + "\"longer distance than r\", pulled \"within the radius r\"): exclusive (r or more hops, pulled to fewer "
                    + "than r) or inclusive (more than r, pulled to r or fewer)").withDefault("inclusive").withApplies(
                    new JobOption.Applies("to variants with neighbouring swaps (not " + MutationVariant.withoutNeighbouringSwaps()
                            + ")", v -> MutationVariant.named(v.text("variant")).swapsNeighbours(),
                            Map.of("topology", "torus:4x4", "traffic", "brev", "generations", "1", "population", "4",
                                    "variant", "S00", "radius-bound", "inclusive"))),
            JobOption.text("sort", "sc|ah|ml", "Survival order sc (duration first), ah (avg hops first), ml (product)")
                    .withDefault("ml"),
            simulated(JobOption.text("hop-key", "exact|tenth|integer", "How average hops are compared when mappings are "
                    + "sorted (§4.2 leaves the precision open): exact totals, the average rounded to a tenth, or truncated to "
                    + "a whole hop").withDefault("exact"), "tenth"),
            simulated(JobOption.text("ties", "oldest|newest", "Which of two mappings of equal rank goes first: the survivor "
                    + "(oldest) or this generation's mutant (newest)").withDefault("oldest"), "newest"),
            simulated(JobOption.text("best", "ranked|shortest", "The mapping a run reports: the first of the survival order, "
                    + "or the shortest duration evaluated in the run (Table 2's \"best duration\")").withDefault("ranked"),
                    "shortest"),
            JobOption.whole("population", 1000, "Mappings per generation"),
            JobOption.whole("generations", 1000, "Generations after the random initial one"),
            JobOption.wholeLong("seed", 1, "GA seed"),
            JobOption.wholeLong("traffic-seed", 1, "Seed of random patterns rpar, rrng, ...")
                    .withApplies(TrafficPattern.seedApplies("traffic")),
            simulated(JobOption.whole("packets", 4, "Packets per node").atLeast(1), "2"),
            simulated(JobOption.whole("packet-flits", 8, "Flits per packet").atLeast(1), "4")),
            routerOptions(),
            List.of(JobOption.flag("hops-only", "Score by average hops alone (no simulation; any topology)"),
                    JobOption.flag("no-prune", "Simulate every new mapping in full (slower; the best is the same): the "
                            + "per-generation averages of generations.csv then cover every mapping (Yokota et al. 2018, Fig. "
                            + "4)").withApplies(new JobOption.Applies("to simulated scores (--hops-only prunes nothing)",
                            v -> !v.flag("hops-only"), Map.of("topology", "torus:4x4", "traffic", "brev", "generations", "1",
                            "population", "4", "hops-only", "true", "no-prune", "true"))),
                    JobOption.whole("threads", "N", "Evaluation threads (default: all cores)")
                            .withRange(1, org.ccopt.util.Workers.MAX_THREADS)));

    /** The job of {@code ccopt nodemap} (declared after the options its constructor reads). */
    public static final NodemapJob JOB = new NodemapJob();

    /** For {@link java.util.ServiceLoader}; use {@link #JOB}. */
    public NodemapJob() {
        super(OPTIONS, v -> new Run(read(v), v.given("threads") ? v.whole("threads")
                : Runtime.getRuntime().availableProcessors()), q -> run(q.request(), q.threads(), null,
                (ga, start) -> ga.run(start, s -> { })), NodemapOutcome::figures);
    }

    /** The patterns' names, the mutation variant and the router model's readings. */
    @Override
    public void check(JobOptions.Values v) {
        for (String pattern : v.text("traffic").split(",", -1)) {
            TrafficPattern.parse(pattern);
        }
        MutationVariant.named(v.text("variant"));
        FlitSetup.kind(v);
    }

    /** The request of checked values of the job's options. */
    public static Request read(JobOptions.Values v) {
        Topology t = TopologySpec.parse(v.text("topology"));
        List<String> traffic = List.of(v.text("traffic").split(",", -1));
        if (traffic.isEmpty() || v.text("traffic").isBlank()) {
            throw new InvalidInputException("--traffic is empty; expected one or more of " + TrafficPattern.NAMES);
        }
        int[][] patterns = new int[traffic.size()][];
        for (int i = 0; i < patterns.length; i++) {
            patterns[i] = TrafficPattern.parse(traffic.get(i)).destinations(t, v.wholeLong("traffic-seed"));
        }
        boolean hopsOnly = v.flag("hops-only");
        org.ccopt.flitsim.RouterKind router = papers(v) ? FlitSetup.kind(v) : org.ccopt.flitsim.RouterKind.Booksim.DEFAULT;
        SurvivalRule rule = new SurvivalRule(SurvivalOrder.parse(v.text("sort")),
                Enums.parse(SurvivalRule.HopKey.class, "--hop-key", v.text("hop-key")),
                Enums.parse(SurvivalRule.Ties.class, "--ties", v.text("ties")),
                Enums.parse(SurvivalRule.Best.class, "--best", v.text("best")));
        NodeMappingGa.Settings settings = new NodeMappingGa.Settings(v.whole("population"), v.whole("generations"),
                MutationVariant.named(v.text("variant")).withBound(Enums.parse(MutationVariant.Bound.class, "--radius-bound",
                        v.text("radius-bound"))), rule, v.wholeLong("seed"));
        return new Request(t, v.text("topology"), traffic, patterns, new FlitSetup(t, v.whole("vcs"), v.whole("buffer"), router),
                settings, hopsOnly ? 0 : v.whole("packets"), v.whole("packet-flits"), hopsOnly, !v.flag("no-prune"),
                v.text("variant") + "-" + v.text("sort"));
    }

    /**
     * Runs the search of {@code q} on {@code threads} evaluation threads from its start or from {@code resumed}: {@code
     * drive} runs the GA's generations from a state (the command with progress and checkpoints, the job straight), and
     * the best mapping is re-checked ({@link MappingValidator}) before the outcome is made.
     */
    public static NodemapOutcome run(Request q, int threads, NodeMappingGa.State resumed,
                                     BiFunction<NodeMappingGa, NodeMappingGa.State, NodeMappingGa.State> drive) {
        try (MappingEvaluator evaluator = new MappingEvaluator(q.setup(), q.patterns(), q.packets(), q.flits(), threads)) {
            NodeMappingGa ga = q.prune() ? new NodeMappingGa(evaluator, q.settings())
                    : new NodeMappingGa(evaluator, q.settings()).withoutPruning();
            long started = System.nanoTime();
            if (resumed != null) {
                ga.checkResumable(resumed);
            }
            NodeMappingGa.State state = drive.apply(ga, resumed != null ? resumed : ga.initial());
            double seconds = (System.nanoTime() - started) / 1e9;
            MappingValidator.check(evaluator.setup(), q.patterns(), state.bestMapping(), state.bestScore(), q.packets(), q.flits());
            return NodemapOutcome.of(q.topology(), q.traffic(), q.settings(), q.router(), q.hopsOnly(), state, evaluator, seconds);
        }
    }
}
