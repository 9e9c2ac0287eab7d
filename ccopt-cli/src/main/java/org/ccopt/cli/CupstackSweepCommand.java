package org.ccopt.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.ccopt.InvalidInputException;
import org.ccopt.cupstack.CupStackGa;
import org.ccopt.cupstack.CupstackJob;
import org.ccopt.cupstack.CupstackRequest;
import org.ccopt.cupstack.Method;
import org.ccopt.experiments.Commands;
import org.ccopt.experiments.Experiment;
import org.ccopt.experiments.ExperimentRunner;
import org.ccopt.flitsim.RouterModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt cupstack-sweep}: many Cup-Stacking runs from one grid (Yokota et al. 2023, App. A.3 (6): 288 GA
 * parameter combinations x 5 seeds per pattern), with the rows of {@code ccopt run} for that grid: the runs are an
 * {@link Experiment} of the command {@code cupstack ... --threads 1}, checked by the command's own options before the
 * first run and executed by {@link ExperimentRunner} (one run per core, rows in {@code results.jsonl} as they finish,
 * recorded runs skipped on a rerun), each cell as the library job {@link CupstackJob} on the request its options make
 * ({@link CupstackJob#JOB}, its options read by {@link CupstackRequest#OPTIONS}, through {@link Commands#execute(String,
 * Map, List)}), not as a command line. One
 * directory may collect several sweeps: its {@code results.csv} holds every row recorded there.
 */
@Command(name = "cupstack-sweep", mixinStandardHelpOptions = true,
        description = "Run a grid of Cup-Stacking configurations (comma-separated lists are crossed) on all cores; one CSV row per run.")
final class CupstackSweepCommand implements Callable<Integer> {

    private static final String[] VARIED = {"traffic", "method", "vc-select", "sort-key", "freeze", "mutation-rate",
        "crossover-interval", "crossover-rate", "tie", "lifetime", "watchdog", "from-slices", "estimate-slices", "seed"};

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = {"-t", "--topology"}, defaultValue = "torus:16x16", description = "Torus or mesh (default: ${DEFAULT-VALUE}).")
    String topology;

    @Option(names = "--slices", defaultValue = "2", description = "Slices S (default: ${DEFAULT-VALUE}).")
    int slices;

    @Option(names = "--packet-flits", defaultValue = "8", description = "Flits per packet (default: ${DEFAULT-VALUE}).")
    int flits;

    @Option(names = "--model", defaultValue = RouterModel.DEFAULT_NAME, description = "Router model of every run (default: ${DEFAULT-VALUE}).")
    String model;

    @Option(names = "--reading", paramLabel = "KEY=VALUE",
            description = "A router reading that overrides the model's in every run, as the cupstack option spells it "
                    + "(repeatable), e.g. --reading output-stage=none --reading credit-delay=0.")
    Map<String, String> readings = new LinkedHashMap<>();

    @Option(names = "--seed-simple", description = "Seed every GA with simple stacking's configuration (ccopt's addition).")
    boolean seedSimple;

    @Option(names = "--population", defaultValue = "50", description = "Chromosomes (default: ${DEFAULT-VALUE}).")
    int population;

    @Option(names = "--generations", defaultValue = "1000", description = "Generations (default: ${DEFAULT-VALUE}).")
    int generations;

    @Option(names = "--training", defaultValue = "100", description = "Mutation-only generations (default: ${DEFAULT-VALUE}).")
    int training;

    @Option(names = "--traffic", defaultValue = "bcmp,brev,brot,shfl,torn,trns", split = ",", description = "Patterns (default: ${DEFAULT-VALUE}).")
    List<String> traffic;

    @Option(names = "--initial-scheme", defaultValue = "uniform", description = "Random C of t_d0's reference and the "
            + "initial chromosomes, uniform or port, as cupstack's (default: ${DEFAULT-VALUE}).")
    String initialScheme;

    @Option(names = "--method", defaultValue = "full", split = ",", description = "Methods (default: ${DEFAULT-VALUE}).")
    List<String> method;

    @Option(names = "--vc-select", defaultValue = "C00", split = ",", description = "Schemes C where C is frozen (default: ${DEFAULT-VALUE}).")
    List<String> vcSelect;

    @Option(names = "--sort-key", defaultValue = "T01", split = ",", description = "Items T01..T10 (default: ${DEFAULT-VALUE}).")
    List<String> sortKey;

    @Option(names = "--freeze", defaultValue = "none", split = ";", description = "Frozen gene groups, ';'-separated choices such as none;I;C,Q (default: ${DEFAULT-VALUE}).")
    List<String> freeze;

    @Option(names = "--mutation-rate", defaultValue = "0.02", split = ",", description = "r_m values (paper: 0.1,0.05,0.02).")
    List<String> mutationRate;

    @Option(names = "--crossover-interval", defaultValue = "10", split = ",", description = "i_c values (paper: 10,20).")
    List<String> crossoverInterval;

    @Option(names = "--crossover-rate", defaultValue = "0.8", split = ",", description = "r_c values (paper: 0.1,0.2,0.4,0.6,0.8,0.9).")
    List<String> crossoverRate;

    @Option(names = "--tie", defaultValue = "age", split = ",", description = "Tie orders (paper: random,age).")
    List<String> tie;

    @Option(names = "--lifetime", defaultValue = "200", split = ",", description = "lt values (paper: 0,100,200).")
    List<String> lifetime;

    @Option(names = "--watchdog", defaultValue = "0", split = ",", description = "wd values (paper: 0,100,200); combinations with lt > 0 and wd > 0 are skipped.")
    List<String> watchdog;

    @Option(names = "--from-slices", defaultValue = "1", split = ",", description = "Source slices for extrapolate/post.")
    List<String> fromSlices;

    @Option(names = "--estimate-slices", defaultValue = "2", split = ",", description = "S' for estimate.")
    List<String> estimateSlices;

    @Option(names = "--seeds", defaultValue = "1", description = "Seeds 1..N per combination (default: ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = {"--threads", "--jobs"}, paramLabel = "N", description = "Runs at a time (default: all cores); --jobs is its older name.")
    Integer threads;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Writes results.jsonl and results.csv here (as ccopt run); rerunning skips recorded runs.")
    @Output
    Path out;

    @Override
    public Integer call() throws Exception {
        checkOptions();
        int workers = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        CliCommands commands = new CliCommands();
        Experiment experiment = Experiment.of("cupstack", commandLines(), "cupstack-sweep", commands);
        ExperimentRunner.Summary s;
        try (RunCommand.Progress progress = new RunCommand.Progress()) {
            s = ExperimentRunner.accumulating(commands).run(experiment, out, workers, progress);
        }
        spec.commandLine().getOut().printf(Locale.ROOT, "%d runs (%d already recorded, %d failed) -> %s%n", s.runs(),
                s.skipped(), s.failed(), out.resolve(ExperimentRunner.CSV));
        if (s.exit() != Main.OK) {
            spec.commandLine().getErr().println("ccopt: " + s.failureLine());
        }
        return s.exit();
    }

    /** The options every run shares, refused with one line before any run starts. */
    private void checkOptions() {
        if (seeds < 1 || seeds > Experiment.MAX_RUNS) {
            throw new InvalidInputException("--seeds " + seeds + " is invalid; expected 1.." + Experiment.MAX_RUNS);
        }
        CupStackGa.InitialScheme.parse(initialScheme); // refused here, not in every run
        for (String m : method) {
            if (Method.parse(m) == Method.LAHC) {
                throw new InvalidInputException("--method lahc is not a GA method; cupstack-sweep crosses the GA's options "
                        + "(run lahc with cupstack, or from an experiment file with ccopt run)");
            }
        }
        long runs = seeds;
        for (List<String> axis : List.of(traffic, method, vcSelect, sortKey, freeze, mutationRate, crossoverInterval,
                crossoverRate, tie, lifetime, watchdog, fromSlices, estimateSlices)) {
            runs = Math.min(runs * axis.size(), Long.MAX_VALUE / Experiment.MAX_RUNS);
        }
        if (runs > Experiment.MAX_RUNS) {
            throw new InvalidInputException("the sweep has more than " + Experiment.MAX_RUNS + " runs; split it");
        }
        RouterModel preset = RouterModel.preset(model);
        for (Map.Entry<String, String> r : readings.entrySet()) { // each reading is checked before a run starts
            if (r.getKey().equals("scheme")) { // the scheme is a varied axis of its own
                throw new InvalidInputException("--reading scheme is not a reading of the sweep; use --vc-select");
            }
            preset.with(r.getKey(), r.getValue(), "--reading " + r.getKey()); // one line, exit 2 where it is not one
        }
    }

    /**
     * The grid as cupstack option maps, one per run: the axes crossed, lt > 0 with wd > 0 skipped (exclusive in the
     * paper), options that do not apply to a run's method left out, runs that then coincide kept once.
     */
    private List<Map<String, String>> commandLines() {
        List<List<String>> grid = new ArrayList<>();
        grid.add(List.of()); // cells hold no commas: "C,Q" is written "C+Q", which --freeze also reads
        List<List<String>> values = List.of(traffic, method, vcSelect, sortKey, freeze, mutationRate, crossoverInterval,
                crossoverRate, tie, lifetime, watchdog, fromSlices, estimateSlices, seedList());
        for (List<String> axis : values) {
            List<List<String>> next = new ArrayList<>();
            for (List<String> prefix : grid) {
                for (String v : axis) {
                    List<String> row = new ArrayList<>(prefix);
                    row.add(v.trim().replace(',', '+'));
                    next.add(row);
                }
            }
            grid = next;
        }
        for (List<String> axis : List.of(lifetime, watchdog)) {
            for (String v : axis) {
                if (!v.trim().matches("\\d{1,9}")) {
                    throw new InvalidInputException("--" + (axis == lifetime ? "lifetime" : "watchdog") + " value '" + v
                            + "' is invalid; expected whole numbers of generations >= 0");
                }
            }
        }
        grid.removeIf(r -> Integer.parseInt(r.get(9)) > 0 && Integer.parseInt(r.get(10)) > 0); // lt and wd are exclusive
        java.util.Set<Map<String, String>> unique = new java.util.LinkedHashSet<>();
        for (List<String> r : grid) {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("topology", topology);
            p.put("slices", Integer.toString(slices));
            p.put("packet-flits", Integer.toString(flits));
            p.put("population", Integer.toString(population));
            p.put("generations", Integer.toString(generations));
            p.put("training", Integer.toString(training));
            p.put("threads", "1");
            p.put("model", model);
            p.putAll(readings);
            p.put("seed-simple", Boolean.toString(seedSimple));
            p.put("initial-scheme", initialScheme);
            for (int i = 0; i < VARIED.length; i++) {
                p.put(VARIED[i], r.get(i));
            }
            // an option that does not apply to the run's method is left out (cupstack would refuse it), so runs that
            // differed only in it become one
            p.keySet().removeIf(k -> !CupstackRequest.applies("--" + k, p.get("method")));
            unique.add(p);
        }
        return new ArrayList<>(unique);
    }

    private List<String> seedList() {
        List<String> s = new ArrayList<>();
        for (int i = 1; i <= seeds; i++) {
            s.add(Integer.toString(i));
        }
        return s;
    }
}
