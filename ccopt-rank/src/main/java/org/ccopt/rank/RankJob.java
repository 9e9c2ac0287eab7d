package org.ccopt.rank;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ccopt.mpi.CommMatrix;
import org.ccopt.topology.Topology;

/**
 * One job end to end: map P processes onto terminals, place the ranks, and re-check the result with
 * {@link PlacementValidator} before anyone sees it.
 */
public final class RankJob {

    private RankJob() {
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
        int[] mapped = mapping.nodes(topology, mix.procs(), mappingSeed);
        boolean routes = settings.objective() == RankPlacement.Objective.CONTENTION
                || (contention && mix.procs() <= RouteTable.MAX_PROCS);
        RankProblem problem = RankProblem.of(topology, mapped, mix, routes, threads);
        RankPlacer.Result result = RankPlacer.place(problem, settings);
        int[] ranks = problem.ranks(result.slots());
        PlacementValidator.Report report = PlacementValidator.check(problem, ranks, result.totalHops(),
                routes ? result.contention() : -1);
        return new Outcome(problem, result, ranks, routes, report, mapping, settings);
    }
}
