package org.ccopt.flitsim.net;

import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;

/**
 * Where an open-loop source sends each packet: {@code uniform} draws every packet's destination uniformly from all
 * terminals, the source's own included (uniform random traffic as Dally &amp; Towles 2004, §3.2 define it, and as
 * BookSim's {@code uniform} draws it); {@code hotspot} sends a share of the packets to each of some terminals and the
 * rest uniformly; a fixed pattern gives each terminal one destination (a terminal mapped to itself sends nothing under
 * ccopt's pattern names, and to itself under BookSim's, as BookSim does).
 */
public sealed interface Destinations {

    /** The destination of the next packet of {@code source}, or -1 when the source sends nothing. */
    int next(int source, SplittableRandom random);

    /** Uniform random over all terminals. */
    record Uniform(int terminals) implements Destinations {
        @Override
        public int next(int source, SplittableRandom random) {
            return random.nextInt(terminals);
        }
    }

    /**
     * A share {@code shares[i]} of the packets to terminal {@code spots[i]}, the rest uniform random. With shares
     * summing to 1 every packet goes to a hotspot, in proportion to its share, as BookSim's
     * {@code hotspot({{spots},{rates}})} sends them.
     */
    record Hotspot(int terminals, int[] spots, double[] shares) implements Destinations {
        public Hotspot {
            spots = spots.clone();
            shares = shares.clone();
            double sum = 0;
            java.util.Set<Integer> seen = new java.util.HashSet<>();
            for (int i = 0; i < spots.length; i++) {
                if (spots[i] < 0 || spots[i] >= terminals || !(shares[i] >= 0 && shares[i] <= 1)
                        || !seen.add(spots[i])) {
                    throw new InvalidInputException("hotspot terminal " + spots[i] + " with share " + shares[i]
                            + " is invalid; expected distinct terminals 0.." + (terminals - 1) + ", each with a share in "
                            + "[0, 1]");
                }
                sum += shares[i];
            }
            if (spots.length == 0 || sum > 1 + 1e-9) {
                throw new InvalidInputException("hotspot shares sum to " + sum + "; expected one hotspot or more, their "
                        + "shares summing to at most 1");
            }
        }

        @Override
        public int next(int source, SplittableRandom random) {
            double u = random.nextDouble();
            for (int i = 0; i < spots.length; i++) {
                if (u < shares[i]) {
                    return spots[i];
                }
                u -= shares[i];
            }
            return random.nextInt(terminals);
        }
    }

    /**
     * One destination per terminal (a permutation pattern); a terminal mapped to itself sends nothing, or, with
     * {@code selfSends}, sends its packets to itself through its router, as BookSim's patterns do.
     */
    record Fixed(int[] destination, boolean selfSends) implements Destinations {
        public Fixed {
            destination = destination.clone();
        }

        /** A pattern whose terminals mapped to themselves send nothing. */
        public Fixed(int[] destination) {
            this(destination, false);
        }

        @Override
        public int next(int source, SplittableRandom random) {
            int d = destination[source];
            return d == source && !selfSends ? -1 : d;
        }
    }
}
