package org.ccopt.flitsim.net;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;

/**
 * The packet sizes of an open load: one size, or a mix in which size {@code flits[i]} is drawn with probability
 * {@code weights[i]} over the sum of the weights (BookSim 2's {@code packet_size} and {@code packet_size_rate}, its
 * {@code TrafficManager::_GetNextPacketSize}). An offered load in flits per cycle then generates packets at the rate over
 * the mean size ({@code injection_rate_uses_flits}).
 */
public record PacketSizes(int[] flits, int[] weights) {

    public PacketSizes {
        flits = flits.clone();
        weights = weights.clone();
        if (flits.length == 0 || flits.length != weights.length) {
            throw new InvalidInputException(flits.length + " packet sizes and " + weights.length + " weights; expected one "
                    + "weight per size, at least one size");
        }
        long total = 0;
        for (int i = 0; i < flits.length; i++) {
            if (flits[i] < 1 || flits[i] > Flits.MAX_PACKET_FLITS || weights[i] < 0) {
                throw new InvalidInputException("packet size " + flits[i] + " of weight " + weights[i] + " is invalid; "
                        + "expected 1.." + Flits.MAX_PACKET_FLITS + " flits and a weight >= 0");
            }
            total += weights[i];
        }
        if (total < 1 || total > Integer.MAX_VALUE) {
            throw new InvalidInputException("packet size weights add up to " + total + "; expected 1.." + Integer.MAX_VALUE);
        }
    }

    @Override
    public int[] flits() {
        return flits.clone();
    }

    @Override
    public int[] weights() {
        return weights.clone();
    }

    /** One size for every packet. */
    public static PacketSizes of(int flits) {
        return new PacketSizes(new int[] {flits}, new int[] {1});
    }

    /**
     * Parses {@code L:W,L:W,...} (flits and a whole weight per size, e.g. {@code 1:1,8:1}); one line naming the text
     * where it is not that.
     */
    public static PacketSizes parse(String text) {
        String[] parts = text.split(",", -1);
        int[] flits = new int[parts.length];
        int[] weights = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String[] pair = parts[i].strip().split(":", -1);
            if (pair.length != 2 || !pair[0].matches("[0-9]{1,9}") || !pair[1].matches("[0-9]{1,9}")) {
                throw new InvalidInputException("--packet-sizes '" + text + "' is invalid; expected FLITS:WEIGHT,... with "
                        + "whole numbers, e.g. 1:1,8:1");
            }
            flits[i] = Integer.parseInt(pair[0]);
            weights[i] = Integer.parseInt(pair[1]);
        }
        return new PacketSizes(flits, weights);
    }

    /** Whether every packet has one size. */
    public boolean single() {
        return flits.length == 1;
    }

    /** The mean size in flits. */
    public double mean() {
        long sum = 0;
        long total = 0;
        for (int i = 0; i < flits.length; i++) {
            sum += (long) flits[i] * weights[i];
            total += weights[i];
        }
        return (double) sum / total;
    }

    /** The largest size. */
    public int max() {
        return Arrays.stream(flits).max().orElseThrow();
    }

    /** One packet's size, drawn from {@code random} where the sizes are a mix (nothing is drawn for one size). */
    public int draw(SplittableRandom random) {
        if (single()) {
            return flits[0];
        }
        long total = 0;
        for (int w : weights) {
            total += w;
        }
        int pick = random.nextInt((int) total);
        for (int i = 0; i < flits.length - 1; i++) {
            if (pick < weights[i]) {
                return flits[i];
            }
            pick -= weights[i];
        }
        return flits[flits.length - 1];
    }

    /** As the option reads: {@code 1:1,8:1}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < flits.length; i++) {
            s.append(i == 0 ? "" : ",").append(flits[i]).append(':').append(weights[i]);
        }
        return s.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PacketSizes p && Arrays.equals(flits, p.flits) && Arrays.equals(weights, p.weights);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(flits) + Arrays.hashCode(weights);
    }
}
