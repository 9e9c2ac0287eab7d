package org.ccopt.topology;

/** What a node of a {@link Topology} is: a processor (terminal) or a switch/router without one. */
public enum NodeKind {
    /** A processing node: it sends and receives messages. In a direct network it is also a router. */
    TERMINAL,
    /** A switching element with no processor attached. */
    SWITCH;

    /** The lower-case name used in exported files ({@code "terminal"}, {@code "switch"}). */
    public String label() {
        return this == TERMINAL ? "terminal" : "switch";
    }
}
