package org.ccopt.rank;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.job.DeclaredJob;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;
import org.ccopt.mpi.HopCount;
import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.mpi.TransferList;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.HopDistances;
import org.ccopt.topology.spec.TopologySpec;

/**
 * The hops an MPI collective's transfers take when its ranks sit where a process mapping puts them, in ascending
 * terminal order or in the mapping's own order (Cui 2024, §3.2; the placement searches are {@link RankJob}'s). The use
 * case of {@code ccopt hops}.
 */
public final class HopsQuery {

    /** The job of {@code ccopt hops}. */
    public static final AsJob JOB = new AsJob();

    private HopsQuery() {
    }

    /** {@code ccopt hops} as a library job: the request's options and their reading. */
    public static final class AsJob extends DeclaredJob<Request, Outcome> {

        private static final JobOptions OPTIONS = JobOptions.of("hops", List.of(TopologySpec.OPTION,
                JobOption.text("collective", "ALG", MpiAlgorithm.NAMES).asRequired(),
                JobOption.whole("procs", "P", "Number of processes (default: all terminals)"),
                JobOption.text("mapping", "NAME", "Process mapping, the terminals the job runs on: " + ProcessMapping.NAMES
                        + "; consecutive is terminals 0..P-1").withDefault("consecutive"),
                JobOption.text("placement", "ascending|mapping-order", "Rank r on the r-th lowest mapped terminal, or on "
                        + "the r-th terminal the mapping chose, as in rank and msgsim").withDefault("ascending"),
                JobOption.wholeLong("seed", 1, "Seed of the mapping").withApplies(new JobOption.Applies("to a mapping that "
                        + "draws (random, tree, ring, circulant, block; consecutive is terminals 0..P-1)",
                        v -> drawn(v.text("mapping")), java.util.Map.of("topology", "torus:4x4", "collective", "bcast",
                        "seed", "7")))));

        /** Whether mapping {@code name} draws from the seed (true for one the run refuses, which says why itself). */
        private static boolean drawn(String name) {
            try {
                return ProcessMapping.parse(name) != ProcessMapping.CONSECUTIVE;
            } catch (org.ccopt.InvalidInputException e) {
                return true;
            }
        }

        /** For {@link java.util.ServiceLoader}; use {@link HopsQuery#JOB}. */
        public AsJob() {
            super(OPTIONS, v -> new Request(TopologySpec.parse(v.text("topology")), MpiAlgorithm.parse(v.text("collective")),
                    v.wholeOrNull("procs"), ProcessMapping.parse(v.text("mapping")), v.text("placement"), v.wholeLong("seed")),
                    HopsQuery::run, Outcome::figures);
        }
    }

    /**
     * What to count.
     *
     * @param procs     processes, or null for every terminal
     * @param placement {@code ascending} or {@code mapping-order}
     */
    public record Request(Topology topology, MpiAlgorithm algorithm, Integer procs, ProcessMapping mapping, String placement,
                          long seed) {
    }

    /** The collective's transfers, steps and hops. */
    public record Outcome(Request request, int procs, String placement, int steps, int transfers, long totalHops) {

        public double hopsPerTransfer() {
            return transfers == 0 ? 0.0 : (double) totalHops / transfers;
        }

        /** The figures {@code --json} prints, in order. */
        public Map<String, Object> figures() {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("topology", request.topology().spec());
            r.put("collective", request.algorithm().label());
            r.put("procs", procs);
            r.put("mapping", request.mapping().label());
            r.put("placement", placement);
            r.put("steps", steps);
            r.put("transfers", transfers);
            r.put("totalHops", totalHops);
            r.put("hopsPerTransfer", hopsPerTransfer());
            return r;
        }

        /** The outcome as one line of text. */
        public String line() {
            return String.format(Locale.ROOT, "%s of %d processes on %s (%s mapping, %s placement): %d transfers in %d steps, "
                    + "%d hops (%.3f per transfer)", request.algorithm().label(), procs, request.topology().spec(),
                    request.mapping().label(), placement, transfers, steps, totalHops, hopsPerTransfer());
        }
    }

    /** The most transfers one count lists (about 3 GB of them). */
    public static final long MAX_TRANSFERS = 30_000_000;

    /**
     * The most steps of the breadth-first searches one count takes (destinations x (nodes + channels)): about a minute
     * on a 2-core machine of 2026.
     */
    public static final long MAX_SEARCH_STEPS = 20_000_000_000L;

    /** Places the ranks and counts; one line for a process count or placement out of range. */
    public static Outcome run(Request q) {
        Topology t = q.topology();
        int p = q.procs() == null ? t.terminalCount() : q.procs();
        if (p < 1 || p > t.terminalCount()) {
            throw new InvalidInputException("--procs " + p + " is out of range; expected 1.." + t.terminalCount()
                    + " (the terminals of " + t.spec() + ")");
        }
        int[] ranks = q.mapping().nodes(t, p, q.seed());
        String placement = q.placement().trim().toLowerCase(Locale.ROOT);
        switch (placement) {
            case "ascending" -> Arrays.sort(ranks);
            case "mapping-order" -> { }
            default -> throw new InvalidInputException("unknown placement '" + q.placement()
                    + "'; expected ascending or mapping-order (the searches are in 'ccopt rank')");
        }
        long count = q.algorithm().transferCount(p);
        long searches = (long) Math.min(p, t.terminalCount()) * (t.nodeCount() + t.channelCount());
        if (count > MAX_TRANSFERS || searches > MAX_SEARCH_STEPS) {
            throw new InvalidInputException(q.algorithm().label() + " of " + p + " processes on '" + t.spec() + "' "
                    + (count > MAX_TRANSFERS ? "lists " + count + " transfers, above the " + MAX_TRANSFERS
                    : "needs a breadth-first search from each of up to " + p + " destinations over "
                    + (t.nodeCount() + t.channelCount()) + " nodes and channels (" + searches + " steps), above the "
                    + MAX_SEARCH_STEPS) + " ccopt takes; expected fewer processes (--procs) or a smaller network");
        }
        TransferList transfers = q.algorithm().transfers(p);
        long total = HopCount.total(transfers, t, ranks, new HopDistances(t));
        return new Outcome(q, p, placement, transfers.steps(), transfers.transfers().size(), total);
    }
}
