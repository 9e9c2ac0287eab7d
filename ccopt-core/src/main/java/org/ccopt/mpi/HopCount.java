package org.ccopt.mpi;

import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.HopDistances;

/**
 * The hop model (Cui 2024, §3.2.4): the total number of channel traversals of a collective = the sum over
 * its transfers of the length of the route between the terminals that host the two ranks. Every deterministic
 * routing ccopt provides is minimal, so the route length is the hop distance.
 */
public final class HopCount {

    private HopCount() {
    }

    /**
     * The total, from one breadth-first search per destination terminal (or {@code distances}' cached distances to
     * it). The searches share one scratch array and are not kept, so memory stays that of one search however many
     * ranks receive.
     *
     * @param placement terminal of each rank ({@code placement[rank]})
     */
    public static long total(TransferList transfers, Topology t, int[] placement, HopDistances distances) {
        if (placement.length < transfers.procs()) {
            throw new InvalidInputException("placement covers " + placement.length + " ranks; expected "
                    + transfers.procs());
        }
        java.util.List<Transfer> xs = transfers.transfers();
        long[] byDestination = new long[xs.size()]; // destination terminal, then the transfer's index
        for (int i = 0; i < byDestination.length; i++) {
            byDestination[i] = (long) placement[xs.get(i).destination()] << 32 | i;
        }
        java.util.Arrays.sort(byDestination);
        int[] scratch = null;
        int[] queue = null;
        int[] to = null;
        int current = -1;
        long sum = 0;
        for (long key : byDestination) {
            int terminal = (int) (key >>> 32);
            if (terminal != current) {
                current = terminal;
                to = distances.cached(terminal);
                if (to == null) {
                    if (scratch == null) {
                        scratch = new int[t.nodeCount()];
                        queue = new int[t.nodeCount()];
                    }
                    HopDistances.bfs(t, terminal, true, scratch, queue);
                    to = scratch;
                }
            }
            Transfer x = xs.get((int) key);
            int d = to[placement[x.source()]];
            if (d < 0) {
                throw new InvalidInputException("terminal " + terminal + " is unreachable from "
                        + placement[x.source()] + " in " + t.spec());
            }
            sum += d;
        }
        return sum;
    }

    /** Ranks on terminals 0..P-1 in order (the "consecutive" mapping with ascending rank placement). */
    public static int[] consecutive(Topology t, int procs) {
        if (procs > t.terminalCount()) {
            throw InvalidInputException.parameter("procs", procs + " exceeds the " + t.terminalCount()
                    + " terminals of " + t.spec() + "; expected 1.." + t.terminalCount());
        }
        int[] p = new int[procs];
        for (int i = 0; i < procs; i++) {
            p[i] = i;
        }
        return p;
    }
}
