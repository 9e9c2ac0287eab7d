package org.ccopt.mpi;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ccopt.InvalidInputException;

/**
 * Collective algorithms over ranks 0..P-1 as dependent transfer lists (Cui 2024, §2.3.2; the MPICH
 * implementations the thesis measures). A transfer of rank r in step s depends on everything r received in
 * its latest earlier step with receives, which is the dependency an MPI implementation enforces.
 *
 * <ul>
 *   <li><b>bcast</b>, binomial tree from rank 0: in step i (mask = 2^(L-1-i), L = ceil(log2 P)) every rank r
 *       with r mod 2 mask = 0 and r + mask &lt; P sends to r + mask (v0-&gt;v4, then v0-&gt;v2 and v4-&gt;v6, ... as in
 *       the thesis's Fig. 2.13). Any P; P - 1 transfers in ceil(log2 P) steps.
 *   <li><b>allreduce</b>, recursive doubling: for P = 2^L, in step i rank r exchanges with r XOR 2^i (both
 *       directions). Other P as MPICH does: with p' the largest power of two &lt;= P and rem = P - p', the first
 *       2 rem ranks pair up and the even ones send their data to the odd ones (a pre-step), the p' survivors run
 *       recursive doubling, and the odd ranks return the result to the even ones (a post-step).
 *   <li><b>alltoall</b>, Bruck: in step k (0 &lt;= k &lt; ceil(log2 P)) rank r sends to (r + 2^k) mod P the blocks
 *       whose index has bit k set, a fraction |{j &lt; P : bit k of j}| / P of the data. The thesis's text gives
 *       r + 2^k; its Fig. 2.15 draws the mirror image r - 2^k, which has the same hop count on undirected
 *       networks.
 *   <li><b>ring-allreduce</b>: reduce-scatter then allgather around the ring r -&gt; r+1, 2 (P-1) steps of m/P.
 *   <li><b>pairwise-alltoall</b>: P-1 steps; in step i rank r sends m/P to (r + i) mod P.
 * </ul>
 */
public enum MpiAlgorithm {
    BCAST("bcast"), ALLREDUCE("allreduce"), ALLTOALL("alltoall"),
    RING_ALLREDUCE("ring-allreduce"), PAIRWISE_ALLTOALL("pairwise-alltoall");

    public static final String NAMES = "bcast, allreduce, alltoall, ring-allreduce, pairwise-alltoall";

    private final String label;

    MpiAlgorithm(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /**
     * True for the personalised all-to-all exchanges, whose MPI call states the count for each destination
     * (MPI_Alltoall's {@code sendcount}); the others state the whole message (MPI_Bcast's, MPI_Allreduce's count).
     */
    public boolean perDestination() {
        return this == ALLTOALL || this == PAIRWISE_ALLTOALL;
    }

    /**
     * The message size m that the transfers' fractions ({@link Transfer#messageFraction()}) refer to, from the size
     * as the MPI call states it: for the all-to-all kinds each rank's whole buffer, P blocks of the per-destination
     * size; for the others the message itself.
     */
    public double collectiveBytes(double mpiBytes, int procs) {
        return perDestination() ? mpiBytes * procs : mpiBytes;
    }

    public static MpiAlgorithm parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (MpiAlgorithm a : values()) {
            if (a.label.equals(t)) {
                return a;
            }
        }
        throw new InvalidInputException("unknown collective algorithm '" + text + "'; expected one of " + NAMES);
    }

    /** How many transfers {@link #transfers} lists for {@code procs} ranks, without listing them. */
    public long transferCount(int procs) {
        long p = procs;
        return switch (this) {
            case BCAST -> p - 1;
            case ALLREDUCE -> {
                long pof2 = Integer.highestOneBit(procs);
                yield 2 * (p - pof2) + pof2 * Long.numberOfTrailingZeros(pof2);
            }
            case ALLTOALL -> p * ceilLog2(procs);
            case RING_ALLREDUCE -> 2 * (p - 1) * p;
            case PAIRWISE_ALLTOALL -> (p - 1) * p;
        };
    }

    public TransferList transfers(int procs) {
        if (procs < 1) {
            throw new InvalidInputException("process count " + procs + " is invalid; expected P >= 1");
        }
        Recorder rec = new Recorder(procs);
        switch (this) {
            case BCAST -> {
                int levels = ceilLog2(procs);
                for (int i = 0; i < levels; i++) {
                    int mask = 1 << (levels - 1 - i);
                    for (int r = 0; r + mask < procs; r += 2 * mask) {
                        rec.send(i, r, r + mask, 1.0);
                    }
                }
            }
            case ALLREDUCE -> {
                int pof2 = Integer.highestOneBit(procs);
                int rem = procs - pof2;
                int step = 0;
                if (rem > 0) {
                    for (int r = 0; r < 2 * rem; r += 2) {
                        rec.send(step, r, r + 1, 1.0);
                    }
                    step++;
                }
                for (int mask = 1; mask < pof2; mask <<= 1, step++) {
                    for (int nr = 0; nr < pof2; nr++) {
                        int partner = nr ^ mask;
                        rec.send(step, oldRank(nr, rem), oldRank(partner, rem), 1.0);
                    }
                }
                if (rem > 0) {
                    for (int r = 0; r < 2 * rem; r += 2) {
                        rec.send(step, r + 1, r, 1.0);
                    }
                }
            }
            case ALLTOALL -> {
                int levels = ceilLog2(procs);
                for (int k = 0; k < levels; k++) {
                    int bit = 1 << k;
                    int blocks = 0;
                    for (int j = 0; j < procs; j++) {
                        if ((j & bit) != 0) {
                            blocks++;
                        }
                    }
                    for (int r = 0; r < procs; r++) {
                        rec.send(k, r, (r + bit) % procs, (double) blocks / procs);
                    }
                }
            }
            case RING_ALLREDUCE -> {
                for (int s = 0; s < 2 * (procs - 1); s++) {
                    for (int r = 0; r < procs; r++) {
                        rec.send(s, r, (r + 1) % procs, 1.0 / procs);
                    }
                }
            }
            case PAIRWISE_ALLTOALL -> {
                for (int i = 1; i < procs; i++) {
                    for (int r = 0; r < procs; r++) {
                        rec.send(i - 1, r, (r + i) % procs, 1.0 / procs);
                    }
                }
            }
            default -> throw new IllegalStateException(label);
        }
        return new TransferList(this, procs, rec.transfers);
    }

    /** MPICH's mapping from a recursive-doubling rank back to the real rank when 2 rem ranks were folded. */
    private static int oldRank(int newRank, int rem) {
        return newRank < rem ? newRank * 2 + 1 : newRank + rem;
    }

    static int ceilLog2(int p) {
        return p <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(p - 1);
    }

    /** Builds transfers and their dependencies: the receives of the source in its latest earlier step. */
    private static final class Recorder {
        final List<Transfer> transfers = new ArrayList<>();
        final List<List<Integer>> lastReceives = new ArrayList<>();
        final List<List<Integer>> currentReceives = new ArrayList<>();
        final int[] currentStep;

        Recorder(int procs) {
            currentStep = new int[procs];
            for (int r = 0; r < procs; r++) {
                lastReceives.add(new ArrayList<>());
                currentReceives.add(new ArrayList<>());
                currentStep[r] = -1;
            }
        }

        void send(int step, int source, int destination, double fraction) {
            promote(source, step);
            int[] deps = lastReceives.get(source).stream().mapToInt(Integer::intValue).toArray();
            int id = transfers.size();
            transfers.add(new Transfer(id, step, source, destination, fraction, deps));
            promote(destination, step);
            currentStep[destination] = step;
            currentReceives.get(destination).add(id);
        }

        /** Receives from steps before {@code step} become the dependencies of sends in {@code step}. */
        private void promote(int rank, int step) {
            if (currentStep[rank] >= 0 && currentStep[rank] < step) {
                lastReceives.set(rank, currentReceives.get(rank));
                currentReceives.set(rank, new ArrayList<>());
                currentStep[rank] = -1;
            }
        }
    }
}
