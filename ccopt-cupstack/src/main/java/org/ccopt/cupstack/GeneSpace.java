package org.ccopt.cupstack;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.SplittableRandom;
import org.ccopt.flitsim.FlitRouter;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.VcSelection;

/**
 * Where the genes of a Cup-Stacking chromosome may lie and how the GA changes them (Yokota et al. 2023, §5.3,
 * Eqs. (5)-(7), App. A.2-A.3).
 *
 * <ul>
 *   <li>V in [l_c, max(l_c, t_d0 - l_c)] and I_u in [0, t_d0 - l_c], where l_c is the slice length in flits and
 *       t_d0 the duration of a single-slice run with random C and I = 0 (App. A.3: "t_d0 is used for the upper limit
 *       of V and I_i"; Eq. (5) bounds V by T_e - l_c, which ccopt does not use because T_e depends on the chromosome).
 *   <li>C_id in C00..C09 for every output port some packet can use.
 *   <li>Q_idc: a permutation of the input ports that can request output VC (i, d, c) under dimension-order routing
 *       with dateline VC classes, followed by N/A entries (§5.2: at most four candidates on a 2-D torus).
 * </ul>
 * A gene is alterable when its group is not frozen and it has more than one possible value; I_u of a node that
 * sends nothing is not alterable. Frozen groups keep V = the given interval, I = 0, C = the given scheme and the
 * default Q (input ports in index order).
 *
 * <p>Mutation (App. A.3 (3)) alters round(r_m x alterable genes) distinct genes, at least one, each to a different
 * value drawn uniformly from its range. Crossover (App. A.3 (4)) starts from the weaker parent and takes every
 * alterable gene from the stronger one with probability r_c (§8.1: r_c = 0.9 yields almost a copy of the stronger).
 */
public final class GeneSpace {

    /** Terminals (delay genes I) and routers (arbitration genes C and Q). */
    private final int nodes;
    private final int routers;
    private final int ports;
    private final int vcs;
    private final int[] candidates;
    private final boolean[] sends;
    private final EnumSet<GeneGroup> frozen;
    private final byte frozenScheme;
    private final int frozenInterval;
    private final int intervalMin;
    private final int intervalMax;
    private final int delayMax;
    private final int[] alterable;
    /** Where each group's genes start in {@link #alterable} (V, I, C, Q, end): the groups lie in that order. */
    private final int[] groupStart = new int[5];

    /**
     * @param candidates    {@link FlitRouter#requestingInputs} of {@code sim}, computed once per run
     * @param destination   destination of every node (a node equal to itself sends nothing)
     * @param sliceFlits    l_c, the flits one node injects per slice
     * @param td0           duration of the single-slice reference run (App. A.3)
     * @param frozenInterval V when the V group is frozen
     */
    public GeneSpace(FlitRouter sim, int[] candidates, int[] destination, int sliceFlits, int td0, EnumSet<GeneGroup> frozen,
                     VcSelection frozenScheme, int frozenInterval) {
        this(sim, candidates, destination, sliceFlits, td0, frozen, frozenScheme, frozenInterval, 0);
    }

    /**
     * @param intervalCeiling an interval V's range must reach even where it exceeds t_d0 - l_c (ccopt's simple-stacking
     *                        seed, whose V comes from a sweep up to the single-slice duration of its own scheme), or 0
     */
    public GeneSpace(FlitRouter sim, int[] candidates, int[] destination, int sliceFlits, int td0, EnumSet<GeneGroup> frozen,
                     VcSelection frozenScheme, int frozenInterval, int intervalCeiling) {
        this.nodes = sim.nodes();
        this.routers = sim.routers();
        this.ports = sim.ports();
        this.vcs = sim.vcs();
        this.candidates = candidates;
        this.sends = new boolean[nodes];
        for (int u = 0; u < nodes; u++) {
            sends[u] = destination[u] != u;
        }
        this.frozen = EnumSet.copyOf(frozen);
        this.frozenScheme = (byte) frozenScheme.ordinal();
        this.frozenInterval = frozenInterval;
        this.intervalMin = sliceFlits;
        this.intervalMax = Math.max(Math.max(sliceFlits, td0 - sliceFlits), intervalCeiling);
        this.delayMax = Math.max(0, td0 - sliceFlits);
        int[] list = new int[1 + nodes + routers * ports + routers * ports * vcs];
        int k = 0;
        if (!frozen.contains(GeneGroup.V) && intervalMax > intervalMin) {
            list[k++] = 0;
        }
        groupStart[1] = k;
        for (int u = 0; u < nodes && !frozen.contains(GeneGroup.I) && delayMax > 0; u++) {
            if (sends[u]) {
                list[k++] = 1 + u;
            }
        }
        groupStart[2] = k;
        for (int port = 0; port < routers * ports && !frozen.contains(GeneGroup.C); port++) {
            int any = 0;
            for (int v = 0; v < vcs; v++) {
                any |= candidates[port * vcs + v];
            }
            if (any != 0) {
                list[k++] = cBase() + port;
            }
        }
        groupStart[3] = k;
        for (int o = 0; o < routers * ports * vcs && !frozen.contains(GeneGroup.Q); o++) {
            if (Integer.bitCount(candidates[o]) > 1) {
                list[k++] = qBase() + o;
            }
        }
        groupStart[4] = k;
        this.alterable = Arrays.copyOf(list, k);
    }

    private int cBase() {
        return 1 + nodes;
    }

    private int qBase() {
        return 1 + nodes + routers * ports;
    }

    boolean isFrozen(GeneGroup g) {
        return frozen.contains(g);
    }

    public int alterableGenes() {
        return alterable.length;
    }

    /** The chromosome with every group at its frozen value (I = 0, C = the frozen scheme, default Q). */
    Chromosome frozenDefault() {
        byte[] q = new byte[routers * ports * vcs * ports];
        for (int o = 0; o < routers * ports * vcs; o++) {
            for (int j = 0; j < ports; j++) {
                q[o * ports + j] = (byte) j;
            }
        }
        byte[] c = new byte[routers * ports];
        Arrays.fill(c, frozenScheme);
        int v = frozen.contains(GeneGroup.V) ? frozenInterval : intervalMin;
        return new Chromosome(v, new int[nodes], c, q);
    }

    /** Every port at {@code scheme}, default Q, I = 0 and interval {@code v} (simple stacking's configuration). */
    public Chromosome uniform(VcSelection scheme, int v) {
        Chromosome c = frozenDefault();
        Arrays.fill(c.scheme(), (byte) scheme.ordinal());
        return c.withInterval(v);
    }

    /**
     * An initial chromosome (App. A.3: the initial population and every re-initialisation): C, Q and V drawn
     * uniformly, I = 0. ccopt's reading of App. A.3's "a single-slice simulation with randomly selected C_id and
     * I_i = 0": chromosomes start with no injection delay and the GA introduces delays by mutation; starting from
     * uniformly random delays in [0, t_d0 - l_c] was measured to stall far above simple stacking
     * (docs/results/cupstack-tables.md).
     */
    public Chromosome initial(SplittableRandom rnd) {
        return initial(rnd, CupStackGa.InitialScheme.PORT);
    }

    /**
     * An initial chromosome as {@link #initial(SplittableRandom)} ({@link CupStackGa.InitialScheme#PORT}), or, under
     * {@link CupStackGa.InitialScheme#UNIFORM}, with one scheme drawn for the whole chromosome and set at every port
     * whose C is alterable (the other reading of App. A.3's "randomly selected C_id").
     */
    public Chromosome initial(SplittableRandom rnd, CupStackGa.InitialScheme schemes) {
        Chromosome c = frozenDefault();
        for (int gene : alterable) {
            if (gene >= qBase()) {
                randomQueueOrder(c.queueOrder(), gene - qBase(), rnd);
            } else if (gene >= cBase()) {
                c.scheme()[gene - cBase()] = (byte) rnd.nextInt(VcSelection.values().length);
            }
        }
        int v = alterable.length > 0 && alterable[0] == 0 ? intervalMin + rnd.nextInt(intervalMax - intervalMin + 1) : c.interval();
        if (schemes == CupStackGa.InitialScheme.UNIFORM) {
            byte u = (byte) rnd.nextInt(VcSelection.values().length);
            for (int i = groupStart[2]; i < groupStart[3]; i++) {
                c.scheme()[alterable[i] - cBase()] = u;
            }
        }
        return new Chromosome(v, c.delay(), c.scheme(), c.queueOrder());
    }

    /** A copy of {@code parent} with round(rate x alterable) distinct genes (at least one) changed. */
    public Chromosome mutate(Chromosome parent, double rate, SplittableRandom rnd) {
        if (alterable.length == 0) {
            return parent.copy();
        }
        int k = Math.max(1, Math.min(alterable.length, (int) Math.round(rate * alterable.length)));
        int[] pick = sample(k, rnd);
        Chromosome c = parent.copy();
        int interval = c.interval();
        for (int i : pick) {
            int gene = alterable[i];
            if (gene == 0) {
                interval = intervalMin + rnd.nextInt(intervalMax - intervalMin);
                interval += interval >= parent.interval() ? 1 : 0; // a different value, uniformly
            } else {
                alter(c, gene, rnd);
            }
        }
        return new Chromosome(interval, c.delay(), c.scheme(), c.queueOrder());
    }

    /**
     * A copy of {@code c} with one gene changed, the move of ccopt's late-acceptance search ({@link LateAcceptance};
     * not the paper's operator). V, where alterable, is moved in one move of ten, by 1-3 in either direction (the
     * duration responds to V smoothly near its best value); otherwise one of the alterable groups I, C and Q is drawn
     * with equal probability, so that Q's many genes (about 2/3 of a 16x16 chromosome, and inert while every delay is
     * 0) do not take most moves, and one gene of it changes: an injection delay is redrawn uniformly or shifted by 1-8
     * cycles (half and half), a scheme or a queue order is redrawn as {@link #mutate} does.
     *
     * @throws IllegalStateException if no gene is alterable
     */
    public Chromosome neighbour(Chromosome c, SplittableRandom rnd) {
        if (alterable.length == 0) {
            throw new IllegalStateException("no alterable gene");
        }
        boolean hasV = groupStart[1] > 0;
        int groups = 0;
        for (int g = 1; g <= 3; g++) {
            groups += groupStart[g + 1] > groupStart[g] ? 1 : 0;
        }
        if (hasV && (groups == 0 || rnd.nextInt(10) == 0)) {
            int step = 1 + rnd.nextInt(3);
            int v = c.interval() + (rnd.nextBoolean() ? step : -step);
            if (clampInterval(v) == c.interval()) {
                v = c.interval() + (v > c.interval() ? -step : step); // at an end of the range: the other way
            }
            return c.withInterval(clampInterval(v));
        }
        int pick = rnd.nextInt(groups);
        int g = 1;
        while (groupStart[g + 1] == groupStart[g] || pick-- > 0) {
            g++;
        }
        int gene = alterable[groupStart[g] + rnd.nextInt(groupStart[g + 1] - groupStart[g])];
        Chromosome n = c.copy();
        if (g == 1 && rnd.nextBoolean()) {
            int u = gene - 1;
            int shift = 1 + rnd.nextInt(8);
            int d = Math.max(0, Math.min(delayMax, n.delay()[u] + (rnd.nextBoolean() ? shift : -shift)));
            if (d != n.delay()[u]) {
                n.delay()[u] = d;
                return n;
            }
        }
        alter(n, gene, rnd);
        return n;
    }

    /** The weaker parent with each alterable gene taken from the stronger one with probability {@code rate}. */
    public Chromosome crossover(Chromosome weak, Chromosome strong, double rate, SplittableRandom rnd) {
        Chromosome c = weak.copy();
        int interval = c.interval();
        for (int gene : alterable) {
            if (rnd.nextDouble() >= rate) {
                continue;
            }
            if (gene == 0) {
                interval = strong.interval();
            } else if (gene < cBase()) {
                c.delay()[gene - 1] = strong.delay()[gene - 1];
            } else if (gene < qBase()) {
                c.scheme()[gene - cBase()] = strong.scheme()[gene - cBase()];
            } else {
                int o = gene - qBase();
                System.arraycopy(strong.queueOrder(), o * ports, c.queueOrder(), o * ports, ports);
            }
        }
        return new Chromosome(interval, c.delay(), c.scheme(), c.queueOrder());
    }

    /** The interval clamped into the gene's range. */
    int clampInterval(int v) {
        return Math.max(intervalMin, Math.min(intervalMax, v));
    }

    /** The router configuration a chromosome describes (C and Q genes over {@code base}'s sizes and switches). */
    /** Entries of one Q order: the router's ports (input ports and N/A). */
    public int orderLength() {
        return ports;
    }

    public RouterConfig config(Chromosome c, RouterConfig base) {
        return base.withGenes(c.scheme(), c.queueOrder());
    }

    /**
     * Checks that a chromosome lies in this space (the independent validator's gene check): ranges of V and I,
     * frozen groups at their values, and every Q order listing each input port that can request it.
     */
    public void check(Chromosome c) {
        require(c.delay().length == nodes && c.scheme().length == routers * ports && c.queueOrder().length == routers * ports * vcs * ports,
                "gene arrays have the wrong size");
        require(frozen.contains(GeneGroup.V) ? c.interval() == frozenInterval : c.interval() >= intervalMin && c.interval() <= intervalMax,
                "interval V = " + c.interval() + " outside its range");
        for (int u = 0; u < nodes; u++) {
            int d = c.delay()[u];
            require(frozen.contains(GeneGroup.I) ? d == 0 : d >= 0 && d <= delayMax, "injection delay I_" + u + " = " + d + " outside its range");
        }
        for (int p = 0; p < routers * ports; p++) {
            require(c.scheme()[p] >= 0 && c.scheme()[p] < VcSelection.values().length, "scheme " + c.scheme()[p] + " at port "
                    + p + " is not a scheme");
            require(!frozen.contains(GeneGroup.C) || c.scheme()[p] == frozenScheme, "frozen scheme changed at port " + p);
        }
        for (int o = 0; o < routers * ports * vcs; o++) {
            int listed = 0;
            for (int j = 0; j < ports; j++) {
                int p = c.queueOrder()[o * ports + j];
                require(p < ports, "queue order of output VC " + o + " names port " + p);
                listed |= p >= 0 ? 1 << p : 0;
            }
            require((listed & candidates[o]) == candidates[o], "queue order of output VC " + o + " omits a requesting input port");
        }
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("chromosome check failed: " + what);
        }
    }

    private void alter(Chromosome c, int gene, SplittableRandom rnd) {
        if (gene < cBase()) {
            int u = gene - 1;
            int d = rnd.nextInt(delayMax);
            c.delay()[u] = d >= c.delay()[u] ? d + 1 : d;
        } else if (gene < qBase()) {
            int p = gene - cBase();
            int s = rnd.nextInt(VcSelection.values().length - 1);
            c.scheme()[p] = (byte) (s >= c.scheme()[p] ? s + 1 : s);
        } else {
            int o = gene - qBase();
            byte[] before = Arrays.copyOfRange(c.queueOrder(), o * ports, (o + 1) * ports);
            do {
                randomQueueOrder(c.queueOrder(), o, rnd);
            } while (Arrays.equals(before, 0, ports, c.queueOrder(), o * ports, (o + 1) * ports));
        }
    }

    /** Output VC o's order: a uniformly random permutation of its candidate input ports, then N/A. */
    private void randomQueueOrder(byte[] q, int o, SplittableRandom rnd) {
        int mask = candidates[o];
        int m = Integer.bitCount(mask);
        int[] cand = new int[m];
        for (int i = 0, bits = mask; bits != 0; bits &= bits - 1) {
            cand[i++] = Integer.numberOfTrailingZeros(bits);
        }
        for (int i = m - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = cand[i];
            cand[i] = cand[j];
            cand[j] = t;
        }
        for (int j = 0; j < ports; j++) {
            q[o * ports + j] = (byte) (j < m ? cand[j] : -1);
        }
    }

    /** k distinct indices into {@code alterable} (a partial Fisher-Yates shuffle). */
    private int[] sample(int k, SplittableRandom rnd) {
        int[] idx = new int[alterable.length];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        for (int i = 0; i < k; i++) {
            int j = i + rnd.nextInt(idx.length - i);
            int t = idx[i];
            idx[i] = idx[j];
            idx[j] = t;
        }
        return Arrays.copyOf(idx, k);
    }
}
