package org.ccopt.flitsim.net;

import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;

/**
 * Where an open-loop source sends each packet: {@code uniform} draws every packet's destination uniformly from all
 * terminals, the source's own included (uniform random traffic as Dally &amp; Towles 2004, §3.2 define it, and as
 * BookSim's {@code uniform} draws it); {@code hotspot} sends a fraction of the packets to one terminal and the rest
 * uniformly; a fixed pattern gives each terminal one destination (a terminal mapped to itself sends nothing).
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

    /** A fraction {@code share} of the packets to terminal {@code spot}, the rest uniform random. */
    record Hotspot(int terminals, int spot, double share) implements Destinations {
        public Hotspot {
            if (spot < 0 || spot >= terminals || !(share >= 0 && share <= 1)) {
                throw new InvalidInputException("hotspot terminal " + spot + " with share " + share
                        + " is invalid; expected 0.." + (terminals - 1) + " and a share in [0, 1]");
            }
        }

        @Override
        public int next(int source, SplittableRandom random) {
            return random.nextDouble() < share ? spot : random.nextInt(terminals);
        }
    }

    /** One destination per terminal (a permutation pattern); a terminal mapped to itself sends nothing. */
    record Fixed(int[] destination) implements Destinations {
        public Fixed {
            destination = destination.clone();
        }

        @Override
        public int next(int source, SplittableRandom random) {
            int d = destination[source];
            return d == source ? -1 : d;
        }
    }
}
