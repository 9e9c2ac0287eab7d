package org.ccopt.rank;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;
import org.ccopt.mpi.CommMatrix;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;

/**
 * One job end to end: map P processes onto terminals, place the ranks, and re-check the result with
 * {@link PlacementValidator} before anyone sees it.
 */
public final class RankJob {

    /** The job of {@code ccopt rank}. */
    public static final AsJob JOB = new AsJob();

    private RankJob() {
    }

    /**
     * What {@code ccopt rank} runs: processes to map and place for a collective mix or a matrix ({@code comm} names its
     * file, null for collectives), with the mapping's seed, the search's settings and the distance table's threads.
     */
    public record Request(Topology topology, CollectiveMix mix, String comm, ProcessMapping mapping, long seed,
                          RankPlacer.Settings settings, int threads) {

        /** This request, recording the search's objective every {@code every} iterations (0: not at all). */
        public Request withTraceEvery(long every) {
            RankPlacer.Settings s = settings;
            return new Request(topology, mix, comm, mapping, seed, new RankPlacer.Settings(s.placement(), s.objective(),
                    s.iterations(), s.seed(), s.check(), every, s.rules()), threads);
        }
    }

    /** A run and the matrix file it read (null for collectives), for its figures. */
    public record Placed(Outcome outcome, String comm, long seed) {

        /** The figures {@code ccopt rank --json} prints. */
        public Map<String, Object> figures() {
            return outcome.figures(comm, seed);
        }
    }

    /**
     * A communication matrix of 64 ranks in the repository, as the tests' working directory (a module's {@code
     * target/test-work-N}) reaches it: the rules' examples that need a matrix name it.
     */
    public static final String EXAMPLE_MATRIX = "../../../experiments/files/comm-groups-64.mtx";

    /** {@code ccopt rank} as a library job: the request's options and their reading. */
    public static final class AsJob extends org.ccopt.job.DeclaredJob<Request, Placed> {

        private static final JobOptions OPTIONS = JobOptions.of("rank", List.of(TopologySpec.OPTION,
                JobOption.whole("procs", "P", "Number of processes (default: all terminals)").withApplies(
                        new JobOption.Applies("without --comm, whose matrix's order is P", v -> !v.given("comm"),
                                Map.of("topology", "torus:8x8", "comm",
                                        EXAMPLE_MATRIX, "procs", "64"))),
                JobOption.text("collective", "ALG[:W][,...]", "Collectives to optimise for, each with an optional integer "
                        + "weight, e.g. alltoall:3,allreduce (" + org.ccopt.mpi.MpiAlgorithm.NAMES + "; bcast = binomial "
                        + "tree, allreduce = recursive doubling, alltoall = Bruck)"),
                JobOption.text("comm", "FILE", "Instead of --collective: a communication matrix, entry (i, j) the volume "
                        + "rank i sends to rank j (dense CSV, or Matrix Market as Scotch's and LibTopoMap's users export "
                        + "it); hops are weighted by volume (hop-bytes), and P is the matrix's order"),
                JobOption.text("mapping", "NAME", "Process mapping: " + ProcessMapping.NAMES).withDefault("random"),
                JobOption.text("placement", "NAME", "Rank placement: " + RankPlacement.NAMES).withDefault("two-opt"),
                JobOption.text("objective", "hops|contention", "What two-opt, sa and random minimise").withDefault("hops"),
                JobOption.wholeLong("iterations", 200_000, "Swap attempts (two-opt, sa) or samples (random); 200,000 is the "
                        + "thesis's").atLeast(0).withApplies(new JobOption.Applies("to the placement searches (two-opt, sa, "
                        + "random)", v -> RankPlacement.parse(v.text("placement")).searches(), Map.of("topology", "torus:4x4",
                        "collective", "bcast", "placement", "ascending", "iterations", "10"))),
                JobOption.wholeLong("seed", 1, "Seed of the mapping and the search"),
                swapsOnly(JobOption.text("rules", "ccopt|cui2024", "Swap-search rules: ccopt (start ascending, keep swaps "
                        + "that do not worsen) or cui2024 (start in the mapping's order, keep improving swaps, as Cui 2024 "
                        + "§3.3.2)").withDefault("ccopt"), "cui2024"),
                swapsOnly(JobOption.text("start", "ascending|mapping-order|greedy", "Override the rules' start of two-opt "
                        + "and sa (greedy: grow the communication graph outwards from the most central node)"), "mapping-order"),
                swapsOnly(JobOption.text("accept", "improving|not-worse", "Override the rules' two-opt acceptance"),
                        "improving"),
                JobOption.flag("check", "Recompute everything from scratch after every move and fail on any difference "
                        + "from the delta evaluation"),
                JobOption.whole("threads", "N", "Threads for the distance table (default: all cores)")
                        .withRange(1, org.ccopt.util.Workers.MAX_THREADS)));

        /** An option of the swap searches (two-opt, sa), with a value that breaks it for the tests. */
        private static JobOption swapsOnly(JobOption o, String example) {
            return o.withApplies(new JobOption.Applies("to the swap searches (two-opt, sa)",
                    v -> RankPlacement.parse(v.text("placement")).swaps(), Map.of("topology", "torus:4x4", "collective",
                    "bcast", "placement", "ascending", o.name(), example), v -> "--placement " + v.text("placement")));
        }

        /** For {@link java.util.ServiceLoader}; use {@link RankJob#JOB}. */
        public AsJob() {
            super(OPTIONS, AsJob::read, q -> place(q, () -> false), Placed::figures);
        }

        private static Request read(JobOptions.Values v) {
            Topology t = TopologySpec.parse(v.text("topology"));
            String collective = v.text("collective");
            String comm = v.text("comm");
            if ((collective == null) == (comm == null)) {
                throw new InvalidInputException("give either --collective ALG or --comm FILE; got " + (comm == null ? "neither"
                        : "both"));
            }
            CommMatrix matrix = comm == null ? null : CommMatrix.read(java.nio.file.Path.of(comm), t);
            int p = matrix != null ? matrix.procs() : v.given("procs") ? v.whole("procs") : t.terminalCount();
            CollectiveMix mix = matrix != null ? CollectiveMix.of(matrix) : CollectiveMix.parse(collective, p);
            RankPlacement pl = RankPlacement.parse(v.text("placement"));
            SearchRules base = SearchRules.parse(v.text("rules"));
            SearchRules rules = new SearchRules(v.given("start") ? SearchRules.parseStart(v.text("start")) : base.start(),
                    v.given("accept") ? SearchRules.parseAccept(v.text("accept")) : base.strict());
            long seed = v.wholeLong("seed");
            RankPlacer.Settings settings = new RankPlacer.Settings(pl, RankPlacement.Objective.parse(v.text("objective")),
                    pl.searches() ? v.wholeLong("iterations") : 0, seed, v.flag("check"), 0, rules);
            return new Request(t, mix, comm, ProcessMapping.parse(v.text("mapping")), seed, settings,
                    v.given("threads") ? v.whole("threads") : Runtime.getRuntime().availableProcessors());
        }
    }

    /**
     * @param ranks      terminal of every rank
     * @param contention whether contention was measured (routes built: P &lt;= {@link RouteTable#MAX_PROCS})
     */
    public record Outcome(RankProblem problem, RankPlacer.Result result, int[] ranks, boolean contention,
                          PlacementValidator.Report validation, ProcessMapping mapping, RankPlacer.Settings settings) {

        /**
         * The figures by name, as {@code ccopt rank --json} prints them; {@code comm} names the communication matrix's
         * file (null for collectives), {@code seed} the run's seed. For a matrix, hop-bytes over the volume is the
         * average dilation, as the mapping tools report it.
         */
        public Map<String, Object> figures(String comm, long seed) {
            CommMatrix matrix = problem.mix().matrix();
            RankPlacer.Result r = result;
            Map<String, Object> j = new LinkedHashMap<>();
            j.put("topology", problem.topology().spec());
            j.put("procs", problem.procs());
            j.put("collective", matrix == null ? problem.mix().label() : null);
            if (matrix != null) {
                j.put("comm", comm);
                j.put("volume", matrix.totalVolume());
                j.put("averageDilation", matrix.totalVolume() == 0 ? 0.0 : (double) r.totalHops() / matrix.totalVolume());
            }
            j.put("mapping", mapping.label());
            j.put("placement", settings.placement().label());
            j.put("objective", settings.objective().label());
            j.put("initialHops", r.initialHops());
            j.put("totalHops", r.totalHops());
            j.put("initialContention", contention ? r.initialContention() : null);
            j.put("contention", contention ? r.contention() : null);
            j.put("rules", settings.placement().swaps() ? settings.rules().label() : null);
            j.put("iterations", r.iterations());
            j.put("accepted", r.accepted());
            j.put("seconds", r.seconds());
            j.put("validated", validation.exact() ? "exact" : "sampled " + validation.ranksChecked() + " ranks");
            j.put("seed", seed);
            j.put("ranks", ranks);
            return j;
        }

        /** The search's recorded objective as CSV ({@code iteration} and the objective's name), for a convergence plot. */
        public String traceCsv() {
            List<List<Object>> csv = new ArrayList<>();
            for (int i = 0; i < result.traceIterations().length; i++) {
                csv.add(List.of(result.traceIterations()[i], String.valueOf(result.traceObjective()[i])));
            }
            return org.ccopt.util.Csv.write(List.of("iteration", settings.objective().label()), csv);
        }
    }

    /**
     * @param mappingSeed seed of the process mapping (the placement search uses {@code settings.seed()})
     * @param contention  measure contention even when the objective is hops (skipped above
     *                    {@link RouteTable#MAX_PROCS} processes)
     */
    public static Outcome run(Topology topology, CollectiveMix mix, ProcessMapping mapping, long mappingSeed,
                              RankPlacer.Settings settings, boolean contention, int threads) {
        return run(topology, mix, mapping, mappingSeed, settings, contention, threads, () -> false);
    }

    /** A request's placement, its search ended early once {@code stop} says so (the best reached, validated). */
    public static Placed place(Request q, java.util.function.BooleanSupplier stop) {
        return new Placed(run(q.topology(), q.mix(), q.mapping(), q.seed(), q.settings(), true, q.threads(), stop), q.comm(),
                q.seed());
    }

    /** {@link #run(Topology, CollectiveMix, ProcessMapping, long, RankPlacer.Settings, boolean, int)}, stoppable. */
    public static Outcome run(Topology topology, CollectiveMix mix, ProcessMapping mapping, long mappingSeed,
                              RankPlacer.Settings settings, boolean contention, int threads,
                              java.util.function.BooleanSupplier stop) {
        int[] mapped = mapping.nodes(topology, mix.procs(), mappingSeed);
        boolean routes = settings.objective() == RankPlacement.Objective.CONTENTION
                || (contention && mix.procs() <= RouteTable.MAX_PROCS);
        RankProblem problem = RankProblem.of(topology, mapped, mix, routes, threads);
        RankPlacer.Result result = RankPlacer.place(problem, settings, stop);
        int[] ranks = problem.ranks(result.slots());
        PlacementValidator.Report report = PlacementValidator.check(problem, ranks, result.totalHops(),
                routes ? result.contention() : -1);
        return new Outcome(problem, result, ranks, routes, report, mapping, settings);
    }
}
