package org.ccopt.flitsim.net;

import org.ccopt.InvalidInputException;

/**
 * An open-loop traffic source: every terminal generates packets of {@code sizes} (one size, or a mix: {@link
 * PacketSizes}) at {@code rate} flits per cycle on average, independently of the network (its source queue is
 * unbounded), to {@link Destinations}. L below is the mean packet size.
 *
 * <ul>
 *   <li>{@code BERNOULLI}: a packet in each cycle with probability rate / L (BookSim's {@code bernoulli}).
 *   <li>{@code ON_OFF}: a two-state Markov source; on, it generates a packet with probability 1 / L per cycle (one
 *       flit per cycle), and it turns off with probability 1 / burst per cycle, so bursts last {@code burst} cycles
 *       on average; off, it turns on with the probability that makes the long-run rate {@code rate} (the on-off
 *       process of Dally &amp; Towles 2004, §24.2.1).
 * </ul>
 *
 * <p>With {@code requestReply} (null: off) the sources generate requests, each answered by a reply of the destination
 * ({@link RequestReply}); L is then the mean flits of a request and its reply, and {@code sizes} is not used.
 */
public record OpenLoopTraffic(Destinations destinations, Process process, double rate, PacketSizes sizes, double burst,
                              RequestReply requestReply) {

    /** The injection process. */
    public enum Process {
        BERNOULLI, ON_OFF
    }

    public OpenLoopTraffic {
        if (!(rate > 0 && rate <= 1)) {
            throw new InvalidInputException("injection rate " + rate + " is invalid; expected flits per terminal per cycle in (0, 1]");
        }
        java.util.Objects.requireNonNull(sizes, "sizes");
        if (process == Process.ON_OFF && (!(burst >= 1) || rate >= 1)) {
            throw new InvalidInputException("on-off burst " + burst + " at rate " + rate
                    + " is invalid; expected a mean burst of >= 1 cycle and a rate below 1");
        }
    }

    /** A source of {@code sizes}, without replies. */
    public OpenLoopTraffic(Destinations destinations, Process process, double rate, PacketSizes sizes, double burst) {
        this(destinations, process, rate, sizes, burst, null);
    }

    /** A source of one packet size. */
    public OpenLoopTraffic(Destinations destinations, Process process, double rate, int packetFlits, double burst) {
        this(destinations, process, rate, checked(packetFlits), burst);
    }

    /** This source answered by replies ({@link RequestReply}). */
    public OpenLoopTraffic withRequestReply(RequestReply rr) {
        return new OpenLoopTraffic(destinations, process, rate, sizes, burst, rr);
    }

    /** The largest packet it generates, requests and replies included. */
    public int maxPacketFlits() {
        return requestReply != null ? requestReply.max() : sizes.max();
    }

    private static PacketSizes checked(int packetFlits) {
        if (packetFlits < 1) {
            throw new InvalidInputException("packet size " + packetFlits + " is invalid; expected >= 1 flit");
        }
        return PacketSizes.of(packetFlits);
    }

    /** A Bernoulli source. */
    public static OpenLoopTraffic bernoulli(Destinations destinations, double rate, int packetFlits) {
        return new OpenLoopTraffic(destinations, Process.BERNOULLI, rate, packetFlits, 1);
    }

    /**
     * The one size of every packet; one line where the sizes are a mix, which a router of one packet size (the papers')
     * cannot run.
     */
    public int packetFlits() {
        if (requestReply != null) {
            throw new InvalidInputException("--request-reply " + requestReply.spec() + " answers requests with replies, "
                    + "which BookSim's router runs; the papers' router runs packets without replies");
        }
        if (!sizes.single()) {
            throw new InvalidInputException("--packet-sizes " + sizes + " mixes packet sizes, which BookSim's router runs; "
                    + "the papers' router runs one size (--packet-flits)");
        }
        return sizes.flits()[0];
    }

    /** Per-cycle probability of a packet (while on, for the on-off process). */
    double packetProbability() {
        double mean = requestReply != null ? requestReply.transactionFlits() : sizes.mean();
        return process == Process.ON_OFF ? 1.0 / mean : rate / mean;
    }

    /** Per-cycle probability that an off source turns on: duty cycle = rate = alpha / (alpha + beta). */
    double onProbability() {
        double beta = offProbability();
        return Math.min(1, beta * rate / (1 - rate));
    }

    double offProbability() {
        return 1 / burst;
    }
}
