package org.ccopt.flitsim;

import java.util.Arrays;
import org.ccopt.InvalidInputException;

/**
 * Link-by-cycle record of one run, for the pictures of Yokota et al. 2023, §8.3 (Fig. 6): every flit that
 * crossed a router-to-router link (cycle, link, slice) and every cycle in which an output port had a flit ready
 * but no buffer space downstream (slice -1, "blocked"). Link id = node * ports + output port. Off by default;
 * attach one with {@link FlitSimulator#trace(LinkTrace)}.
 */
public final class LinkTrace {

    public static final int BLOCKED = -1;

    private int[] cycle = new int[1024];
    private int[] link = new int[1024];
    private int[] slice = new int[1024];
    private int size;
    private int links;
    private int ports;

    void start(int linkCount, int portCount) {
        size = 0;
        links = linkCount;
        ports = portCount;
    }

    /** The most events a trace holds (12 bytes each in memory, about 20 in the CSV). */
    public static final int MAX_EVENTS = 1 << 25;

    void record(int atCycle, int linkId, int sliceIndex) {
        if (size == MAX_EVENTS) {
            throw new InvalidInputException("the link trace passed " + MAX_EVENTS + " events before the run ended; "
                    + "trace a smaller run (fewer packets or slices, a smaller network)");
        }
        if (size == cycle.length) {
            cycle = Arrays.copyOf(cycle, size * 2);
            link = Arrays.copyOf(link, size * 2);
            slice = Arrays.copyOf(slice, size * 2);
        }
        cycle[size] = atCycle;
        link[size] = linkId;
        slice[size] = sliceIndex;
        size++;
    }

    /**
     * Withdraws the blocked mark of link {@code linkId} in cycle {@code atCycle} (the link sent after all, in a later
     * pass of that cycle); the events of the current cycle are the last ones recorded.
     */
    void unblock(int atCycle, int linkId) {
        for (int i = size - 1; i >= 0 && cycle[i] == atCycle; i--) {
            if (link[i] == linkId && slice[i] == BLOCKED) {
                System.arraycopy(cycle, i + 1, cycle, i, size - i - 1);
                System.arraycopy(link, i + 1, link, i, size - i - 1);
                System.arraycopy(slice, i + 1, slice, i, size - i - 1);
                size--;
                return;
            }
        }
    }

    public int size() {
        return size;
    }

    public int cycle(int i) {
        return cycle[i];
    }

    public int link(int i) {
        return link[i];
    }

    public int slice(int i) {
        return slice[i];
    }

    /** Node * ports + port for every link id; ports per router. */
    public int ports() {
        return ports;
    }

    public int linkIds() {
        return links;
    }

    /** CSV: cycle,node,port,slice,state with state "flit" or "blocked". */
    public String toCsv() {
        StringBuilder s = new StringBuilder();
        try {
            writeCsv(s);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e); // a StringBuilder does not throw
        }
        return s.toString();
    }

    /** Writes {@link #toCsv()} to {@code out} row by row, without holding the whole text. */
    public void writeCsv(Appendable out) throws java.io.IOException {
        out.append("cycle,node,port,slice,state\n");
        for (int i = 0; i < size; i++) {
            out.append(Integer.toString(cycle[i])).append(',').append(Integer.toString(link[i] / ports)).append(',')
                    .append(Integer.toString(link[i] % ports)).append(',')
                    .append(slice[i] < 0 ? "" : String.valueOf(slice[i])).append(',')
                    .append(slice[i] < 0 ? "blocked" : "flit").append('\n');
        }
    }
}
