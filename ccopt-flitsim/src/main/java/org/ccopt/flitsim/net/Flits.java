package org.ccopt.flitsim.net;

/**
 * The flit encoding both flit routers share: a flit is one int, its packet's index in the run's packet table shifted
 * left by {@value #SEQ_BITS} bits, or'ed with the flit's place in its packet (0 for the head). So a packet holds at
 * most {@value #MAX_PACKET_FLITS} flits (the unsplit message of 64 slices of 32 flits, Yokota et al. 2023's largest,
 * fits), and a run indexes at most {@value #MAX_PACKETS} packets at once.
 */
public final class Flits {

    /** Bits of a flit's place in its packet. */
    public static final int SEQ_BITS = 11;
    public static final int SEQ_MASK = (1 << SEQ_BITS) - 1;
    /** The longest packet. */
    public static final int MAX_PACKET_FLITS = SEQ_MASK + 1;
    /** Packet indices a flit can carry (the sign bit stays clear). */
    public static final int MAX_PACKETS = 1 << (31 - SEQ_BITS);

    private Flits() {
    }
}
