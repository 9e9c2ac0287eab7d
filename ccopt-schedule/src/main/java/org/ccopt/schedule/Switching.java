package org.ccopt.schedule;

import java.util.Locale;
import org.ccopt.InvalidInputException;

/**
 * Switching model of the step scheduler (Jaros, Ohlidal, Dvorak 2007, §1 and §3.1).
 *
 * <ul>
 *   <li>{@link #WH} wormhole: a transfer holds every channel of its path during its one step.
 *   <li>{@link #SF} store-and-forward: a message moves one channel per step ("only moving messages to the adjacent
 *       nodes in one step", §2) and every node it reaches stores it. For broadcasts this makes every informed node a
 *       possible source of the next hop, so an SF broadcast is a broadcast in which every transfer crosses exactly one
 *       channel (the HGSA setting of §3.1). A scatter's message crosses the channels of one shortest path in
 *       increasing steps and may wait at the nodes it passes (§3.1: "the message can stop for one or more steps");
 *       a node it only passes stores it in the node, so the hop into it and the hop out of it use the node's ports
 *       like any message it receives or sends ({@link SfScatter}).
 *   <li>{@link #SF_ROUTER} store-and-forward for scatters in which a message waits in the router of a node it only
 *       passes: only the hop out of its sender and the hop into its receiver use processor ports. The papers do not
 *       say where a passing message is stored; on all-port networks, and wherever every passing node is a switch,
 *       the two readings coincide.
 * </ul>
 */
public enum Switching {
    WH("wh"),
    SF("sf"),
    SF_ROUTER("sf-router");

    private final String label;

    Switching(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Store-and-forward, in either reading. */
    public boolean storeAndForward() {
        return this != WH;
    }

    public static Switching parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "wh", "wormhole" -> WH;
            case "sf", "store-and-forward" -> SF;
            case "sf-router" -> SF_ROUTER;
            default -> throw new InvalidInputException("unknown switching '" + text + "'; expected wh, sf or sf-router");
        };
    }
}
