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
     * @param placement terminal of each rank ({@code placement[rank]})
     */
    public static long total(TransferList transfers, Topology t, int[] placement, HopDistances distances) {
        if (placement.length < transfers.procs()) {
            throw new InvalidInputException("placement covers " + placement.length + " ranks; expected "
                    + transfers.procs());
        }
        long sum = 0;
        for (Transfer x : transfers.transfers()) {
            int d = distances.distance(placement[x.source()], placement[x.destination()]);
            if (d < 0) {
                throw new InvalidInputException("terminal " + placement[x.destination()] + " is unreachable from "
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
