package org.ccopt.flitsim.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PacketSizesTest {

    @Test
    void aMixIsDrawnByItsWeightsAndOffersItsMeanSize() {
        PacketSizes mix = PacketSizes.parse("1:1,8:3");
        assertThat(mix.mean()).isEqualTo((1 + 3 * 8) / 4.0);
        assertThat(mix.max()).isEqualTo(8);
        assertThat(mix).hasToString("1:1,8:3").isEqualTo(PacketSizes.parse(" 1:1, 8:3"));
        SplittableRandom r = new SplittableRandom(5);
        int eights = 0;
        for (int i = 0; i < 40_000; i++) {
            eights += mix.draw(r) == 8 ? 1 : 0;
        }
        assertThat(eights / 40_000.0).isCloseTo(0.75, org.assertj.core.data.Offset.offset(0.01));
        assertThat(PacketSizes.parse("4:0,2:1").draw(r)).isEqualTo(2); // a weight of 0 is never drawn
    }

    /** One size draws nothing: a source of one size offers the packets it offered before mixes existed. */
    @Test
    void oneSizeOffersTheSamePacketsAsAFixedSize() {
        RouterTiming t = RouterTiming.BOOKSIM;
        OpenLoopResult fixed = EngineSetup.booksim(org.ccopt.topology.spec.TopologySpec.parse("mesh:4x4"), null, null, 4, t)
                .runOpenLoop(OpenLoopTraffic.bernoulli(new Destinations.Uniform(16), 0.2, 8), 200, 1000, 2000, 3);
        OpenLoopResult single = EngineSetup.booksim(org.ccopt.topology.spec.TopologySpec.parse("mesh:4x4"), null, null, 4, t)
                .runOpenLoop(new OpenLoopTraffic(new Destinations.Uniform(16), OpenLoopTraffic.Process.BERNOULLI, 0.2,
                        PacketSizes.parse("8:1"), 1), 200, 1000, 2000, 3);
        assertThat(single).isEqualTo(fixed);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "8", "8:", "0:1", "8:-1", "1:0,8:0", "1:1;8:1", "99999:1", "a:1"})
    void whatIsNotASizeMixIsRefused(String text) {
        assertThatThrownBy(() -> PacketSizes.parse(text)).isInstanceOf(InvalidInputException.class)
                .hasMessageNotContaining("\n");
    }

    @Test
    void theOneSizeOfAMixIsRefusedWithOneLine() {
        OpenLoopTraffic mix = new OpenLoopTraffic(new Destinations.Uniform(4), OpenLoopTraffic.Process.BERNOULLI, 0.1,
                PacketSizes.parse("1:1,8:1"), 1);
        assertThatThrownBy(mix::packetFlits).isInstanceOf(InvalidInputException.class).hasMessageContaining("papers' router");
    }
}
