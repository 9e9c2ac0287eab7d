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
            assertThat(st.pairCost()).as("pairs at move " + k).isEqualTo(pairsByHand(p, st.snapshot(), steps) + st.inadmissible());
            assertThat(st.pairCost() == 0).isEqualTo(st.cost() == 0);
            if (k % 100 == 0) {
                assertThat(conflicting(st)).isEqualTo(conflicting(fresh));
                assertThat(st.conflictingCount() == 0).isEqualTo(st.cost() == 0);
            }
            if (before == 0) {
                assertThat(ScheduleValidator.check(p, st.snapshot()).ok()).isTrue();
            }
        }
    }

    /**
     * Conflicting pairs counted from scratch: k transfers on a channel in a step give k(k-1)/2, k > c transfers on a
     * port of capacity c give (k-c)(k-c+1)/2.
     */
    private static long pairsByHand(ScheduleProblem p, Schedule s, int steps) {
        java.util.Map<Long, Integer> channel = new java.util.HashMap<>();
        java.util.Map<Long, Integer> send = new java.util.HashMap<>();
        java.util.Map<Long, Integer> recv = new java.util.HashMap<>();
        int nodes = p.topology().nodeCount();
        for (int t = 0; t < p.transferCount(); t++) {
            int f = p.sources(t)[s.source[t]];
            for (int c : p.paths(f, p.destination(t))[s.path[t]]) {
                channel.merge((long) s.step[t] * p.topology().channelCount() + c, 1, Integer::sum);
            }
            send.merge((long) s.step[t] * nodes + f, 1, Integer::sum);
            recv.merge((long) s.step[t] * nodes + p.destination(t), 1, Integer::sum);
        }
        long pairs = 0;
        for (int k : channel.values()) {
            pairs += (long) k * (k - 1) / 2;
        }
        for (var e : send.entrySet()) {
            int over = e.getValue() - p.sendPorts((int) (e.getKey() % nodes));
            pairs += over > 0 ? (long) over * (over + 1) / 2 : 0;
        }
        for (var e : recv.entrySet()) {
            int over = e.getValue() - p.receivePorts((int) (e.getKey() % nodes));
            pairs += over > 0 ? (long) over * (over + 1) / 2 : 0;
        }
        return pairs;
    }

    private static Set<Integer> conflicting(ConflictState st) {
        Set<Integer> set = new HashSet<>();
        for (int i = 0; i < st.conflictingCount(); i++) {
            set.add(st.conflicting(i));
        }
        return set;
    }
}
