package org.ccopt.schedule;

import java.util.Locale;
import org.ccopt.InvalidInputException;

/**
 * Switching model of the step scheduler (Jaros, Ohlidal, Dvorak 2007, §1 and §3.1).
 *
 * <ul>
 *   <li>{@link #WH} wormhole: a transfer holds every channel of its path during its one step.
 *   <li>{@link #SF} store-and-forward: a message moves one channel per step and every node it reaches stores it.
 *       For broadcasts this makes every informed node a possible source of the next hop, so an SF broadcast is
 *       a broadcast in which every transfer crosses exactly one channel (the HGSA setting of §3.1). Scatters
 *       under SF are not modelled: their per-hop steps need a different encoding.
 * </ul>
 */
public enum Switching {
    WH("wh"),
    SF("sf");

    private final String label;

    Switching(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static Switching parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "wh", "wormhole" -> WH;
            case "sf", "store-and-forward" -> SF;
            default -> throw new InvalidInputException("unknown switching '" + text + "'; expected wh or sf");
        };
    }
}
