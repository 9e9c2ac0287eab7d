package org.ccopt.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SurvivalOrderTest {

    private static MappingScore s(long cycles, long hops) {
        return new MappingScore(cycles, hops, 100, true);
    }

    @Test
    void durationFirstBreaksTiesByHops() {
        List<MappingScore> l = new ArrayList<>(List.of(s(120, 300), s(100, 400), s(100, 350)));
        l.sort(SurvivalOrder.SC.comparator());
        assertThat(l).containsExactly(s(100, 350), s(100, 400), s(120, 300));
    }

    @Test
    void hopsFirstBreaksTiesByDuration() {
        List<MappingScore> l = new ArrayList<>(List.of(s(120, 300), s(100, 400), s(90, 300)));
        l.sort(SurvivalOrder.AH.comparator());
        assertThat(l).containsExactly(s(90, 300), s(120, 300), s(100, 400));
    }

    @Test
    void multiplicationRanksByTheProduct() {
        List<MappingScore> l = new ArrayList<>(List.of(s(100, 300), s(200, 100), s(90, 400)));
        l.sort(SurvivalOrder.ML.comparator());
        assertThat(l).containsExactly(s(200, 100), s(100, 300), s(90, 400)); // 20000, 30000, 36000
    }

    @Test
    void prunedScoresRankAfterEveryExactOne() {
        MappingScore pruned = new MappingScore(0, 0, 100, false);
        for (SurvivalOrder o : SurvivalOrder.values()) {
            assertThat(o.comparator().compare(pruned, s(10_000, 10_000))).isPositive();
        }
    }

    /** The pruning rule is exact: a score ranks strictly after the kept one iff its cycles exceed the limit. */
    @ParameterizedTest
    @EnumSource(SurvivalOrder.class)
    void cycleLimitAgreesWithTheComparator(SurvivalOrder order) {
        SplittableRandom random = new SplittableRandom(order.ordinal());
        for (int i = 0; i < 20_000; i++) {
            MappingScore kept = s(50 + random.nextInt(40), 100 + random.nextInt(40));
            MappingScore x = s(50 + random.nextInt(40), 100 + random.nextInt(40));
            boolean after = order.comparator().compare(x, kept) > 0;
            assertThat(x.cycles() > order.cycleLimit(kept, x.totalHops())).as("%s vs %s", x, kept).isEqualTo(after);
        }
    }
}
