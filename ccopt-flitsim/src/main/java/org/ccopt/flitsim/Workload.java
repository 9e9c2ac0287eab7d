package org.ccopt.flitsim;

import org.ccopt.InvalidInputException;

/**
 * What every node sends: to {@code destination[i]} (a node equal to i sends nothing), split into
 * {@code slices} slices of {@code packetsPerSlice} back-to-back packets of {@code flitsPerPacket} flits.
 * Node i releases slice s at cycle {@code s * interval + injectionDelay[i]} (Yokota et al. 2023, §5.3).
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
        for (int d : injectionDelay) {
            if (d < 0) {
                throw new InvalidInputException("injection delay " + d + " is negative; expected >= 0");
            }
        }
    }

    /** One slice of {@code packets} packets per node, released at cycle 0. */
    public static Workload simple(int[] destination, int packets, int flitsPerPacket) {
        return new Workload(destination, 1, packets, flitsPerPacket, 0, null);
    }

    public int nodes() {
        return destination.length;
    }
}
