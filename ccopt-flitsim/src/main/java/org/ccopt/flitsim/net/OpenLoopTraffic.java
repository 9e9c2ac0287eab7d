package org.ccopt.flitsim.net;

import org.ccopt.InvalidInputException;

/**
 * An open-loop traffic source: every terminal generates packets of {@code packetFlits} flits at {@code rate} flits per
 * cycle on average, independently of the network (its source queue is unbounded), to {@link Destinations}.
 *
 * <ul>
 *   <li>{@code BERNOULLI}: a packet in each cycle with probability rate / L (BookSim's {@code bernoulli}).
 *   <li>{@code ON_OFF}: a two-state Markov source; on, it generates a packet with probability 1 / L per cycle (one
 *       flit per cycle), and it turns off with probability 1 / burst per cycle, so bursts last {@code burst} cycles
 *       on average; off, it turns on with the probability that makes the long-run rate {@code rate} (the on-off
 *       process of Dally &amp; Towles 2004, §24.2.1).
 * </ul>
 */
public record OpenLoopTraffic(Destinations destinations, Process process, double rate, int packetFlits, double burst) {

    /** The injection process. */
    public enum Process {
        BERNOULLI, ON_OFF
    }

    public OpenLoopTraffic {
        if (!(rate > 0 && rate <= 1)) {
            throw new InvalidInputException("injection rate " + rate + " is invalid; expected flits per terminal per cycle in (0, 1]");
        }
        if (packetFlits < 1) {
            throw new InvalidInputException("packet size " + packetFlits + " is invalid; expected >= 1 flit");
        }
        if (process == Process.ON_OFF && (!(burst >= 1) || rate >= 1)) {
            throw new InvalidInputException("on-off burst " + burst + " at rate " + rate
                    + " is invalid; expected a mean burst of >= 1 cycle and a rate below 1");
        }
    }

    /** A Bernoulli source. */
    public static OpenLoopTraffic bernoulli(Destinations destinations, double rate, int packetFlits) {
        return new OpenLoopTraffic(destinations, Process.BERNOULLI, rate, packetFlits, 1);
    }

    /** Per-cycle probability of a packet (while on, for the on-off process). */
    double packetProbability() {
        return process == Process.ON_OFF ? 1.0 / packetFlits : rate / packetFlits;
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
