package org.ccopt.routing;

import org.ccopt.InvalidInputException;

/**
 * How a port's V virtual channels are split into a routing function's C classes: class c holds the consecutive VCs
 * {@code c * V / C .. (c + 1) * V / C - 1}, so no two classes share a VC (BookSim's dimension-order torus routing
 * lets its two dateline classes overlap at an odd V, which deadlocks; ccopt does not).
 */
public record VcClasses(int vcs, int classes) {

    public VcClasses {
        if (classes < 1 || vcs < classes) {
            throw new InvalidInputException("the routing function needs " + classes + " VC classes; got " + vcs
                    + " virtual channels; expected --vcs " + classes + " or more");
        }
    }

    public int low(int c) {
        return c * vcs / classes;
    }

    /** The last VC of class c. */
    public int high(int c) {
        return (c + 1) * vcs / classes - 1;
    }

    /** The class that VC {@code vc} belongs to. */
    public int classOf(int vc) {
        int c = 0;
        while (vc > high(c)) {
            c++;
        }
        return c;
    }
}
