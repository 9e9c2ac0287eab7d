package org.ccopt.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ccopt.InvalidInputException;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/** A K-port model is refused where K exceeds every processor's channels, which would make it the all-port model. */
class PortModelTest {

    @Test
    void aPortCountAboveEveryProcessorsChannelsIsRefused() {
        // an inner router of the 4x4 mesh has 4 channels, a corner 2: 3 and 4 ports differ from all-port, 5 cannot
        assertThat(PortModel.parse("4").on(TopologySpec.parse("mesh:4x4")).k()).isEqualTo(4);
        assertThat(PortModel.parse("all").on(TopologySpec.parse("mesh:4x4")).isAll()).isTrue();
        assertThatThrownBy(() -> PortModel.parse("5").on(TopologySpec.parse("mesh:4x4")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("port count 5 exceeds the most channels a processor of mesh:4x4 has, 4, so every processor would "
                        + "use all of its; expected 1 to 4, or all");
        // a fat tree's processor has one channel: any K above 1 is all-port
        assertThatThrownBy(() -> PortModel.parse("2").on(TopologySpec.parse("kary-ntree:2,3")))
                .hasMessageEndingWith("expected 1 (all-port is the same here)");
    }
}
