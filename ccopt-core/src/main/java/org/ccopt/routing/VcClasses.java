package org.ccopt.routing;

import java.util.Arrays;
import org.ccopt.InvalidInputException;

/**
 * How a port's V virtual channels are split into a routing function's C classes of consecutive VCs, no two classes
 * sharing a VC (BookSim's dimension-order torus routing lets its two dateline classes overlap at an odd V, which
 * deadlocks; ccopt does not). Two splits: {@link #even} (class c holds VCs {@code c * V / C .. (c + 1) * V / C - 1}) and
 * {@link #escapes} (one VC for each escape class, first, and the rest for class 0, as BookSim's adaptive routing
 * functions {@code min_adapt_mesh} and {@code min_adapt_torus} keep VC 0, or VCs 0 and 1, for their escape).
 */
public final class VcClasses {

    private final int vcs;
    /** The first VC of class c. */
    private final int[] low;
    /** The last VC of class c. */
    private final int[] high;
    /** The class of VC v. */
    private final int[] classOf;

    private VcClasses(int vcs, int[] low, int[] high) {
        this.vcs = vcs;
        this.low = low;
        this.high = high;
        classOf = new int[vcs];
        for (int c = 0; c < low.length; c++) {
            Arrays.fill(classOf, low[c], high[c] + 1, c);
        }
    }

    private static void need(int vcs, int classes) {
        if (classes < 1 || vcs < classes) {
            throw new InvalidInputException("the routing function needs " + classes + " VC classes; got " + vcs
                    + " virtual channels; expected --vcs " + classes + " or more");
        }
    }

    /** {@code classes} classes of (nearly) equal size. */
    public static VcClasses even(int vcs, int classes) {
        need(vcs, classes);
        int[] low = new int[classes];
        int[] high = new int[classes];
        for (int c = 0; c < classes; c++) {
            low[c] = c * vcs / classes;
            high[c] = (c + 1) * vcs / classes - 1;
        }
        return new VcClasses(vcs, low, high);
    }

    /**
     * Class 0 and {@code escapes} escape classes: escape class e (1 .. escapes) VC e - 1, class 0 the other
     * V - escapes VCs after them.
     */
    public static VcClasses escapes(int vcs, int escapes) {
        need(vcs, escapes + 1);
        int[] low = new int[escapes + 1];
        int[] high = new int[escapes + 1];
        low[0] = escapes;
        high[0] = vcs - 1;
        for (int e = 1; e <= escapes; e++) {
            low[e] = e - 1;
            high[e] = e - 1;
        }
        return new VcClasses(vcs, low, high);
    }

    public int vcs() {
        return vcs;
    }

    public int classes() {
        return low.length;
    }

    /** The first VC of class c. */
    public int low(int c) {
        return low[c];
    }

    /** The last VC of class c. */
    public int high(int c) {
        return high[c];
    }

    /** The class that VC {@code vc} belongs to. */
    public int classOf(int vc) {
        return classOf[vc];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VcClasses v && v.vcs == vcs && Arrays.equals(v.low, low) && Arrays.equals(v.high, high);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * vcs + Arrays.hashCode(low)) + Arrays.hashCode(high);
    }

    @Override
    public String toString() {
        return "VcClasses" + Arrays.toString(low) + Arrays.toString(high);
    }
}
