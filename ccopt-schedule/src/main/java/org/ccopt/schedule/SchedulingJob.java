package org.ccopt.schedule;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.ccopt.InvalidInputException;
import org.ccopt.collective.Collective;
import org.ccopt.job.DeclaredJob;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;
import org.ccopt.msgsim.CollectivePrograms;
import org.ccopt.msgsim.MessageSimulator;
import org.ccopt.msgsim.MsgNetwork;
import org.ccopt.msgsim.StepProgram;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;

/**
 * {@code ccopt schedule} as a library job: a conflict-free step schedule of a collective or a permutation (Jaros,
 * Ohlidal, Dvorak 2007; Jaros et al., the MIN paper), searched by one of {@link Scheduler}'s solvers within a time and
 * evaluation budget ({@link ScheduleJob}), or a schedule file checked against the same options ({@code --validate},
 * {@link ScheduleValidator}); either may be replayed at message level ({@link ScheduleReplay}) and timed by the 2007
 * paper's model ({@link TimeModel}). Its options are declared here with where each applies: each solver's own to that
 * solver, the replay's to {@code --replay}, the search's not to {@code --validate}.
 */
public final class SchedulingJob extends DeclaredJob<SchedulingJob.Request, SchedulingJob.Outcome> {

    /**
     * A search or a check.
     *
     * @param problem     what to schedule (for {@code --validate}: the collective the file must be for)
     * @param settings    the solver's settings (a check: null)
     * @param seconds     the time budget (a check: 0)
     * @param evaluations the evaluation budget, or null for none
     * @param timeModel   the 2007 paper's time model, or null
     * @param replay      the message-level replay, or null
     * @param validate    the schedule file to check, or null for a search
     */
    public record Request(ScheduleJob.Request problem, Scheduler.Settings settings, double seconds, Long evaluations,
                          TimeModel timeModel, Replay replay, Path validate) {
    }

    /** The replay's settings, and the network options as given (for its report). */
    public record Replay(ScheduleReplay.Settings settings, String bandwidth, String latency, String sharing) {

        /** The replay of {@code items}: its simulated seconds and settings, as the JSON's {@code "replay"} object. */
        public Map<String, Object> run(List<ScheduleValidator.Item> items, Collective reduce, boolean hopItems) {
            MessageSimulator.Result r = ScheduleReplay.run(items, reduce, hopItems, settings);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("bytes", settings.bytes());
            m.put("order", settings.order().label());
            m.put("simulatedSeconds", r.seconds());
            m.put("messages", r.messages());
            m.put("bandwidth", bandwidth);
            m.put("latency", latency);
            m.put("hostLinks", settings.net().hostLinks());
            m.put("duplex", settings.net().duplex().name().toLowerCase(Locale.ROOT));
            m.put("sharing", sharing);
            return m;
        }
    }

    /** A search's or a check's outcome. */
    public sealed interface Outcome permits Searched, Checked {
        /** The figures, as {@code ccopt schedule --json} prints them. */
        Map<String, Object> figures();
    }

    /**
     * A finished search.
     *
     * @param replay the replay's figures ({@link Replay#run}), or null without one or without a schedule
     */
    public record Searched(ScheduleJob.Outcome outcome, TimeModel timeModel, Map<String, Object> replay) implements Outcome {

        @Override
        public Map<String, Object> figures() {
            Map<String, Object> j = ScheduleFile.of(outcome, timeModel);
            if (replay != null) {
                Object transfers = j.remove("transfers"); // the replay before the transfers
                j.put("replay", replay);
                j.put("transfers", transfers);
            }
            return j;
        }
    }

    /** A schedule file checked. */
    public record Checked(Path file, ScheduleFile schedule, ScheduleValidator.Report report, ScheduleJob.Request problem,
                          Map<String, Object> replay) implements Outcome {

        @Override
        public Map<String, Object> figures() {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("file", file.toString());
            r.put("valid", report.ok());
            r.put("steps", schedule.steps());
            r.put("transfers", schedule.items().size());
            r.put("violations", report.violations());
            r.put("messages", report.messages());
            if (replay != null) {
                r.put("replay", replay);
            }
            return r;
        }

        /** The refusal of an invalid file: its violations and the first. */
        public InvalidInputException invalid() {
            return new InvalidInputException("schedule file " + file + " is not valid: " + report.violations()
                    + " violation(s), the first: " + report.messages().get(0));
        }
    }

    private static final String EXAMPLE_TOPOLOGY = "hypercube:3";

    private static final JobOptions OPTIONS = JobOptions.of("schedule", List.of(TopologySpec.OPTION),
            Collective.OPTIONS, problemOptions(), solverOptions(), replayOptions());

    /** The job of {@code ccopt schedule}. (declared after the options its constructor reads) */
    public static final SchedulingJob JOB = new SchedulingJob();

    /** For {@link java.util.ServiceLoader}; use {@link #JOB}. */
    public SchedulingJob() {
        super(OPTIONS, SchedulingJob::read, q -> {
            Outcome o = run(q, new AtomicBoolean(), null);
            if (o instanceof Checked c && !c.report().ok()) {
                throw c.invalid(); // as the command's exit 2
            }
            return o;
        }, Outcome::figures);
    }

    private static List<JobOption> problemOptions() {
        return List.of(
                search(JobOption.text("traffic", "NAME", "Schedule a permutation (or any pattern) instead of a "
                        + "collective: " + TrafficPattern.NAMES + "; node s sends one message to its destination (random "
                        + "patterns use --seed)"), "brev"),
                JobOption.text("switching", "wh|sf|sf-router", "Wormhole, store-and-forward, or (scatters) "
                        + "store-and-forward in which a message waits in the routers it passes, using no ports there")
                        .withDefault("wh"),
                search(JobOption.text("solver", "NAME", "auto, umda, hgsa, mboa, exact, min-conflicts or greedy")
                        .withDefault("auto"), "greedy"),
                // the solvers' options need no rule of their own against --validate: their solver's refuses them there
                only(JobOption.wholeLong("max-evaluations", "N", "Stop umda, hgsa and mboa after N evaluations as "
                        + "well (with a long enough --time-limit the result is then the same on any machine; default: no "
                        + "cap)").atLeast(0), "the ones that count evaluations", "100", Scheduler.Solver.UMDA,
                        Scheduler.Solver.HGSA, Scheduler.Solver.MBOA),
                search(JobOption.text("time-limit", "T", "Time budget, e.g. 60s, 5m, 500ms").withDefault("60s"), "1s"),
                search(JobOption.whole("steps", "N", "Target step count (default: start at the lower bound)"), "7"),
                JobOption.whole("extra-hops", 0, "Allow routes up to H hops longer than minimal").withLabel("H"),
                search(JobOption.whole("path-limit", 1024, "Routes listed per node pair; fewer than all makes "
                        + "infeasibility unprovable"), "64"),
                search(JobOption.wholeLong("seed", 1, "Seed"), "2"),
                only(JobOption.whole("threads", "N", "Worker threads of the evolutionary solvers (default: all cores)")
                        .withRange(1, org.ccopt.util.Workers.MAX_THREADS), "the only ones that run in parallel", "2",
                        Scheduler.Solver.UMDA, Scheduler.Solver.HGSA, Scheduler.Solver.MBOA),
                search(JobOption.text("ts", "TIME", "Start-up time per step for the time model t = steps x ts + m x t1 "
                        + "(Jaros, Ohlidal, Dvorak 2007, eq. 3), e.g. 2us; with --t1 and --bytes"), "2us"),
                search(JobOption.text("t1", "TIME", "Serialization time per byte for the time model, e.g. 0.1ns "
                        + "(10 GB/s); with --ts and --bytes"), "0.1ns"),
                search(JobOption.text("bytes", "SIZE", "Message length m for the time model, e.g. 4KiB; with --ts and "
                        + "--t1"), "4KiB"),
                JobOption.text("validate", "FILE", "Check the schedule in FILE (the JSON of 'ccopt schedule --json': its "
                        + "\"steps\" and its \"transfers\", each {src, dst, step 1..steps, path of nodes, from}) against the "
                        + "collective, ports and switching of these options, independently of how it was made; exit 0 when "
                        + "valid, 2 with the first violation when not"));
    }

    private static List<JobOption> solverOptions() {
        Scheduler.Solver umda = Scheduler.Solver.UMDA;
        Scheduler.Solver mboa = Scheduler.Solver.MBOA;
        Scheduler.Solver hgsa = Scheduler.Solver.HGSA;
        return List.of(
                only(JobOption.text("fitness", "pairs|excess", "Conflict count of umda and mboa: conflicting pairs of "
                        + "communications (the papers' count) or transfers beyond a link's or port's capacity")
                        .withDefault("pairs"), "the estimation-of-distribution solvers", "excess", umda, mboa),
                only(JobOption.text("umda-reading", "R", "UMDA's readings: ccopt (broadcast mutation may change the "
                        + "source and swap time slots, acceleration between restorations; scatter mutation tested, see "
                        + "--umda-tests) or literal (none; the scatter mutation the random swap)").withDefault("ccopt"),
                        "UMDA's", "literal", umda),
                only(JobOption.whole("umda-population", 60, "UMDA population, 2..100000, 60 the MIN paper's §4.5"),
                        "UMDA's", "10", umda),
                only(JobOption.real("umda-mutation", 0.9, "UMDA mutation probability per child, 0..1, 0.9 the MIN "
                        + "paper's §4.5").withLabel("P"), "UMDA's", "0.5", umda),
                only(JobOption.whole("umda-restart", "G", "UMDA draws a fresh population after G generations without a "
                        + "better best, 0 never (default: " + Umda.Params.DEFAULT_RESTART + "; ccopt's choice, the paper "
                        + "states no restart)"), "UMDA's", "5", umda),
                only(JobOption.real("umda-selection", 0.5, "Share of UMDA's population that binary tournament selects as "
                        + "parents and the children replace, 0.5 the paper's half").withLabel("F"), "UMDA's", "0.4", umda),
                only(JobOption.whole("umda-tests", "K", "Tested moves per UMDA scatter mutation, 0..1000, 0 the untested "
                        + "random swap of the MIN paper's §4.4 (default: the reading's, ccopt " + Umda.Params.DEFAULT_TESTS
                        + ", literal 0)"), "UMDA's", "2", umda),
                only(JobOption.text("umda-acceleration", "sender|both", "Whom UMDA's acceleration relieves: sender (the "
                        + "MIN paper's §4.4) or both sender and receiver (ccopt's extension)").withDefault("sender"),
                        "UMDA's", "both", umda),
                only(JobOption.whole("umda-blocks", "N", "Building blocks in UMDA's initial population of a broadcast, "
                        + "0..population (default: one sixth of the population; the MIN paper's §4.4 gives no count)"),
                        "UMDA's", "2", umda),
                only(JobOption.text("umda-block-slots", "first|select", "The building blocks' step no. 0: the first step "
                        + "(stars from each root after repair) or no step, the restoration selecting the slots (trees)")
                        .withDefault("first"), "UMDA's", "select", umda),
                only(JobOption.whole("mboa-population", 200, "MBOA population, 4..100000 (the paper tuned it per "
                        + "instance)"), "MBOA's", "10", mboa),
                only(JobOption.whole("mboa-restart", "G", "MBOA draws a fresh population after G generations without a "
                        + "better best, 0 never (default: " + Mboa.Params.DEFAULT_RESTART + "; the paper restarts never, "
                        + "0)"), "MBOA's", "5", mboa),
                only(JobOption.whole("mboa-rtr-window", "W", "MBOA replaces by restricted tournament (Ocenasek 2002): "
                        + "each child against the most similar of W random members; 0 is ccopt's tournament replacement, "
                        + "the worse of two (default: 0)"), "MBOA's", "5", mboa),
                only(JobOption.text("mboa-model", "M", "MBOA's model per variable: tree (decision trees) or graph "
                        + "(decision graphs: leaves may merge, Ocenasek 2002 after Pelikan 2001) (default: tree)"),
                        "MBOA's", "graph", mboa),
                only(JobOption.whole("mboa-depth", 4, "Deepest split of an MBOA model, 1..32 (ccopt's bound, the paper "
                        + "states none)").withLabel("D"), "MBOA's", "2", mboa),
                only(JobOption.whole("mboa-neighbours", 12, "Transfers sharing a channel whose variables an MBOA model "
                        + "may split on, 0..1000 (ccopt's bound, the paper states none)"), "MBOA's", "4", mboa),
                only(JobOption.whole("hgsa-processes", 10, "HGSA's annealing processes, the paper's islands, 10 as the "
                        + "paper's blades"), "HGSA's", "2", hgsa),
                only(JobOption.whole("hgsa-exchange", 100, "HGSA's Metropolis iterations between two exchanges through "
                        + "the master, 100 the paper's").withLabel("I"), "HGSA's", "10", hgsa),
                only(JobOption.real("hgsa-t0", 100, "HGSA's initial temperature, 100 the paper's").withDefault("100")
                        .withLabel("T"), "HGSA's", "50", hgsa),
                only(JobOption.whole("hgsa-per-temperature", 200, "HGSA's iterations at one temperature, 200 the "
                        + "paper's").withLabel("I"), "HGSA's", "10", hgsa),
                only(JobOption.real("hgsa-cooling", 0.99, "HGSA's cooling factor per temperature step, 0.99 the "
                        + "paper's").withLabel("F"), "HGSA's", "0.9", hgsa),
                only(JobOption.real("hgsa-child-mutation", 0.1, "Probability that HGSA mutates a child chosen by the "
                        + "genetic step; a parent always is (0.1; the paper says \"with a predefined probability\")")
                        .withLabel("P"), "HGSA's", "0.2", hgsa));
    }

    private static List<JobOption> replayOptions() {
        List<JobOption> out = new ArrayList<>(List.of(
                JobOption.text("replay", "SIZE", "Simulate the schedule found (or, with --validate, the file's) at "
                        + "message level, every transfer one message of SIZE (e.g. 1MiB) along its route, and print its "
                        + "time in seconds; the network options of msgsim (--bandwidth, --latency, ...) apply"),
                JobOption.text("replay-order", "barrier|resources", "How the steps order the replay: every step waits for "
                        + "the whole step before (barrier), or a transfer waits only for the earlier transfers on its "
                        + "channels, ports and relay (resources)").withDefault("barrier")));
        out.addAll(MsgNetwork.OPTIONS);
        Map<String, String> examples = Map.of("replay-order", "resources", "bandwidth", "10Gbps", "latency", "1us",
                "sharing", "cm02", "cross-traffic", "true", "duplex", "split", "host-links", "off", "overhead", "1us",
                "small-factor", "0.5", "small-bytes", "1KiB");
        List<JobOption> declared = new ArrayList<>();
        for (JobOption o : out) {
            if (o.name().equals("replay")) {
                declared.add(o);
                continue;
            }
            List<JobOption.Applies> rules = new ArrayList<>(List.of(new JobOption.Applies("to the message-level replay "
                    + "(give --replay SIZE with it)", v -> v.given("replay"), example(o.name(), examples.get(o.name())))));
            for (JobOption.Applies r : o.rules()) { // the network's own rules, their examples a replay's
                Map<String, String> breaking = new HashMap<>(example(o.name(), examples.get(o.name())));
                r.breaking().forEach((k, value) -> {
                    if (MsgNetwork.OPTIONS.stream().anyMatch(n -> n.name().equals(k))) {
                        breaking.put(k, value);
                    }
                });
                breaking.put("replay", "1KiB");
                rules.add(new JobOption.Applies(r.where(), r.test(), Map.copyOf(breaking), r.given()));
            }
            declared.add(new JobOption(o.name(), o.shortName(), o.label(), o.type(), o.defaultValue(), o.help(),
                    o.required(), o.min(), o.max(), rules));
        }
        return declared;
    }

    /** An example that gives option {@code name} its {@code value} to a greedy search of AAB on a small hypercube. */
    private static Map<String, String> example(String name, String value) {
        return Map.of("topology", EXAMPLE_TOPOLOGY, "cc", "AAB", "solver", "greedy", name, value);
    }

    /** {@code o}, of some solvers only ({@code why} those); {@code value}, one it accepts, breaks it under greedy. */
    private static JobOption only(JobOption o, String why, String value, Scheduler.Solver... solvers) {
        Set<Scheduler.Solver> set = EnumSet.copyOf(List.of(solvers));
        String names = set.stream().map(Scheduler.Solver::label).collect(Collectors.joining(", "));
        return o.withApplies(new JobOption.Applies("to --solver " + names + " (" + why + ")",
                v -> set.contains(Scheduler.Solver.parse(v.text("solver"))), example(o.name(), value),
                v -> "--solver " + v.text("solver")));
    }

    /** {@code o}, of a search only: {@code --validate} checks a file and searches nothing. */
    private static JobOption search(JobOption o, String value) {
        Map<String, String> breaking = new HashMap<>(Map.of("topology", EXAMPLE_TOPOLOGY, "cc", "AAB", "validate",
                "schedule.json", o.name(), value));
        return o.withApplies(new JobOption.Applies("to a search (not --validate, which checks a schedule and searches "
                + "nothing)", v -> !v.given("validate"), Map.copyOf(breaking)));
    }

    /** A check draws nothing: no seed in its provenance. */
    @Override
    public String seed(JobOptions.Values values) {
        return values.given("validate") ? null : values.text("seed");
    }

    private static Request read(JobOptions.Values v) {
        Topology t = TopologySpec.parse(v.text("topology"));
        Scheduler.Solver solver = Scheduler.Solver.parse(v.text("solver"));
        TimeModel timeModel = TimeModel.ofGiven(seconds(v, "ts"), seconds(v, "t1"),
                v.given("bytes") ? CollectivePrograms.parseBytes(v.text("bytes")) : null);
        Replay replay = v.given("replay") ? new Replay(new ScheduleReplay.Settings(
                CollectivePrograms.parseBytes(v.text("replay")), StepProgram.Order.parse(v.text("replay-order")),
                MsgNetwork.of(v, t, true), MsgNetwork.simulatorOptions(v)), v.text("bandwidth"), v.text("latency"),
                v.text("sharing")) : null;
        Switching sw = Switching.parse(v.text("switching"));
        if (v.given("validate")) {
            Collective c = Collective.of(v, t);
            if (sw == Switching.SF_ROUTER && c.kind().isBroadcast()) {
                throw new InvalidInputException("--switching sf-router applies to scatters; " + c.kind() + " takes wh or sf");
            }
            return new Request(new ScheduleJob.Request(t, c, null, Collective.portModel(v, t), sw, v.whole("extra-hops"),
                    null), null, 0, null, null, replay, Path.of(v.text("validate")));
        }
        double seconds = Budget.parseLimit(v.text("time-limit"));
        Scheduler.Settings settings = settings(v, solver);
        if (v.given("traffic") && v.text("cc") != null) {
            throw new InvalidInputException("--traffic " + v.text("traffic") + " and --cc " + v.text("cc")
                    + " both name what to schedule; expected one of them");
        }
        ScheduleJob.Request problem = new ScheduleJob.Request(t, v.given("traffic") ? null : Collective.of(v, t),
                v.given("traffic") ? TrafficPattern.parse(v.text("traffic")).destinations(t, v.wholeLong("seed")) : null,
                Collective.portModel(v, t), sw, v.whole("extra-hops"), v.given("path-limit") ? v.whole("path-limit") : null);
        return new Request(problem, settings, seconds, v.given("max-evaluations") ? v.wholeLong("max-evaluations") : null,
                timeModel, replay, null);
    }

    private static Double seconds(JobOptions.Values v, String name) {
        return v.given(name) ? CollectivePrograms.parseSeconds(v.text(name)) : null;
    }

    /** The solver settings of the options (the parameter records check their ranges). */
    private static Scheduler.Settings settings(JobOptions.Values v, Scheduler.Solver solver) {
        Umda.Params r = Umda.Params.named(v.text("umda-reading"));
        boolean pairs = !second(v, "fitness", "pairs", "excess");
        int population = v.whole("umda-population");
        Umda.Params umda = new Umda.Params(population, v.real("umda-mutation"), r.sourceMutation(), r.broadcastSwap(),
                r.broadcastAcceleration(), pairs, or(v.wholeOrNull("umda-restart"), Umda.Params.DEFAULT_RESTART),
                v.real("umda-selection"), second(v, "umda-acceleration", "sender", "both"),
                or(v.wholeOrNull("umda-tests"), r.tests()), or(v.wholeOrNull("umda-blocks"), population / 6),
                second(v, "umda-block-slots", "first", "select"));
        Mboa.Params mboa = Mboa.Params.defaults().withPairs(pairs).withPopulation(v.whole("mboa-population"))
                .withRestart(or(v.wholeOrNull("mboa-restart"), Mboa.Params.DEFAULT_RESTART))
                .withWindow(or(v.wholeOrNull("mboa-rtr-window"), 0))
                .withGraphs(v.given("mboa-model") && second(v, "mboa-model", "tree", "graph"))
                .withDepth(v.whole("mboa-depth")).withNeighbours(v.whole("mboa-neighbours"));
        Hgsa.Params hgsa = new Hgsa.Params(v.whole("hgsa-processes"), v.whole("hgsa-exchange"), v.real("hgsa-t0"),
                v.whole("hgsa-per-temperature"), v.real("hgsa-cooling"), v.real("hgsa-child-mutation"));
        return new Scheduler.Settings(solver, v.wholeOrNull("steps"), v.wholeLong("seed"), v.given("threads")
                ? v.whole("threads") : Runtime.getRuntime().availableProcessors(), umda, mboa, hgsa);
    }

    private static int or(Integer given, int fallback) {
        return given == null ? fallback : given;
    }

    /** Whether option {@code name} names the second of its two words; one line where it names neither. */
    private static boolean second(JobOptions.Values v, String name, String first, String second) {
        String value = v.text(name);
        String w = value.trim().toLowerCase(Locale.ROOT);
        if (!w.equals(first) && !w.equals(second)) {
            throw new InvalidInputException("--" + name + " '" + value + "' is " + (name.equals("fitness")
                    ? "not a conflict count" : "unknown") + "; expected " + first + " or " + second);
        }
        return w.equals(second);
    }

    /**
     * Runs a search (stopped early when {@code stop} is set, with the best found so far) or a check.
     *
     * @param progress live lines of the search, or null
     */
    public static Outcome run(Request q, AtomicBoolean stop, Consumer<String> progress) {
        if (q.validate() != null) {
            return check(q);
        }
        Budget budget = Budget.seconds(q.seconds(), stop); // its clock covers the set-up too
        ScheduleJob job = ScheduleJob.of(q.problem(), budget);
        ScheduleJob.Outcome o = job.solve(q.settings(), q.evaluations() == null ? budget
                : budget.withEvaluations(q.evaluations()), progress);
        return new Searched(o, q.timeModel(), q.replay() != null && o.found()
                ? q.replay().run(o.items(), o.reduce(), o.hopItems()) : null);
    }

    /**
     * {@code --validate}: the file's transfers through {@link ScheduleValidator} (which recomputes every route, step,
     * port and holder from the topology), against the collective of the options; the file must name the same
     * topology, collective, ports and switching as the options, or it is refused.
     */
    private static Checked check(Request q) {
        ScheduleJob.Request p = q.problem();
        Collective c = p.collective();
        ScheduleFile file = ScheduleFile.read(q.validate(), ScheduleFile.needsRoots(c));
        file.requireFor(q.validate(), p.topology(), c, p.ports(), p.switching());
        ScheduleValidator.Report report = file.check(p.topology(), c, p.ports(), p.switching(), p.extraHops());
        // a replay of a reduce's file combines: a node sends after what it receives
        Map<String, Object> replay = q.replay() != null && report.ok() ? q.replay().run(file.items(),
                c.kind().isReduce() ? c : null, p.switching().storeAndForward() && !c.kind().isBroadcast()) : null;
        return new Checked(q.validate(), file, report, p, replay);
    }
}
