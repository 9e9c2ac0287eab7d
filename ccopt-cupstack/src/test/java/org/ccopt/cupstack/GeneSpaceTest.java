package org.ccopt.cupstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.SplittableRandom;
import org.ccopt.flitsim.FlitSimulator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class GeneSpaceTest {

    private static final int P = 4; // processor port on a 2-D torus: ports +x 0, -x 1, +y 2, -y 3, P 4

    @Test
    void queueOrderCandidatesFollowDimensionOrderRouting() {
        FlitSimulator sim = new FlitSimulator(Fixtures.TORUS4, 3, 4);
        int[] inputs = sim.requestingInputs(org.ccopt.flitsim.RouterModel.CCOPT);
        int ports = 5;
        for (int u = 0; u < 16; u++) {
            for (int v = 0; v < 3; v++) {
                // x outputs are fed by the processor and by x travel in the same direction only (§5.2)
                assertThat(inputs[(u * ports) * 3 + v] & ~(1 << P | 1 << 0)).isZero();
                assertThat(inputs[(u * ports + 1) * 3 + v] & ~(1 << P | 1 << 1)).isZero();
                // y outputs: processor, x travel (turning) and y travel in the same direction; never the reverse
                assertThat(inputs[(u * ports + 2) * 3 + v] & (1 << 3)).isZero();
                // ejection never from the processor itself
                assertThat(inputs[(u * ports + P) * 3 + v] & (1 << P)).isZero();
            }
            // a +x hop across a dateline (x = 1 -> 2 = k/2, x = 3 -> 0) leaves on the next VC, so VC 0 of +x is
            // requested exactly where the hop crosses none (App. A.1)
            int x = u % 4;
            assertThat(inputs[(u * ports) * 3] != 0).isEqualTo(x == 0 || x == 2);
            // at most four candidates per output VC (§5.2)
            for (int o = u * ports * 3; o < (u + 1) * ports * 3; o++) {
                assertThat(Integer.bitCount(inputs[o])).isLessThanOrEqualTo(4);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void mutationAltersTheRequestedShareOfGenesWithinTheirRanges(long seed) {
        Problem p = Fixtures.problem(Fixtures.TORUS4, "brev", 2, 4);
        GeneSpace space = Fixtures.space(p, EnumSet.noneOf(GeneGroup.class), 40);
        SplittableRandom rnd = new SplittableRandom(seed);
        Chromosome parent = space.initial(rnd);
        space.check(parent);
        assertThat(parent.delay()).containsOnly(0);
        Chromosome child = space.mutate(parent, 0.05, rnd);
        space.check(child);
        int expected = Math.max(1, (int) Math.round(0.05 * space.alterableGenes()));
        assertThat(differingGenes(parent, child)).isEqualTo(expected);
        assertThat(parent.sameGenes(child)).isFalse();
    }

    @Test
    void frozenGroupsNeverChange() {
        Problem p = Fixtures.problem(Fixtures.TORUS4, "brev", 2, 4);
        GeneSpace space = Fixtures.space(p, EnumSet.of(GeneGroup.I, GeneGroup.C), 40);
        SplittableRandom rnd = new SplittableRandom(7);
        Chromosome c = space.initial(rnd);
        for (int i = 0; i < 50; i++) {
            c = space.mutate(c, 0.2, rnd);
            space.check(c);
        }
        assertThat(c.delay()).containsOnly(0);
        assertThat(c.scheme()).containsOnly((byte) 0);
    }

    @Test
    void crossoverTakesGenesFromTheStrongerParentAtItsRate() {
        Problem p = Fixtures.problem(Fixtures.TORUS4, "brev", 2, 4);
        GeneSpace space = Fixtures.space(p, EnumSet.noneOf(GeneGroup.class), 40);
        SplittableRandom rnd = new SplittableRandom(11);
        Chromosome weak = space.initial(rnd);
        Chromosome strong = space.initial(rnd);
        for (int i = 0; i < 30; i++) {
            strong = space.mutate(strong, 0.5, rnd);
        }
        assertThat(space.crossover(weak, strong, 1.0, rnd).sameGenes(strong)).isTrue();
        int total = differingGenes(weak, strong);
        int taken = total - differingGenes(space.crossover(weak, strong, 0.5, rnd), strong);
        assertThat(taken).isBetween(total / 4, 3 * total / 4);
    }

    @Test
    void signaturesTellGenesApart() {
        Problem p = Fixtures.problem(Fixtures.TORUS4, "brev", 2, 4);
        GeneSpace space = Fixtures.space(p, EnumSet.noneOf(GeneGroup.class), 40);
        Chromosome a = space.initial(new SplittableRandom(1));
        assertThat(a.copy().crc32()).isEqualTo(a.crc32());
        assertThat(space.mutate(a, 0.01, new SplittableRandom(2)).crc32()).isNotEqualTo(a.crc32());
        assertThat(a.withInterval(a.interval() + 1).crc32()).isNotEqualTo(a.crc32());
    }

    /**
     * The uniform reading of the initial schemes: one scheme at every port whose C is alterable, the same draws for
     * everything else; with C frozen it changes nothing.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void aUniformInitialChromosomeHasOneSchemeAtEveryAlterablePort(long seed) {
        Problem p = Fixtures.problem(Fixtures.TORUS4, "brev", 2, 4);
        GeneSpace space = Fixtures.space(p, EnumSet.noneOf(GeneGroup.class), 40);
        Chromosome perPort = space.initial(new SplittableRandom(seed));
        Chromosome uniform = space.initial(new SplittableRandom(seed), CupStackGa.InitialScheme.UNIFORM);
        space.check(uniform);
        assertThat(uniform.queueOrder()).isEqualTo(perPort.queueOrder());
        assertThat(uniform.interval()).isEqualTo(perPort.interval());
        java.util.Set<Byte> used = new java.util.HashSet<>();
        for (int port = 0; port < uniform.scheme().length; port++) {
            if (perPort.scheme()[port] != 0 || uniform.scheme()[port] != 0) { // ports without candidates stay at C00
                used.add(uniform.scheme()[port]);
            }
        }
        assertThat(used).hasSizeLessThanOrEqualTo(1);
        assertThat(new java.util.HashSet<>(java.util.Arrays.asList(toBoxed(perPort.scheme())))).hasSizeGreaterThan(1);
        GeneSpace frozenC = Fixtures.space(p, EnumSet.of(GeneGroup.C), 40);
        assertThat(frozenC.initial(new SplittableRandom(seed), CupStackGa.InitialScheme.UNIFORM).scheme()).containsOnly((byte) 0);
    }

    private static Byte[] toBoxed(byte[] b) {
        Byte[] r = new Byte[b.length];
        for (int i = 0; i < b.length; i++) {
            r[i] = b[i];
        }
        return r;
    }

    /**
     * The late-acceptance move changes exactly one gene, stays in the space, and reaches every group that is not
     * frozen (with V frozen too, only the groups left).
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "V", "I,Q", "V,C,Q"})
    void aNeighbourDiffersInExactlyOneGene(String frozen) {
        Problem p = Fixtures.problem(Fixtures.TORUS4, "brev", 2, 4);
        EnumSet<GeneGroup> groups = GeneGroup.parseSet(frozen);
        GeneSpace space = Fixtures.space(p, groups, 40);
        SplittableRandom rnd = new SplittableRandom(7);
        Chromosome c = space.initial(rnd);
        EnumSet<GeneGroup> moved = EnumSet.noneOf(GeneGroup.class);
        for (int i = 0; i < 400; i++) {
            Chromosome n = space.neighbour(c, rnd);
            assertThat(differingGenes(c, n)).isEqualTo(1);
            space.check(n);
            moved.add(n.interval() != c.interval() ? GeneGroup.V : !java.util.Arrays.equals(n.delay(), c.delay()) ? GeneGroup.I
                    : !java.util.Arrays.equals(n.scheme(), c.scheme()) ? GeneGroup.C : GeneGroup.Q);
            c = n;
        }
        assertThat(moved).isEqualTo(EnumSet.complementOf(groups));
    }

    /** Genes that differ: V, each I_u, each C, and each Q order as a whole. */
    static int differingGenes(Chromosome a, Chromosome b) {
        int d = a.interval() != b.interval() ? 1 : 0;
        for (int i = 0; i < a.delay().length; i++) {
            d += a.delay()[i] != b.delay()[i] ? 1 : 0;
        }
        for (int i = 0; i < a.scheme().length; i++) {
            d += a.scheme()[i] != b.scheme()[i] ? 1 : 0;
        }
        for (int o = 0; o < a.queueOrder().length; o += 5) {
            d += java.util.Arrays.equals(a.queueOrder(), o, o + 5, b.queueOrder(), o, o + 5) ? 0 : 1;
        }
        return d;
    }
}
