package org.ccopt.rank;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.mpi.HopCount;
import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.mpi.TransferList;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.HopDistances;

/**
 * The hops an MPI collective's transfers take when its ranks sit where a process mapping puts them, in ascending
 * terminal order or in the mapping's own order (Cui 2024, §3.2; the placement searches are {@link RankJob}'s). The use
 * case of {@code ccopt hops}.
 */
public final class HopsQuery {

    private HopsQuery() {
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
        TransferList transfers = q.algorithm().transfers(p);
        long total = HopCount.total(transfers, t, ranks, new HopDistances(t));
        return new Outcome(q, p, placement, transfers.steps(), transfers.transfers().size(), total);
    }
}
