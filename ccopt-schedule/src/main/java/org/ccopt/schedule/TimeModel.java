package org.ccopt.schedule;

import org.ccopt.InvalidInputException;

/**
 * The time model of Jaros, Ohlidal, Dvorak 2007, §2, eq. (3): t = tau x t_s + m x t_1, "the number of start-ups plus
 * the serialization delay", under nearly distance-insensitive wormhole switching. The equation is applied as printed
 * (one serialization delay for the whole collective), for both switching models.
 *
 * @param ts    start-up time per step, seconds
 * @param t1    serialization time per byte, seconds
 * @param bytes the message length m
 */
public record TimeModel(double ts, double t1, double bytes) {

    /** The time of a schedule of {@code steps} steps, seconds. */
    public double seconds(int steps) {
        return steps * ts + bytes * t1;
    }

    /**
     * The model of three values given together, or null when none is given; any other combination is refused.
     * {@code ts}, {@code t1} and {@code bytes} are null when not given.
     */
    public static TimeModel ofGiven(Double ts, Double t1, Double bytes) {
        if (ts == null && t1 == null && bytes == null) {
            return null;
        }
        if (ts == null || t1 == null || bytes == null) {
            throw new InvalidInputException("the time model needs --ts, --t1 and --bytes together; got "
                    + (ts == null ? "" : "--ts ") + (t1 == null ? "" : "--t1 ") + (bytes == null ? "" : "--bytes ") + "only");
        }
        return new TimeModel(ts, t1, bytes);
    }
}
