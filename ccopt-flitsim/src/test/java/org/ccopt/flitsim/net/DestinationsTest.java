package org.ccopt.flitsim.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/** Hotspot destinations: each spot takes its share, the rest spreads uniformly; malformed lists are refused. */
class DestinationsTest {

    @Test
    void eachHotspotTakesItsShareAndTheRestIsUniform() {
        Destinations d = EngineSetup.destinations("hotspot:3:0.3,10:0.2", TopologySpec.parse("mesh:4x4"), 1);
        SplittableRandom random = new SplittableRandom(5);
        int n = 200_000;
        int[] count = new int[16];
        for (int i = 0; i < n; i++) {
            count[d.next(7, random)]++;
        }
        // 0.3 + 0.5 / 16 to terminal 3, 0.2 + 0.5 / 16 to 10, 0.5 / 16 to each other
        assertThat(count[3] / (double) n).isCloseTo(0.3 + 0.5 / 16, within(0.005));
        assertThat(count[10] / (double) n).isCloseTo(0.2 + 0.5 / 16, within(0.005));
        assertThat(count[0] / (double) n).isCloseTo(0.5 / 16, within(0.003));
    }

    @Test
    void malformedHotspotsAreRefusedWithOneLine() {
        for (String bad : new String[] {"hotspot:0", "hotspot:0:0.5,", "hotspot:+1:0.5", "hotspot:0:0.6,1:0.6",
            "hotspot:0:0.5,0:0.1", "hotspot:16:0.1", "hotspot:0:1.5", "hotspot:0:-0.1", "hotspot:0:NaN"}) {
            assertThatThrownBy(() -> EngineSetup.destinations(bad, TopologySpec.parse("mesh:4x4"), 1)).as(bad)
                    .isInstanceOf(InvalidInputException.class).satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }

    /** Under BookSim's name of a permutation a terminal mapped to itself sends to itself; under ccopt's, nothing. */
    @Test
    void bookSimsPatternNamesSendToThemselvesWhereCcoptsSendNothing() {
        // transpose on a 4x4 mesh maps the diagonal, terminals 0, 5, 10 and 15, to themselves
        Destinations booksim = EngineSetup.destinations("transpose", TopologySpec.parse("mesh:4x4"), 1);
        Destinations ccopt = EngineSetup.destinations("trns", TopologySpec.parse("mesh:4x4"), 1);
        SplittableRandom random = new SplittableRandom(1);
        assertThat(booksim.next(5, random)).isEqualTo(5);
        assertThat(ccopt.next(5, random)).isEqualTo(-1);
        assertThat(booksim.next(1, random)).isEqualTo(4);
        assertThat(ccopt.next(1, random)).isEqualTo(4);
    }
}
