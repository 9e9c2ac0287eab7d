package org.ccopt.collective;

import java.util.Locale;
import org.ccopt.InvalidInputException;

/**
 * Collective communication kinds of Jaros et al. 2007, §1: with sender set T and receiver set R.
 * Broadcasts deliver one message per sender to every receiver (nodes may forward what they hold); scatters
 * deliver a distinct message for every (sender, receiver) pair; gather and reduce are the all-to-one reverses.
 */
public enum CollectiveKind {
    /** One-to-all broadcast. */
    OAB(true),
    /** One-to-all scatter. */
    OAS(false),
    /** All-to-all broadcast (gossiping). */
    AAB(true),
    /** All-to-all scatter (complete exchange). */
    AAS(false),
    /** Many-to-many broadcast, T and R given. */
    MNB(true),
    /** Many-to-many scatter, T and R given. */
    MNS(false),
    /** All-to-one gather. */
    AOG(false),
    /** All-to-one reduce (combining). */
    AOR(true),
    /**
     * All-to-all reduce (combining), Jaros, Ohlidal, Dvorak 2007, §1, case 3: every process performs its own
     * all-to-one reduce, so receiver r ends with the combination of every sender's value for r (a reduce-scatter);
     * with sender and receiver sets given, a many-to-many reduce.
     */
    AAR(true);

    private final boolean broadcast;

    CollectiveKind(boolean broadcast) {
        this.broadcast = broadcast;
    }

    /** True for broadcast-like kinds, where a message may be forwarded by nodes that already hold it. */
    public boolean isBroadcast() {
        return broadcast;
    }

    /** True for the reduces (AOR, AAR), which combine partial results on their way to the root. */
    public boolean isReduce() {
        return this == AOR || this == AAR;
    }

    public static CollectiveKind parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("unknown collective '" + text + "'; expected one of OAB, OAS, AAB, AAS, "
                    + "MNB, MNS, AOG, AOR, AAR");
        }
    }
}
