package org.ccopt.mpi;

import java.util.List;

/** The ordered, dependent transfers of one collective algorithm run over {@code procs} ranks. */
public record TransferList(MpiAlgorithm algorithm, int procs, List<Transfer> transfers) {

    public TransferList {
        transfers = List.copyOf(transfers);
    }

    public int steps() {
        int max = -1;
        for (Transfer t : transfers) {
            max = Math.max(max, t.step());
        }
        return max + 1;
    }
}
