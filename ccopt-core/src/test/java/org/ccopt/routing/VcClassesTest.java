package org.ccopt.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ccopt.InvalidInputException;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/** How a port's VCs are split into a routing function's classes. */
class VcClassesTest {

    private static int[] classesOf(VcClasses c) {
        int[] out = new int[c.vcs()];
        for (int v = 0; v < c.vcs(); v++) {
            out[v] = c.classOf(v);
        }
        return out;
    }

    @Test
    void anEvenSplitGivesEachClassConsecutiveVcs() {
        assertThat(classesOf(VcClasses.even(4, 2))).containsExactly(0, 0, 1, 1);
        assertThat(classesOf(VcClasses.even(5, 2))).containsExactly(0, 0, 1, 1, 1);
        assertThat(classesOf(VcClasses.even(6, 3))).containsExactly(0, 0, 1, 1, 2, 2);
    }

    /** BookSim's min_adapt_mesh: escape VC 0, adaptive VCs 1 to V-1; on a torus, escapes VC 0 and VC 1. */
    @Test
    void escapeClassesTakeOneVcEachFirstAndTheAdaptiveClassTheRest() {
        VcClasses mesh = VcClasses.escapes(4, 1);
        assertThat(classesOf(mesh)).containsExactly(1, 0, 0, 0);
        assertThat(mesh.low(0)).isEqualTo(1);
        assertThat(mesh.high(0)).isEqualTo(3);
        assertThat(mesh.low(1)).isZero();
        assertThat(mesh.high(1)).isZero();
        assertThat(classesOf(VcClasses.escapes(4, 2))).containsExactly(1, 2, 0, 0);
        assertThat(classesOf(VcClasses.escapes(3, 2))).containsExactly(1, 2, 0);
        assertThatThrownBy(() -> VcClasses.escapes(2, 2)).isInstanceOf(InvalidInputException.class)
                .hasMessage("the routing function needs 3 VC classes; got 2 virtual channels; expected --vcs 3 or more");
    }

    @Test
    void theDimensionOrderEscapeNeedsOneClassOnAMeshAndTwoOnATorus() {
        RouterPorts mesh = new RouterPorts(TopologySpec.parse("mesh:4x4"));
        RouterPorts torus = new RouterPorts(TopologySpec.parse("torus:4x4"));
        assertThat(RoutingFunctions.create("min-adaptive-dor", mesh).split(4)).isEqualTo(VcClasses.escapes(4, 1));
        assertThat(RoutingFunctions.create("min-adaptive-dor", torus).split(4)).isEqualTo(VcClasses.escapes(4, 2));
        assertThat(RoutingFunctions.create("min-adaptive-booksim", mesh).choice()).isEqualTo(RoutingFunction.Choice.ALLOCATOR);
        assertThat(RoutingFunctions.create("min-adaptive", mesh).split(4)).isEqualTo(VcClasses.even(4, 2));
        assertThatThrownBy(() -> RoutingFunctions.create("min-adaptive-booksim", torus))
                .hasMessageContaining("needs a mesh");
        assertThatThrownBy(() -> RoutingFunctions.create("min-adaptive-dor",
                new RouterPorts(TopologySpec.parse("hypercube:4")))).hasMessageContaining("needs a torus or mesh");
    }
}
