package org.ccopt.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.PortModel;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/** Store-and-forward broadcasts on indirect networks: switches store and forward the messages that pass them. */
class StoreAndForwardRelayTest {

    /**
     * The fat Octagon's routers are switches: from processor 0 a message reaches router 0 in step 1, the routers
     * 1, 7 and 4 in step 2, the others in step 3, and the 15 processors in steps 2-4: 4 steps, the lower bound.
     */
    @Test
    void fatOctagonBroadcastIsStoredInTheRouters() {
        ScheduleProblem p = Problems.of("fat-octagon", "OAB", "1", Switching.SF);
        assertThat(p.relayNodes()).isTrue();
        assertThat(p.transferCount()).isEqualTo(15 + 8);
        Scheduler.Result r = new Scheduler(p, Scheduler.lowerBound(p), new Scheduler.Settings(Scheduler.Solver.AUTO,
                null, 1, 2), Budget.seconds(30), null).run();
        assertThat(r.steps()).isEqualTo(4);
        assertThat(r.status()).isEqualTo("optimal");
        assertThat(r.validation().ok()).isTrue();
        List<ScheduleValidator.Item> items = ScheduleValidator.items(p, r.schedule());
        assertThat(items).allMatch(it -> it.path().length == 2);
        assertThat(items).filteredOn(it -> it.dst() >= 16).hasSize(8);
    }

    /** Direct networks have no relay nodes: every node receives, so the problem is the one it always was. */
    @Test
    void directNetworksAreUnchanged() {
        assertThat(Problems.of("hypercube:3", "AAB", "all", Switching.SF).relayNodes()).isFalse();
        assertThat(Problems.of("hypercube:3", "AAB", "all", Switching.SF).transferCount()).isEqualTo(56);
    }

    /** A proof that fewer steps are impossible would be about the stricter model: it is not reported as one. */
    @Test
    void noInfeasibilityIsClaimedWithRelayNodes() {
        org.junit.jupiter.api.Assumptions.assumeTrue(ExactSolver.available(), "OR-Tools native library");
        ScheduleProblem p = Problems.of("fat-octagon", "OAB", "1", Switching.SF);
        Attempt three = ExactSolver.solve(p, 3, Problems.deterministic(), 1);
        assertThat(three.outcome()).isNotEqualTo(Attempt.Outcome.INFEASIBLE);
    }

    /** The validator accepts one relay copy per switch from a holder, and refuses a second copy or a non-holder. */
    @Test
    void theValidatorChecksRelayCopies() {
        Topology t = TopologySpec.parse("fat-octagon");
        Collective oab = Collective.standard(CollectiveKind.OAB, t, 0);
        ScheduleProblem p = Problems.of("fat-octagon", "OAB", "1", Switching.SF);
        Scheduler.Result r = new Scheduler(p, 4, new Scheduler.Settings(Scheduler.Solver.AUTO, null, 1, 2),
                Budget.seconds(30), null).run();
        List<ScheduleValidator.Item> items = new ArrayList<>(ScheduleValidator.items(p, r.schedule()));
        PortModel one = PortModel.parse("1");
        assertThat(ScheduleValidator.check(t, oab, null, one, Switching.SF, 0, 4, items).ok()).isTrue();
        ScheduleValidator.Item router = items.stream().filter(it -> it.dst() == 16).findFirst().orElseThrow();
        List<ScheduleValidator.Item> twice = new ArrayList<>(items);
        twice.add(new ScheduleValidator.Item(0, 16, 0, 3, new int[] {0, 16}));
        assertThat(ScheduleValidator.check(t, oab, null, one, Switching.SF, 0, 4, twice).messages())
                .anyMatch(m -> m.contains("twice"));
        List<ScheduleValidator.Item> early = new ArrayList<>(items);
        early.removeIf(it -> it.dst() == 16);
        early.add(new ScheduleValidator.Item(0, 16, 17, router.step(), new int[] {17, 16}));
        assertThat(ScheduleValidator.check(t, oab, null, one, Switching.SF, 0, 4, early).ok()).isFalse();
    }

    /**
     * The arrival bound: on the fat Octagon every other processor is at least two channels away, so a receiver's 15
     * (or 8) messages arrive in steps 2, 3, ... one a step: 16 steps for AAB, 9 for the interleaved 8-to-8 MNB. On
     * the all-port 16-node hypercube it gives the known 4.
     */
    @Test
    void storeAndForwardArrivalBound() {
        Topology t = TopologySpec.parse("fat-octagon");
        ScheduleProblem aab = Problems.of("fat-octagon", "AAB", "1", Switching.SF);
        assertThat(Scheduler.storeAndForwardArrivals(aab)).isEqualTo(16);
        ScheduleProblem mnb = new ScheduleProblem(t, Collective.of(CollectiveKind.MNB, t, new int[] {0, 2, 4, 6, 8, 10, 12, 14},
                new int[] {1, 3, 5, 7, 9, 11, 13, 15}), PortModel.parse("1"), Switching.SF, 0, 1);
        assertThat(Scheduler.storeAndForwardArrivals(mnb)).isEqualTo(9);
        assertThat(Scheduler.bound(mnb).steps()).isEqualTo(9);
        assertThat(Scheduler.storeAndForwardArrivals(Problems.of("hypercube:4", "AAB", "all", Switching.SF))).isEqualTo(4);
    }
}
