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
 *   <li><b>Clos</b> (Clos 1953) C(n, m, r): r input switches of n inputs and m outputs, m middle switches of
 *       r x r, r output switches of m inputs and n outputs; terminal t enters input switch t/n and leaves
 *       output switch t/n. Any middle switch gives a path (m minimal paths per pair).
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
        Params.powerOfTwo(spec, "N", n, 2, 1 << 16);
        int bits = Params.log2(n);
        return banyan(spec, "butterfly", n, (stage, line) -> swapBits(line, 0, bits - 1 - stage));
    }

    /**
     * log2 N stages of N/2 2x2 switches. Terminal t enters stage 0 on line shuffle(t); output line j of stage i
     * enters stage i+1 on line {@code interstage(i, j)}; output line j of the last stage is terminal j.
     */
    private static Topology banyan(String spec, String family, int n, IntBinaryOperator interstage) {
        int bits = Params.log2(n);
        int half = n / 2;
        TopologyBuilder b = new TopologyBuilder(n + bits * half, n, true);
        for (int t = 0; t < n; t++) {
            b.addChannel(t, n + shuffle(t, bits) / 2);
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
                <= org.ccopt.topology.TopologySpec.MAX_NODES, "too many nodes");
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
