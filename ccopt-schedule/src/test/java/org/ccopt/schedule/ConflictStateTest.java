package org.ccopt.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The delta evaluator agrees with a fresh full count after every move, and knows its conflicting transfers. */
class ConflictStateTest {

    @ParameterizedTest(name = "{0} {1} {2}-port {3}")
    @CsvSource({
        "omega:8, AAS, 1, wh, 1",
        "mesh:3x3, AAS, all, wh, 2",
        "hypercube:3, AAB, all, wh, 3",
        "hypercube:3, AAB, 1, sf, 4",
        "fbtree:7, OAB, 1, wh, 5",
        "fat-octagon, MNB, 1, wh, 6",
        "'clos:2,2,3', AAB, 1, wh, 7",
    })
    void deltaEvaluationMatchesRecount(String topology, String kind, String ports, String switching, long seed) {
        ScheduleProblem p = Problems.of(topology, kind, ports, Switching.parse(switching));
        int steps = 4;
        SplittableRandom rnd = new SplittableRandom(seed);
        ConflictState st = new ConflictState(p, steps);
        ConflictState fresh = new ConflictState(p, steps);
        try (Population pop = new Population(p, steps, 1)) {
            st.load(pop.random(rnd));
        }
        for (int k = 0; k < 2000; k++) {
            int t = rnd.nextInt(p.transferCount());
            int si = rnd.nextInt(p.sources(t).length);
            int pi = rnd.nextInt(p.paths(p.sources(t)[si], p.destination(t)).length);
            int s = rnd.nextInt(steps);
            long before = st.cost();
            st.remove(t);
            long removed = st.cost();
            long predicted = st.insertCost(t, s, si, pi);
            st.insert(t, s, si, pi);
            assertThat(st.cost() - removed).as("insertCost at move " + k).isEqualTo(predicted);
            assertThat(fresh.load(st.snapshot())).as("recount at move " + k).isEqualTo(st.cost());
            assertThat(fresh.channelExcess()).isEqualTo(st.channelExcess());
            assertThat(fresh.portExcess()).isEqualTo(st.portExcess());
            assertThat(fresh.inadmissible()).isEqualTo(st.inadmissible());
            if (k % 100 == 0) {
                assertThat(conflicting(st)).isEqualTo(conflicting(fresh));
                assertThat(st.conflictingCount() == 0).isEqualTo(st.cost() == 0);
            }
            if (before == 0) {
                assertThat(ScheduleValidator.check(p, st.snapshot()).ok()).isTrue();
            }
        }
    }

    private static Set<Integer> conflicting(ConflictState st) {
        Set<Integer> set = new HashSet<>();
        for (int i = 0; i < st.conflictingCount(); i++) {
            set.add(st.conflicting(i));
        }
        return set;
    }
}
