package org.ccopt.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;

class NodemapOutcomeTest {

    private static final Topology TORUS = TopologySpec.parse("torus:4x4");

    private static NodemapOutcome run(String variant, int packets) {
        int[][] patterns = {TrafficPattern.BCMP.destinations(TORUS, 1), TrafficPattern.BREV.destinations(TORUS, 1)};
        NodeMappingGa.Settings settings = new NodeMappingGa.Settings(8, 4, MutationVariant.named(variant), SurvivalOrder.ML, 1);
        try (MappingEvaluator ev = new MappingEvaluator(FlitSetup.of(TORUS).withModel(RouterModel.CCOPT), patterns, packets, 4, 1)) {
            NodeMappingGa ga = new NodeMappingGa(ev, settings);
            NodeMappingGa.State s = ga.run(ga.initial(), x -> { });
            return NodemapOutcome.of(TORUS, List.of("bcmp", "brev"), settings, new org.ccopt.flitsim.RouterKind.Papers(RouterModel.CCOPT), packets == 0,
                    s, ev, 0.5);
        }
    }

    @Test
    void theFiguresGiveTheBestAgainstPhysicalAddressingAndTheMappingLast() {
        NodemapOutcome o = run("S20", 2);
        Map<String, Object> f = o.figures();
        assertThat(f).containsEntry("traffic", "bcmp,brev").containsEntry("variant", "S20").containsEntry("sort", "ml")
                .containsEntry("bestCycles", o.best().cycles()).containsEntry("physicalCycles", o.physical().cycles())
                .containsKeys("survival", "routing").doesNotContainKey("randomSearch");
        assertThat(o.best().cycles()).isLessThanOrEqualTo(o.physical().cycles());
        assertThat(List.copyOf(f.keySet())).last().isEqualTo("mapping");
        assertThat(o.lines("ccopt")).hasSize(1);
        assertThat(o.lines("ccopt").get(0)).startsWith("bcmp+brev on torus:4x4, S20-ml, model ccopt: ");
    }

    @Test
    void theRandomSearchReportsTheSpreadOfItsSamples() {
        NodemapOutcome o = run("S99", 2);
        assertThat(o.randomSearch()).isTrue();
        @SuppressWarnings("unchecked")
        Map<String, Object> rs = (Map<String, Object>) o.figures().get("randomSearch");
        assertThat((long) rs.get("minCycles")).isLessThanOrEqualTo((long) rs.get("maxCycles"));
        assertThat((double) rs.get("averageCycles")).isBetween((double) (long) rs.get("minCycles"), (double) (long) rs.get("maxCycles"));
        assertThat(o.lines("ccopt")).hasSize(2);
    }

    @Test
    void aHopsOnlyRunNamesNoSurvivalRuleNorRouting() {
        NodemapOutcome o = run("S20", 0);
        assertThat(o.figures()).doesNotContainKeys("survival", "routing", "randomSearch");
        assertThat(o.lines("ccopt").get(0)).contains("(hops only)");
    }
}
