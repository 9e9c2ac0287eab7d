package org.ccopt.flitsim.net;

import java.util.ArrayList;
import java.util.List;
import org.ccopt.InvalidInputException;

/**
 * The life of chosen packets of one open-loop run on BookSim's router, as BookSim 2's {@code watch_packets} prints it:
 * packets are numbered in the order they are created (from 0, every terminal's in one numbering, terminals in
 * ascending order within a cycle), and each watched packet's events are recorded with their cycle: created at its
 * source, its head injected into its router's terminal port, routed, granted an output VC and through the switch at
 * every router, and its tail ejected. Attach it with {@link NetworkSimulator#watch}.
 */
public final class PacketWatch {

    /** What happened to a packet. */
    public enum Event {
        /** Generated at its source terminal (router: the source's; port and VC: -1). */
        CREATED,
        /** Its head flit written to its router's terminal port (port: that port, local; VC: the VC it took). */
        INJECTED,
        /** Its head routed at a router (port: the output port it requests, local; VC: -1). */
        ROUTED,
        /** Granted an output VC (port and VC: those of the output). */
        VC_GRANTED,
        /** Its head flit through the switch (port and VC: the output's). */
        SWITCHED,
        /** Its tail ejected at the destination terminal (router: the destination's; port and VC: -1). */
        EJECTED
    }

    /** One event of a watched packet; ports are local to the router. */
    public record Row(int cycle, int packet, Event event, int router, int port, int vc) {
    }

    /** The most packets watched in one run. */
    public static final int MAX_WATCHED = 1000;

    private final boolean[] watched;
    private final List<Row> rows = new ArrayList<>();

    /** A watch of packets {@code ids} (numbers of creation order, each 0 .. 2^31 - 2, at most {@link #MAX_WATCHED}). */
    public PacketWatch(List<Integer> ids) {
        if (ids.isEmpty() || ids.size() > MAX_WATCHED) {
            throw new InvalidInputException(ids.size() + " packets to watch; expected 1 to " + MAX_WATCHED);
        }
        int max = 0;
        for (int id : ids) {
            if (id < 0 || id > 100_000_000) {
                throw new InvalidInputException("packet " + id + " to watch is invalid; expected 0 to 100000000 (the "
                        + "number of the packet in creation order)");
            }
            max = Math.max(max, id);
        }
        watched = new boolean[max + 1];
        for (int id : ids) {
            watched[id] = true;
        }
    }

    /** Whether packet {@code id} is watched. */
    boolean watches(int id) {
        return id < watched.length && watched[id];
    }

    void record(int cycle, int packet, Event event, int router, int port, int vc) {
        rows.add(new Row(cycle, packet, event, router, port, vc));
    }

    /** Starts a run: the events of the last are dropped. */
    void clear() {
        rows.clear();
    }

    /** The events recorded, in the order they happened. */
    public List<Row> rows() {
        return List.copyOf(rows);
    }
}
