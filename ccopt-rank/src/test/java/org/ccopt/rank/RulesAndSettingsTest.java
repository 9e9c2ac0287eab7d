package org.ccopt.rank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The search rules' two starts and acceptance rules, the contention objective, and every refusal of the settings. */
class RulesAndSettingsTest {

    private static final Topology T = TopologySpec.parse("random-shortcut:64:4:seed=5");

    private static RankProblem problem(boolean routes) {
        int[] mapped = ProcessMapping.RANDOM.nodes(T, 32, 9);
        return RankProblem.of(T, mapped, CollectiveMix.parse("allreduce,alltoall", 32), routes, 1);
    }

    @Test
    void theThesisRulesStartInTheMappingsOrderAndCcoptsInAscendingOrder() {
        RankProblem p = problem(false);
        RankPlacer.Settings none = RankPlacer.Settings.of(RankPlacement.TWO_OPT).withIterations(0);
        RankPlacer.Result ccopt = RankPlacer.place(p, none);
        RankPlacer.Result cui = RankPlacer.place(p, none.withRules(SearchRules.CUI2024));
        // no iteration: each search returns its start
        assertThat(ccopt.totalHops()).isEqualTo(ccopt.initialHops())
                .isEqualTo(RankPlacer.place(p, RankPlacer.Settings.of(RankPlacement.ASCENDING)).totalHops());
        assertThat(cui.totalHops()).isEqualTo(cui.initialHops())
                .isEqualTo(RankPlacer.place(p, RankPlacer.Settings.of(RankPlacement.MAPPING_ORDER)).totalHops());
    }

    @Test
    void strictTwoOptAcceptsOnlyImprovingSwapsAndTheNotWorseRuleAcceptsAtLeastAsMany() {
        RankProblem p = problem(false);
        RankPlacer.Settings s = RankPlacer.Settings.of(RankPlacement.TWO_OPT).withIterations(4000).withSeed(3);
        RankPlacer.Result strict = RankPlacer.place(p, s.withRules(new SearchRules(SearchRules.Start.ASCENDING, true)));
        RankPlacer.Result loose = RankPlacer.place(p, s);
        // every kept strict swap lowers the integer objective by at least one hop
        assertThat(strict.accepted()).isLessThanOrEqualTo(strict.initialHops() - strict.totalHops());
        assertThat(loose.initialHops()).isEqualTo(strict.initialHops());
        assertThat(loose.accepted()).isGreaterThanOrEqualTo(strict.accepted());
    }

    @Test
    void theContentionObjectiveNeverEndsAboveItsStartAndItsFigureIsTheValidators() {
        RankProblem p = problem(true);
        RankPlacer.Settings s = RankPlacer.Settings.of(RankPlacement.TWO_OPT).withIterations(2000).withSeed(4)
                .withObjective(RankPlacement.Objective.CONTENTION);
        RankPlacer.Result r = RankPlacer.place(p, s);
        assertThat(r.value()).isEqualTo(r.contention()).isLessThanOrEqualTo(r.initialContention());
        PlacementValidator.Report report = PlacementValidator.check(p, p.ranks(r.slots()), r.totalHops(), r.contention());
        assertThat(report.contention()).isEqualTo(r.contention());
        assertThatThrownBy(() -> RankPlacer.place(problem(false), s)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("routes");
    }

    @ParameterizedTest
    @EnumSource(RankPlacement.class)
    void everyPlacementParsesFromItsLabelAndIsListed(RankPlacement placement) {
        assertThat(RankPlacement.parse(placement.label())).isEqualTo(placement);
        assertThat(RankPlacement.NAMES).contains(placement.label());
        // a search swaps or draws; the constructions do neither
        assertThat(placement.swaps()).isEqualTo(placement == RankPlacement.TWO_OPT || placement == RankPlacement.SA);
    }

    @Test
    void badSettingsNamesAndSizesAreRefusedWithOneLine() {
        assertThatThrownBy(() -> RankPlacer.Settings.of(RankPlacement.SA).withIterations(-1))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("iterations -1 is invalid");
        assertThatThrownBy(() -> RankPlacer.Settings.of(RankPlacement.SA).withRules(null))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("search rules are missing");
        assertThatThrownBy(() -> SearchRules.parse("thesis")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("expected ccopt");
        assertThatThrownBy(() -> SearchRules.parseStart("middle")).isInstanceOf(InvalidInputException.class);
        assertThat(SearchRules.parse("CUI2024")).isEqualTo(SearchRules.CUI2024);
        assertThatThrownBy(() -> RankPlacement.Objective.parse("latency")).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> ProcessMapping.parse("spiral")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining(ProcessMapping.NAMES);
        for (int procs : new int[] {0, 65}) {
            assertThatThrownBy(() -> ProcessMapping.RING.nodes(T, procs, 1)).isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("out of range");
        }
        assertThatThrownBy(() -> ProcessMapping.BLOCK.nodes(T, 16, 1)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("needs a torus or mesh");
    }
}
