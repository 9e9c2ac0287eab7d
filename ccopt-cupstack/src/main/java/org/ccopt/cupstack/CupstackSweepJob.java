package org.ccopt.cupstack;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.job.DeclaredJob;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;

/**
 * {@code ccopt cupstack-sweep} as a library job: a grid of Cup-Stacking runs (Yokota et al. 2023, App. A.3 (6): 288 GA
 * parameter combinations x 5 seeds per pattern), each a {@code cupstack} request's options ({@link
 * CupstackRequest#OPTIONS}). The job expands and checks the grid; its outcome is the runs, which a front end executes as
 * an experiment ({@code ccopt run}'s runner: one row per run, resumable), each as {@link CupstackJob}.
 *
 * <p>Comma-separated values of the list options are crossed; {@code lt > 0} with {@code wd > 0} is skipped (the paper
 * uses one of the two at a time); an option that does not apply to a run's method is left out of it
 * ({@link CupstackRequest#applies}), and runs that then coincide are kept once.
 */
public final class CupstackSweepJob extends DeclaredJob<CupstackSweepJob.Request, CupstackSweepJob.Request> {

    /** Runs an experiment may hold (the runner's default limit, {@code ccopt run --max-runs}). */
    public static final long MAX_RUNS = 100_000;

    /** The runs of the sweep, each the options of one {@code cupstack} run (long names without dashes), in order. */
    public record Request(List<Map<String, String>> runs) {

        public Request {
            runs = List.copyOf(runs);
        }

        /** The number of runs, as figures. */
        public Map<String, Object> figures() {
            return Map.of("runs", runs.size());
        }
    }

    /** The options crossed, in the order the grid varies them (the last fastest), and the seed after them. */
    private static final List<String> VARIED = List.of("traffic", "method", "vc-select", "sort-key", "freeze",
            "mutation-rate", "crossover-interval", "crossover-rate", "tie", "lifetime", "watchdog", "from-slices",
            "estimate-slices");

    private static final JobOptions OPTIONS = JobOptions.of("cupstack-sweep", List.of(
            JobOption.text("topology", "SPEC", "The network of every run").withShortName("t").withDefault("torus:16x16"),
            JobOption.whole("slices", 2, "Slices S").atLeast(1),
            JobOption.whole("packet-flits", 8, "Flits per packet").atLeast(1),
            JobOption.text("model", "NAME", "Router model of every run").withDefault(RouterModel.DEFAULT_NAME),
            JobOption.list("reading", "KEY=VALUE", null, "A router reading that overrides the model's in every run, as "
                    + "the cupstack option spells it (repeatable), e.g. --reading output-stage=none --reading "
                    + "credit-delay=0"),
            JobOption.flag("seed-simple", "Seed every GA with simple stacking's configuration (ccopt's addition)"),
            JobOption.whole("population", 50, "Chromosomes").atLeast(1),
            JobOption.whole("generations", 1000, "Generations").atLeast(0),
            JobOption.whole("training", 100, "Mutation-only generations").atLeast(0),
            JobOption.list("traffic", "LIST", "bcmp,brev,brot,shfl,torn,trns", "Patterns"),
            JobOption.text("initial-scheme", "uniform|port", "Random C of t_d0's reference and the initial chromosomes, "
                    + "as cupstack's").withDefault("uniform"),
            JobOption.list("method", "LIST", "full", "Methods (GA methods; lahc runs with cupstack)"),
            JobOption.list("vc-select", "LIST", "C00", "Schemes C where C is frozen"),
            JobOption.list("sort-key", "LIST", "T01", "Items T01..T10"),
            JobOption.text("freeze", "G;G", "Frozen gene groups, ';'-separated choices such as none;I;C,Q")
                    .withDefault("none"),
            JobOption.list("mutation-rate", "LIST", "0.02", "r_m values (paper: 0.1,0.05,0.02)"),
            JobOption.list("crossover-interval", "LIST", "10", "i_c values (paper: 10,20)"),
            JobOption.list("crossover-rate", "LIST", "0.8", "r_c values (paper: 0.1,0.2,0.4,0.6,0.8,0.9)"),
            JobOption.list("tie", "LIST", "age", "Tie orders (paper: random,age)"),
            JobOption.list("lifetime", "LIST", "200", "lt values (paper: 0,100,200)"),
            JobOption.list("watchdog", "LIST", "0", "wd values (paper: 0,100,200); combinations with lt > 0 and wd > 0 "
                    + "are skipped"),
            JobOption.list("from-slices", "LIST", "1", "Source slices for extrapolate/post"),
            JobOption.list("estimate-slices", "LIST", "2", "S' for estimate"),
            JobOption.whole("seeds", 1, "Seeds 1..N per combination").withRange(1, MAX_RUNS)));

    /** The job of {@code ccopt cupstack-sweep}. (declared after the options its constructor reads) */
    public static final CupstackSweepJob JOB = new CupstackSweepJob();

    /** For {@link java.util.ServiceLoader}; use {@link #JOB}. */
    public CupstackSweepJob() {
        super(OPTIONS, CupstackSweepJob::read, q -> q, Request::figures);
    }

    private static Request read(JobOptions.Values v) {
        CupStackGa.InitialScheme.parse(v.text("initial-scheme")); // refused here, not in every run
        for (String m : v.list("method")) {
            if (Method.parse(m) == Method.LAHC) {
                throw new InvalidInputException("--method lahc is not a GA method; cupstack-sweep crosses the GA's options "
                        + "(run lahc with cupstack, or from an experiment file with ccopt run)");
            }
        }
        List<List<String>> axes = new ArrayList<>();
        long runs = v.whole("seeds");
        for (String name : VARIED) {
            List<String> axis = name.equals("freeze") ? List.of(v.text("freeze").split(";")) : v.list(name);
            axes.add(axis);
            runs = Math.min(runs * axis.size(), Long.MAX_VALUE / MAX_RUNS);
        }
        if (runs > MAX_RUNS) {
            throw new InvalidInputException("the sweep has more than " + MAX_RUNS + " runs; split it");
        }
        for (String name : List.of("lifetime", "watchdog")) {
            for (String value : v.list(name)) {
                if (!value.matches("\\d{1,9}")) {
                    throw new InvalidInputException("--" + name + " value '" + value + "' is invalid; expected whole numbers "
                            + "of generations >= 0");
                }
            }
        }
        Map<String, String> shared = new LinkedHashMap<>();
        shared.put("topology", v.text("topology"));
        shared.put("slices", Integer.toString(v.whole("slices")));
        shared.put("packet-flits", Integer.toString(v.whole("packet-flits")));
        shared.put("population", Integer.toString(v.whole("population")));
        shared.put("generations", Integer.toString(v.whole("generations")));
        shared.put("training", Integer.toString(v.whole("training")));
        shared.put("threads", "1");
        shared.put("model", v.text("model"));
        shared.putAll(readings(v));
        shared.put("seed-simple", Boolean.toString(v.flag("seed-simple")));
        shared.put("initial-scheme", v.text("initial-scheme"));
        List<String> seeds = new ArrayList<>();
        for (int s = 1; s <= v.whole("seeds"); s++) {
            seeds.add(Integer.toString(s));
        }
        axes.add(seeds);
        return new Request(cells(shared, axes));
    }

    /** The readings over the model, each checked as a reading of it before any run starts. */
    private static Map<String, String> readings(JobOptions.Values v) {
        RouterModel preset = RouterModel.preset(v.text("model"));
        Map<String, String> readings = new LinkedHashMap<>();
        for (String r : v.list("reading")) {
            int eq = r.indexOf('=');
            if (eq <= 0) {
                throw new InvalidInputException("--reading '" + r + "' is invalid; expected KEY=VALUE, e.g. output-stage=none");
            }
            String key = r.substring(0, eq);
            if (key.equals("scheme")) { // the scheme is a varied axis of its own
                throw new InvalidInputException("--reading scheme is not a reading of the sweep; use --vc-select");
            }
            preset.with(key, r.substring(eq + 1), "--reading " + key); // one line where it is not one
            readings.put(key, r.substring(eq + 1));
        }
        return readings;
    }

    /** The grid crossed (the last axis fastest), lt and wd exclusive, options of other methods left out, once each. */
    private static List<Map<String, String>> cells(Map<String, String> shared, List<List<String>> axes) {
        List<List<String>> grid = new ArrayList<>();
        grid.add(List.of());
        for (List<String> axis : axes) {
            List<List<String>> next = new ArrayList<>();
            for (List<String> prefix : grid) {
                for (String value : axis) {
                    List<String> row = new ArrayList<>(prefix);
                    row.add(value.strip().replace(',', '+')); // a cell holds no commas: "C,Q" is "C+Q", which --freeze reads
                    next.add(row);
                }
            }
            grid = next;
        }
        int lifetime = VARIED.indexOf("lifetime");
        int watchdog = VARIED.indexOf("watchdog");
        grid.removeIf(r -> Integer.parseInt(r.get(lifetime)) > 0 && Integer.parseInt(r.get(watchdog)) > 0);
        Set<Map<String, String>> unique = new LinkedHashSet<>();
        for (List<String> r : grid) {
            Map<String, String> p = new LinkedHashMap<>(shared);
            for (int i = 0; i < VARIED.size(); i++) {
                p.put(VARIED.get(i), r.get(i));
            }
            p.put("seed", r.get(VARIED.size()));
            p.keySet().removeIf(k -> !CupstackRequest.applies("--" + k, p.get("method")));
            unique.add(p);
        }
        return new ArrayList<>(unique);
    }
}
