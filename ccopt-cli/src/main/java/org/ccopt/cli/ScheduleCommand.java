package org.ccopt.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.ccopt.InvalidInputException;
import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.LowerBounds;
import org.ccopt.collective.PortModel;
import org.ccopt.msgsim.CollectivePrograms;
import org.ccopt.msgsim.MessageSimulator;
import org.ccopt.msgsim.MsgNetwork;
import org.ccopt.msgsim.StepProgram;
import org.ccopt.schedule.Budget;
import org.ccopt.schedule.Mboa;
import org.ccopt.schedule.Reduction;
import org.ccopt.schedule.SchedulePicture;
import org.ccopt.schedule.ScheduleProblem;
import org.ccopt.schedule.ExactSolver;
import org.ccopt.schedule.Hgsa;
import org.ccopt.schedule.ScheduleValidator;
import org.ccopt.schedule.Scheduler;
import org.ccopt.schedule.Switching;
import org.ccopt.schedule.SfScatter;
import org.ccopt.schedule.Umda;
import org.ccopt.topology.Topology;
import org.ccopt.traffic.TrafficPattern;
import org.ccopt.util.InputFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt schedule}: conflict-free step schedules of collectives (Jaros, Ohlidal, Dvorak 2007; Jaros et al.,
 * MIN paper), certified against the lower bound or by an infeasibility proof.
 */
@Command(name = "schedule", mixinStandardHelpOptions = true,
        description = "Find a conflict-free schedule of a collective in the fewest synchronised steps, and prove it optimal where possible.")
final class ScheduleCommand implements Callable<Integer> {

    /** Where options apply ({@link OptionRules}): the solvers' own options to their solver. */
    static final OptionRules<ScheduleCommand> RULES = OptionRules.of(
            solverOption("--threads 2", "the only ones that run in parallel", Scheduler.Solver.UMDA, Scheduler.Solver.HGSA,
                    Scheduler.Solver.MBOA),
            solverOption("--max-evaluations 100", "the ones that count evaluations", Scheduler.Solver.UMDA,
                    Scheduler.Solver.HGSA, Scheduler.Solver.MBOA),
            solverOption("--fitness excess", "the estimation-of-distribution solvers", Scheduler.Solver.UMDA,
                    Scheduler.Solver.MBOA),
            solverOption("--umda-reading literal", "UMDA's", Scheduler.Solver.UMDA),
            solverOption("--umda-population 10", "UMDA's", Scheduler.Solver.UMDA),
            solverOption("--umda-mutation 0.5", "UMDA's", Scheduler.Solver.UMDA),
            solverOption("--umda-restart 5", "UMDA's", Scheduler.Solver.UMDA),
            solverOption("--umda-selection 0.4", "UMDA's", Scheduler.Solver.UMDA),
            solverOption("--umda-tests 2", "UMDA's", Scheduler.Solver.UMDA),
            solverOption("--umda-acceleration both", "UMDA's", Scheduler.Solver.UMDA),
            solverOption("--umda-blocks 2", "UMDA's", Scheduler.Solver.UMDA),
            solverOption("--umda-block-slots select", "UMDA's", Scheduler.Solver.UMDA),
            solverOption("--mboa-population 10", "MBOA's", Scheduler.Solver.MBOA),
            solverOption("--mboa-restart 5", "MBOA's", Scheduler.Solver.MBOA),
            solverOption("--mboa-rtr-window 5", "MBOA's", Scheduler.Solver.MBOA),
            solverOption("--mboa-model graph", "MBOA's", Scheduler.Solver.MBOA),
            solverOption("--mboa-depth 2", "MBOA's", Scheduler.Solver.MBOA),
            solverOption("--mboa-neighbours 4", "MBOA's", Scheduler.Solver.MBOA),
            solverOption("--hgsa-processes 2", "HGSA's", Scheduler.Solver.HGSA),
            solverOption("--hgsa-exchange 10", "HGSA's", Scheduler.Solver.HGSA),
            solverOption("--hgsa-t0 50", "HGSA's", Scheduler.Solver.HGSA),
            solverOption("--hgsa-per-temperature 10", "HGSA's", Scheduler.Solver.HGSA),
            solverOption("--hgsa-cooling 0.9", "HGSA's", Scheduler.Solver.HGSA),
            solverOption("--hgsa-child-mutation 0.2", "HGSA's", Scheduler.Solver.HGSA),
            replayOnly("--bandwidth 10Gbps"),
            replayOnly("--latency 1us"),
            replayOnly("--sharing cm02"),
            replayOnly("--cross-traffic"),
            replayOnly("--duplex split"),
            replayOnly("--host-links off"),
            replayOnly("--overhead 1us"),
            replayOnly("--small-factor 0.5"),
            replayOnly("--small-bytes 1KiB"),
            replayOnly("--replay-order resources"));

    /** An option of the message-level replay ({@code example}: it and a value), which --replay SIZE asks for. */
    private static OptionRules.Rule<ScheduleCommand> replayOnly(String example) {
        return OptionRules.rule(example.split(" ")[0], "to the message-level replay (give --replay SIZE with it)",
                c -> c.replay != null, "schedule -t hypercube:3 --cc AAB --solver greedy " + example);
    }

    /** An option ({@code example}: it and a value) of some solvers only, {@code why} those. */
    private static OptionRules.Rule<ScheduleCommand> solverOption(String example, String why, Scheduler.Solver... solvers) {
        java.util.Set<Scheduler.Solver> set = java.util.EnumSet.copyOf(java.util.List.of(solvers));
        String names = set.stream().map(Scheduler.Solver::label).collect(java.util.stream.Collectors.joining(", "));
        return OptionRules.rule(example.split(" ")[0], "to --solver " + names + " (" + why + ")",
                c -> set.contains(Scheduler.Solver.parse(c.solver)),
                "schedule -t hypercube:3 --cc AAB --solver greedy " + example, c -> "--solver " + c.solver);
    }

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    TopologyOption topology;

    @Mixin
    CollectiveOptions collective;

    @Option(names = "--traffic", paramLabel = "NAME",
            description = "Schedule a permutation (or any pattern) instead of a collective: " + TrafficPattern.NAMES
                    + "; node s sends one message to its destination (random patterns use --seed).")
    String traffic;

    @Option(names = "--switching", defaultValue = "wh", paramLabel = "wh|sf|sf-router",
            description = "Wormhole, store-and-forward, or (scatters) store-and-forward in which a message waits in the "
                    + "routers it passes, using no ports there (default: ${DEFAULT-VALUE}).")
    String switching;

    @Option(names = "--solver", defaultValue = "auto", paramLabel = "NAME",
            description = "auto, umda, hgsa, mboa, exact, min-conflicts or greedy (default: ${DEFAULT-VALUE}).")
    String solver;

    @Option(names = "--max-evaluations", paramLabel = "N",
            description = "Stop umda, hgsa and mboa after N evaluations as well (with a long enough --time-limit the "
                    + "result is then the same on any machine; default: no cap).")
    Long maxEvaluations;

    @Option(names = "--umda-reading", defaultValue = "ccopt", paramLabel = "R",
            description = "UMDA's readings: ccopt (broadcast mutation may change the source and swap time slots, "
                    + "acceleration between restorations; scatter mutation tested, see --umda-tests) or literal (none; "
                    + "the scatter mutation the random swap) (default: ${DEFAULT-VALUE}).")
    String umdaReading;

    @Option(names = "--umda-tests", paramLabel = "K",
            description = "Tested moves per UMDA scatter mutation, 0..1000, 0 the untested random swap of the MIN paper's "
                    + "§4.4 (default: the reading's, ccopt " + Umda.Params.DEFAULT_TESTS + ", literal 0).")
    Integer umdaTests;

    @Option(names = "--umda-blocks", paramLabel = "N",
            description = "Building blocks in UMDA's initial population of a broadcast, 0..population (default: one "
                    + "sixth of the population; the MIN paper's §4.4 gives no count).")
    Integer umdaBlocks;

    @Option(names = "--umda-block-slots", defaultValue = "first", paramLabel = "first|select",
            description = "The building blocks' step no. 0: the first step (stars from each root after repair) or no "
                    + "step, the restoration selecting the slots (trees) (default: ${DEFAULT-VALUE}).")
    String umdaBlockSlots;

    @Option(names = "--umda-acceleration", defaultValue = "sender", paramLabel = "sender|both",
            description = "Whom UMDA's acceleration relieves: sender (the MIN paper's §4.4) or both sender and receiver "
                    + "(ccopt's extension) (default: ${DEFAULT-VALUE}).")
    String umdaAcceleration;

    @Option(names = "--fitness", defaultValue = "pairs", paramLabel = "pairs|excess",
            description = "Conflict count of umda and mboa: conflicting pairs of communications (the papers' count) or "
                    + "transfers beyond a link's or port's capacity (default: ${DEFAULT-VALUE}).")
    String fitness;

    @Option(names = "--umda-population", defaultValue = "60", paramLabel = "N",
            description = "UMDA population, 2..100000 (default: ${DEFAULT-VALUE}, the MIN paper's §4.5).")
    int umdaPopulation;

    @Option(names = "--umda-mutation", defaultValue = "0.9", paramLabel = "P",
            description = "UMDA mutation probability per child, 0..1 (default: ${DEFAULT-VALUE}, §4.5).")
    double umdaMutation;

    @Option(names = "--umda-selection", defaultValue = "0.5", paramLabel = "F",
            description = "Share of UMDA's population that binary tournament selects as parents and the children replace "
                    + "(default: ${DEFAULT-VALUE}, the paper's half).")
    double umdaSelection;

    @Option(names = "--umda-restart", paramLabel = "G",
            description = "UMDA draws a fresh population after G generations without a better best, 0 never (default: "
                    + Umda.Params.DEFAULT_RESTART + "; ccopt's choice, the paper states no restart).")
    Integer umdaRestart;

    @Option(names = "--mboa-population", defaultValue = "200", paramLabel = "N",
            description = "MBOA population, 4..100000 (default: ${DEFAULT-VALUE}; the paper tuned it per instance).")
    int mboaPopulation;

    @Option(names = "--mboa-restart", paramLabel = "G",
            description = "MBOA draws a fresh population after G generations without a better best, 0 never (default: "
                    + Mboa.Params.DEFAULT_RESTART + "; the paper restarts never, 0).")
    Integer mboaRestart;

    @Option(names = "--mboa-rtr-window", paramLabel = "W",
            description = "MBOA replaces by restricted tournament (Ocenasek 2002): each child against the most similar of "
                    + "W random members; 0 is ccopt's tournament replacement, the worse of two (default: 0).")
    Integer mboaWindow;

    @Option(names = "--mboa-model", paramLabel = "M",
            description = "MBOA's model per variable: tree (decision trees) or graph (decision graphs: leaves may merge, "
                    + "Ocenasek 2002 after Pelikan 2001) (default: tree).")
    String mboaModel;

    @Option(names = "--mboa-depth", defaultValue = "4", paramLabel = "D",
            description = "Deepest split of an MBOA model, 1..32 (default: ${DEFAULT-VALUE}; ccopt's bound, the paper states none).")
    int mboaDepth;

    @Option(names = "--mboa-neighbours", defaultValue = "12", paramLabel = "N",
            description = "Transfers sharing a channel whose variables an MBOA model may split on, 0..1000 (default: "
                    + "${DEFAULT-VALUE}; ccopt's bound, the paper states none).")
    int mboaNeighbours;

    @Option(names = "--hgsa-processes", defaultValue = "10", paramLabel = "N",
            description = "HGSA's annealing processes, the paper's islands (default: ${DEFAULT-VALUE}, as the paper's blades).")
    int hgsaProcesses;

    @Option(names = "--hgsa-exchange", defaultValue = "100", paramLabel = "I",
            description = "HGSA's Metropolis iterations between two exchanges through the master (default: ${DEFAULT-VALUE}, the paper's).")
    int hgsaExchange;

    @Option(names = "--hgsa-t0", defaultValue = "100", paramLabel = "T",
            description = "HGSA's initial temperature (default: ${DEFAULT-VALUE}, the paper's).")
    double hgsaT0;

    @Option(names = "--hgsa-per-temperature", defaultValue = "200", paramLabel = "I",
            description = "HGSA's iterations at one temperature (default: ${DEFAULT-VALUE}, the paper's).")
    int hgsaPerTemperature;

    @Option(names = "--hgsa-cooling", defaultValue = "0.99", paramLabel = "F",
            description = "HGSA's cooling factor per temperature step (default: ${DEFAULT-VALUE}, the paper's).")
    double hgsaCooling;

    @Option(names = "--hgsa-child-mutation", defaultValue = "0.1", paramLabel = "P",
            description = "Probability that HGSA mutates a child chosen by the genetic step; a parent always is "
                    + "(default: ${DEFAULT-VALUE}; the paper says \"with a predefined probability\").")
    double hgsaChildMutation;

    @Option(names = "--time-limit", defaultValue = "60s", paramLabel = "T",
            description = "Time budget, e.g. 60s, 5m, 500ms (default: ${DEFAULT-VALUE}).")
    String timeLimit;

    @Option(names = "--steps", paramLabel = "N", description = "Target step count (default: start at the lower bound).")
    Integer steps;

    @Option(names = "--extra-hops", defaultValue = "0", paramLabel = "H",
            description = "Allow routes up to H hops longer than minimal (default: ${DEFAULT-VALUE}).")
    int extraHops;

    @Option(names = "--path-limit", defaultValue = "1024", paramLabel = "N",
            description = "Routes listed per node pair; fewer than all makes infeasibility unprovable (default: ${DEFAULT-VALUE}).")
    int pathLimit;

    @Option(names = "--seed", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads of the evolutionary solvers (default: all cores).")
    Integer threads;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Option(names = "--ts", paramLabel = "TIME",
            description = "Start-up time per step for the time model t = steps x ts + m x t1 (Jaros, Ohlidal, Dvorak 2007, eq. 3), e.g. 2us; with --t1 and --bytes.")
    String ts;

    @Option(names = "--t1", paramLabel = "TIME",
            description = "Serialization time per byte for the time model, e.g. 0.1ns (10 GB/s); with --ts and --bytes.")
    String t1;

    @Option(names = "--bytes", paramLabel = "SIZE", description = "Message length m for the time model, e.g. 4KiB; with --ts and --t1.")
    String bytes;

    @Option(names = "--picture", paramLabel = "FILE",
            description = "Draw the schedule found as a step diagram (steps across, channels down, one colour per sender): FILE.png, FILE.svg or FILE.pdf.")
    @Output
    Path picture;

    @Option(names = "--validate", paramLabel = "FILE",
            description = "Check the schedule in FILE (the JSON of 'ccopt schedule --json': its \"steps\" and its \"transfers\", "
                    + "each {src, dst, step 1..steps, path of nodes, from}) against the collective, ports and switching of "
                    + "these options, independently of how it was made; exit 0 when valid, 2 with the first violation when not.")
    Path validate;

    @Option(names = "--replay", paramLabel = "SIZE",
            description = "Simulate the schedule found (or, with --validate, the file's) at message level, every transfer "
                    + "one message of SIZE (e.g. 1MiB) along its route, and print its time in seconds; the network options "
                    + "of msgsim (--bandwidth, --latency, ...) apply.")
    String replay;

    @Option(names = "--replay-order", defaultValue = "barrier", paramLabel = "barrier|resources",
            description = "How the steps order the replay: every step waits for the whole step before (barrier), or a "
                    + "transfer waits only for the earlier transfers on its channels, ports and relay (resources) "
                    + "(default: ${DEFAULT-VALUE}).")
    String replayOrder;

    @Mixin
    MsgNetworkOptions network;

    /** --replay SIZE, --replay-order and the network options, parsed and built before the search. */
    private record ReplaySettings(double bytes, StepProgram.Order order, MsgNetwork net, MessageSimulator.Options options) {
    }

    /**
     * What one run derives from the options (locals, never fields: {@code ccopt run} reuses this command object).
     *
     * @param replay   the replay's settings, or null without --replay
     * @param reduce   for AOR and AAR: the reduce, solved as the time reverse of a broadcast on {@code network0}
     *                 transposed; else null
     * @param network0 the network the reduce is on
     * @param hopItems for a store-and-forward scatter: the transfers are single hops, each replayed as a message of
     *                 its own pair
     */
    private record Derived(ReplaySettings replay, Collective reduce, Topology network0, boolean hopItems) {
    }


    /** --fitness: whether the EAs count conflicting pairs. */
    private boolean pairs() {
        return switch (fitness.trim().toLowerCase(Locale.ROOT)) {
            case "pairs" -> true;
            case "excess" -> false;
            default -> throw new InvalidInputException("--fitness '" + fitness + "' is not a conflict count; expected pairs or excess");
        };
    }

    /** The UMDA parameters of the options, checked. */
    private Umda.Params umdaParams() {
        if (umdaPopulation < 2 || umdaPopulation > 100_000) {
            throw new InvalidInputException("--umda-population " + umdaPopulation + " is out of range; expected 2..100000");
        }
        if (!(umdaMutation >= 0 && umdaMutation <= 1)) {
            throw new InvalidInputException("--umda-mutation " + umdaMutation + " is out of range; expected 0..1");
        }
        int restart = umdaRestart == null ? Umda.Params.DEFAULT_RESTART : umdaRestart;
        if (restart < 0) {
            throw new InvalidInputException("--umda-restart " + restart + " is out of range; expected 0 (never) or more generations");
        }
        Umda.Params r = Umda.Params.named(umdaReading);
        String acceleration = umdaAcceleration.trim().toLowerCase(Locale.ROOT);
        if (!acceleration.equals("sender") && !acceleration.equals("both")) {
            throw new InvalidInputException("--umda-acceleration '" + umdaAcceleration + "' is unknown; expected sender or both");
        }
        String slots = umdaBlockSlots.trim().toLowerCase(Locale.ROOT);
        if (!slots.equals("first") && !slots.equals("select")) {
            throw new InvalidInputException("--umda-block-slots '" + umdaBlockSlots + "' is unknown; expected first or select");
        }
        return new Umda.Params(umdaPopulation, umdaMutation, r.sourceMutation(), r.broadcastSwap(), r.broadcastAcceleration(),
                pairs(), restart, umdaSelection, acceleration.equals("both"), umdaTests == null ? r.tests() : umdaTests,
                umdaBlocks == null ? umdaPopulation / 6 : umdaBlocks, slots.equals("select"));
    }

    /** The MBOA parameters of the options, checked. */
    private Mboa.Params mboaParams(boolean pairs) {
        if (mboaPopulation < 4 || mboaPopulation > 100_000) {
            throw new InvalidInputException("--mboa-population " + mboaPopulation + " is out of range; expected 4..100000");
        }
        int restart = mboaRestart == null ? Mboa.Params.DEFAULT_RESTART : mboaRestart;
        if (restart < 0) {
            throw new InvalidInputException("--mboa-restart " + restart + " is out of range; expected 0 (never) or more generations");
        }
        int window = mboaWindow == null ? 0 : mboaWindow;
        if (window < 0 || window > mboaPopulation) {
            throw new InvalidInputException("--mboa-rtr-window " + window + " is out of range; expected 0 (tournament "
                    + "replacement) to the population, " + mboaPopulation);
        }
        String model = mboaModel == null ? "tree" : mboaModel.trim().toLowerCase(Locale.ROOT);
        if (!model.equals("tree") && !model.equals("graph")) {
            throw new InvalidInputException("--mboa-model '" + mboaModel + "' is unknown; expected tree or graph");
        }
        if (mboaDepth < 1 || mboaDepth > 32) {
            throw new InvalidInputException("--mboa-depth " + mboaDepth + " is out of range; expected 1..32");
        }
        if (mboaNeighbours < 0 || mboaNeighbours > 1000) {
            throw new InvalidInputException("--mboa-neighbours " + mboaNeighbours + " is out of range; expected 0..1000");
        }
        return Mboa.Params.defaults().withPairs(pairs).withPopulation(mboaPopulation).withRestart(restart).withWindow(window)
                .withGraphs(model.equals("graph")).withDepth(mboaDepth).withNeighbours(mboaNeighbours);
    }

    @Override
    public Integer call() throws java.io.IOException {
        RULES.check(this, spec);
        Topology t = topology.build();
        PortModel portModel = collective.portModel();
        Scheduler.Solver which = Scheduler.Solver.parse(solver);
        if (picture != null && !picture.getFileName().toString().toLowerCase(Locale.ROOT).matches(".*\\.(png|svg|pdf)")) {
            throw new InvalidInputException("--picture " + picture + " has an unknown format; expected a name ending in .png, "
                    + ".svg or .pdf");
        }
        double[] timeModel = timeModel();
        // checked before the search, which may run for minutes
        ReplaySettings replaySettings = replay == null ? null : new ReplaySettings(CollectivePrograms.parseBytes(replay),
                StepProgram.Order.parse(replayOrder), network.network(t, true), network.options());
        if (validate != null) {
            if (timeModel != null) {
                throw new InvalidInputException("--ts, --t1 and --bytes do not apply to --validate; give them to the search");
            }
            return validateFile(t, portModel, replaySettings);
        }
        Umda.Params umda = umdaParams();
        Hgsa.Params hgsaParams = new Hgsa.Params(hgsaProcesses, hgsaExchange, hgsaT0, hgsaPerTemperature, hgsaCooling,
                hgsaChildMutation);
        double seconds = parseSeconds(timeLimit);
        int nThreads = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        Switching sw = Switching.parse(switching);
        ScheduleProblem p;
        Derived derived = new Derived(replaySettings, null, null, false);
        if (traffic != null) {
            if (collective.cc != null) {
                throw new InvalidInputException("--traffic " + traffic + " and --cc " + collective.cc
                        + " both name what to schedule; expected one of them");
            }
            int[] destination = TrafficPattern.parse(traffic).destinations(t, seed);
            if (sw.storeAndForward()) {
                int[][] pairs = ScheduleProblem.pairs(t, destination);
                return storeAndForward(t, ScheduleProblem.pairsCollective(pairs), pairs, portModel, sw, which, seconds, timeModel,
                        replaySettings);
            }
            p = ScheduleProblem.ofPairs(t, destination, portModel, extraHops, pathLimit);
        } else {
            Collective c = collective.build(t);
            if (sw.storeAndForward() && !c.kind().isBroadcast()) {
                return storeAndForward(t, c, null, portModel, sw, which, seconds, timeModel, replaySettings);
            }
            if (c.kind().isReduce()) {
                derived = new Derived(replaySettings, c, t, false);
                p = new ScheduleProblem(Reduction.transpose(t), Reduction.broadcastOf(c), portModel, sw, extraHops, pathLimit);
                if (p.relayNodes()) {
                    throw new InvalidInputException(c.kind() + " under store-and-forward on " + t.spec() + " would combine partial "
                            + "results in nodes that take no part in the reduce (switches); expected --switching wh there");
                }
            } else {
                p = new ScheduleProblem(t, c, portModel, sw, extraHops, pathLimit);
            }
        }
        LowerBounds.Bound lower = Scheduler.bound(p);
        long bound = lower.steps();
        PrintWriter err = spec.commandLine().getErr();
        if (which == Scheduler.Solver.AUTO && !ExactSolver.available()) {
            err.println("ccopt: note: the exact model is unavailable (" + ExactSolver.unavailableReason()
                    + "); searching with the heuristics only");
        }
        boolean live = !json && System.console() != null;
        Scheduler.Settings settings = new Scheduler.Settings(which, steps, seed, nThreads, umda, mboaParams(umda.pairs()),
                hgsaParams);
        Derived run = derived;
        stoppable(stop -> {
            Budget budget = Budget.seconds(seconds, stop);
            Scheduler.Result r = new Scheduler(p, bound, settings,
                    maxEvaluations == null ? budget : budget.withEvaluations(maxEvaluations),
                    live ? line -> err.println("  " + line) : null).run();
            print(p, r, lower.formula(), timeModel, run);
            if (picture != null && r.schedule() != null) {
                SchedulePicture.write(picture, shown(p, r, run), r.steps(), label(p, run) + ": " + r.steps() + " steps, "
                        + r.solver());
            }
            if (!json) {
                Written.print(spec.commandLine().getOut(), spec);
            }
        });
        return Main.OK;
    }

    /** A search that polls its stop flag and prints what it found. */
    private interface Search {
        void run(AtomicBoolean stop) throws java.io.IOException;
    }

    /**
     * Runs a search so that Ctrl-C stops it instead of killing the JVM: the shutdown hook sets the stop flag and waits
     * (up to 10 s) for the search to print the best schedule so far.
     */
    private static void stoppable(Search search) throws java.io.IOException {
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch done = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stop.set(true);
            try {
                done.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            search.run(stop);
        } finally {
            done.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is already running and waits for this output
            }
        }
    }

    /**
     * {@code --validate}: the file's transfers through {@link ScheduleValidator} (which recomputes every route, step,
     * port and holder from the topology), against the collective of the options; the file must name the same
     * topology, collective, ports and switching as the options, or it is refused.
     */
    private int validateFile(Topology t, PortModel portModel, ReplaySettings replaySettings) throws java.io.IOException {
        for (String o : new String[] {"--solver", "--steps", "--time-limit", "--max-evaluations", "--fitness", "--traffic",
            "--seed", "--threads", "--path-limit"}) {
            if (spec.commandLine().getParseResult().hasMatchedOption(o)) {
                throw new InvalidInputException(o + " does not apply to --validate, which checks a schedule and searches nothing");
            }
        }
        JsonNode j;
        try {
            j = Json.MAPPER.readTree(InputFiles.read(validate, "schedule file", "the JSON of 'ccopt schedule --json'"));
        } catch (java.io.IOException e) {
            throw new InvalidInputException("schedule file " + validate + " is not JSON" + InputFiles.where(e)
                    + "; expected the output of 'ccopt schedule --json'");
        }
        Collective c = collective.build(t);
        Switching sw = Switching.parse(switching);
        if (sw == Switching.SF_ROUTER && c.kind().isBroadcast()) {
            throw new InvalidInputException("--switching sf-router applies to scatters; " + c.kind() + " takes wh or sf");
        }
        // a replay of a reduce's file combines: a node sends after what it receives
        Derived derived = new Derived(replaySettings, c.kind().isReduce() ? c : null, t,
                sw.storeAndForward() && !c.kind().isBroadcast());
        String[][] same = {{"topology", t.spec()}, {"cc", c.kind().name()}, {"ports", portModel.toString()}, {"switching", sw.label()}};
        for (String[] f : same) {
            if (j.hasNonNull(f[0]) && !j.get(f[0]).asText().equals(f[1])) {
                throw new InvalidInputException("schedule file " + validate + " is for " + f[0] + " " + j.get(f[0]).asText()
                        + ", the options give " + f[1] + "; expected the same " + f[0]);
            }
        }
        if (!j.path("steps").canConvertToInt() || !j.path("transfers").isArray()) {
            throw new InvalidInputException("schedule file " + validate + " has no integer \"steps\" and \"transfers\" list; "
                    + "expected the output of 'ccopt schedule --json'");
        }
        int stepCount = j.get("steps").asInt();
        List<ScheduleValidator.Item> items = new ArrayList<>();
        int k = 0;
        for (JsonNode x : j.get("transfers")) {
            k++;
            for (String f : new String[] {"src", "dst", "step", "from"}) {
                if (!x.path(f).canConvertToInt()) {
                    throw new InvalidInputException("transfer " + k + " of " + validate + " has no integer \"" + f
                            + "\"; expected {src, dst, step, path, from}");
                }
            }
            if (!x.path("path").isArray() || x.get("path").isEmpty()) {
                throw new InvalidInputException("transfer " + k + " of " + validate + " has no \"path\" of node ids; expected {src, dst, step, path, from}");
            }
            int[] path = new int[x.get("path").size()];
            for (int i = 0; i < path.length; i++) {
                if (!x.get("path").get(i).canConvertToInt()) {
                    throw new InvalidInputException("transfer " + k + " of " + validate + " has a path entry that is not a node id");
                }
                path[i] = x.get("path").get(i).asInt();
            }
            int root = -1;
            if (x.has("root") || c.kind() == CollectiveKind.AAR) {
                if (!x.path("root").canConvertToInt()) {
                    throw new InvalidInputException("transfer " + k + " of " + validate + " has no integer \"root\"; expected "
                            + "the root of each partial result of an AAR, {src, dst, step, path, from, root}");
                }
                root = x.get("root").asInt();
            }
            items.add(new ScheduleValidator.Item(x.get("src").asInt(), x.get("dst").asInt(), x.get("from").asInt(),
                    x.get("step").asInt() - 1, path, root));
        }
        ScheduleValidator.Report report = ScheduleValidator.check(t, c, null, portModel, sw, extraHops, stepCount, items);
        if (picture != null) {
            SchedulePicture.write(picture, items, stepCount, validate.getFileName() + ": " + stepCount + " steps, "
                    + (report.ok() ? "valid" : report.violations() + " violations (outlined in red where they share a channel)"));
        }
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("file", validate.toString());
            r.put("valid", report.ok());
            r.put("steps", stepCount);
            r.put("transfers", items.size());
            r.put("violations", report.violations());
            r.put("messages", report.messages());
            if (replaySettings != null && report.ok()) {
                r.put("replay", replay(items, derived));
            }
            w.println(Json.result(spec, r, false)); // a check draws nothing: no seed in its provenance
        } else if (report.ok()) {
            w.printf("%s: valid, %d transfers in %d steps (%s on %s, %s, %s)%n", validate, items.size(), stepCount,
                    c.kind().name(), t.spec(), portModel, sw.label());
            if (replaySettings != null) {
                printReplay(w, replay(items, derived));
            }
            Written.print(w, spec);
        }
        if (!report.ok()) {
            if (json) {
                return Main.BAD_INPUT;
            }
            throw new InvalidInputException("schedule file " + validate + " is not valid: " + report.violations()
                    + " violation(s), the first: " + report.messages().get(0));
        }
        return Main.OK;
    }

    /**
     * The time model of Jaros, Ohlidal, Dvorak 2007, §2, eq. (3): t = tau x t_s + m x t_1, "the number of start-ups
     * plus the serialization delay", under nearly distance-insensitive wormhole switching; as {ts, t1, m}, or null
     * when none of the three options is given. The equation is applied as printed (one serialization delay for the
     * whole collective), for both switching models.
     */
    private double[] timeModel() {
        if (ts == null && t1 == null && bytes == null) {
            return null;
        }
        if (ts == null || t1 == null || bytes == null) {
            throw new InvalidInputException("the time model needs --ts, --t1 and --bytes together; got "
                    + (ts == null ? "" : "--ts ") + (t1 == null ? "" : "--t1 ") + (bytes == null ? "" : "--bytes ") + "only");
        }
        return new double[] {org.ccopt.msgsim.CollectivePrograms.parseSeconds(ts), org.ccopt.msgsim.CollectivePrograms.parseSeconds(t1),
            org.ccopt.msgsim.CollectivePrograms.parseBytes(bytes)};
    }

    /** What {@link #print} shows of a search, whichever engine made it. */
    private record Shown(String topology, String cc, ScheduleProblemView problem, int steps, long lowerBound,
                         String boundArgument, long provenLowerBound, String status, String solver, boolean found,
                         boolean valid, double seconds, long evaluations, List<String> log,
                         List<ScheduleValidator.Item> items, boolean broadcastCells, boolean rootCells) {
    }

    /** The options of the problem as printed: ports, switching and the one-line label. */
    private record ScheduleProblemView(String ports, String switching, String label) {
    }

    private void print(ScheduleProblem p, Scheduler.Result r, String boundArgument, double[] timeModel, Derived d) {
        Collective reduce = d.reduce();
        Topology network0 = d.network0();
        List<ScheduleValidator.Item> items = shown(p, r, d);
        boolean valid = r.schedule() != null && (reduce == null ? r.validation() != null && r.validation().ok()
                : ScheduleValidator.check(network0, reduce, null, p.ports(), p.switching(), p.extraHops(), r.steps(), items).ok());
        Topology shownOn = reduce == null ? p.topology() : network0;
        print(new Shown(shownOn.spec(), p.pairs() != null ? "PERM" : reduce != null ? reduce.kind().name() : p.collective().kind().name(),
                new ScheduleProblemView(p.ports().toString(), p.switching().label(), label(p, d)), r.steps(), r.lowerBound(),
                boundArgument, r.provenLowerBound(), r.status(), r.solver(), r.schedule() != null, valid, r.seconds(),
                r.evaluations(), r.log(), items, p.broadcast() && reduce == null,
                reduce != null && reduce.kind() == CollectiveKind.AAR), timeModel, d);
    }

    private void print(Shown v, double[] timeModel, Derived d) {
        PrintWriter w = spec.commandLine().getOut();
        List<ScheduleValidator.Item> items = v.items();
        if (json) {
            Map<String, Object> j = new LinkedHashMap<>();
            j.put("topology", v.topology());
            j.put("cc", v.cc());
            j.put("ports", v.problem().ports());
            j.put("switching", v.problem().switching());
            j.put("steps", v.steps());
            j.put("lowerBound", v.lowerBound());
            j.put("lowerBoundArgument", v.boundArgument());
            j.put("gap", v.found() ? v.steps() - v.lowerBound() : null);
            j.put("provenLowerBound", v.provenLowerBound());
            j.put("status", v.status());
            j.put("solver", v.solver());
            j.put("validated", v.valid());
            j.put("seconds", v.seconds());
            j.put("evaluations", v.evaluations());
            j.put("log", v.log());
            if (timeModel != null && v.found()) {
                Map<String, Object> tm = new LinkedHashMap<>();
                tm.put("ts", timeModel[0]);
                tm.put("t1", timeModel[1]);
                tm.put("bytes", timeModel[2]);
                tm.put("seconds", v.steps() * timeModel[0] + timeModel[2] * timeModel[1]);
                j.put("timeModel", tm);
            }
            if (d.replay() != null && v.found()) {
                j.put("replay", replay(items, d));
            }
            List<Map<String, Object>> list = new ArrayList<>();
            for (ScheduleValidator.Item it : items) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("src", it.sender());
                m.put("dst", it.dst());
                m.put("step", it.step() + 1);
                m.put("path", it.path());
                m.put("from", it.from());
                if (it.root() >= 0) {
                    m.put("root", it.root());
                }
                list.add(m);
            }
            j.put("transfers", list);
            w.println(Json.result(spec, j));
            return;
        }
        w.printf(Locale.ROOT, "%s: %d steps, lower bound %d, %s (%s, %.2f s)%n", v.problem().label(), v.steps(), v.lowerBound(),
                v.status(), v.solver(), v.seconds());
        if (!v.found()) {
            w.printf("no schedule in %d steps exists (proven by the exact model)%n", v.steps());
            return;
        }
        if (v.status().equals("infeasible")) {
            w.printf("no schedule in %d steps exists (proven by the exact model); the best found:%n",
                    v.provenLowerBound() - 1);
        }
        w.print(table(items, v.steps(), v.broadcastCells(), v.rootCells()));
        w.println(v.valid() ? "validated: conflict-free" : "NOT VALID");
        if (timeModel != null) {
            w.printf(Locale.ROOT, "time: %d x %.4g s + %.0f B x %.4g s/B = %.6g s (2007 paper, eq. 3)%n", v.steps(),
                    timeModel[0], timeModel[2], timeModel[1], v.steps() * timeModel[0] + timeModel[2] * timeModel[1]);
        }
        if (d.replay() != null) {
            printReplay(w, replay(items, d));
        }
    }

    /**
     * A store-and-forward scatter or permutation ({@link SfScatter}): searched hop by hop, re-checked by the validator,
     * printed like any schedule with one transfer per hop.
     */
    private int storeAndForward(Topology t, Collective c, int[][] pairs, PortModel portModel, Switching sw,
                                Scheduler.Solver which, double seconds, double[] timeModel, ReplaySettings replaySettings)
            throws java.io.IOException {
        if (extraHops > 0) {
            throw new InvalidInputException("--extra-hops " + extraHops + " does not apply to a store-and-forward scatter, "
                    + "whose messages take shortest paths hop by hop; expected 0");
        }
        if (spec.commandLine().getParseResult().hasMatchedOption("--path-limit")) {
            throw new InvalidInputException("--path-limit does not apply to a store-and-forward scatter, which keeps every "
                    + "shortest path");
        }
        SfScatter sf = new SfScatter(t, c, pairs, portModel, sw);
        Derived hops = new Derived(replaySettings, null, null, true);
        PrintWriter err = spec.commandLine().getErr();
        boolean live = !json && System.console() != null;
        stoppable(stop -> {
            SfScatter.Solution o = sf.solve(which, steps, seed, Budget.seconds(seconds, stop),
                    live ? line -> err.println("  " + line) : null);
            String what = pairs != null ? "permutation of " + pairs.length + " transfers" : c.kind().name();
            String label = what + " on " + t.spec() + ", " + portModel + ", " + sw.label() + ", minimal routing, one channel a step";
            print(new Shown(t.spec(), pairs != null ? "PERM" : c.kind().name(), new ScheduleProblemView(portModel.toString(),
                    sw.label(), label), o.steps(), o.lowerBound(), o.boundArgument(), o.provenLowerBound(), o.status(),
                    o.solver(), true, o.validation().ok(), o.seconds(), 0, o.log(), o.items(), false, false), timeModel, hops);
            if (picture != null) {
                SchedulePicture.write(picture, o.items(), o.steps(), label + ": " + o.steps() + " steps, " + o.solver());
            }
            if (!json) {
                Written.print(spec.commandLine().getOut(), spec);
            }
        });
        return Main.OK;
    }

    /** The transfers as the user asked for them: a reduce's are the broadcast's reversed. */
    private static List<ScheduleValidator.Item> shown(ScheduleProblem p, Scheduler.Result r, Derived d) {
        if (r.schedule() == null) {
            return List.of();
        }
        List<ScheduleValidator.Item> items = ScheduleValidator.items(p, r.schedule());
        return d.reduce() == null ? items : Reduction.reverse(items, r.steps());
    }

    private static String label(ScheduleProblem p, Derived d) {
        Collective reduce = d.reduce();
        if (reduce == null) {
            return p.label();
        }
        String what = reduce.kind() == CollectiveKind.AOR ? "AOR to " + reduce.receivers()[0] : reduce.kind().name();
        return what + " on " + d.network0().spec() + ", " + p.ports() + ", " + p.switching().label()
                + (p.extraHops() > 0 ? ", minimal +" + p.extraHops() + " hops" : ", minimal routing")
                + " (the time reverse of a broadcast)";
    }

    /**
     * The message-level replay of a schedule ({@link StepProgram}): its simulated seconds and the settings, as the
     * JSON's {@code "replay"} object.
     */
    private Map<String, Object> replay(List<ScheduleValidator.Item> items, Derived d) {
        boolean hopItems = d.hopItems();
        Collective reduce = d.reduce();
        ReplaySettings settings = d.replay();
        int n = items.size();
        Map<Long, Integer> ids = new java.util.HashMap<>();
        int[] message = new int[n];
        int[] from = new int[n];
        int[] to = new int[n];
        int[] step = new int[n];
        int[][] path = new int[n][];
        for (int i = 0; i < n; i++) {
            ScheduleValidator.Item it = items.get(i);
            // a message is named by its sender, in a reduce by its root, and in a store-and-forward scatter, whose
            // hops are transfers of their own, by its (sender, receiver) pair
            message[i] = hopItems ? ids.computeIfAbsent(((long) it.sender() << 32) | it.dst(), k -> ids.size())
                    : reduce == null ? it.sender() : it.root() >= 0 ? it.root() : reduce.receivers()[0];
            from[i] = it.from();
            to[i] = it.path()[it.path().length - 1];
            step[i] = it.step();
            path[i] = it.path();
        }
        org.ccopt.msgsim.Program program = hopItems
                ? StepProgram.of(message, items.stream().mapToInt(ScheduleValidator.Item::sender).toArray(), from, to, step,
                        path, settings.bytes(), settings.order())
                : StepProgram.of(message, from, to, step, path, settings.bytes(), settings.order(), reduce != null);
        MessageSimulator.Result r = MessageSimulator.run(settings.net(), program, settings.options());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("bytes", settings.bytes());
        m.put("order", settings.order().label());
        m.put("simulatedSeconds", r.seconds());
        m.put("messages", r.messages());
        m.put("bandwidth", network.bandwidth);
        m.put("latency", network.latency);
        m.put("hostLinks", settings.net().hostLinks());
        m.put("duplex", settings.net().duplex().name().toLowerCase(Locale.ROOT));
        m.put("sharing", network.sharing);
        return m;
    }

    private static void printReplay(PrintWriter w, Map<String, Object> m) {
        w.printf(Locale.ROOT, "replay: %.6g s simulated (%d messages of %.0f B, %s order, %s links of %s, %s per link; "
                + "host links %s, %s duplex)%n", (double) m.get("simulatedSeconds"), (int) m.get("messages"), (double) m.get("bytes"),
                m.get("order"), m.get("sharing"), m.get("bandwidth"), m.get("latency"),
                (boolean) m.get("hostLinks") ? "on" : "off", m.get("duplex"));
    }

    /**
     * Rows = sending nodes, columns = steps 1..S, cells = destinations (the layout of the MIN paper's Table 2); with
     * {@code roots}, an all-to-all reduce's cells also name the root each partial result is for.
     */
    static String table(List<ScheduleValidator.Item> items, int steps, boolean broadcast, boolean roots) {
        TreeMap<Integer, String[]> rows = new TreeMap<>();
        boolean hops = false;
        for (ScheduleValidator.Item it : items) {
            String[] row = rows.computeIfAbsent(it.from(), k -> new String[steps]);
            int head = it.path()[it.path().length - 1];
            String cell = roots ? it.dst() + "(" + it.root() + ")"
                    : head != it.dst() || (it.from() != it.sender() && !broadcast) ? head + "(" + it.sender() + ">" + it.dst() + ")"
                    : broadcast && it.from() != it.sender() ? it.dst() + "(" + it.sender() + ")" : String.valueOf(it.dst());
            hops |= head != it.dst() || (it.from() != it.sender() && !broadcast);
            row[it.step()] = row[it.step()] == null ? cell : row[it.step()] + "/" + cell;
        }
        int width = 3;
        for (String[] row : rows.values()) {
            for (String cell : row) {
                width = Math.max(width, cell == null ? 1 : cell.length());
            }
        }
        StringBuilder sb = new StringBuilder();
        String fmt = "%" + (width + 1) + "s";
        sb.append(String.format("%5s", "src"));
        for (int s = 1; s <= steps; s++) {
            sb.append(String.format(fmt, s));
        }
        sb.append('\n');
        for (Map.Entry<Integer, String[]> e : rows.entrySet()) {
            sb.append(String.format("%5d", e.getKey()));
            for (String cell : e.getValue()) {
                sb.append(String.format(fmt, cell == null ? "-" : cell));
            }
            sb.append('\n');
        }
        if (broadcast) {
            sb.append("(a cell d(m) forwards message m to d; a plain d sends the node's own message)\n");
        }
        if (hops) {
            sb.append("(a cell v(s>r) moves the message of s to r one channel on, to v; it is stored there)\n");
        }
        if (roots) {
            sb.append("(a cell d(r) sends the node's partial result for root r, its own value combined with those it received for r, to d)\n");
        }
        return sb.toString();
    }

    /** The longest time limit accepted (a week). */
    static final double MAX_SECONDS = 7 * 86400;

    /** A duration with its unit: {@code 500ms}, {@code 60s}, {@code 5m}, {@code 2h}; positive, at most a week. */
    static double parseSeconds(String text) {
        double v = org.ccopt.util.Durations.seconds(text, true);
        if (v > 0 && v <= MAX_SECONDS) {
            return v;
        }
        throw new InvalidInputException("bad time limit '" + text + "'; expected a positive duration with its unit, "
                + "at most 168h, like 500ms, 60s, 5m or 2h");
    }
}
