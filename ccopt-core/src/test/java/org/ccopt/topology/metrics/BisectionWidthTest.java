package org.ccopt.topology.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BisectionWidthTest {

    /** The exact search, with the closed form switched off, must agree with the closed form. */
    @ParameterizedTest
    @CsvSource({"torus:4x4,8", "torus:6x4,8", "mesh:4x4,4", "mesh:6x3,3", "hypercube:4,8", "ring:10,2",
        "kring:4,16", "btree:16,1", "fbtree:15,1", "fattree:8,4"})
    void exactSearchMatchesClosedForms(String spec, long links) {
        Topology t = TopologySpec.parse(spec);
        assertThat(t.geometry().bisectionClosedForm()).isEqualTo(links);
        BisectionWidth b = new BisectionWidth(t);
        int[] side = search(t, b);
        assertThat(b.cut(side) / 2).isEqualTo(links);
    }

    private static int[] search(Topology t, BisectionWidth b) {
        // run the non-closed-form path by rebuilding the graph from a file-like copy without geometry
        Topology copy = org.ccopt.topology.io.TopologyFilesAccess.withoutGeometry(t);
        BisectionWidth.Result r = new BisectionWidth(copy).compute(50_000_000, 1);
        assertThat(r.exact()).isTrue();
        int terminalsA = 0;
        for (int v = 0; v < t.terminalCount(); v++) {
            terminalsA += r.side()[v] == 0 ? 1 : 0;
        }
        assertThat(Math.abs(2 * terminalsA - t.terminalCount())).isLessThanOrEqualTo(1);
        return r.side();
    }

    @Test
    void octagonBisectionIsFourLinksNotTheHalfRingCut() {
        BisectionWidth.Result r = new BisectionWidth(TopologySpec.parse("octagon")).compute(1_000_000, 1);
        assertThat(r.exact()).isTrue();
        assertThat(r.width()).isEqualTo(4);
    }

    @Test
    void heuristicIsAnUpperBoundOfTheExactValue() {
        Topology t = TopologySpec.parse("random-shortcut:24:4:seed=5");
        BisectionWidth b = new BisectionWidth(t);
        BisectionWidth.Result exact = b.compute(100_000_000, 1);
        BisectionWidth.Result heuristic = b.compute(0, 1);
        assertThat(exact.exact()).isTrue();
        assertThat(heuristic.exact()).isFalse();
        assertThat(heuristic.width()).isGreaterThanOrEqualTo(exact.width());
    }
}
