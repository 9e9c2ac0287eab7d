package org.ccopt.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Property tests of the independent validator: conflict-free schedules pass, and every planted violation (a shared
 * channel, a port overrun, an inadmissible broadcast source, a missing or doubled delivery, a bad path) is caught.
 */
class ScheduleValidatorTest {

    static Stream<Arguments> cases() {
        List<Arguments> list = new ArrayList<>();
        String[][] specs = {
            {"omega:8", "1"}, {"butterfly:8", "1"}, {"mesh:3x3", "1"}, {"mesh:3x3", "all"}, {"hypercube:3", "all"},
            {"fbtree:7", "1"}, {"octagon", "all"}, {"fat-octagon", "1"}, {"clos:2,2,3", "1"}, {"btree:8", "1"},
        };
        String[] kinds = {"OAB", "OAS", "AAB", "AAS", "MNS", "MNB", "AOG"};
        long seed = 1;
        for (String[] s : specs) {
            for (String k : kinds) {
                list.add(Arguments.of(s[0], k, s[1], seed++));
            }
        }
        return list.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2}-port")
    @MethodSource("cases")
    void greedySchedulesPassAndPlantedViolationsAreCaught(String topology, String kind, String ports, long seed) {
        ScheduleProblem p = Problems.of(topology, kind, ports);
        Schedule s = Greedy.build(p, seed);
        assertThat(ScheduleValidator.check(p, s).ok()).as("greedy schedule").isTrue();
        assertThat(new ConflictState(p, s.steps()).load(s)).isZero();
        SplittableRandom rnd = new SplittableRandom(seed);
        List<ScheduleValidator.Item> items = ScheduleValidator.items(p, s);

        // a shared channel: put a transfer into the step of another one that crosses one of its channels
        List<ScheduleValidator.Item> shared = plantSharedChannel(p, items, rnd);
        if (shared != null) {
            assertThat(check(p, s.steps(), shared).ok()).as("shared channel").isFalse();
        }
        // a missing delivery
        List<ScheduleValidator.Item> missing = new ArrayList<>(items);
        missing.remove(rnd.nextInt(missing.size()));
        assertThat(check(p, s.steps(), missing).ok()).as("missing delivery").isFalse();
        // a doubled delivery (in a step of its own)
        List<ScheduleValidator.Item> doubled = new ArrayList<>(items);
        ScheduleValidator.Item any = items.get(rnd.nextInt(items.size()));
        doubled.add(new ScheduleValidator.Item(any.sender(), any.dst(), any.from(), s.steps(), any.path()));
        assertThat(check(p, s.steps() + 1, doubled).ok()).as("doubled delivery").isFalse();
        // a step out of range
        List<ScheduleValidator.Item> late = new ArrayList<>(items);
        int i = rnd.nextInt(items.size());
        late.set(i, withStep(items.get(i), s.steps()));
        assertThat(check(p, s.steps(), late).ok()).as("step out of range").isFalse();
        // a path that skips a channel
        List<ScheduleValidator.Item> broken = new ArrayList<>(items);
        i = rnd.nextInt(items.size());
        ScheduleValidator.Item it = items.get(i);
        broken.set(i, new ScheduleValidator.Item(it.sender(), it.dst(), it.from(), it.step(), new int[] {it.from(), it.dst()}));
        if (it.path().length > 2) {
            assertThat(check(p, s.steps(), broken).ok()).as("missing channel").isFalse();
        }
        // a port overrun: two messages leave a one-port sender in one step
        if (ports.equals("1")) {
            List<ScheduleValidator.Item> overrun = plantPortOverrun(items);
            if (overrun != null) {
                assertThat(check(p, s.steps(), overrun).ok()).as("port overrun").isFalse();
            }
        }
        // an inadmissible broadcast: a relay sends in the step it receives the message (or before)
        if (p.broadcast()) {
            List<ScheduleValidator.Item> early = plantInadmissible(items);
            if (early != null) {
                assertThat(check(p, s.steps(), early).ok()).as("inadmissible relay").isFalse();
            }
        }
    }

    @Test
    void randomSchedulesAreValidExactlyWhenTheEvaluatorCountsNoConflict() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (String[] c : new String[][] {{"omega:8", "AAS", "1"}, {"hypercube:3", "AAB", "all"}, {"fbtree:7", "OAB", "1"}}) {
            ScheduleProblem p = Problems.of(c[0], c[1], c[2]);
            int steps = Greedy.build(p, 1).steps() + 1;
            ConflictState st = new ConflictState(p, steps);
            try (Population pop = new Population(p, steps, 1)) {
                int valid = 0;
                for (int k = 0; k < 300; k++) {
                    Schedule s = pop.random(rnd);
                    long cost = st.load(s);
                    boolean ok = ScheduleValidator.check(p, s).ok();
                    assertThat(ok).as(c[0] + " " + c[1] + " sample " + k).isEqualTo(cost == 0);
                    valid += ok ? 1 : 0;
                }
                Schedule g = Greedy.build(p, 3).withSteps(steps);
                assertThat(st.load(g)).isZero();
                assertThat(valid).isLessThan(300);
            }
        }
    }

    private static ScheduleValidator.Report check(ScheduleProblem p, int steps, List<ScheduleValidator.Item> items) {
        return ScheduleValidator.check(p.topology(), p.collective(), p.ports(), p.switching(), p.extraHops(), steps, items);
    }

    private static ScheduleValidator.Item withStep(ScheduleValidator.Item it, int step) {
        return new ScheduleValidator.Item(it.sender(), it.dst(), it.from(), step, it.path());
    }

    private static List<ScheduleValidator.Item> plantSharedChannel(ScheduleProblem p, List<ScheduleValidator.Item> items,
                                                                   SplittableRandom rnd) {
        int start = rnd.nextInt(items.size());
        for (int a = 0; a < items.size(); a++) {
            ScheduleValidator.Item x = items.get((start + a) % items.size());
            for (ScheduleValidator.Item y : items) {
                if (y != x && y.step() != x.step() && shareChannel(x.path(), y.path())) {
                    List<ScheduleValidator.Item> out = new ArrayList<>(items);
                    out.set(out.indexOf(y), withStep(y, x.step()));
                    return out;
                }
            }
        }
        return null;
    }

    private static boolean shareChannel(int[] a, int[] b) {
        for (int i = 0; i + 1 < a.length; i++) {
            for (int j = 0; j + 1 < b.length; j++) {
                if (a[i] == b[j] && a[i + 1] == b[j + 1]) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<ScheduleValidator.Item> plantPortOverrun(List<ScheduleValidator.Item> items) {
        for (ScheduleValidator.Item x : items) {
            for (ScheduleValidator.Item y : items) {
                if (y != x && y.from() == x.from() && y.step() != x.step()) {
                    List<ScheduleValidator.Item> out = new ArrayList<>(items);
                    out.set(out.indexOf(y), withStep(y, x.step()));
                    return out;
                }
            }
        }
        return null;
    }

    private static List<ScheduleValidator.Item> plantInadmissible(List<ScheduleValidator.Item> items) {
        for (ScheduleValidator.Item relay : items) {
            if (relay.from() == relay.sender()) {
                continue;
            }
            for (ScheduleValidator.Item feed : items) {
                if (feed.sender() == relay.sender() && feed.dst() == relay.from()) {
                    List<ScheduleValidator.Item> out = new ArrayList<>(items);
                    out.set(out.indexOf(feed), withStep(feed, relay.step()));
                    return out;
                }
            }
        }
        return null;
    }
}
