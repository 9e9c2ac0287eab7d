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

    /**
     * This model on {@code t}, refused with one line where K exceeds the most channels a processor of {@code t} has: every
     * processor would then use all its channels, which is the all-port model, not a K-port one.
     */
    public PortModel on(Topology t) {
        if (isAll() || k == 1) {
            return this;
        }
        int most = 0;
        for (int u = 0; u < t.nodeCount(); u++) {
            if (t.isTerminal(u)) {
                most = Math.max(most, Math.max(t.outDegree(u), t.inDegree(u)));
            }
        }
        if (k > most) {
            throw new InvalidInputException("port count " + k + " exceeds the most channels a processor of " + t.spec()
                    + " has, " + most + ", so every processor would use all of its; expected " + (most == 1 ? "1 (all-port is "
                    + "the same here)" : "1 to " + most + ", or all"));
        }
        return this;
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
