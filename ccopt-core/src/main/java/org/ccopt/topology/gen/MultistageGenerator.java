package org.ccopt.topology.gen;

import java.util.function.IntBinaryOperator;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.topology.TopologyBuilder;

/**
 * Unidirectional multistage networks (Jaros et al., MIN paper, §2): N processors are both the N input and
 * the N output terminals; each has one channel into the first stage and one channel out of the last stage.
 * Switch s of stage i is node {@code N + i*(switches per stage) + s}; input port p of switch s is line
 * {@code 2s+p} of its stage.
 *
 * <ul>
 *   <li><b>Omega</b> (Lawrie 1975): log2 N stages of N/2 2x2 switches, a perfect shuffle (rotate the line
 *       number left by one bit) in front of every stage; output line j of the last stage is terminal j.
 *       Destination-tag routing takes output port = bit (n-1-i) of the destination at stage i.
 *   <li><b>Butterfly</b> (Dally &amp; Towles 2004, §4.1): between stage i and i+1, line j goes to line j with
 *       bit 0 and bit (n-1-i) exchanged; the last stage's line j is terminal j. Destination-tag routing takes
 *       output port = bit (n-1-i) of the destination. Terminal t enters stage 0 on line shuffle(t), as in the
 *       Omega. Why: with the textbook input order (terminal t on line t) the processors whose address bit 1 is 0
 *       stay apart from the others until the last stage, the bisection of the 8-terminal network is only 4
 *       channels, and no all-to-all scatter can take fewer than 32/4 = 8 steps, yet the MIN paper reports 7 on
 *       its Butterfly 8, which it calls an "isomorphic variation of Omega". Feeding the inputs through the
 *       perfect shuffle gives that variation (see docs/results/lower-bounds.md).
 *   <li><b>Textbook Butterfly</b> ({@code butterfly:N:textbook}, geometry kind {@code butterfly-textbook}): the
 *       same stages with terminal t entering stage 0 on line t (Dally &amp; Towles 2004, §4.1). It is not the
 *       network of the MIN paper's Table 1 rows (the bisection of the 8-terminal one is 4 channels, so its
 *       all-to-all scatter needs 8 steps where the paper reports 7); ccopt offers it so that a result on the
 *       textbook network is never mistaken for, or counted as, one on the paper's Butterfly.
 *   <li><b>Clos</b> (Clos 1953) C(n, m, r): r input switches of n inputs and m outputs, m middle switches of
 *       r x r, r output switches of m inputs and n outputs; terminal t enters input switch t/n and leaves
 *       output switch t/n. Any middle switch gives a path (m minimal paths per pair).
 *   <li><b>Recursive Clos</b> (MIN paper, §4: "Clos networks of more than three stages emerge by substituting
 *       again the middle stage SEs by Clos network"): {@code clos:n1,m1,n2,m2,...,r} has 2L+1 stages for L
 *       pairs; the m1 middle switches of C(n1, m1, N/n1) are each replaced by C(n2, m2, N/(n1 n2)), and so on,
 *       down to r x r crossbars in the middle stage; N = n1 n2 ... nL r terminals. {@code clos:2,2,2,2,2} is
 *       the 8-terminal Benes network. Switches are numbered stage by stage (input stages, middle, output
 *       stages), within a stage in the order the recursion meets them.
 * </ul>
 */
public final class MultistageGenerator {

    private MultistageGenerator() {
    }

    public static Topology omega(String spec, int n) {
        Params.powerOfTwo(spec, "N", n, 2, 1 << 16);
        int bits = Params.log2(n);
        return banyan(spec, "omega", n, (stage, line) -> shuffle(line, bits));
    }

    public static Topology butterfly(String spec, int n) {
        return butterfly(spec, n, false);
    }

    /** The Butterfly; {@code textbook} feeds terminal t into line t instead of line shuffle(t). */
    public static Topology butterfly(String spec, int n, boolean textbook) {
        Params.powerOfTwo(spec, "N", n, 2, 1 << 16);
        int bits = Params.log2(n);
        return banyan(spec, textbook ? "butterfly-textbook" : "butterfly", n,
                (stage, line) -> swapBits(line, 0, bits - 1 - stage));
    }

    /** The stage-0 input line of terminal t: shuffle(t), or t for the textbook Butterfly. */
    public static int inputLine(String kind, int terminal, int bits) {
        return kind.equals("butterfly-textbook") ? terminal : shuffle(terminal, bits);
    }

    /**
     * log2 N stages of N/2 2x2 switches. Terminal t enters stage 0 on line {@link #inputLine}; output line j of
     * stage i enters stage i+1 on line {@code interstage(i, j)}; output line j of the last stage is terminal j.
     */
    private static Topology banyan(String spec, String family, int n, IntBinaryOperator interstage) {
        int bits = Params.log2(n);
        int half = n / 2;
        TopologyBuilder b = new TopologyBuilder(n + bits * half, n, true);
        for (int t = 0; t < n; t++) {
            b.addChannel(t, n + inputLine(family, t, bits) / 2);
        }
        for (int stage = 0; stage + 1 < bits; stage++) {
            for (int line = 0; line < n; line++) {
                b.addChannel(n + stage * half + line / 2, n + (stage + 1) * half + interstage.applyAsInt(stage, line) / 2);
            }
        }
        for (int line = 0; line < n; line++) {
            b.addChannel(n + (bits - 1) * half + line / 2, line);
        }
        return b.build(spec, family, new Geometry.Multistage(family, bits, half, 2));
    }

    public static Topology clos(String spec, int inputsPerSwitch, int middle, int edgeSwitches) {
        Params.atLeast(spec, "n", inputsPerSwitch, 1);
        Params.atLeast(spec, "m", middle, 1);
        Params.atLeast(spec, "r", edgeSwitches, 1);
        Params.require(spec, (long) inputsPerSwitch * edgeSwitches + 2L * edgeSwitches + middle
                <= org.ccopt.topology.Topology.MAX_NODES, "too many nodes");
        int terminals = inputsPerSwitch * edgeSwitches;
        int inputBase = terminals;
        int middleBase = inputBase + edgeSwitches;
        int outputBase = middleBase + middle;
        TopologyBuilder b = new TopologyBuilder(outputBase + edgeSwitches, terminals, true);
        for (int t = 0; t < terminals; t++) {
            b.addChannel(t, inputBase + t / inputsPerSwitch);
            b.addChannel(outputBase + t / inputsPerSwitch, t);
        }
        for (int e = 0; e < edgeSwitches; e++) {
            for (int j = 0; j < middle; j++) {
                b.addChannel(inputBase + e, middleBase + j);
                b.addChannel(middleBase + j, outputBase + e);
            }
        }
        return b.build(spec, "clos", new Geometry.Multistage("clos", 3, Math.max(edgeSwitches, middle), middle));
    }

    /**
     * The recursive Clos network C(n1, m1, C(n2, m2, ... C(nL, mL, r))): {@code pairs} holds n1, m1, ..., nL, mL
     * (L >= 1); the innermost middle stage is r x r crossbars. For L = 1 use {@link #clos}, whose numbering
     * existing results depend on.
     */
    public static Topology recursiveClos(String spec, int[] pairs, int r) {
        Params.require(spec, pairs.length >= 2 && pairs.length % 2 == 0, "expected n1,m1,n2,m2,...,r");
        Params.atLeast(spec, "r", r, 1);
        int levels = pairs.length / 2;
        long terminals = r;
        for (int i = 0; i < levels; i++) {
            Params.atLeast(spec, "n" + (i + 1), pairs[2 * i], 1);
            Params.atLeast(spec, "m" + (i + 1), pairs[2 * i + 1], 1);
            terminals *= pairs[2 * i];
        }
        // switches per stage: input stage i has (m1...mi) * N / (n1...n(i+1)); the middle (m1...mL) crossbars
        int stages = 2 * levels + 1;
        long[] perStage = new long[stages];
        long multiplicity = 1;
        long ports = terminals;
        for (int i = 0; i < levels; i++) {
            perStage[i] = multiplicity * (ports / pairs[2 * i]);
            perStage[stages - 1 - i] = perStage[i];
            multiplicity *= pairs[2 * i + 1];
            ports /= pairs[2 * i];
        }
        perStage[levels] = multiplicity;
        long total = terminals;
        for (long c : perStage) {
            total += c;
        }
        Params.require(spec, total <= org.ccopt.topology.Topology.MAX_NODES, "too many nodes");
        int n = (int) terminals;
        int[] next = new int[stages];
        int base = n;
        for (int s = 0; s < stages; s++) {
            next[s] = base;
            base += (int) perStage[s];
        }
        TopologyBuilder b = new TopologyBuilder(base, n, true);
        int[] endpoints = new int[n];
        for (int t = 0; t < n; t++) {
            endpoints[t] = t;
        }
        closLevel(b, pairs, 0, endpoints, endpoints, next, stages);
        long widest = 0;
        for (long c : perStage) {
            widest = Math.max(widest, c);
        }
        return b.build(spec, "clos", new Geometry.Multistage("clos-recursive", stages, (int) widest, pairs[1]));
    }

    /**
     * Connects {@code in[i]} to {@code out[j]} for every i, j through a Clos network of level {@code level}:
     * input switches of n inputs, m middle subnetworks of the next level, output switches of n outputs.
     */
    private static void closLevel(TopologyBuilder b, int[] pairs, int level, int[] in, int[] out, int[] next,
            int stages) {
        if (2 * level == pairs.length) {
            int crossbar = next[level]++;
            for (int from : in) {
                b.addChannel(from, crossbar);
            }
            for (int to : out) {
                b.addChannel(crossbar, to);
            }
            return;
        }
        int perSwitch = pairs[2 * level];
        int middles = pairs[2 * level + 1];
        int switches = in.length / perSwitch;
        int[] inputs = new int[switches];
        int[] outputs = new int[switches];
        for (int k = 0; k < switches; k++) {
            inputs[k] = next[level]++;
            outputs[k] = next[stages - 1 - level]++;
        }
        for (int i = 0; i < in.length; i++) {
            b.addChannel(in[i], inputs[i / perSwitch]);
            b.addChannel(outputs[i / perSwitch], out[i]);
        }
        for (int j = 0; j < middles; j++) {
            closLevel(b, pairs, level + 1, inputs, outputs, next, stages);
        }
    }

    /** Perfect shuffle of a {@code bits}-bit line number: rotate left by one. */
    static int shuffle(int line, int bits) {
        int mask = (1 << bits) - 1;
        return ((line << 1) | (line >>> (bits - 1))) & mask;
    }

    static int swapBits(int value, int i, int j) {
        int bi = (value >>> i) & 1;
        int bj = (value >>> j) & 1;
        if (bi == bj) {
            return value;
        }
        return value ^ ((1 << i) | (1 << j));
    }
}
