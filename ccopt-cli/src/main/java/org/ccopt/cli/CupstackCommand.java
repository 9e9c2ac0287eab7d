package org.ccopt.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.util.Checkpoint;
import org.ccopt.cupstack.CupStackGa;
import org.ccopt.cupstack.CupStackRun;
import org.ccopt.cupstack.CupstackJob;
import org.ccopt.cupstack.CupstackRequest;
import org.ccopt.cupstack.GeneGroup;
import org.ccopt.cupstack.LateAcceptance;
import org.ccopt.cupstack.Method;
import org.ccopt.cupstack.Problem;
import org.ccopt.topology.Topology;
import org.ccopt.traffic.TrafficPattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code ccopt cupstack}: the (extended) Cup-Stacking method of Yokota et al. 2023. */
@Command(name = "cupstack", mixinStandardHelpOptions = true, modelTransformer = RouterOptions.Readings.class,
        description = "Split every message into slices and stack them densely: GA over injection timing and router arbitration "
                + "(extended Cup-Stacking, Yokota et al. 2023).")
final class CupstackCommand extends ResumableRun.Command {

    /**
     * Where options apply ({@link OptionRules}). cupstack-sweep drops, run by run, the options these rules say do not apply to the run's method.
     */
    static final OptionRules<CupstackCommand> RULES = OptionRules.of(java.util.stream.Stream.concat(java.util.stream.Stream.of(
            "--mutation-rate 0.1", "--crossover-pairs 2", "--crossover-interval 3", "--crossover-rate 0.5", "--training 2",
            "--tie random", "--lifetime 3", "--watchdog 5", "--max-synonyms 3", "--seed-simple", "--no-prune")
            .map(CupstackCommand::gaOnly), java.util.stream.Stream.<OptionRules.Rule<CupstackCommand>>of(
            OptionRules.rule("--population", "to the searches (not --method simple)", c -> Method.parse(c.method) != Method.SIMPLE,
                    "cupstack -t torus:4x4 --traffic brev --method simple --population 10"),
            OptionRules.rule("--generations", "to the searches (not --method simple)", c -> Method.parse(c.method) != Method.SIMPLE,
                    "cupstack -t torus:4x4 --traffic brev --method simple --generations 10"),
            OptionRules.rule("--initial-scheme", "to the searches (not --method simple, which starts from no random "
                    + "scheme)", c -> Method.parse(c.method) != Method.SIMPLE,
                    "cupstack -t torus:4x4 --traffic brev --method simple --initial-scheme port"),
            OptionRules.rule("--history-length", "to --method lahc", c -> Method.parse(c.method) == Method.LAHC,
                    "cupstack -t torus:4x4 --traffic brev --generations 1 --population 4 --history-length 5",
                    c -> "--method " + c.method),
            OptionRules.rule("--from-slices", "to --method extrapolate and post",
                    c -> Method.parse(c.method) == Method.EXTRAPOLATE || Method.parse(c.method) == Method.POST,
                    "cupstack -t torus:4x4 --traffic brev --generations 1 --population 4 --from-slices 2"),
            OptionRules.rule("--estimate-slices", "to --method estimate", c -> Method.parse(c.method) == Method.ESTIMATE,
                    "cupstack -t torus:4x4 --traffic brev --generations 1 --population 4 --estimate-slices 4"),
            OptionRules.rule("--interval", "where V is frozen (--freeze V) in a search over more than one slice",
                    c -> CupStackRun.fixesInterval(Method.parse(c.method), GeneGroup.parseSet(c.freeze), c.slices, c.fromSlices),
                    "cupstack -t torus:4x4 --traffic brev --generations 1 --population 4 --interval 11"))).toList())
            .with(OptionRules.gridRouting(c -> c.topology, "cupstack -t hypercube:4 --traffic brev --method simple"))
            .with(ResumableRun.checkpointing(c -> c.out, "cupstack -t torus:4x4 --traffic brev --generations 1 --population 4"));


    @Option(names = {"-t", "--topology"}, defaultValue = "torus:16x16", description = "Any two-way network: tori and meshes route by the papers' dimension order, others by their default routing function (default: ${DEFAULT-VALUE}).")
    String topology;

    @Option(names = "--traffic", defaultValue = "brev", description = TrafficPattern.NAMES + " (default: ${DEFAULT-VALUE}).")
    String traffic;

    @Option(names = "--traffic-seed", defaultValue = CupstackRequest.DEFAULT_TRAFFIC_SEED, description = "Seed of random patterns (default: ${DEFAULT-VALUE}).")
    long trafficSeed;

    @Option(names = "--slices", defaultValue = CupstackRequest.DEFAULT_SLICES, description = "Slices S per message (default: ${DEFAULT-VALUE}).")
    int slices;

    @Option(names = "--packets", defaultValue = CupstackRequest.DEFAULT_PACKETS, description = "Packets per slice (default: ${DEFAULT-VALUE}).")
    int packets;

    @Option(names = "--packet-flits", defaultValue = CupstackRequest.DEFAULT_PACKET_FLITS, description = "Flits per packet L (default: ${DEFAULT-VALUE}).")
    int flits;

    @Mixin
    RouterOptions router = new RouterOptions();

    @Option(names = "--method", defaultValue = CupstackRequest.DEFAULT_METHOD, description = Method.NAMES + " (default: ${DEFAULT-VALUE}).")
    String method;

    @Option(names = "--freeze", defaultValue = "", description = "Gene groups to freeze on top of the method's: V,I,C,Q "
            + "(e.g. C,Q with --vc-select C05 for timing adjustment alone, Table 3).")
    String freeze;

    @Option(names = "--interval", defaultValue = CupstackRequest.DEFAULT_INTERVAL, description = "V when V is frozen (default: the slice length).")
    int interval;

    @Option(names = "--sort-key", defaultValue = CupstackRequest.DEFAULT_SORT_KEY, description = "Optimisation item T01..T10 (Table 5; default: ${DEFAULT-VALUE}).")
    String sortKey;

    @Option(names = "--from-slices", defaultValue = CupstackRequest.DEFAULT_FROM_SLICES, description = "Slices of the GA run for extrapolate and post (S1, S2, S4; default: ${DEFAULT-VALUE}).")
    int fromSlices;

    @Option(names = "--estimate-slices", defaultValue = CupstackRequest.DEFAULT_ESTIMATE_SLICES, description = "S' of the rough estimate T_e (S'-1) + t_d (E2, E4; default: ${DEFAULT-VALUE}).")
    int estimateSlices;

    @Option(names = "--initial-scheme", defaultValue = "uniform", description = "Random C of t_d0's reference run and of "
            + "the initial and re-initialised chromosomes: uniform (one scheme, at every port) or port (a scheme drawn per "
            + "port, ccopt's default before 2026-11-27); App. A.3's 'randomly selected C_id' allows both (default: "
            + "${DEFAULT-VALUE}).")
    String initialScheme;

    @Option(names = "--seed-simple", description = "ccopt's addition: one initial chromosome is simple stacking's configuration "
            + "(default: an all-random start, as Yokota et al. 2023, App. A.3 run the GA).")
    boolean seedSimple;

    @Option(names = "--no-prune", description = "Simulate every mutant in full (default: a mutant that provably cannot beat its "
            + "parent is cut short; results are the same, per-generation averages of the mutants are then unbiased).")
    boolean noPrune;

    @Mixin
    CupstackGaOptions ga;

    @Option(names = "--history-length", paramLabel = "L", description = "lahc: durations the late acceptance compares "
            + "with, L moves back (default: " + CupStackRun.DEFAULT_HISTORY + ").")
    Integer historyLength;

    @Option(names = "--seed", defaultValue = "1", description = "GA seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--picture", paramLabel = "FILE", description = "Draw the best plan's stacking picture (links across, "
            + "time down, one colour per slice; the first " + org.ccopt.papers.TracePicture.DEFAULT_ROUTERS
            + " routers of a larger network): FILE.png, FILE.svg or FILE.pdf.")
    @Output
    Path picture;

    @Option(names = "--out", paramLabel = "DIR", description = "Write best.json, synonyms.jsonl, generations.csv, convergence.png/.svg, stacking.png/.svg and checkpoints here.")
    @Output
    Path out;

    @Override
    void writeTo(Path dir) {
        out = dir;
    }

    @Override
    public Integer call() throws Exception {
        RULES.check(this, spec);
        if (control.resume == null) {
            List<String> recorded = ResumableRun.given(spec);
            // the checkpoint resumes under the reading it ran with
            ResumableRun.pin(spec, recorded, "--initial-scheme", RULES.applies(this, "--initial-scheme") ? initialScheme : null);
            return optimize(recorded, null, null);
        }
        // the checkpoint of the late-acceptance search holds its own state; every other method's is the GA's
        boolean lahc = Checkpoint.holds(control.resume, LateAcceptance.State.class);
        Checkpoint<?> resumed = lahc ? Checkpoint.read(control.resume, LateAcceptance.State.class)
                : Checkpoint.read(control.resume, CupStackGa.State.class);
        if (resumed.arguments().isEmpty() && resumed.request() != null) {
            throw new InvalidInputException("checkpoint '" + control.resume.resolve(Checkpoint.FILE) + "' was written by "
                    + "the library (CupstackJob), which records no command line; resume it with CupstackJob.resume");
        }
        CupstackCommand saved = new CupstackCommand();
        List<String> arguments = ResumableRun.resume(this, resumed.arguments(), saved);
        if (!ResumableRun.names(resumed.arguments(), "--initial-scheme")) {
            saved.initialScheme = "port"; // recorded before the option existed, when per-port schemes were the only reading
        }
        if (lahc != (Method.parse(saved.method) == Method.LAHC)) {
            throw new InvalidInputException("checkpoint '" + control.resume.resolve(Checkpoint.FILE) + "' holds a state of "
                    + (lahc ? "the late-acceptance search" : "the GA") + ", but its arguments name --method " + saved.method);
        }
        return lahc ? saved.optimize(arguments, null, (LateAcceptance.State) resumed.state())
                : saved.optimize(arguments, (CupStackGa.State) resumed.state(), null);
    }

    /**
     * An option of the GA ({@code example}: it and a value): refused with simple stacking, which runs no search, and
     * with lahc (ccopt's late-acceptance search, which always starts from simple stacking and takes --generations,
     * --population as moves per generation, --history-length, --seed and --initial-scheme).
     */
    private static OptionRules.Rule<CupstackCommand> gaOnly(String example) {
        return OptionRules.rule(example.split(" ")[0], "to the GA methods (not --method simple or lahc)",
                c -> Method.parse(c.method) != Method.SIMPLE && Method.parse(c.method) != Method.LAHC,
                "cupstack -t torus:4x4 --traffic brev --method simple " + example, c -> "--method " + c.method);
    }

    /** Whether {@code option} (long name, dashes) applies to {@code method}, by {@link #RULES}; true when no rule names it. */
    static boolean appliesTo(String option, String method) {
        CupstackCommand c = new CupstackCommand();
        c.method = method;
        return RULES.rules().stream().noneMatch(r -> r.option().equals(option) && !r.applies().test(c));
    }

    /** The library request of these options: everything that decides the run's result. */
    CupstackRequest request() {
        return new CupstackRequest(topology, traffic, trafficSeed, slices, packets, flits, router.vcs, router.buffer,
                CupstackRequest.spell(router.model()), method, freeze, interval, sortKey, fromSlices, estimateSlices,
                ga.settings(seed, initialScheme), seedSimple, !noPrune,
                historyLength == null ? CupStackRun.DEFAULT_HISTORY : historyLength);
    }

    private int optimize(List<String> arguments, CupStackGa.State resumed, LateAcceptance.State resumedLa) throws Exception {
        Written.requirePictureFormat(picture); // before the search, which may run for hours
        CupstackRequest request = request();
        CupStackRun.Options options = request.options(control.threads == null ? Runtime.getRuntime().availableProcessors() : control.threads);
        Problem problem = options.problem();
        Topology t = problem.setup().topology();
        Method m = options.method();
        long started = System.nanoTime();
        try (CupStackRun run = new CupStackRun(options)) {
            CupStackGa.State state = CupstackJob.search(run, request, resumed, resumedLa, new CupstackJob.Driver() {
                @Override
                public <S> S drive(String task, S start, java.util.function.ToIntFunction<S> generation,
                                   java.util.function.Function<S, String> status,
                                   java.util.function.BiFunction<S, java.util.function.Consumer<S>, S> loop) {
                    return ResumableRun.execute(task, ga.generations, start, generation, status, loop, out,
                            control.checkpointSeconds, control.progress(spec), s -> new Checkpoint<>(arguments, s, request).write(out));
                }
            });
            CupStackRun.Result r = run.finish(state);
            double seconds = (System.nanoTime() - started) / 1e9;
            if (out != null || picture != null) {
                CupstackOutputs.write(out, picture, run, problem, state, r, options.traffic(), method, seed);
            }
            Map<String, Object> result = CupstackJob.figures(run, state, r, seconds);
            var w = spec.commandLine().getOut();
            writeResult(out, result);
            if (control.json) {
                Json.print(w, spec, result);
            } else {
                w.printf(Locale.ROOT, "%s on %s, %d slices of %d flits, method %s, model %s%s: %d cycles at V = %d (unsplit %d, "
                                + "simple stacking %d); %s evaluations in %.1f s%n", options.traffic(), t.spec(), slices,
                        problem.sliceFlits(), m.label(), problem.model().presetName(), RouterOptions.routingNote(t),
                        r.bestScore().duration(), r.best().interval(), r.baselineCycles(), r.simpleStackingCycles(),
                        result.get("evaluations"), seconds);
                if (out != null) {
                    w.println("  wrote " + out.resolve("best.json") + " (ccopt sim --params), result.json, synonyms.jsonl, generations.csv, "
                            + "convergence.png, stacking.png");
                }
                if (picture != null) {
                    w.println("  wrote " + picture);
                }
            }
        }
        return Main.OK;
    }
}
