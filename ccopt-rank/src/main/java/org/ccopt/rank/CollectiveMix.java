package org.ccopt.rank;

import java.util.ArrayList;
import java.util.List;
import org.ccopt.InvalidInputException;
import org.ccopt.mpi.CommMatrix;
import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.mpi.Transfer;
import org.ccopt.mpi.TransferList;

/**
 * The collectives a placement is optimised for, each with an integer weight (an application that calls
 * alltoall three times as often as allreduce: {@code alltoall:3,allreduce}), flattened into arrays the
 * evaluator walks: every transfer's source and destination rank, its step (steps of different collectives
 * are numbered apart, so they never share a step) and weight, and for every rank the transfers that touch it.
 * A communication matrix ({@link #of(CommMatrix)}) flattens the same way, one transfer per entry.
 */
public final class CollectiveMix {

    /** One collective and how much it counts. */
    public record Part(MpiAlgorithm algorithm, int weight) {
    }

    private final List<Part> parts;
    private final CommMatrix matrix;
    private final int procs;
    final int[] source;
    final int[] destination;
    final int[] step;
    /** What a transfer's hops count for: its collective's weight, or its matrix volume. */
    final int[] weight;
    /** What a pair of same-step transfers sharing a channel counts for: the collective's weight, or 1 in a matrix. */
    final int[] pairWeight;
    final int steps;
    /** Transfers touching rank r: {@code incident[incidentStart[r] .. incidentStart[r+1]-1]}. */
    final int[] incidentStart;
    final int[] incident;
    /** For each incidence entry: the transfer's other rank and its weight (contiguous per rank, for the hot loop). */
    final int[] incidentOther;
    final int[] incidentWeight;

    public CollectiveMix(List<Part> parts, int procs) {
        this(List.copyOf(requireSome(parts)), null, procs, rows(parts, procs));
    }

    /**
     * The transfers of a communication matrix: one per non-zero entry, all in one step (a matrix says nothing of
     * order), its hops weighted by the entry's volume (hop-bytes); in the contention count each pair of messages
     * sharing a channel counts once, since a pair of unequal volumes has no one weight (ccopt's reading).
     */
    public static CollectiveMix of(CommMatrix matrix) {
        List<int[]> rows = new ArrayList<>();
        for (int k = 0; k < matrix.entries(); k++) {
            rows.add(new int[] {matrix.source()[k], matrix.target()[k], 0, matrix.volume()[k], 1});
        }
        return new CollectiveMix(List.of(), matrix, matrix.procs(), rows);
    }

    private static List<Part> requireSome(List<Part> parts) {
        if (parts.isEmpty()) {
            throw new InvalidInputException("no collective given; expected one or more of " + MpiAlgorithm.NAMES);
        }
        return parts;
    }

    /** Rows (source, destination, step, weight, pair weight) of the collectives' non-self transfers, steps apart. */
    private static List<int[]> rows(List<Part> parts, int procs) {
        List<int[]> rows = new ArrayList<>();
        int stepOffset = 0;
        for (Part part : parts) {
            TransferList list = part.algorithm().transfers(procs);
            for (Transfer x : list.transfers()) {
                if (x.source() != x.destination()) {
                    rows.add(new int[] {x.source(), x.destination(), stepOffset + x.step(), part.weight(), part.weight()});
                }
            }
            stepOffset += list.steps();
        }
        return rows;
    }

    private CollectiveMix(List<Part> parts, CommMatrix matrix, int procs, List<int[]> rows) {
        this.parts = parts;
        this.matrix = matrix;
        this.procs = procs;
        int m = rows.size();
        source = new int[m];
        destination = new int[m];
        step = new int[m];
        weight = new int[m];
        pairWeight = new int[m];
        int lastStep = -1;
        for (int i = 0; i < m; i++) {
            int[] r = rows.get(i);
            source[i] = r[0];
            destination[i] = r[1];
            step[i] = r[2];
            weight[i] = r[3];
            pairWeight[i] = r[4];
            lastStep = Math.max(lastStep, r[2]);
        }
        steps = lastStep + 1;
        incidentStart = new int[procs + 1];
        for (int i = 0; i < m; i++) {
            incidentStart[source[i] + 1]++;
            incidentStart[destination[i] + 1]++;
        }
        for (int r = 0; r < procs; r++) {
            incidentStart[r + 1] += incidentStart[r];
        }
        incident = new int[2 * m];
        incidentOther = new int[2 * m];
        incidentWeight = new int[2 * m];
        int[] fill = incidentStart.clone();
        for (int i = 0; i < m; i++) {
            int at = fill[source[i]]++;
            incident[at] = i;
            incidentOther[at] = destination[i];
            incidentWeight[at] = weight[i];
            at = fill[destination[i]]++;
            incident[at] = i;
            incidentOther[at] = source[i];
            incidentWeight[at] = weight[i];
        }
    }

    /**
     * Parses {@code bcast,alltoall:3}: algorithm names (see {@link MpiAlgorithm}), each optionally with
     * {@code :weight}, a positive integer (default 1).
     */
    public static CollectiveMix parse(String text, int procs) {
        List<Part> parts = new ArrayList<>();
        for (String item : text.split(",")) {
            String s = item.trim();
            if (s.isEmpty()) {
                continue;
            }
            int colon = s.indexOf(':');
            int w = 1;
            if (colon >= 0) {
                String ws = s.substring(colon + 1).trim();
                try {
                    w = Integer.parseInt(ws);
                } catch (NumberFormatException e) {
                    w = -1;
                }
                if (w < 1 || w > 1_000_000) {
                    throw new InvalidInputException("collective weight '" + ws + "' in '" + item.trim()
                            + "' is invalid; expected an integer 1..1000000");
                }
                s = s.substring(0, colon);
            }
            parts.add(new Part(MpiAlgorithm.parse(s), w));
        }
        return new CollectiveMix(parts, procs);
    }

    /** The collectives; empty for a communication matrix. */
    public List<Part> parts() {
        return parts;
    }

    /** The communication matrix, or null for collectives. */
    public CommMatrix matrix() {
        return matrix;
    }

    public int procs() {
        return procs;
    }

    public int transferCount() {
        return source.length;
    }

    public int steps() {
        return steps;
    }

    /** Largest number of transfers touching one rank. */
    int maxIncident() {
        int max = 0;
        for (int r = 0; r < procs; r++) {
            max = Math.max(max, incidentStart[r + 1] - incidentStart[r]);
        }
        return max;
    }

    /** A label such as {@code bcast+alltoall:3}. */
    public String label() {
        if (matrix != null) {
            return "comm matrix";
        }
        StringBuilder b = new StringBuilder();
        for (Part p : parts) {
            if (b.length() > 0) {
                b.append('+');
            }
            b.append(p.algorithm().label());
            if (p.weight() != 1) {
                b.append(':').append(p.weight());
            }
        }
        return b.toString();
    }

    public int source(int transfer) {
        return source[transfer];
    }

    public int destination(int transfer) {
        return destination[transfer];
    }

    public int step(int transfer) {
        return step[transfer];
    }

    public int weight(int transfer) {
        return weight[transfer];
    }
}
