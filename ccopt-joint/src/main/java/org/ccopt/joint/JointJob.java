package org.ccopt.joint;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.job.DeclaredJob;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;
import org.ccopt.mapping.MutationVariant;
import org.ccopt.mapping.SurvivalOrder;
import org.ccopt.topology.Topology;
import org.ccopt.traffic.TrafficPattern;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.util.Enums;

/**
 * {@code ccopt joint} as a library job: node mapping (Yokota et al. 2018) and Cup-Stacking (Yokota et al. 2023) alone
 * and together on several patterns, every method within one budget of simulations, with its options declared once and
 * where each applies (each search's options to the methods that run it).
 */
public final class JointJob extends DeclaredJob<JointJob.Request, JointJob.Outcome> {

    /**
     * The problem, its patterns as given ({@code traffic}), the methods in order, the searches' settings, and the
     * replays of each best plan with random delays ({@code jitter} 0: none).
     */
    public record Request(JointProblem problem, String traffic, List<JointMethod> methods, JointSearch.Settings settings,
                          int jitter, int jitterRuns) {
    }

    /** Each method's outcome (checked) and result, and the figures of all of them ({@link #summary}). */
    public record Outcome(Request request, List<JointSearch.Outcome> outcomes, List<MethodResult> results,
                          Map<String, Object> figures) {
    }

    private static final Map<String, String> SHORT = Map.of("topology", "torus:4x4", "traffic", "bcmp", "methods", "physical");

    /** An option that applies where {@code methods} says, with an example that breaks it on the physical method alone. */
    private static JobOption on(JobOption o, String where, Predicate<List<JointMethod>> methods, String example) {
        return o.withApplies(new JobOption.Applies(where, v -> methods.test(methods(v)), merged(o.name(), example)));
    }

    private static boolean anneals(List<JointMethod> m) {
        return m.contains(JointMethod.SURROGATE) || m.contains(JointMethod.JOINT) || m.contains(JointMethod.ALTERNATING);
    }

    /** Whether a method of {@code m} has a stacking phase, which the stacker continues. */
    private static boolean stacks(List<JointMethod> m) {
        return m.contains(JointMethod.STACKING) || m.contains(JointMethod.SEQUENTIAL) || m.contains(JointMethod.JOINT)
                || m.contains(JointMethod.ALTERNATING);
    }

    private static boolean evolves(List<JointMethod> m) {
        return m.contains(JointMethod.MAPPING) || m.contains(JointMethod.SEQUENTIAL);
    }

    private static List<JointMethod> methods(JobOptions.Values v) {
        return JointMethod.parseAll(List.of(v.text("methods").split(",", -1)));
    }

    private static final JobOptions OPTIONS = JobOptions.of("joint", List.of(
            new JobOption("topology", "t", "SPEC", JobOption.Type.TEXT, "torus:8x8", "Any two-way network of at most 256 "
                    + "terminals: tori and meshes route by the papers' dimension order, others by their default routing "
                    + "function", false, null, null, null),
            JobOption.text("traffic", "PATTERNS", "Patterns run one after another: " + JointWorkloads.NAMES)
                    .withDefault("bcmp,brev"),
            JobOption.wholeLong("traffic-seed", 1, "Seed of random patterns rpar, rrng, ...")
                    .withApplies(TrafficPattern.seedApplies("traffic")),
            JobOption.whole("packets", 4, "Packets per node and pattern"),
            JobOption.whole("packet-flits", 8, "Flits per packet"),
            JobOption.whole("slices", "N", "Slices a stacked pattern is sent in; must divide --packets (default: --packets, "
                    + "one packet a slice)")),
            FlitSetup.optionsOnNetworks(Map.of("traffic", "bcmp", "methods", "physical")),
            List.of(JobOption.text("methods", "LIST", "Methods to run: " + JointMethod.NAMES + " (default: all)")
                            .withDefault("physical,mapping,surrogate,stacking,sequential,joint,alternating"),
                    JobOption.wholeLong("budget", 10_000, "Simulations per method"),
                    on(JobOption.whole("population", 100, "Mappings per generation of the 2018 GA"),
                            "to the mapping and sequential methods", JointJob::evolves, "10"),
                    on(JobOption.text("variant", "NAME", "Mutation variant of the 2018 GA").withDefault("S20"),
                            "to the mapping and sequential methods", JointJob::evolves, "S03"),
                    JobOption.text("radius-bound", "exclusive|inclusive", "How the 2018 GA's neighbouring swap reads its "
                            + "radius, as nodemap's --radius-bound").withDefault("inclusive").withApplies(new JobOption.Applies(
                            "to the methods that run the 2018 GA (mapping, sequential, surrogate, joint) with a variant that "
                                    + "makes neighbouring swaps (not " + MutationVariant.withoutNeighbouringSwaps() + ")",
                            v -> (evolves(methods(v)) || methods(v).contains(JointMethod.SURROGATE)
                                    || methods(v).contains(JointMethod.JOINT))
                                    && MutationVariant.named(v.text("variant")).swapsNeighbours(),
                            Map.of("topology", "torus:4x4", "traffic", "bcmp", "methods", "mapping", "budget", "100",
                                    "variant", "S05", "radius-bound", "exclusive"))),
                    JobOption.text("sort", "sc|ah|ml", "Survival order of the 2018 GA").withDefault("ml"),
                    on(JobOption.whole("restarts", 32, "Annealed candidate mappings"),
                            "to the surrogate, joint and alternating methods", JointJob::anneals, "4"),
                    on(JobOption.whole("rounds", 4, "Rounds of annealed candidates and seeded GA of the surrogate and joint "
                            + "methods"), "to the surrogate and joint methods",
                            m -> m.contains(JointMethod.SURROGATE) || m.contains(JointMethod.JOINT), "2"),
                    on(JobOption.wholeLong("anneal-iterations", 200_000, "Swaps proposed per annealing"),
                            "to the surrogate, joint and alternating methods", JointJob::anneals, "100"),
                    on(JobOption.text("stacker", "NAME", "What a stacking phase does after simple stacking: " + Stacker.NAMES)
                            .withDefault("lahc"), "to the methods that stack (stacking, sequential, joint, alternating)",
                            JointJob::stacks, "ga"),
                    new JobOption("reserve", null, "X", JobOption.Type.REAL, "0.2", "Share of the budget the sequential method "
                            + "keeps for stacking", false, null, null, List.of(new JobOption.Applies("to the sequential method "
                            + "with a stacker other than simple", v -> methods(v).contains(JointMethod.SEQUENTIAL)
                            && Stacker.parse(v.text("stacker")) != Stacker.SIMPLE, merged("reserve", "0.5")))),
                    JobOption.whole("stacker-population", 20, "Chromosomes or moves per generation of the stacker")
                            .withApplies(new JobOption.Applies("to the methods that stack, with a stacker other than simple",
                            v -> stacks(methods(v)) && Stacker.parse(v.text("stacker")) != Stacker.SIMPLE,
                            Map.of("topology", "torus:4x4", "traffic", "bcmp", "methods", "stacking", "stacker", "simple",
                                    "budget", "200", "stacker-population", "5"))),
                    on(JobOption.text("inner-schemes", "LIST", "VC selection schemes of the joint method's inner stacking "
                            + "(default: all ten)"), "to the joint method", m -> m.contains(JointMethod.JOINT), "C00"),
                    on(JobOption.whole("inner-intervals", 1, "Intervals V from l_c of the inner stacking; 0: up to the "
                            + "single-slice duration, the paper's range (1: the schemes alone)"), "to the joint method",
                            m -> m.contains(JointMethod.JOINT), "4"),
                    JobOption.whole("max-generations", 10_000, "Cap on a method's GA generations, shared by the rounds of "
                            + "the annealed methods; 10,000 x 100 mappings is the paper's million evaluations"),
                    JobOption.wholeLong("seed", 1, "Seed of every search"),
                    JobOption.whole("jitter", 0, "Replay each best plan with every injection delayed by a random 0..N cycles "
                            + "(0: off)"),
                    new JobOption("jitter-runs", null, "N", JobOption.Type.WHOLE, "10", "Replays with --jitter", false, null,
                            null, List.of(new JobOption.Applies("with --jitter above 0", v -> v.whole("jitter") > 0,
                            merged("jitter-runs", "3")))),
                    JobOption.whole("threads", "N", "Evaluation threads (default: all cores)")
                            .withRange(1, org.ccopt.util.Workers.MAX_THREADS)));

    /** The short physical-only run of {@link #SHORT} with {@code option} at {@code example}, a rule's example. */
    private static Map<String, String> merged(String option, String example) {
        Map<String, String> m = new HashMap<>(SHORT);
        m.put(option, example);
        return m;
    }

    /** The job of {@code ccopt joint} (declared after the options its constructor reads). */
    public static final JointJob JOB = new JointJob();

    /** For {@link java.util.ServiceLoader}; use {@link #JOB}. */
    public JointJob() {
        super(OPTIONS, v -> read(v, v.given("threads") ? v.whole("threads") : Runtime.getRuntime().availableProcessors()),
                JointJob::runAll, Outcome::figures);
    }

    /** The router model's readings ({@code --model booksim}: none). */
    @Override
    public void check(JobOptions.Values v) {
        FlitSetup.kind(v);
    }

    /** The request of checked values of the job's options, its searches on {@code threads} evaluation threads. */
    public static Request read(JobOptions.Values v, int threads) {
        Topology t = TopologySpec.parse(v.text("topology"));
        List<String> traffic = List.of(v.text("traffic").split(",", -1));
        JointWorkloads.Patterns patterns = JointWorkloads.parse(traffic, t, v.wholeLong("traffic-seed"));
        int packets = v.whole("packets");
        JointProblem problem = new JointProblem(new FlitSetup(t, v.whole("vcs"), v.whole("buffer"), FlitSetup.kind(v)),
                patterns.names(), patterns.destinations(), packets, v.whole("packet-flits"),
                v.given("slices") ? v.whole("slices") : packets);
        List<VcSelection> schemes = v.given("inner-schemes") ? List.of(v.text("inner-schemes").split(",", -1)).stream()
                .map(VcSelection::parse).toList() : List.of(VcSelection.values());
        JointSearch.Settings settings = new JointSearch.Settings(v.wholeLong("budget"), v.whole("population"),
                MutationVariant.named(v.text("variant")).withBound(Enums.parse(MutationVariant.Bound.class, "--radius-bound",
                        v.text("radius-bound"))), SurvivalOrder.parse(v.text("sort")), v.whole("max-generations"),
                v.whole("restarts"), v.whole("rounds"), v.wholeLong("anneal-iterations"), Stacker.parse(v.text("stacker")),
                v.real("reserve"), v.whole("stacker-population"), schemes, v.whole("inner-intervals"), v.wholeLong("seed"),
                threads);
        int jitter = v.whole("jitter");
        if (jitter != 0) {
            Robustness.check(jitter, v.whole("jitter-runs"));
        }
        return new Request(problem, v.text("traffic"), methods(v), settings, jitter, v.whole("jitter-runs"));
    }

    /** Runs every method of {@code q} in order, each checked through its parameter files, and reports them. */
    public static Outcome runAll(Request q) {
        try (JointSearch engine = new JointSearch(q.problem(), q.settings())) {
            List<JointRecord> done = new ArrayList<>();
            for (JointMethod m : q.methods()) {
                done.add(JointRecord.of(q.problem(), engine.run(m)));
            }
            return report(q, engine, done);
        }
    }

    /**
     * The outcome of a run's records (each replayed by {@link JointValidator} through its parameter files), with each
     * method's result and the figures of all of them.
     */
    public static Outcome report(Request q, JointSearch engine, List<JointRecord> records) {
        List<JointSearch.Outcome> outcomes = new ArrayList<>();
        List<MethodResult> results = new ArrayList<>();
        for (JointRecord r : records) {
            JointSearch.Outcome o = r.outcome(q.problem(), q.settings().budget());
            outcomes.add(o);
            results.add(MethodResult.of(q.problem(), engine, o, q.jitter(), q.jitterRuns(), q.settings().seed()));
        }
        return new Outcome(q, outcomes, results, summary(q, results));
    }

    /**
     * The figures {@code ccopt joint --json} prints: the problem, the budget, and each method's figures
     * ({@code byMethod.METHOD.cycles}, ..., which {@code ccopt run} keeps as columns) and rows.
     */
    public static Map<String, Object> summary(Request q, List<MethodResult> results) {
        JointProblem problem = q.problem();
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("topology", problem.topology().spec());
        result.put("traffic", q.traffic());
        result.put("patterns", problem.patterns().length);
        org.ccopt.flitsim.RouterModel.putModel(result, problem.kind(), problem.topology());
        result.put("routing", problem.setup().routingName());
        result.put("budget", q.settings().budget());
        result.put("floor", problem.floor());
        if (q.jitter() > 0) {
            result.put("jitter", q.jitter());
            result.put("jitterRuns", q.jitterRuns());
        }
        Map<String, Object> byMethod = new LinkedHashMap<>();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (MethodResult r : results) {
            byMethod.put(r.method().label(), r.figures());
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("method", r.method().label());
            row.putAll(r.figures());
            if (r.skipped() == null) {
                row.put("perPattern", r.perPattern());
                row.put("plans", r.plans());
                row.put("mapping", r.mapping());
            }
            rows.add(row);
        }
        result.put("byMethod", byMethod);
        result.put("results", rows);
        return result;
    }
}
