package org.ccopt.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

class RouteQueryTest {

    @Test
    void aDiagonalPairOfATorusHasTwoMinimalPathsAndDimensionOrderTakesXFirst() {
        Topology t = TopologySpec.parse("torus:4x4");
        RouteQuery.Outcome o = RouteQuery.run(new RouteQuery.Request(t, 0, 5, 16, 0, null));
        assertThat(o.hops()).isEqualTo(2);
        assertThat(o.minimalPaths()).isEqualTo(2);
        assertThat(o.paths()).hasSize(2);
        assertThat(o.route()).startsWith(0).endsWith(5).hasSize(3);
        assertThat(o.lines().get(0)).isEqualTo("0 -> 5 on torus:4x4: 2 hops, 2 minimal paths");
        assertThat(o.figures()).containsEntry("hops", 2).containsEntry("minimalPaths", 2L).containsKey("route");
    }

    @Test
    void theTieRuleDecidesTheHalfWayDirectionOnATorus() {
        Topology t = TopologySpec.parse("ring:4");
        int[] positive = RouteQuery.run(new RouteQuery.Request(t, 0, 2, 16, 0, DimensionOrderRouting.Tie.POSITIVE)).route();
        int[] negative = RouteQuery.run(new RouteQuery.Request(t, 0, 2, 16, 0, DimensionOrderRouting.Tie.NEGATIVE)).route();
        assertThat(positive).containsExactly(0, 1, 2);
        assertThat(negative).containsExactly(0, 3, 2);
    }

    @Test
    void extraHopsListLongerSimplePathsAndTheLimitCapsThem() {
        Topology t = TopologySpec.parse("ring:6");
        assertThat(RouteQuery.run(new RouteQuery.Request(t, 0, 1, 16, 0, null)).paths()).hasSize(1);
        // within 4 extra hops the way round the other side (5 hops) is listed too
        assertThat(RouteQuery.run(new RouteQuery.Request(t, 0, 1, 16, 4, null)).paths()).hasSize(2);
        assertThat(RouteQuery.run(new RouteQuery.Request(t, 0, 1, 1, 4, null)).paths()).hasSize(1);
    }

    @Test
    void aNodeOutsideTheNetworkATieOffATorusAndLimitsOutOfRangeAreRefusedWithOneLine() {
        Topology cube = TopologySpec.parse("hypercube:3");
        assertThatThrownBy(() -> RouteQuery.run(new RouteQuery.Request(cube, 0, 8, 16, 0, null)))
                .isInstanceOf(InvalidInputException.class).hasMessage("node 8 is not in hypercube:3; expected 0..7");
        assertThatThrownBy(() -> RouteQuery.run(new RouteQuery.Request(cube, 0, 7, 16, 0, DimensionOrderRouting.Tie.HALF)))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("--tie applies to dimension-order routing");
        assertThatThrownBy(() -> RouteQuery.run(new RouteQuery.Request(cube, 0, 7, 0, 0, null)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("expected 1..100000 paths");
        assertThatThrownBy(() -> RouteQuery.run(new RouteQuery.Request(cube, 0, 7, 16, MinimalPaths.MAX_EXTRA_HOPS + 1, null)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("extra hops");
    }
}
