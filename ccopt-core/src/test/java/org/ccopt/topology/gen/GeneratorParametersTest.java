package org.ccopt.topology.gen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every generator checks its own parameters when called directly (not only through {@code TopologySpec}): a bad value
 * is one {@link InvalidInputException} line naming the value and the rule, never an internal error or a wrong graph.
 */
class GeneratorParametersTest {

    static Stream<Arguments> bad() {
        return Stream.of(
            Arguments.of("grid radix 1", (Supplier<Topology>) () -> GridGenerator.build("t", "mesh", new int[] {1, 4}, false), "radix 1"),
            Arguments.of("grid no radix", (Supplier<Topology>) () -> GridGenerator.build("t", "mesh", new int[0], false), "no radix"),
            Arguments.of("grid too large", (Supplier<Topology>) () -> GridGenerator.build("t", "torus", new int[] {2048, 2048}, true), "more than"),
            Arguments.of("hypercube 0", (Supplier<Topology>) () -> HypercubeGenerator.build("t", "hypercube", 0, false), "D 0"),
            Arguments.of("hypercube 31", (Supplier<Topology>) () -> HypercubeGenerator.build("t", "hypercube", 31, false), "D 31"),
            Arguments.of("octagon 10", (Supplier<Topology>) () -> OctagonGenerator.build("t", 10, 1), "multiple of 4"),
            Arguments.of("octagon 0 processors", (Supplier<Topology>) () -> OctagonGenerator.build("t", 8, 0), "processors per router 0"),
            Arguments.of("coated mesh 1", (Supplier<Topology>) () -> CoatedMeshGenerator.build("t", 1, 4), "radix 1"),
            Arguments.of("dragonfly g", (Supplier<Topology>) () -> DragonflyGenerator.build("t", 4, 1, 2, 10), "group count g = 10"),
            Arguments.of("dragonfly a", (Supplier<Topology>) () -> DragonflyGenerator.build("t", 0, 1, 2, 2), "a 0"),
            Arguments.of("omega 12", (Supplier<Topology>) () -> MultistageGenerator.omega("t", 12), "not a power of two"),
            Arguments.of("butterfly 1", (Supplier<Topology>) () -> MultistageGenerator.butterfly("t", 1), "N 1"),
            Arguments.of("clos m 0", (Supplier<Topology>) () -> MultistageGenerator.clos("t", 2, 0, 3), "m 0"),
            Arguments.of("random shortcut degree", (Supplier<Topology>) () -> RandomShortcutGenerator.build("t", 8, 9, 1), "D 9"),
            Arguments.of("twisted ladder odd", (Supplier<Topology>) () -> SmallGraphGenerator.twistedLadder("t", 7), "odd"),
            Arguments.of("amp odd", (Supplier<Topology>) () -> SmallGraphGenerator.amp("t", 9, 3, 1), "odd"),
            Arguments.of("btree 6", (Supplier<Topology>) () -> TreeGenerator.binaryTree("t", 6), "not a power of two"),
            Arguments.of("kary k 1", (Supplier<Topology>) () -> TreeGenerator.karyNTree("t", "kary-ntree", 1, 3), "k >= 2"),
            Arguments.of("fbtree 6", (Supplier<Topology>) () -> TreeGenerator.fullBinaryTree("t", 6), "2^h - 1"),
            Arguments.of("circulant jump", (Supplier<Topology>) () -> CirculantGenerator.build("t", "circulant", 10, new int[] {6}), "jump 6"),
            Arguments.of("circulant no jump", (Supplier<Topology>) () -> CirculantGenerator.build("t", "circulant", 10, new int[0]), "no jump"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bad")
    void aBadParameterIsOneClearLine(String name, Supplier<Topology> build, String says) {
        assertThatThrownBy(build::get).isInstanceOf(InvalidInputException.class).hasMessageContaining(says)
                .hasMessageContaining("'t'").satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    /** The same generators accept the values the specs use (no check is stricter than the spec parser's). */
    @ParameterizedTest
    @MethodSource("good")
    void theSpecsBoundaryValuesStillBuild(Supplier<Topology> build) {
        assertThat(build.get().nodeCount()).isPositive();
    }

    static List<Supplier<Topology>> good() {
        return List.of(
            () -> GridGenerator.build("t", "torus", new int[] {2}, true),
            () -> GridGenerator.build("t", "ring", new int[] {3}, true),
            () -> HypercubeGenerator.build("t", "hypercube", 1, false),
            () -> HypercubeGenerator.build("t", "kring", 2, true),
            () -> OctagonGenerator.build("t", 8, 1),
            () -> OctagonGenerator.build("t", 8, 2),
            () -> CoatedMeshGenerator.build("t", 2, 2),
            () -> DragonflyGenerator.build("t", 4, 1, 2, 9),
            () -> MultistageGenerator.omega("t", 2),
            () -> MultistageGenerator.clos("t", 1, 1, 1),
            () -> RandomShortcutGenerator.build("t", 3, 2, 1),
            () -> SmallGraphGenerator.twistedLadder("t", 6),
            () -> SmallGraphGenerator.amp("t", 4, 3, 1),
            () -> TreeGenerator.binaryTree("t", 2),
            () -> TreeGenerator.karyNTree("t", "kary-ntree", 2, 1),
            () -> TreeGenerator.fullBinaryTree("t", 3),
            () -> CirculantGenerator.build("t", "circulant", 3, new int[] {1}));
    }

    /** amp:N:D is D-regular for every N and D it accepts (a jump of N/2 once gave amp:8:7 degree 5). */
    @org.junit.jupiter.api.Test
    void everyAmpGraphHasTheDegreeAskedFor() {
        for (int n = 4; n <= 20; n++) {
            for (int d = 2; d < n; d++) {
                if (n * d % 2 != 0) {
                    continue;
                }
                Topology t = SmallGraphGenerator.amp("amp:" + n + ":" + d, n, d, 1);
                for (int u = 0; u < n; u++) {
                    org.assertj.core.api.Assertions.assertThat(t.neighbours(u)).as("amp:%d:%d node %d", n, d, u).hasSize(d);
                }
            }
        }
    }
}
