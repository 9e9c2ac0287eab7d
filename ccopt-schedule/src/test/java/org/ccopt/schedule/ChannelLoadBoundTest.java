package org.ccopt.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The channel-load term of the scatter bound: hand-counted values, and tight where the exact model can check it. */
class ChannelLoadBoundTest {

    /**
     * Hand counts of the sum of distances over ordered pairs and of the directed channels: the 5-ring 5 x (1+1+2+2)
     * = 30 over 10; the 3x3 mesh 2 x 9 x 8 = 144 over 24; the 6-cube 64 x 6 x 32 = 12,288 over 384; the
     * two-dimensional Octagon 64 x (8 x 11 + 8 x 11) = 11,264 over 384 (from a node of the Octagon, 3 nodes at 1 hop
     * and 4 at 2: 11), so 29.3.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"ring:5, 3", "mesh:3x3, 6", "hypercube:6, 32", "octagon-md:2, 30"})
    void countsTheChannelsEveryTransferMustHold(String topology, long expected) {
        ScheduleProblem p = Problems.of(topology, "AAS", "all");
        assertThat(Scheduler.channelLoad(p)).isEqualTo(expected);
        assertThat(Scheduler.bound(p).steps()).isGreaterThanOrEqualTo(expected);
    }

    /**
     * Never above the optimum where the exact model settles it: on the 3x3 mesh and a circulant the load alone
     * decides the bound, a schedule meets it and one step fewer is infeasible.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"mesh:3x3", "'circulant:8:1,3'"})
    void isMetWhereItDecides(String topology) {
        ScheduleProblem p = Problems.of(topology, "AAS", "all");
        long load = Scheduler.channelLoad(p);
        assertThat(Scheduler.bound(p).steps()).isEqualTo(load);
        assertThat(Scheduler.bound(p).formula()).startsWith("channel load");
        Attempt at = ExactSolver.solve(p, (int) load, Problems.deterministic(), 1);
        assertThat(at.found()).isTrue();
        assertThat(ScheduleValidator.check(p, at.best()).ok()).isTrue();
        assertThat(ExactSolver.solve(p, (int) load - 1, Problems.deterministic(), 1).outcome())
                .isEqualTo(Attempt.Outcome.INFEASIBLE);
    }

    /** Broadcasts with relays may reach a node from any holder, so the term is not theirs. */
    @Test
    void isNoTermOfABroadcast() {
        ScheduleProblem p = Problems.of("octagon-md:2", "AAB", "all");
        assertThat(Scheduler.bound(p).arguments()).noneMatch(a -> a.startsWith("channel load"));
    }
}
