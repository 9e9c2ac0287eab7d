package org.ccopt.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.ccopt.InvalidInputException;
import org.ccopt.collective.Collective;
import org.ccopt.collective.PortModel;
import org.ccopt.job.JobOptions;
import org.ccopt.msgsim.MsgNetwork;
import org.ccopt.schedule.Budget;
import org.ccopt.schedule.ExactSolver;
import org.ccopt.schedule.ScheduleFile;
import org.ccopt.schedule.ScheduleJob;
import org.ccopt.schedule.SchedulePicture;
import org.ccopt.schedule.ScheduleTable;
import org.ccopt.schedule.ScheduleValidator;
import org.ccopt.schedule.Scheduler;
import org.ccopt.schedule.Switching;
import org.ccopt.schedule.TimeModel;
import org.ccopt.topology.Topology;
import org.ccopt.traffic.TrafficPattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt schedule}: conflict-free step schedules of collectives (Jaros, Ohlidal, Dvorak 2007; Jaros et al.,
 * MIN paper), certified against the lower bound or by an infeasibility proof.
 */
@Command(name = "schedule", mixinStandardHelpOptions = true, modelTransformer = Declared.class,
        description = "Find a conflict-free schedule of a collective in the fewest synchronised steps, and prove it optimal where possible.")
final class ScheduleCommand implements Callable<Integer>, Declared.Options {

    /** Where options apply ({@link OptionRules}): the solvers' own options to their solver, the replay's to --replay. */
    static final OptionRules<ScheduleCommand> RULES = OptionRules.of(java.util.stream.Stream.concat(
            ScheduleSolverOptions.rules().stream(), ScheduleReplayOptions.rules().stream()).toList());

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    TopologyOption topology;

    /** The collective's options, declared by the library (the replay's network: {@link ScheduleReplayOptions#NETWORK}). */
    private static final JobOptions COLLECTIVE = JobOptions.of("schedule", Collective.OPTIONS);

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

    @Mixin
    ScheduleSolverOptions solvers;

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

    @Mixin
    TimeModelOptions timeModelOptions;

    @Option(names = "--picture", paramLabel = "FILE",
            description = "Draw the schedule found as a step diagram (steps across, channels down, one colour per sender): FILE.png, FILE.svg or FILE.pdf.")
    @Output
    Path picture;

    @Option(names = "--validate", paramLabel = "FILE",
            description = "Check the schedule in FILE (the JSON of 'ccopt schedule --json': its \"steps\" and its \"transfers\", "
                    + "each {src, dst, step 1..steps, path of nodes, from}) against the collective, ports and switching of "
                    + "these options, independently of how it was made; exit 0 when valid, 2 with the first violation when not.")
    Path validate;

    @Mixin
    ScheduleReplayOptions replayOptions;

    @Override
    public Integer call() throws java.io.IOException {
        RULES.check(this, spec);
        Topology t = topology.build();
        Scheduler.Solver which = Scheduler.Solver.parse(solver);
        Written.requirePictureFormat(picture); // before the search, which may run for hours
        TimeModel timeModel = timeModelOptions.timeModel();
        org.ccopt.schedule.ScheduleReplay.Settings replaySettings = replayOptions.settings(t, spec);
        if (validate != null) {
            if (timeModel != null) {
                throw new InvalidInputException("--ts, --t1 and --bytes do not apply to --validate; give them to the search");
            }
            return validateFile(t, replaySettings);
        }
        double seconds = Budget.parseLimit(timeLimit);
        Scheduler.Settings settings = solvers.settings(which, steps, seed,
                threads == null ? Runtime.getRuntime().availableProcessors() : threads);
        ScheduleJob job = ScheduleJob.of(request(t));
        PrintWriter err = spec.commandLine().getErr();
        if (which == Scheduler.Solver.AUTO && !ExactSolver.available()) {
            err.println("ccopt: note: the exact model is unavailable (" + ExactSolver.unavailableReason()
                    + "); searching with the heuristics only");
        }
        boolean live = !json && System.console() != null;
        Stoppable.run(stop -> {
            Budget budget = Budget.seconds(seconds, stop);
            ScheduleJob.Outcome o = job.solve(settings, maxEvaluations == null ? budget : budget.withEvaluations(maxEvaluations),
                    live ? line -> err.println("  " + line) : null);
            print(o, timeModel, replaySettings);
            if (picture != null && o.found()) {
                SchedulePicture.write(picture, o.items(), o.steps(), ScheduleJob.title(o));
            }
            if (!json) {
                Written.print(spec.commandLine().getOut(), spec);
            }
        });
        return Main.OK;
    }

    @Override
    public List<org.ccopt.job.JobOption> declaredOptions() { // the collective's and the replay network's
        return JobOptions.of("schedule", Collective.OPTIONS, MsgNetwork.OPTIONS).list();
    }

    /** What to schedule: the collective of --cc and its options, or the permutation of --traffic. */
    private ScheduleJob.Request request(Topology t) {
        JobOptions.Values collective = Declared.values(spec, COLLECTIVE);
        if (traffic != null && collective.text("cc") != null) {
            throw new InvalidInputException("--traffic " + traffic + " and --cc " + collective.text("cc")
                    + " both name what to schedule; expected one of them");
        }
        boolean pathLimitGiven = spec.commandLine().getParseResult().hasMatchedOption("--path-limit");
        return new ScheduleJob.Request(t, traffic == null ? Collective.of(collective, t) : null,
                traffic == null ? null : TrafficPattern.parse(traffic).destinations(t, seed), Collective.portModel(collective),
                Switching.parse(switching), extraHops, pathLimitGiven ? pathLimit : null);
    }

    /**
     * {@code --validate}: the file's transfers through {@link ScheduleValidator} (which recomputes every route, step,
     * port and holder from the topology), against the collective of the options; the file must name the same
     * topology, collective, ports and switching as the options, or it is refused.
     */
    private int validateFile(Topology t, org.ccopt.schedule.ScheduleReplay.Settings replaySettings) throws java.io.IOException {
        for (String o : new String[] {"--solver", "--steps", "--time-limit", "--max-evaluations", "--fitness", "--traffic",
            "--seed", "--threads", "--path-limit"}) {
            if (spec.commandLine().getParseResult().hasMatchedOption(o)) {
                throw new InvalidInputException(o + " does not apply to --validate, which checks a schedule and searches nothing");
            }
        }
        JobOptions.Values collective = Declared.values(spec, COLLECTIVE);
        Collective c = Collective.of(collective, t);
        PortModel portModel = Collective.portModel(collective);
        Switching sw = Switching.parse(switching);
        if (sw == Switching.SF_ROUTER && c.kind().isBroadcast()) {
            throw new InvalidInputException("--switching sf-router applies to scatters; " + c.kind() + " takes wh or sf");
        }
        ScheduleFile file = ScheduleFile.read(validate, ScheduleFile.needsRoots(c));
        file.requireFor(validate, t, c, portModel, sw);
        ScheduleValidator.Report report = file.check(t, c, portModel, sw, extraHops);
        List<ScheduleValidator.Item> items = file.items();
        if (picture != null) {
            SchedulePicture.write(picture, items, file.steps(), validate.getFileName() + ": " + file.steps() + " steps, "
                    + (report.ok() ? "valid" : report.violations() + " violations (outlined in red where they share a channel)"));
        }
        // a replay of a reduce's file combines: a node sends after what it receives
        Collective reduce = c.kind().isReduce() ? c : null;
        boolean hopItems = sw.storeAndForward() && !c.kind().isBroadcast();
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("file", validate.toString());
            r.put("valid", report.ok());
            r.put("steps", file.steps());
            r.put("transfers", items.size());
            r.put("violations", report.violations());
            r.put("messages", report.messages());
            if (replaySettings != null && report.ok()) {
                r.put("replay", replayOptions.replay(items, reduce, hopItems, replaySettings, spec));
            }
            Json.print(w, spec, r, false); // a check draws nothing: no seed in its provenance
            return report.ok() ? Main.OK : Main.BAD_INPUT;
        }
        if (!report.ok()) {
            throw new InvalidInputException("schedule file " + validate + " is not valid: " + report.violations()
                    + " violation(s), the first: " + report.messages().get(0));
        }
        w.printf("%s: valid, %d transfers in %d steps (%s on %s, %s, %s)%n", validate, items.size(), file.steps(),
                c.kind().name(), t.spec(), portModel, sw.label());
        if (replaySettings != null) {
            ScheduleReplayOptions.print(w, replayOptions.replay(items, reduce, hopItems, replaySettings, spec));
        }
        Written.print(w, spec);
        return Main.OK;
    }

    private void print(ScheduleJob.Outcome v, TimeModel timeModel, org.ccopt.schedule.ScheduleReplay.Settings replaySettings) {
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> j = ScheduleFile.of(v, timeModel);
            if (replaySettings != null && v.found()) {
                Object transfers = j.remove("transfers"); // the replay before the transfers
                j.put("replay", replayOptions.replay(v.items(), v.reduce(), v.hopItems(), replaySettings, spec));
                j.put("transfers", transfers);
            }
            Json.print(w, spec, j);
            return;
        }
        w.print(ScheduleTable.report(v, timeModel));
        if (replaySettings != null && v.found()) {
            ScheduleReplayOptions.print(w, replayOptions.replay(v.items(), v.reduce(), v.hopItems(), replaySettings, spec));
        }
    }
}
