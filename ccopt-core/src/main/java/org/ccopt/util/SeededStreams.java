package org.ccopt.util;

import java.util.SplittableRandom;

/**
 * Independent random streams for parallel optimizers: the stream of (seed, generation, slot) is a SplitMix64
 * scramble of the three, so a run's random choices depend only on its seed and on which generation and slot
 * asks, never on thread count or evaluation order (Steele, Lea and Flood 2014, SplitMix64 finaliser).
 */
public final class SeededStreams {

    private SeededStreams() {
    }

    public static SplittableRandom of(long seed, int generation, int slot) {
        long z = seed * 0x9E3779B97F4A7C15L + ((long) generation << 32 | (slot & 0xFFFFFFFFL));
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return new SplittableRandom(z ^ (z >>> 31));
    }
}
