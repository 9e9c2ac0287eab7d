package org.ccopt.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.ccopt.InvalidInputException;
import org.ccopt.util.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt cupstack-sweep}: many Cup-Stacking runs from one grid (Yokota et al. 2023, App. A.3 (6): 288 GA
 * parameter combinations x 5 seeds per pattern), one run per core at a time, one CSV row per run written as it
 * finishes. Rerunning with the same output directory skips the runs already recorded, so an interrupted sweep loses
 * only the runs in flight. Every run is the command {@code ccopt cupstack ... --threads 1 --json}, so a row depends
 * only on its parameters and seed.
 */
@Command(name = "cupstack-sweep", mixinStandardHelpOptions = true,
        description = "Run a grid of Cup-Stacking configurations (comma-separated lists are crossed) on all cores; one CSV row per run.")
final class CupstackSweepCommand implements Callable<Integer> {

    private static final String[] VARIED = {"traffic", "method", "vc-select", "sort-key", "freeze", "mutation-rate",
        "crossover-interval", "crossover-rate", "tie", "lifetime", "watchdog", "from-slices", "estimate-slices", "seed"};
    private static final String[] METRICS = {"baselineCycles", "simpleStackingCycles", "bestCycles", "interval",
        "effectiveThickness", "bestGeneration", "evaluations", "simulations", "gaSeconds", "seconds", "schemeC00", "schemeC01",
        "schemeC02", "schemeC03", "schemeC04", "schemeC05", "schemeC06", "schemeC07", "schemeC08", "schemeC09"};

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = {"-t", "--topology"}, defaultValue = "torus:16x16", description = "Torus or mesh (default: ${DEFAULT-VALUE}).")
    String topology;

    @Option(names = "--slices", defaultValue = "2", description = "Slices S (default: ${DEFAULT-VALUE}).")
    int slices;

    @Option(names = "--packet-flits", defaultValue = "8", description = "Flits per packet (default: ${DEFAULT-VALUE}).")
    int flits;

    @Option(names = "--model", defaultValue = "yokota2023", description = "Router model of every run (default: ${DEFAULT-VALUE}).")
    String model;

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

    @Option(names = "--jobs", description = "Runs at a time (default: all cores).")
    Integer jobs;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Writes results.csv here; rerunning skips recorded runs.")
    @Output
    Path out;

    @Override
    public Integer call() throws Exception {
        if (seeds < 1 || seeds > Experiment.MAX_RUNS) {
            throw new InvalidInputException("--seeds " + seeds + " is invalid; expected 1.." + Experiment.MAX_RUNS);
        }
        long runs = seeds;
        for (List<String> axis : List.of(traffic, method, vcSelect, sortKey, freeze, mutationRate, crossoverInterval,
                crossoverRate, tie, lifetime, watchdog, fromSlices, estimateSlices)) {
            runs = Math.min(runs * axis.size(), Long.MAX_VALUE / Experiment.MAX_RUNS);
        }
        if (runs > Experiment.MAX_RUNS) {
            throw new InvalidInputException("the sweep has more than " + Experiment.MAX_RUNS + " runs; split it");
        }
        int workers = jobs == null ? Runtime.getRuntime().availableProcessors() : jobs;
        if (workers < 1) {
            throw new InvalidInputException("--jobs " + workers + " is invalid; expected >= 1");
        }
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
        Path csv = out.resolve("results.csv");
        Files.createDirectories(out);
        String header = String.join(",", VARIED) + "," + String.join(",", METRICS) + ",status,error";
        Set<String> done = new HashSet<>();
        String text = Files.exists(csv) ? Files.readString(csv, StandardCharsets.UTF_8) : "";
        if (text.isEmpty()) {
            Files.writeString(csv, header + "\n");
        } else {
            if (!text.startsWith(header + "\n")) {
                throw new InvalidInputException(csv + " is not a results file of this cupstack-sweep (its first line is not the "
                        + "expected header); expected a new --out directory or one an earlier sweep wrote");
            }
            if (!text.endsWith("\n")) {
                // a row torn by an interruption: drop it (that run is done again), so that new rows start on a line of their own
                text = text.substring(0, text.lastIndexOf('\n') + 1);
                AtomicFiles.writeAtomically(csv, text);
            }
            List<String> lines = text.lines().toList();
            for (String line : lines.subList(1, lines.size())) {
                String[] cells = line.split(",", -1);
                if (cells.length == VARIED.length + METRICS.length + 2 && cells[VARIED.length + METRICS.length].equals("ok")) {
                    done.add(String.join(",", List.of(cells).subList(0, VARIED.length))); // failed runs are retried
                }
            }
        }
        List<List<String>> todo = grid.stream().filter(r -> !done.contains(String.join(",", r))).toList();
        AtomicInteger failed = new AtomicInteger();
        AtomicInteger worst = new AtomicInteger(Main.OK);
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        try (Writer w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
             ProgressBar bar = System.console() == null ? null : new ProgressBarBuilder().setTaskName("cupstack-sweep")
                     .setInitialMax(todo.size()).setStyle(ProgressBarStyle.ASCII).build()) {
            List<Future<?>> futures = new ArrayList<>();
            for (List<String> r : todo) {
                futures.add(pool.submit(() -> {
                    String row = runOne(r, worst);
                    if (!row.endsWith(",ok,")) {
                        failed.incrementAndGet();
                    }
                    synchronized (w) {
                        w.write(row + "\n");
                        w.flush();
                        if (bar != null) {
                            bar.step();
                            bar.setExtraMessage(failed.get() + " failed");
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        spec.commandLine().getOut().printf(Locale.ROOT, "%d runs (%d already recorded, %d failed) -> %s%n", grid.size(),
                grid.size() - todo.size(), failed.get(), csv);
        if (failed.get() > 0) {
            spec.commandLine().getErr().println("ccopt: " + failed.get() + " of " + todo.size() + " runs failed (column error of "
                    + csv + ")");
        }
        return worst.get();
    }

    private List<String> seedList() {
        List<String> s = new ArrayList<>();
        for (int i = 1; i <= seeds; i++) {
            s.add(Integer.toString(i));
        }
        return s;
    }

    /** One run in-process; its CSV row (without the line end), ending in "ok," or "failed,MESSAGE". */
    private String runOne(List<String> r, AtomicInteger worst) throws IOException {
        List<String> args = new ArrayList<>(List.of("cupstack", "--topology", topology, "--slices", Integer.toString(slices),
                "--packet-flits", Integer.toString(flits), "--population", Integer.toString(population), "--generations",
                Integer.toString(generations), "--training", Integer.toString(training), "--threads", "1", "--json", "--model", model));
        if (seedSimple) {
            args.add("--seed-simple");
        }
        for (int i = 0; i < VARIED.length; i++) {
            args.add("--" + VARIED[i]);
            args.add(r.get(i));
        }
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int code = Main.run(new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8),
                args.toArray(String[]::new));
        StringBuilder row = new StringBuilder(String.join(",", r));
        if (code != 0) {
            worst.accumulateAndGet(code, (a, b) -> a == Main.INTERNAL_ERROR || b == Main.INTERNAL_ERROR ? Main.INTERNAL_ERROR : b);
            for (int i = 0; i < METRICS.length; i++) {
                row.append(',');
            }
            return row.append(",failed,").append(e.toString(StandardCharsets.UTF_8).strip().replace(',', ';').replace('\n', ' ')).toString();
        }
        JsonNode j = new ObjectMapper().readTree(o.toString(StandardCharsets.UTF_8));
        for (String m : METRICS) {
            // schemeCxx: simple stacking under one scheme (Table 2), from the run's simplePerScheme
            JsonNode v = m.startsWith("scheme") ? j.get("simplePerScheme").get(m.substring(6)) : j.get(m);
            row.append(',').append(v.asText());
        }
        return row.append(",ok,").toString();
    }
}
