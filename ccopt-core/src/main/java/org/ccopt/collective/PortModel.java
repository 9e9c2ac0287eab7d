package org.ccopt.collective;

import java.util.Locale;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;

/**
 * How many messages a processor may inject and absorb in one step (Jaros et al. 2007, §1): 1-port, k-port,
 * or all-port (as many as its router has external channels). A node never has more ports than channels, so
 * the corner of an all-port mesh has 2 and a leaf of a tree has 1 — which is what makes the papers' bounds
 * for such networks higher than the uniform formula. Ports are the channels between a processor and its router, so
 * a switch (a router without a processor), which only ever sends or receives when it stores and forwards a message,
 * uses all its external channels at once.
 */
public record PortModel(int k) {

    public static final PortModel ONE = new PortModel(1);
    public static final PortModel ALL = new PortModel(Integer.MAX_VALUE);

    public PortModel {
        if (k < 1) {
            throw new InvalidInputException("port count " + k + " is invalid; expected 1, a positive K, or all");
        }
    }

    public static PortModel parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("all") || t.equals("all-port")) {
            return ALL;
        }
        try {
            return new PortModel(Integer.parseInt(t.replace("-port", "")));
        } catch (NumberFormatException e) {
            throw new InvalidInputException("bad port model '" + text + "'; expected 1, a positive K, or all");
        }
    }

    public boolean isAll() {
        return k == Integer.MAX_VALUE;
    }

    public int sendPorts(Topology t, int node) {
        return t.isTerminal(node) ? Math.min(k, t.outDegree(node)) : t.outDegree(node);
    }

    public int receivePorts(Topology t, int node) {
        return t.isTerminal(node) ? Math.min(k, t.inDegree(node)) : t.inDegree(node);
    }

    @Override
    public String toString() {
        return isAll() ? "all-port" : k + "-port";
    }
}
