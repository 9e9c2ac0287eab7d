package org.ccopt.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The readings of the 2018 GA's survival ({@link SurvivalRule}): hand-computed keys and what each reading changes. */
class SurvivalRuleTest {

    private static final Topology TORUS = TopologySpec.parse("torus:4x4");
    private static final FlitSetup SETUP = FlitSetup.of(TORUS).withModel(RouterModel.CCOPT);

    /** A workload on which the two best readings differ within a few generations (seed 3). */
    private static final String FIRST = "shfl";
    private static final String SECOND = "torn";
    private static final int GENERATIONS = 4;

    private static MappingScore s(long cycles, long hops) {
        return new MappingScore(cycles, hops, 128, true);
    }

    @Test
    void hopKeysReadTheAverageAtTheirPrecision() {
        // 250 hops over 128 pairs: 1.953 hops, a tenth 2.0, a whole hop 1; 268: 2.094, 2.1, 2
        assertThat(SurvivalRule.HopKey.EXACT.of(s(0, 250))).isEqualTo(250);
        assertThat(SurvivalRule.HopKey.TENTH.of(s(0, 250))).isEqualTo(20);
        assertThat(SurvivalRule.HopKey.INTEGER.of(s(0, 250))).isEqualTo(1);
        assertThat(SurvivalRule.HopKey.TENTH.of(s(0, 268))).isEqualTo(21);
        assertThat(SurvivalRule.HopKey.INTEGER.of(s(0, 268))).isEqualTo(2);
        assertThat(SurvivalRule.HopKey.TENTH.of(s(0, 262))).isEqualTo(20); // 2.047: rounds down
        assertThat(SurvivalRule.HopKey.TENTH.of(s(0, 263))).isEqualTo(21); // 2.0547: rounds up
    }

    @Test
    void aCoarserKeyLetsDurationDecideBetweenCloseHopTotals() {
        MappingScore fewerHops = s(120, 250);
        MappingScore shorter = s(100, 255);
        assertThat(SurvivalRule.of(SurvivalOrder.AH).comparator().compare(fewerHops, shorter)).isNegative();
        SurvivalRule tenth = new SurvivalRule(SurvivalOrder.AH, SurvivalRule.HopKey.TENTH, SurvivalRule.Ties.OLDEST,
                SurvivalRule.Best.RANKED);
        assertThat(tenth.comparator().compare(fewerHops, shorter)).isPositive();
    }

    static Stream<Arguments> rules() {
        List<Arguments> all = new ArrayList<>();
        for (SurvivalOrder o : SurvivalOrder.values()) {
            for (SurvivalRule.HopKey k : SurvivalRule.HopKey.values()) {
                all.add(Arguments.of(o, k));
            }
        }
        return all.stream();
    }

    /** Pruning stays exact under every key: a score ranks strictly after the kept one iff its cycles pass the limit. */
    @ParameterizedTest
    @MethodSource("rules")
    void cycleLimitAgreesWithTheComparator(SurvivalOrder order, SurvivalRule.HopKey key) {
        SurvivalRule rule = new SurvivalRule(order, key, SurvivalRule.Ties.OLDEST, SurvivalRule.Best.RANKED);
        SplittableRandom random = new SplittableRandom(31 * order.ordinal() + key.ordinal());
        for (int i = 0; i < 20_000; i++) {
            MappingScore kept = s(50 + random.nextInt(40), 200 + random.nextInt(200));
            MappingScore x = s(50 + random.nextInt(40), 200 + random.nextInt(200));
            boolean after = rule.comparator().compare(x, kept) > 0;
            assertThat(x.cycles() > rule.cycleLimit(kept, x.totalHops())).as("%s vs %s", x, kept).isEqualTo(after);
        }
    }

    private static NodeMappingGa.State run(SurvivalRule rule, boolean prune, List<NodeMappingGa.State> states) {
        int[][] patterns = {TrafficPattern.parse(FIRST).destinations(TORUS, 1), TrafficPattern.parse(SECOND).destinations(TORUS, 1)};
        try (MappingEvaluator ev = new MappingEvaluator(SETUP, patterns, 2, 4, 2)) {
            NodeMappingGa ga = new NodeMappingGa(ev, new NodeMappingGa.Settings(24, GENERATIONS, MutationVariant.named("S20"), rule, 3));
            if (!prune) {
                ga = ga.withoutPruning();
            }
            NodeMappingGa.State s = ga.run(ga.initial(), states::add);
            MappingValidator.check(SETUP, patterns, s.bestMapping(), s.bestScore(), 2, 4);
            return s;
        }
    }

    /**
     * Reporting the shortest mapping changes nothing in the search (the same populations, generation by generation),
     * and its best is never longer than the ranked best, and is the shortest exact score in any population.
     */
    @Test
    void theShortestBestSearchesAsTheRankedOneAndReportsNoLonger() {
        SurvivalRule ranked = SurvivalRule.of(SurvivalOrder.AH);
        SurvivalRule shortest = new SurvivalRule(SurvivalOrder.AH, SurvivalRule.HopKey.EXACT, SurvivalRule.Ties.OLDEST,
                SurvivalRule.Best.SHORTEST);
        List<NodeMappingGa.State> a = new ArrayList<>();
        List<NodeMappingGa.State> b = new ArrayList<>();
        NodeMappingGa.State r = run(ranked, true, a);
        NodeMappingGa.State s = run(shortest, true, b);
        assertThat(b).hasSameSizeAs(a);
        for (int g = 0; g < a.size(); g++) {
            assertThat(b.get(g).population()).isDeepEqualTo(a.get(g).population());
        }
        assertThat(s.bestScore().cycles()).isLessThanOrEqualTo(r.bestScore().cycles());
        // without pruning every mapping is exact: the best is the shortest of every population's
        long min = Long.MAX_VALUE;
        List<NodeMappingGa.State> full = new ArrayList<>();
        NodeMappingGa.State unpruned = run(shortest, false, full);
        for (NodeMappingGa.State st : full) {
            for (MappingScore x : st.scores()) {
                min = Math.min(min, x.cycles());
            }
        }
        assertThat(unpruned.bestScore().cycles()).isEqualTo(min).isEqualTo(s.bestScore().cycles());
        assertThat(s.bestScore().cycles()).isLessThan(r.bestScore().cycles()); // on this seed the readings differ
    }

    /** On ties, the oldest reading keeps survivors ahead of this generation's mutants and the newest puts them after. */
    @Test
    void tiesGoToSurvivorsOrToMutantsAsTheReadingSays() {
        for (SurvivalRule.Ties ties : SurvivalRule.Ties.values()) {
            SurvivalRule rule = new SurvivalRule(SurvivalOrder.AH, SurvivalRule.HopKey.INTEGER, ties, SurvivalRule.Best.RANKED);
            List<NodeMappingGa.State> states = new ArrayList<>();
            run(rule, true, states);
            int ties0 = 0;
            for (int g = 1; g < states.size(); g++) {
                Map<int[], Boolean> old = new IdentityHashMap<>();
                for (int[] m : states.get(g - 1).population()) {
                    old.put(m, true);
                }
                NodeMappingGa.State st = states.get(g);
                for (int i = 0; i + 1 < st.scores().length; i++) {
                    if (!st.scores()[i].exact() || rule.comparator().compare(st.scores()[i], st.scores()[i + 1]) != 0) {
                        continue;
                    }
                    boolean firstOld = old.containsKey(st.population()[i]);
                    boolean secondOld = old.containsKey(st.population()[i + 1]);
                    if (firstOld != secondOld) {
                        ties0++;
                        assertThat(firstOld).as("generation %d, slot %d under %s", g, i, ties).isEqualTo(ties == SurvivalRule.Ties.OLDEST);
                    }
                }
            }
            assertThat(ties0).as("ties between a survivor and a mutant under %s", ties).isPositive();
        }
    }
}
