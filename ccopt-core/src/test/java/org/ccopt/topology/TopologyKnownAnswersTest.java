package org.ccopt.topology;

import org.ccopt.topology.spec.TopologySpec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.ccopt.topology.metrics.HopDistances;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Node and link counts, diameters and ASPLs against closed forms. */
class TopologyKnownAnswersTest {

    private static HopDistances.Summary summary(Topology t) {
        return HopDistances.summarize(t, 2);
    }

    @ParameterizedTest(name = "torus {0}-ary {1}-cube")
    @CsvSource({"4,2", "5,2", "8,2", "16,2", "3,3", "4,3", "6,3"})
    void torusClosedForms(int k, int n) {
        String spec = "torus:" + String.join("x", java.util.Collections.nCopies(n, String.valueOf(k)));
        Topology t = TopologySpec.parse(spec);
        int nodes = (int) Math.pow(k, n);
        assertThat(t.nodeCount()).isEqualTo(nodes);
        assertThat(t.linkCount()).isEqualTo(n * nodes);
        HopDistances.Summary s = summary(t);
        // k-ary n-cube: diameter n floor(k/2); a ring of k has total distance sum floor(k^2/4) from a node
        assertThat(s.diameter()).isEqualTo(n * (k / 2));
        double perNode = n * Math.pow(k, n - 1) * Math.floor(k * k / 4.0);
        assertThat(s.aspl()).isCloseTo(perNode / (nodes - 1), within(1e-12));
    }

    @ParameterizedTest(name = "hypercube Q_{0}")
    @ValueSource(ints = {1, 2, 3, 5, 7, 10})
    void hypercubeClosedForms(int d) {
        Topology t = TopologySpec.parse("hypercube:" + d);
        int n = 1 << d;
        assertThat(t.nodeCount()).isEqualTo(n);
        assertThat(t.linkCount()).isEqualTo(d * (n / 2));
        HopDistances.Summary s = summary(t);
        assertThat(s.diameter()).isEqualTo(d);
        assertThat(s.aspl()).isCloseTo(d * (n / 2.0) / (n - 1), within(1e-12));
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 6, 7})
    void foldedHypercubeHasDegreeDPlusOneAndHalvedDiameter(int d) {
        Topology t = TopologySpec.parse("kring:" + d);
        for (int u = 0; u < t.nodeCount(); u++) {
            assertThat(t.degree(u)).isEqualTo(d + 1);
        }
        assertThat(summary(t).diameter()).isEqualTo((d + 1) / 2);
    }

    @Test
    void meshCounts() {
        Topology t = TopologySpec.parse("mesh:4x6");
        assertThat(t.linkCount()).isEqualTo(4 * 5 + 6 * 3);
        assertThat(summary(t).diameter()).isEqualTo(3 + 5);
    }

    @ParameterizedTest(name = "omega and butterfly N={0}")
    @ValueSource(ints = {2, 4, 8, 16, 64})
    void multistageSwitchCounts(int n) {
        int stages = Integer.numberOfTrailingZeros(n);
        for (String family : new String[] {"omega", "butterfly", "butterfly-textbook"}) {
            Topology t = TopologySpec.parse(family.equals("butterfly-textbook") ? "butterfly:" + n + ":textbook"
                    : family + ":" + n);
            assertThat(t.isOneWay()).isTrue();
            assertThat(t.terminalCount()).isEqualTo(n);
            assertThat(t.switchCount()).isEqualTo(stages * n / 2);
            assertThat(t.channelCount()).isEqualTo((stages + 1) * n);
            HopDistances.Summary s = summary(t);
            assertThat(s.diameter()).isEqualTo(stages + 1);
            assertThat(s.aspl()).isCloseTo(stages + 1, within(1e-12));
        }
    }

    /** Benes 8 = clos:2,2,2,2,2: five stages of four 2x2 switches, four paths per pair (m1 * m2). */
    @Test
    void recursiveClosIsTheBenesNetwork() {
        Topology t = TopologySpec.parse("clos:2,2,2,2,2");
        assertThat(t.terminalCount()).isEqualTo(8);
        assertThat(t.switchCount()).isEqualTo(5 * 4);
        assertThat(t.channelCount()).isEqualTo(2 * 8 + 4 * 8);
        assertThat(summary(t).diameter()).isEqualTo(6);
        for (int u = 8; u < t.nodeCount(); u++) {
            assertThat(t.inDegree(u)).as("switch %d", u).isEqualTo(2);
            assertThat(t.outDegree(u)).as("switch %d", u).isEqualTo(2);
        }
        org.ccopt.routing.MinimalPaths p = new org.ccopt.routing.MinimalPaths(t);
        for (int s = 0; s < 8; s++) {
            for (int d = 0; d < 8; d++) {
                assertThat(p.count(s, d)).isEqualTo(s == d ? 1 : 4);
            }
        }
    }

    /** clos:3,2,2,3,2 = C(3, 2, C(2, 3, 2)): 12 terminals, stages of 4, 4, 6, 4, 4 switches. */
    @Test
    void recursiveClosCounts() {
        Topology t = TopologySpec.parse("clos:3,2,2,3,2");
        assertThat(t.terminalCount()).isEqualTo(12);
        assertThat(t.switchCount()).isEqualTo(4 + 2 * 2 + 2 * 3 + 2 * 2 + 4);
        // terminals 2 x 12; level 1: 4 switches x 2 middles, both sides; each of the 2 middles: 2 switches x 3
        // crossbars, both sides
        assertThat(t.channelCount()).isEqualTo(24 + 2 * 4 * 2 + 2 * (2 * 2 * 3));
        org.ccopt.routing.MinimalPaths p = new org.ccopt.routing.MinimalPaths(t);
        assertThat(p.count(0, 11)).isEqualTo(2 * 3);
        assertThat(summary(t).diameter()).isEqualTo(6);
    }

    @Test
    void closCounts() {
        Topology t = TopologySpec.parse("clos:3,3,4");
        assertThat(t.terminalCount()).isEqualTo(12);
        assertThat(t.switchCount()).isEqualTo(4 + 3 + 4);
        assertThat(t.channelCount()).isEqualTo(2 * 12 + 2 * 4 * 3);
        assertThat(summary(t).diameter()).isEqualTo(4);
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 8, 16, 64, 1024})
    void circulant2DegreesAreTwoLogNMinusOne(int n) {
        Topology t = TopologySpec.parse("circulant2:" + n);
        int log = Integer.numberOfTrailingZeros(n);
        for (int u = 0; u < n; u++) {
            assertThat(t.degree(u)).isEqualTo(2 * log - 1);
        }
    }

    @Test
    void mooreGraphsMeetTheMooreBound() {
        Topology p = TopologySpec.parse("moore:petersen");
        assertThat(p.linkCount()).isEqualTo(15);
        assertThat(summary(p).diameter()).isEqualTo(2);
        Topology hs = TopologySpec.parse("moore:hoffman-singleton");
        assertThat(hs.linkCount()).isEqualTo(175);
        for (int u = 0; u < 50; u++) {
            assertThat(hs.degree(u)).isEqualTo(7);
        }
        assertThat(summary(hs).diameter()).isEqualTo(2);
        assertThat(org.ccopt.topology.metrics.MooreBound.maxNodes(7, 2)).isEqualTo(50);
        assertThat(org.ccopt.topology.metrics.MooreBound.maxNodes(3, 2)).isEqualTo(10);
    }

    @Test
    void octagonAndItsRelatives() {
        Topology o = TopologySpec.parse("octagon");
        assertThat(o.linkCount()).isEqualTo(12);
        assertThat(summary(o).diameter()).isEqualTo(2);
        Topology fat = TopologySpec.parse("fat-octagon");
        assertThat(fat.terminalCount()).isEqualTo(16);
        assertThat(fat.switchCount()).isEqualTo(8);
        Topology ladder = TopologySpec.parse("twisted-ladder:8");
        assertThat(ladder.linkCount()).isEqualTo(12);
        assertThat(summary(ladder).aspl()).isEqualTo(summary(o).aspl());
    }

    /**
     * The Octagon scalings of Jaros et al. 2007, §4: one bridged Octagon and the one-dimensional product are the
     * Octagon itself; two bridged Octagons share a cut vertex of degree 6 (diameter 2 + 2); the 2-D Octagon has 64
     * nodes of degree 6 and diameter 2 + 2.
     */
    @Test
    void octagonScalings() {
        Topology o = TopologySpec.parse("octagon");
        for (String one : new String[] {"octagon-bridged:1", "octagon-md:1"}) {
            Topology t = TopologySpec.parse(one);
            assertThat(t.nodeCount()).isEqualTo(8);
            for (int c = 0; c < o.channelCount(); c++) {
                assertThat(t.channel(o.channelSource(c), o.channelTarget(c))).as(one).isNotNegative();
            }
            assertThat(t.linkCount()).isEqualTo(12);
        }
        Topology b = TopologySpec.parse("octagon-bridged:2");
        assertThat(b.nodeCount()).isEqualTo(15);
        assertThat(b.linkCount()).isEqualTo(24);
        assertThat(b.degree(4)).isEqualTo(6);
        assertThat(summary(b).diameter()).isEqualTo(4);
        assertThat(new org.ccopt.topology.metrics.BisectionWidth(b).compute(20_000_000, 1).width()).isEqualTo(3);
        Topology m = TopologySpec.parse("octagon-md:2");
        assertThat(m.nodeCount()).isEqualTo(64);
        assertThat(m.linkCount()).isEqualTo(64 * 6 / 2);
        for (int v = 0; v < 64; v++) {
            assertThat(m.degree(v)).isEqualTo(6);
        }
        assertThat(summary(m).diameter()).isEqualTo(4);
    }

    @Test
    void treesCounts() {
        Topology b = TopologySpec.parse("btree:8");
        assertThat(b.terminalCount()).isEqualTo(8);
        assertThat(b.switchCount()).isEqualTo(7);
        assertThat(b.linkCount()).isEqualTo(14);
        assertThat(summary(b).diameter()).isEqualTo(2 * 3 + 0);
        Topology f = TopologySpec.parse("fattree:16");
        assertThat(f.switchCount()).isEqualTo(4 * 8);
        assertThat(f.linkCount()).isEqualTo(16 * 4);
        Topology fb = TopologySpec.parse("fbtree:31");
        assertThat(fb.linkCount()).isEqualTo(30);
        assertThat(summary(fb).diameter()).isEqualTo(8);
        Topology k = TopologySpec.parse("kary-ntree:4,3");
        assertThat(k.terminalCount()).isEqualTo(64);
        assertThat(k.switchCount()).isEqualTo(3 * 16);
    }

    @Test
    void coatedMeshHasSixteenProcessorsOnTheBoundary() {
        Topology t = TopologySpec.parse("coated-mesh:4x4");
        assertThat(t.terminalCount()).isEqualTo(16);
        assertThat(t.switchCount()).isEqualTo(16);
        for (int s = 16; s < 32; s++) {
            assertThat(t.degree(s)).isEqualTo(4);
        }
    }

    @Test
    void thesisDragonflyHas1024SwitchesOfDegree19AndDiameter3() {
        Topology t = TopologySpec.parse("dragonfly:thesis");
        assertThat(t.nodeCount()).isEqualTo(1024);
        for (int u = 0; u < 1024; u++) {
            assertThat(t.degree(u)).isEqualTo(19);
        }
        assertThat(summary(t).diameter()).isEqualTo(3);
    }

    @Test
    void balancedDragonflyJoinsEveryGroupPairOnce() {
        Topology t = TopologySpec.parse("dragonfly:4,2,2");
        assertThat(t.switchCount()).isEqualTo(9 * 4);
        assertThat(t.terminalCount()).isEqualTo(72);
        // 9 groups x 6 local links + 36 global links + 72 terminal links
        assertThat(t.linkCount()).isEqualTo(9 * 6 + 36 + 72);
        assertThat(summary(t).diameter()).isEqualTo(5);
    }

    /**
     * The flattened butterfly (Kim, Dally &amp; Abts 2007) as BookSim's {@code flatfly} with k = 4, n = 2, c = 4: 16
     * routers of radix c + n (k - 1) = 10, 16 x 6 / 2 = 48 router links and 64 terminal links, any two routers at most
     * n = 2 hops apart; with c = 1 a direct Hamming graph H(3, 3), 27 routers of degree 6, diameter 3.
     */
    @Test
    void flattenedButterflyLinksEveryRouterToItsRowsInEachDimension() {
        Topology t = TopologySpec.parse("flatfly:4,2,4");
        assertThat(t.terminalCount()).isEqualTo(64);
        assertThat(t.switchCount()).isEqualTo(16);
        assertThat(t.linkCount()).isEqualTo(48 + 64);
        for (int r = 64; r < 80; r++) {
            assertThat(t.degree(r)).isEqualTo(10);
        }
        assertThat(summary(t).diameter()).isEqualTo(2 + 2); // terminal, 2 router hops, terminal
        Topology h = TopologySpec.parse("flatfly:3,3");
        assertThat(h.nodeCount()).isEqualTo(27);
        assertThat(h.isDirect()).isTrue();
        for (int u = 0; u < 27; u++) {
            assertThat(h.degree(u)).isEqualTo(6);
        }
        assertThat(summary(h).diameter()).isEqualTo(3);
        assertThat(h.neighbours(0)).containsExactlyInAnyOrder(1, 2, 3, 6, 9, 18);
    }

    /**
     * The concentrated mesh as BookSim's {@code cmesh} with k = 4, c = 4: 16 routers in a 4x4 mesh (24 links), 4
     * terminals each in a 2x2 block of an 8-column chip, so terminal 9 (column 1, row 1) is on router 0, terminal 2
     * (column 2, row 0) on router 1 and terminal 16 (column 0, row 2) on router 4; a router's degree is its mesh
     * neighbours plus 4. A block that is not floor(c/2) x c/floor(c/2) is refused.
     */
    @Test
    void aConcentratedMeshNumbersItsTerminalsByTheirPlaceOnTheChip() {
        Topology t = TopologySpec.parse("cmesh:4,4,4");
        assertThat(t.terminalCount()).isEqualTo(64);
        assertThat(t.switchCount()).isEqualTo(16);
        assertThat(t.linkCount()).isEqualTo(24 + 64);
        assertThat(t.neighbours(9)).containsExactly(64);
        assertThat(t.neighbours(2)).containsExactly(65);
        assertThat(t.neighbours(16)).containsExactly(68);
        assertThat(t.degree(64)).isEqualTo(2 + 4);
        assertThat(t.degree(69)).isEqualTo(4 + 4);
        assertThat(summary(t).diameter()).isEqualTo(6 + 2); // terminal, 6 router hops corner to corner, terminal
        assertThat(TopologySpec.parse("cmesh:3,2,2").terminalCount()).isEqualTo(12);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TopologySpec.parse("cmesh:4,4,5"))
                .isInstanceOf(org.ccopt.InvalidInputException.class).hasMessageContaining("expected an even c or 3");
    }

    @Test
    void randomShortcutIsNearlyRegularAndSeeded() {
        Topology a = TopologySpec.parse("random-shortcut:1024:19:seed=7");
        Topology b = TopologySpec.parse("random-shortcut:1024:19:seed=7");
        Topology c = TopologySpec.parse("random-shortcut:1024:19:seed=8");
        int full = 0;
        for (int u = 0; u < 1024; u++) {
            assertThat(a.degree(u)).isBetween(2, 19);
            full += a.degree(u) == 19 ? 1 : 0;
            assertThat(a.neighbours(u)).containsExactly(b.neighbours(u));
        }
        assertThat(full).isGreaterThanOrEqualTo(1020);
        assertThat(java.util.Arrays.equals(a.neighbours(0), c.neighbours(0))
                && java.util.Arrays.equals(a.neighbours(1), c.neighbours(1))).isFalse();
        assertThat(summary(a).diameter()).isLessThanOrEqualTo(4);
    }
}
