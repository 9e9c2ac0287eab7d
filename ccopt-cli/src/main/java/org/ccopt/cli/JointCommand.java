package org.ccopt.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.joint.JointMethod;
import org.ccopt.joint.JointProblem;
import org.ccopt.joint.JointProgress;
import org.ccopt.joint.JointRecord;
import org.ccopt.joint.JointSearch;
import org.ccopt.joint.MethodResult;
import org.ccopt.joint.JointWorkloads;
import org.ccopt.joint.PlanFiles;
import org.ccopt.joint.Robustness;
import org.ccopt.joint.Stacker;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.util.Checkpoint;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code ccopt joint}: node mapping and Cup-Stacking together, every method at one simulation budget. */
@Command(name = "joint", mixinStandardHelpOptions = true, modelTransformer = RouterOptions.Readings.class,
        description = "Spatio-temporal optimisation: node mapping (Yokota et al. 2018) and Cup-Stacking (Yokota et al. 2023) "
                + "alone and together on several traffic patterns, each method within one budget of simulations.")
final class JointCommand extends ResumableRun.Command {

    /** Where options apply ({@link OptionRules}). */
    static final OptionRules<JointCommand> RULES = OptionRules.of(
            OptionRules.rule("--jitter-runs", "with --jitter above 0", c -> c.jitter > 0,
                    "joint -t torus:4x4 --traffic bcmp --methods physical --jitter-runs 3"),
            OptionRules.rule("--reserve", "to the sequential method with a stacker other than simple",
                    c -> c.methods().contains(JointMethod.SEQUENTIAL) && Stacker.parse(c.search.stacker) != Stacker.SIMPLE,
                    "joint -t torus:4x4 --traffic bcmp --methods physical --reserve 0.5"),
            OptionRules.rule("--inner-schemes", "to the joint method", c -> c.methods().contains(JointMethod.JOINT),
                    "joint -t torus:4x4 --traffic bcmp --methods physical --inner-schemes C00"),
            OptionRules.rule("--inner-intervals", "to the joint method", c -> c.methods().contains(JointMethod.JOINT),
                    "joint -t torus:4x4 --traffic bcmp --methods physical --inner-intervals 4"),
            OptionRules.rule("--restarts", "to the surrogate, joint and alternating methods", JointCommand::anneals,
                    "joint -t torus:4x4 --traffic bcmp --methods physical --restarts 4"),
            OptionRules.rule("--radius-bound", "to the methods that run the 2018 GA (mapping, sequential, surrogate, joint) "
                    + "with a variant that makes neighbouring swaps (not " + org.ccopt.mapping.MutationVariant.withoutNeighbouringSwaps() + ")",
                    c -> (c.evolves() || c.methods().contains(JointMethod.SURROGATE) || c.methods().contains(JointMethod.JOINT))
                            && org.ccopt.mapping.MutationVariant.named(c.search.variant).swapsNeighbours(),
                    "joint -t torus:4x4 --traffic bcmp --methods mapping --budget 100 --variant S05 --radius-bound exclusive"),
            OptionRules.rule("--rounds", "to the surrogate and joint methods", c -> c.methods().contains(JointMethod.SURROGATE)
                    || c.methods().contains(JointMethod.JOINT), "joint -t torus:4x4 --traffic bcmp --methods physical --rounds 2"),
            OptionRules.rule("--anneal-iterations", "to the surrogate, joint and alternating methods", JointCommand::anneals,
                    "joint -t torus:4x4 --traffic bcmp --methods physical --anneal-iterations 100"),
            OptionRules.rule("--population", "to the mapping and sequential methods", JointCommand::evolves,
                    "joint -t torus:4x4 --traffic bcmp --methods physical --population 10"),
            OptionRules.rule("--variant", "to the mapping and sequential methods", JointCommand::evolves,
                    "joint -t torus:4x4 --traffic bcmp --methods physical --variant S03"),
            OptionRules.rule("--checkpoint-seconds", "to nodemap and cupstack, which checkpoint on a timer (joint checkpoints "
                    + "after each method)", c -> false, "joint -t torus:4x4 --traffic bcmp --methods physical --checkpoint-seconds 10"))
            .with(OptionRules.gridRouting(c -> c.topology, "joint -t hypercube:4 --traffic bcmp --methods physical"));

    @Option(names = {"-t", "--topology"}, defaultValue = "torus:8x8", description = "Any two-way network of at most 256 terminals: tori and meshes route by the papers' dimension order, others by their default routing function (default: ${DEFAULT-VALUE}).")
    String topology;

    @Option(names = "--traffic", defaultValue = "bcmp,brev", split = ",", description = "Patterns run one after another: "
            + JointWorkloads.NAMES + " (default: ${DEFAULT-VALUE}).")
    List<String> traffic;

    @Option(names = "--traffic-seed", defaultValue = "1", description = "Seed of random patterns rpar, rrng, ... (default: ${DEFAULT-VALUE}).")
    long trafficSeed;

    @Option(names = "--packets", defaultValue = "4", description = "Packets per node and pattern (default: ${DEFAULT-VALUE}).")
    int packets;

    @Option(names = "--packet-flits", defaultValue = "8", description = "Flits per packet (default: ${DEFAULT-VALUE}).")
    int flits;

    @Option(names = "--slices", description = "Slices a stacked pattern is sent in; must divide --packets (default: --packets, one packet a slice).")
    Integer slices;

    @Mixin
    RouterOptions router = new RouterOptions();

    @Option(names = "--methods", defaultValue = "physical,mapping,surrogate,stacking,sequential,joint,alternating", split = ",",
            description = "Methods to run: " + JointMethod.NAMES + " (default: all).")
    List<String> methodNames;

    @Option(names = "--budget", defaultValue = "10000", description = "Simulations per method (default: ${DEFAULT-VALUE}).")
    long budget;

    @Mixin
    JointSearchOptions search;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of every search (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--jitter", defaultValue = "0", description = "Replay each best plan with every injection delayed by a random 0..N cycles (default: off).")
    int jitter;

    @Option(names = "--jitter-runs", defaultValue = "10", description = "Replays with --jitter (default: ${DEFAULT-VALUE}).")
    int jitterRuns;

    @Option(names = "--out", paramLabel = "DIR", description = "Write METHOD/mapping.json and METHOD/NN-PATTERN.json "
            + "(ccopt sim --mapping --params), result.json, methods.csv and methods.png/.svg (cycles and bound by method), "
            + "and checkpoints, here.")
    @Output
    Path out;

    private List<JointMethod> methods() {
        return JointMethod.parseAll(methodNames);
    }

    private boolean anneals() {
        return methods().stream().anyMatch(m -> m == JointMethod.SURROGATE || m == JointMethod.JOINT || m == JointMethod.ALTERNATING);
    }

    private boolean evolves() {
        List<JointMethod> m = methods();
        return m.contains(JointMethod.MAPPING) || m.contains(JointMethod.SEQUENTIAL);
    }

    @Override
    void writeTo(Path dir) {
        out = dir;
    }

    @Override
    public Integer call() throws Exception {
        RULES.check(this, spec);
        if (control.resume == null) {
            List<String> recorded = ResumableRun.given(spec);
            // the checkpoint resumes under the model and the reading it ran with, whatever the defaults become
            ResumableRun.pin(spec, recorded, "--model", RouterModel.DEFAULT_NAME);
            ResumableRun.pin(spec, recorded, "--radius-bound", RULES.applies(this, "--radius-bound") ? search.radiusBound : null);
            return optimize(recorded, null);
        }
        Checkpoint<JointProgress> resumed = Checkpoint.read(control.resume, JointProgress.class);
        JointCommand saved = new JointCommand();
        List<String> arguments = ResumableRun.resume(this, resumed.arguments(), saved).arguments();
        // recorded before these were pinned: joint's defaults of that time
        saved.router.model = ResumableRun.names(resumed.arguments(), "--model") ? saved.router.model : "yokota2018";
        saved.search.radiusBound = ResumableRun.names(resumed.arguments(), "--radius-bound") ? saved.search.radiusBound : "exclusive";
        return saved.optimize(arguments, resumed.state());
    }

    private int optimize(List<String> arguments, JointProgress resumed) throws Exception {
        Topology t = TopologySpec.parse(topology);
        JointWorkloads.Patterns patterns = JointWorkloads.parse(traffic, t, trafficSeed);
        RouterModel model = router.model();
        JointProblem problem = new JointProblem(router.setup(t, model), patterns.names(), patterns.destinations(), packets, flits,
                slices == null ? packets : slices);
        List<JointMethod> methods = methods();
        int workers = control.threads == null ? Runtime.getRuntime().availableProcessors() : control.threads;
        JointSearch.Settings settings = search.settings(budget, seed, workers);
        if (jitter != 0) {
            Robustness.check(jitter, jitterRuns);
        }
        List<JointSearch.Outcome> outcomes = new ArrayList<>();
        try (JointSearch engine = new JointSearch(problem, settings)) {
            JointProgress start = new JointProgress(List.of());
            if (resumed != null) {
                Checkpoint.requireFits(resumed.done() != null && resumed.count() <= methods.size(), "it records "
                        + "more methods than the run has");
                for (int i = 0; i < resumed.count(); i++) {
                    JointSearch.Outcome o = resumed.done().get(i).outcome(problem, budget);
                    Checkpoint.requireFits(o.method() == methods.get(i), "it records " + o.method().label() + " where the run has "
                            + methods.get(i).label());
                }
                start = resumed;
            }
            JointProgress end = ResumableRun.execute("joint", methods.size(), start, JointProgress::count,
                    p -> p.count() == 0 ? "" : "last: " + p.done().get(p.count() - 1).method(),
                    (from, after) -> {
                        JointProgress p = from;
                        while (p.count() < methods.size()) {
                            List<JointRecord> done = new ArrayList<>(p.done());
                            done.add(JointRecord.of(problem, engine.run(methods.get(p.count()))));
                            p = new JointProgress(done);
                            after.accept(p);
                        }
                        return p;
                    }, out, ResumableRun.EVERY_STEP, control.progress(spec), p -> new Checkpoint<>(arguments, p).write(out));
            for (JointRecord r : end.done()) {
                JointSearch.Outcome o = r.outcome(problem, budget); // replayed by JointValidator through its parameter files
                outcomes.add(o);
                if (out != null && o.plan() != null) {
                    PlanFiles.write(out.resolve(o.method().label()), problem, o.plan(), o.method().label());
                }
            }
            report(problem, engine, outcomes);
        }
        return Main.OK;
    }

    private void report(JointProblem problem, JointSearch engine, List<JointSearch.Outcome> outcomes) throws java.io.IOException {
        List<MethodResult> results = outcomes.stream().map(o -> MethodResult.of(problem, engine, o, jitter, jitterRuns, seed))
                .toList();
        Map<String, Object> result = JointOutputs.summary(problem, String.join(",", traffic), budget, jitter, jitterRuns, results);
        writeResult(out, result);
        if (out != null) {
            JointOutputs.write(out, problem, String.join(",", traffic), budget, results);
        }
        if (control.json) {
            Json.print(spec.commandLine().getOut(), spec, result);
        } else {
            JointOutputs.print(spec.commandLine().getOut(), problem, String.join(",", traffic), budget, jitter, jitterRuns, results, out);
        }
    }
}
