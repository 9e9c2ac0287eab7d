package org.ccopt.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TrafficPatternTest {

    private final Topology torus = TopologySpec.parse("torus:8x8");

    @Test
    void bitPatternsOnAnEightByEightTorus() {
        // node (x=1, y=0) = W 000 001
        assertThat(TrafficPattern.BCMP.destinations(torus, 0)[1]).isEqualTo(62);
        assertThat(TrafficPattern.BREV.destinations(torus, 0)[1]).isEqualTo(32);
        assertThat(TrafficPattern.BROT.destinations(torus, 0)[1]).isEqualTo(32);
        assertThat(TrafficPattern.BROT.destinations(torus, 0)[2]).isEqualTo(1);
        assertThat(TrafficPattern.SHFL.destinations(torus, 0)[1]).isEqualTo(2);
        assertThat(TrafficPattern.SHFL.destinations(torus, 0)[32]).isEqualTo(1);
        assertThat(TrafficPattern.TRNS.destinations(torus, 0)[1 + 8 * 3]).isEqualTo(3 + 8);
        assertThat(TrafficPattern.TORN.destinations(torus, 0)[1]).isEqualTo(5);
        assertThat(TrafficPattern.TORN.destinations(torus, 0)[6]).isEqualTo(10); // carry into the next row
        assertThat(TrafficPattern.NEIGHBOR.destinations(torus, 0)[7]).isEqualTo(0);
    }

    /**
     * BookSim's names: its bit permutations are ccopt's (transpose by its formula, the two halves of the address bits
     * swapped), and its tornado moves every coordinate by ceil(k/2) - 1 (its traffic.cpp).
     */
    @Test
    void bookSimNamesAndItsTornado() {
        assertThat(TrafficPattern.parse("bitcomp")).isEqualTo(TrafficPattern.BCMP);
        assertThat(TrafficPattern.parse("BitRev")).isEqualTo(TrafficPattern.BREV);
        assertThat(TrafficPattern.parse("shuffle")).isEqualTo(TrafficPattern.SHFL);
        assertThat(TrafficPattern.parse("transpose")).isEqualTo(TrafficPattern.TRNS);
        int[] transpose = TrafficPattern.TRNS.destinations(torus, 0);
        for (int s = 0; s < 64; s++) {
            assertThat(transpose[s]).isEqualTo(((s >> 3) & 7) | ((s << 3) & 56));
        }
        int[] tornado = TrafficPattern.TORNADO.destinations(torus, 0);
        assertThat(tornado[0]).isEqualTo(3 + 8 * 3);
        assertThat(tornado[7 + 8 * 6]).isEqualTo(2 + 8 * 1); // both coordinates wrap
        assertThat(TrafficPattern.TORNADO.destinations(TopologySpec.parse("mesh:4x4"), 0)[0]).isEqualTo(1 + 4);
        assertThat(TrafficPattern.TORNADO.destinations(TopologySpec.parse("ring:7"), 0)[5]).isEqualTo(1); // 5 + 3 mod 7
    }

    @ParameterizedTest
    @EnumSource(value = TrafficPattern.class, names = "UNIFORM", mode = EnumSource.Mode.EXCLUDE)
    void permutationPatternsArePermutations(TrafficPattern p) {
        for (long seed = 1; seed <= 5; seed++) {
            int[] d = p.destinations(torus, seed);
            assertThat(Arrays.stream(d).sorted().toArray()).containsExactly(java.util.stream.IntStream.range(0, 64).toArray());
        }
    }

    @Test
    void randomPatternsAreSeededAndStructured() {
        int[] pair = TrafficPattern.RPAR.destinations(torus, 7);
        for (int s = 0; s < 64; s++) {
            assertThat(pair[pair[s]]).isEqualTo(s);
            assertThat(pair[s]).isNotEqualTo(s);
        }
        int[] ring = TrafficPattern.RRNG.destinations(torus, 7);
        int u = 0;
        for (int i = 0; i < 63; i++) {
            u = ring[u];
            assertThat(u).isNotZero();
        }
        assertThat(ring[u]).isZero();
        assertThat(TrafficPattern.UNIFORM.destinations(torus, 3)).containsExactly(TrafficPattern.UNIFORM.destinations(torus, 3));
        for (int d : TrafficPattern.UNIFORM.destinations(torus, 3)) {
            assertThat(d).isBetween(0, 63);
        }
    }

    @Test
    void clearErrors() {
        Topology ring = TopologySpec.parse("ring:12");
        assertThatThrownBy(() -> TrafficPattern.BREV.destinations(ring, 0)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("power-of-two");
        assertThatThrownBy(() -> TrafficPattern.TRNS.destinations(ring, 0)).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> TrafficPattern.parse("bitrot")).hasMessageContaining("expected one of bcmp");
    }
}
