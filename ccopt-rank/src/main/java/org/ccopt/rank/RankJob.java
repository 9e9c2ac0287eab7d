package org.ccopt.rank;

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
                          PlacementValidator.Report validation) {
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
        return new Outcome(problem, result, ranks, routes, report);
    }
}
