package org.ccopt.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.ccopt.InvalidInputException;
import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.PortModel;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Store-and-forward scatters: hand-computed cases, the exact model's proofs, and the validator's hop rules. */
class SfScatterTest {

    private static SfScatter scatter(String spec, CollectiveKind kind, String ports, Switching sw) {
        Topology t = TopologySpec.parse(spec);
        return new SfScatter(t, Collective.standard(kind, t, 0), null, PortModel.parse(ports), sw);
    }

    /**
     * ring:4, OAS from 0. All-port: the message to 2 leaves first (step 1: 0-1 and 0-3, step 2: 0-1 and 1-2), 2 steps,
     * the departure bound (distances 2, 1, 1 over 2 ports: ceil(1/2) + 2 - 1 = 2). 1-port: one departure a step, 3.
     */
    @ParameterizedTest(name = "{0}-port: {1} steps")
    @CsvSource({"all, 2", "1, 3"})
    void aScatterOnTheRingMeetsItsHandComputedBound(String ports, int steps) {
        SfScatter s = scatter("ring:4", CollectiveKind.OAS, ports, Switching.SF);
        assertThat(s.bound().steps()).isEqualTo(steps);
        SfScatter.Solution o = s.solve(Scheduler.Solver.AUTO, null, 1, Budget.seconds(30), null);
        assertThat(o.validation().ok()).as(o.validation().messages().toString()).isTrue();
        assertThat(o.steps()).isEqualTo(steps);
        assertThat(o.status()).isEqualTo("optimal");
        assertThat(o.items()).hasSize(4); // 1 + 1 + 2 hops
    }

    /**
     * fbtree:7 (root 0, children 1 and 2, leaves 3-6), 1-port AAS: 18 messages cross the root between its subtrees
     * and it sends 6 of its own, so under sf it sends 24 times, 24 steps at least; under sf-router passing messages
     * use no ports and the bridge argument (12 messages each way over the link of a subtree of 3) decides.
     */
    @Test
    void messagesThatMustPassANodeUseItsPorts() {
        assertThat(scatter("fbtree:7", CollectiveKind.AAS, "1", Switching.SF).bound().steps()).isEqualTo(24);
        assertThat(scatter("fbtree:7", CollectiveKind.AAS, "1", Switching.SF_ROUTER).bound().steps()).isEqualTo(12);
        SfScatter.Solution o = scatter("fbtree:7", CollectiveKind.AAS, "1", Switching.SF)
                .solve(Scheduler.Solver.AUTO, null, 1, Budget.seconds(60), null);
        assertThat(o.validation().ok()).isTrue();
        assertThat(o.steps()).isGreaterThanOrEqualTo(24);
    }

    @Test
    void theExactModelProvesAStepCountImpossible() {
        SfScatter s = scatter("ring:4", CollectiveKind.OAS, "1", Switching.SF);
        Attempt.Outcome[] outcome = new Attempt.Outcome[1];
        assertThat(s.exact(2, Problems.deterministic(), 1, outcome)).isNull();
        assertThat(outcome[0]).isEqualTo(Attempt.Outcome.INFEASIBLE);
        SfScatter.Plan plan = s.exact(3, Problems.deterministic(), 1, outcome);
        assertThat(outcome[0]).isEqualTo(Attempt.Outcome.FOUND);
        assertThat(plan.steps()).isEqualTo(3);
    }

    /** The 8-node all-port hypercube AAS: 96 hops over 24 channels (and the bisection), 4 steps at least; the search reaches them. */
    @Test
    void theHypercubeAllToAllScatterReachesTheLoadBound() {
        SfScatter s = scatter("hypercube:3", CollectiveKind.AAS, "all", Switching.SF);
        assertThat(s.bound().steps()).isEqualTo(4);
        assertThat(s.bound().arguments()).anyMatch(a -> a.startsWith("store-and-forward load") && a.endsWith("= 4"));
        SfScatter.Solution o = s.solve(Scheduler.Solver.AUTO, null, 1, Budget.seconds(60), null);
        assertThat(o.validation().ok()).isTrue();
        assertThat(o.steps()).isEqualTo(4);
        assertThat(o.items()).hasSize(96);
    }

    /**
     * The 16-node all-port hypercube AAS: the list schedules take 9-10 steps, rip-up and reroute reaches the bound of 8
     * (the bisection: 128 messages each way over 8 channels), the same schedule for the same seed.
     */
    @Test
    void ripUpAndRerouteReachesTheBoundOnTheSixteenNodeHypercube() {
        SfScatter s = scatter("hypercube:4", CollectiveKind.AAS, "all", Switching.SF);
        assertThat(s.listSchedule(s.order(null)).steps()).isGreaterThan(8);
        SfScatter.Solution a = s.solve(Scheduler.Solver.AUTO, null, 7, Budget.seconds(600), null);
        assertThat(a.validation().ok()).isTrue();
        assertThat(a.steps()).isEqualTo(8);
        assertThat(a.status()).isEqualTo("optimal");
        SfScatter.Solution b = s.solve(Scheduler.Solver.AUTO, null, 7, Budget.seconds(600), null);
        assertThat(b.items()).usingRecursiveFieldByFieldElementComparator().isEqualTo(a.items());
    }

    /**
     * Transit through the nodes' ports (sf) can only cost steps against transit in the routers (sf-router); on the
     * 1-port 3x3 mesh AAS both schedules are valid under their own reading, and the same seed gives the same result.
     */
    @Test
    void waitingInTheRoutersNeverCostsSteps() {
        SfScatter node = scatter("mesh:3x3", CollectiveKind.AAS, "1", Switching.SF);
        SfScatter router = scatter("mesh:3x3", CollectiveKind.AAS, "1", Switching.SF_ROUTER);
        SfScatter.Solution a = node.solve(Scheduler.Solver.GREEDY, null, 1, Budget.seconds(30), null);
        SfScatter.Solution b = router.solve(Scheduler.Solver.GREEDY, null, 1, Budget.seconds(30), null);
        assertThat(a.validation().ok()).isTrue();
        assertThat(b.validation().ok()).isTrue();
        assertThat(b.steps()).isLessThanOrEqualTo(a.steps());
        assertThat(a.steps()).isGreaterThanOrEqualTo((int) node.bound().steps());
        SfScatter.Solution again = node.solve(Scheduler.Solver.GREEDY, null, 1, Budget.seconds(30), null);
        assertThat(again.items()).usingRecursiveFieldByFieldElementComparator().isEqualTo(a.items());
    }

    /** Hand-made hop lists on ring:4 (pairs 0->2 and 1->0), each rule of the validator broken once. */
    @Test
    void theValidatorChecksTheHopRules() {
        Topology t = TopologySpec.parse("ring:4");
        int[][] pairs = {{0, 2}, {1, 0}};
        Collective c = Collective.of(CollectiveKind.MNS, t, new int[] {0, 1}, new int[] {0, 2});
        PortModel one = PortModel.ONE;
        // node 1 forwards 0's message and sends its own in step 1: two sends with one port, unless it waits in the router
        List<ScheduleValidator.Item> both = List.of(hop(0, 2, 0, 0, 1), hop(0, 2, 1, 1, 2), hop(1, 0, 1, 1, 0));
        assertThat(messages(t, c, pairs, one, Switching.SF, both)).anyMatch(m -> m.contains("node 1 sends 2 messages in step 2"));
        assertThat(ScheduleValidator.check(t, c, pairs, one, Switching.SF_ROUTER, 0, 2, both).ok()).isTrue();
        List<ScheduleValidator.Item> apart = List.of(hop(0, 2, 0, 0, 1), hop(0, 2, 1, 1, 2), hop(1, 0, 0, 1, 0));
        assertThat(ScheduleValidator.check(t, c, pairs, one, Switching.SF, 0, 2, apart).ok()).isTrue();
        List<ScheduleValidator.Item> sameStep = List.of(hop(0, 2, 0, 0, 1), hop(0, 2, 0, 1, 2), hop(1, 0, 1, 1, 0));
        assertThat(messages(t, c, pairs, one, Switching.SF_ROUTER, sameStep)).anyMatch(m -> m.contains("crosses two channels in step 1"));
        List<ScheduleValidator.Item> broken = List.of(hop(0, 2, 0, 0, 1), hop(0, 2, 1, 3, 2), hop(1, 0, 0, 1, 0));
        assertThat(messages(t, c, pairs, one, Switching.SF_ROUTER, broken)).anyMatch(m -> m.contains("that is not one channel on from node 1"));
        // every broken hop of a message is counted, not only its first
        Topology ring8 = TopologySpec.parse("ring:8");
        int[][] far = {{0, 4}};
        Collective c8 = Collective.of(CollectiveKind.MNS, ring8, new int[] {0}, new int[] {4});
        List<ScheduleValidator.Item> scattered = List.of(hop(0, 4, 0, 0, 1), hop(0, 4, 1, 2, 3), hop(0, 4, 2, 4, 5),
                hop(0, 4, 3, 6, 7));
        assertThat(ScheduleValidator.check(ring8, c8, far, one, Switching.SF, 0, 4, scattered).messages()
                .stream().filter(m -> m.contains("that is not one channel on from node")).count()).isEqualTo(3);
        List<ScheduleValidator.Item> detour = List.of(hop(0, 2, 0, 0, 1), hop(0, 2, 1, 1, 2), hop(1, 0, 0, 1, 2),
                hop(1, 0, 1, 2, 3), hop(1, 0, 2, 3, 0)); // 1 -> 0 the long way round (steps 0..2 of 3)
        assertThat(ScheduleValidator.check(t, c, pairs, one, Switching.SF_ROUTER, 0, 3, detour).messages())
                .anyMatch(m -> m.contains("takes 3 hops; minimal routing takes 1"));
        List<ScheduleValidator.Item> missing = List.of(hop(1, 0, 0, 1, 0));
        assertThat(messages(t, c, pairs, one, Switching.SF, missing)).anyMatch(m -> m.contains("the message of 0 never reaches 2"));
    }

    @Test
    void aBroadcastIsNotAStoreAndForwardScatter() {
        assertThatThrownBy(() -> scatter("ring:4", CollectiveKind.AAB, "1", Switching.SF))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("AAB is not a scatter");
        assertThatThrownBy(() -> scatter("ring:4", CollectiveKind.OAS, "1", Switching.SF)
                .solve(Scheduler.Solver.UMDA, null, 1, Budget.seconds(1), null))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("takes auto, greedy or exact");
    }

    private static List<String> messages(Topology t, Collective c, int[][] pairs, PortModel ports, Switching sw,
                                         List<ScheduleValidator.Item> items) {
        ScheduleValidator.Report r = ScheduleValidator.check(t, c, pairs, ports, sw, 0, 2, items);
        assertThat(r.ok()).isFalse();
        return r.messages();
    }

    /** One hop of the message of {@code sender} to {@code dst}, from {@code a} to {@code b} in {@code step}. */
    private static ScheduleValidator.Item hop(int sender, int dst, int step, int a, int b) {
        return new ScheduleValidator.Item(sender, dst, a, step, new int[] {a, b});
    }
}
