package org.ccopt.rank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

class ProcessMappingTest {

    @Test
    void everyMappingGivesDistinctTerminalsAndRepeatsForASeed() {
        Topology t = TopologySpec.parse("torus:8x8");
        for (ProcessMapping m : ProcessMapping.values()) {
            int[] a = m.nodes(t, 16, 5);
            assertThat(a).hasSize(16).doesNotHaveDuplicates();
            assertThat(Arrays.stream(a).allMatch(x -> x >= 0 && x < 64)).isTrue();
            assertThat(m.nodes(t, 16, 5)).isEqualTo(a);
        }
    }

    @Test
    void circulantTakesStrideNOverP() {
        Topology t = TopologySpec.parse("circulant2:64");
        int[] m = ProcessMapping.CIRCULANT.nodes(t, 8, 9);
        for (int i = 1; i < 8; i++) {
            assertThat(Math.floorMod(m[i] - m[i - 1], 64)).isEqualTo(8);
        }
    }

    @Test
    void ringIsConsecutiveAlongTheRing() {
        Topology t = TopologySpec.parse("random-shortcut:64:4:seed=1");
        int[] m = ProcessMapping.RING.nodes(t, 10, 3);
        for (int i = 1; i < 10; i++) {
            assertThat(m[i]).isEqualTo((m[i - 1] + 1) % 64);
        }
    }

    @Test
    void treeTakesTerminalsInBreadthFirstOrder() {
        // ring:16 from a root r: r, r-1/r+1 (ascending id), then the next ring on each side
        Topology t = TopologySpec.parse("ring:16");
        int[] m = ProcessMapping.TREE.nodes(t, 5, 1);
        int r = m[0];
        assertThat(m).containsExactlyInAnyOrder(r, (r + 1) % 16, (r + 15) % 16, (r + 2) % 16, (r + 14) % 16);
        // on an indirect network switches are passed through, not taken
        Topology ft = TopologySpec.parse("fattree:16");
        assertThat(Arrays.stream(ProcessMapping.TREE.nodes(ft, 16, 2)).allMatch(x -> x < ft.terminalCount())).isTrue();
    }

    @Test
    void blockIsAnearlySquareSubTorus() {
        Topology t = TopologySpec.parse("torus:8x8");
        int[] m = ProcessMapping.BLOCK.nodes(t, 12, 4);
        int[] xs = Arrays.stream(m).map(v -> v % 8).distinct().toArray();
        int[] ys = Arrays.stream(m).map(v -> v / 8).distinct().toArray();
        assertThat(xs.length * ys.length).isEqualTo(12);
        assertThat(Math.abs(xs.length - ys.length)).isEqualTo(1);
        assertThatThrownBy(() -> ProcessMapping.BLOCK.nodes(TopologySpec.parse("circulant2:16"), 4, 1))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("torus or mesh");
        assertThatThrownBy(() -> ProcessMapping.RANDOM.nodes(t, 65, 1))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("1..64");
    }
}
