package org.ccopt.flitsim;

import org.ccopt.InvalidInputException;

/**
 * What every node sends: to {@code destination[i]} (a node equal to i sends nothing), split into
 * {@code slices} slices of {@code packetsPerSlice} back-to-back packets of {@code flitsPerPacket} flits.
 * Node i releases slice s at cycle {@code s * interval + injectionDelay[i]} (Yokota et al. 2023, §5.3).
 *
 * <p>Bounds, checked here so that no count or cycle overflows later: at most {@link #MAX_PACKETS} packets in all
 * (the simulator's flit word holds the packet id in 20 bits), at most {@link #MAX_FLITS} flits in all, and the last
 * release at most {@link #MAX_RELEASE} cycles, which leaves the run itself about a billion cycles before the
 * simulator's {@code int} clock would overflow (it stops with an error then, never wraps).
 */
public record Workload(int[] destination, int slices, int packetsPerSlice, int flitsPerPacket, int interval,
                       int[] injectionDelay) {

    public Workload {
        destination = destination.clone();
        injectionDelay = injectionDelay == null ? new int[destination.length] : injectionDelay.clone();
        if (slices < 1 || packetsPerSlice < 1 || flitsPerPacket < 1) {
            throw new InvalidInputException("slices, packets and flits per packet must be >= 1, got " + slices + ", "
                    + packetsPerSlice + ", " + flitsPerPacket);
        }
        if (flitsPerPacket > 2047) {
            throw new InvalidInputException("packet length " + flitsPerPacket + " flits is too long; expected <= 2047");
        }
        if (interval < 0) {
            throw new InvalidInputException("inter-slice interval " + interval + " is negative; expected >= 0");
        }
        if (injectionDelay.length != destination.length) {
            throw new InvalidInputException("injection delays for " + injectionDelay.length + " nodes; expected "
                    + destination.length);
        }
        int maxDelay = 0;
        for (int d : injectionDelay) {
            if (d < 0) {
                throw new InvalidInputException("injection delay " + d + " is negative; expected >= 0");
            }
            maxDelay = Math.max(maxDelay, d);
        }
        int senders = senders(destination);
        long packets = (long) slices * packetsPerSlice * senders;
        if (packets > MAX_PACKETS) {
            throw new InvalidInputException("workload has " + packets + " packets (" + senders + " senders x " + slices
                    + " slices x " + packetsPerSlice + " packets); at most " + MAX_PACKETS + " are supported");
        }
        if (packets * flitsPerPacket > MAX_FLITS) {
            throw new InvalidInputException("workload has " + packets * flitsPerPacket + " flits; at most " + MAX_FLITS
                    + " are supported");
        }
        long lastRelease = (long) (slices - 1) * interval + maxDelay;
        if (lastRelease > MAX_RELEASE) {
            throw new InvalidInputException("the last slice would be released at cycle " + lastRelease + " ((slices - 1)"
                    + " x interval + largest injection delay); at most " + MAX_RELEASE + " is supported");
        }
    }

    /** Packets in all: the simulator's flit word holds a packet id in 20 bits. */
    public static final int MAX_PACKETS = (1 << 20) - 1;

    /** Flits in all. */
    public static final long MAX_FLITS = 1L << 28;

    /** The latest cycle a slice may be released at. */
    public static final int MAX_RELEASE = 1 << 30;

    /** Nodes that send: a node whose destination is itself sends nothing. */
    private static int senders(int[] destination) {
        int senders = 0;
        for (int i = 0; i < destination.length; i++) {
            senders += destination[i] == i ? 0 : 1;
        }
        return senders;
    }

    /** The flits the workload sends, every slice of every sender. */
    public long flits() {
        return (long) senders(destination) * slices * packetsPerSlice * flitsPerPacket;
    }

    /** The same workload with inter-slice interval {@code v} (checked like any workload). */
    public Workload withInterval(int v) {
        return new Workload(destination, slices, packetsPerSlice, flitsPerPacket, v, injectionDelay);
    }

    /** The same workload sent to {@code d} instead (the same plan under another node mapping). */
    public Workload withDestination(int[] d) {
        return new Workload(d, slices, packetsPerSlice, flitsPerPacket, interval, injectionDelay);
    }

    /** The same workload with injection delays {@code delay}. */
    public Workload withInjectionDelay(int[] delay) {
        return new Workload(destination, slices, packetsPerSlice, flitsPerPacket, interval, delay);
    }

    /** One slice of {@code packets} packets per node, released at cycle 0. */
    public static Workload simple(int[] destination, int packets, int flitsPerPacket) {
        return new Workload(destination, 1, packets, flitsPerPacket, 0, null);
    }

    public int nodes() {
        return destination.length;
    }
}
