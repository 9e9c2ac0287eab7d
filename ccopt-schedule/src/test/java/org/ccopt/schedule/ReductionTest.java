package org.ccopt.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.LowerBounds;
import org.ccopt.collective.PortModel;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** AOR and AAR as the time reverse of OAB and AAB on the transposed network, checked by the validator's reduce rules. */
class ReductionTest {

    @ParameterizedTest(name = "{0} root {1}, {2}-port, {3}")
    @CsvSource({
        "hypercube:3, 0, all, WH",
        "hypercube:4, 5, 1, WH",
        "mesh:3x3, 4, 1, WH",
        "mesh:3x3, 0, all, SF",
        "omega:8, 3, 1, WH",
        "'clos:2,2,2', 1, 1, WH",
        "fat-octagon, 7, 1, WH",
    })
    void reversedBroadcastIsAValidReduceOfTheSameSteps(String spec, int root, String ports, String switching) {
        Topology t = TopologySpec.parse(spec);
        Collective reduce = Collective.standard(CollectiveKind.AOR, t, root);
        PortModel pm = PortModel.parse(ports);
        Switching sw = Switching.valueOf(switching);
        Reversed r = reversedAndChecked(t, reduce, Reduction.broadcastOf(reduce), pm, sw,
                new Scheduler.Settings(Scheduler.Solver.AUTO, null, 1, 2));
        assertThat(r.broadcastValid()).isTrue();
        assertThat(r.items()).hasSize(t.terminalCount() - 1);
        assertThat((long) r.steps()).isGreaterThanOrEqualTo(LowerBounds.forCollective(t, reduce, pm).steps());
    }

    /** A reduce's items and steps, solved as the broadcast on the transposed network (valid or not) and reversed. */
    private record Reversed(List<ScheduleValidator.Item> items, int steps, boolean broadcastValid) {
    }

    /**
     * Solves {@code broadcast} (the broadcast of {@code reduce}) on the transposed network, reverses it in time and
     * checks the result by the reduce rules on {@code t}.
     */
    private static Reversed reversedAndChecked(Topology t, Collective reduce, Collective broadcast, PortModel pm, Switching sw,
                                               Scheduler.Settings settings) {
        ScheduleProblem p = new ScheduleProblem(Reduction.transpose(t), broadcast, pm, sw, 0, 1024);
        Scheduler.Result r = new Scheduler(p, Scheduler.lowerBound(p), settings, Budget.seconds(30), null).run();
        List<ScheduleValidator.Item> items = Reduction.reverse(ScheduleValidator.items(p, r.schedule()), r.steps());
        ScheduleValidator.Report report = ScheduleValidator.check(t, reduce, null, pm, sw, 0, r.steps(), items);
        assertThat(report.ok()).as(report.messages().toString()).isTrue();
        return new Reversed(items, r.steps(), r.validation().ok());
    }

    /** AAR (and a many-to-many reduce with given sets) reversed from AAB (MNB): every root gets every partial once. */
    @ParameterizedTest(name = "{0} {1} to {2}, {3}-port")
    @CsvSource({
        "hypercube:3, 0-7, 0-7, all",
        "ring:6, 0-5, 0-5, 1",
        "mesh:3x3, 0-8, 0-8, all",
        "omega:8, 0-7, 0-7, 1",
        "ring:6, 0-3, 2-5, 1",
    })
    void reversedAllToAllBroadcastIsAValidAllToAllReduce(String spec, String senders, String receivers, String ports) {
        Topology t = TopologySpec.parse(spec);
        Collective reduce = Collective.of(CollectiveKind.AAR, t, Collective.parseList(senders, t.terminalCount()),
                Collective.parseList(receivers, t.terminalCount()));
        PortModel pm = PortModel.parse(ports);
        Collective broadcast = Reduction.broadcastOf(reduce);
        assertThat(broadcast.kind()).isEqualTo(senders.equals(receivers) ? CollectiveKind.AAB : CollectiveKind.MNB);
        Reversed r = reversedAndChecked(t, reduce, broadcast, pm, Switching.WH,
                new Scheduler.Settings(Scheduler.Solver.GREEDY, null, 1, 1));
        long partials = 0;
        for (int root : reduce.receivers()) {
            for (int v : reduce.senders()) {
                partials += v == root ? 0 : 1;
            }
        }
        assertThat(r.items()).hasSize((int) partials);
        assertThat((long) r.steps()).isGreaterThanOrEqualTo(LowerBounds.forCollective(t, reduce, pm).steps());
    }

    /** The per-root rules of AAR on a valid schedule of ring:6, each broken once. */
    @Test
    void theValidatorChecksEveryRootOfAnAllToAllReduce() {
        Topology t = TopologySpec.parse("ring:6");
        Collective reduce = Collective.standard(CollectiveKind.AAR, t, 0);
        PortModel one = PortModel.parse("1");
        ScheduleProblem p = new ScheduleProblem(t, Reduction.broadcastOf(reduce), one, Switching.WH, 0, 1024);
        Scheduler.Result r = new Scheduler(p, Scheduler.lowerBound(p),
                new Scheduler.Settings(Scheduler.Solver.GREEDY, null, 1, 1), Budget.seconds(30), null).run();
        int steps = r.steps();
        List<ScheduleValidator.Item> good = Reduction.reverse(ScheduleValidator.items(p, r.schedule()), steps);
        assertThat(ScheduleValidator.check(t, reduce, null, one, Switching.WH, 0, steps, good).ok()).isTrue();
        // a partial sent on through a node that has already sent its own for that root
        int i = 0;
        while (good.get(i).dst() == good.get(i).root()) {
            i++;
        }
        ScheduleValidator.Item via = good.get(i);
        int onward = good.stream().filter(x -> x.sender() == via.dst() && x.root() == via.root()).findFirst().orElseThrow().step();
        List<ScheduleValidator.Item> late = new ArrayList<>(good);
        late.set(i, new ScheduleValidator.Item(via.sender(), via.dst(), via.from(), onward, via.path(), via.root()));
        assertThat(ScheduleValidator.check(t, reduce, null, one, Switching.WH, 0, steps, late).messages())
                .anyMatch(m -> m.contains("has sent its own for " + via.root() + " in step " + (onward + 1))); // steps from 1
        // a partial labelled with another root: that root gets it twice, the first never
        ScheduleValidator.Item x = good.get(0);
        int other = (x.root() + 1) % 6 == x.sender() ? (x.root() + 2) % 6 : (x.root() + 1) % 6;
        List<ScheduleValidator.Item> relabelled = new ArrayList<>(good);
        relabelled.set(0, new ScheduleValidator.Item(x.sender(), x.dst(), x.from(), x.step(), x.path(), other));
        assertThat(ScheduleValidator.check(t, reduce, null, one, Switching.WH, 0, steps, relabelled).messages())
                .anyMatch(m -> m.contains("more than once") || m.contains("never reaches the root " + x.root()));
        // an AAR transfer that names no root
        List<ScheduleValidator.Item> unnamed = new ArrayList<>(good);
        unnamed.set(0, new ScheduleValidator.Item(x.sender(), x.dst(), x.from(), x.step(), x.path()));
        assertThat(ScheduleValidator.check(t, reduce, null, one, Switching.WH, 0, steps, unnamed).messages())
                .anyMatch(m -> m.contains("which is not a root of the reduce"));
    }

    @Test
    void transposeTurnsOneWayChannelsRoundAndKeepsTwoWayNetworks() {
        Topology omega = TopologySpec.parse("omega:8");
        Topology back = Reduction.transpose(omega);
        assertThat(back.channelCount()).isEqualTo(omega.channelCount());
        for (int c = 0; c < omega.channelCount(); c++) {
            assertThat(back.channel(omega.channelTarget(c), omega.channelSource(c))).isNotNegative();
        }
        Topology mesh = TopologySpec.parse("mesh:3x3");
        assertThat(Reduction.transpose(mesh)).isSameAs(mesh);
    }

    /** Hand-made reduces on ring:4 to root 0: the validator's reduce rules, each broken once. */
    @Test
    void theValidatorChecksTheReduceRules() {
        Topology t = TopologySpec.parse("ring:4");
        Collective reduce = Collective.standard(CollectiveKind.AOR, t, 0);
        PortModel one = PortModel.parse("1");
        // step 0: 2 -> 1; step 1: 1 -> 0 and 3 -> 0? node 0 has one port: 3 -> 0 in step 2
        List<ScheduleValidator.Item> good = List.of(item(2, 1, 0, 2, 1), item(1, 0, 1, 1, 0), item(3, 0, 2, 3, 0));
        assertThat(ScheduleValidator.check(t, reduce, null, one, Switching.WH, 0, 3, good).ok()).isTrue();
        List<ScheduleValidator.Item> late = new ArrayList<>(good);
        late.set(0, item(2, 1, 1, 2, 1)); // 2 sends to 1 in the step 1 sends its own: too late
        assertThat(messages(t, reduce, one, late)).anyMatch(m -> m.contains("has sent its own for 0 in step 2"));
        List<ScheduleValidator.Item> twice = new ArrayList<>(good);
        twice.add(item(2, 3, 0, 2, 3));
        assertThat(messages(t, reduce, one, twice)).anyMatch(m -> m.contains("more than once"));
        List<ScheduleValidator.Item> missing = List.of(item(1, 0, 1, 1, 0), item(3, 0, 2, 3, 0));
        assertThat(messages(t, reduce, one, missing)).anyMatch(m -> m.contains("value of 2 never reaches the root 0"));
        List<ScheduleValidator.Item> fromRoot = new ArrayList<>(good);
        fromRoot.add(item(0, 1, 0, 0, 1));
        assertThat(messages(t, reduce, one, fromRoot)).anyMatch(m -> m.contains("is not a sender of the reduce"));
    }

    private static List<String> messages(Topology t, Collective reduce, PortModel ports, List<ScheduleValidator.Item> items) {
        ScheduleValidator.Report r = ScheduleValidator.check(t, reduce, null, ports, Switching.WH, 0, 3, items);
        assertThat(r.ok()).isFalse();
        return r.messages();
    }

    private static ScheduleValidator.Item item(int node, int to, int step, int... path) {
        return new ScheduleValidator.Item(node, to, node, step, path);
    }
}
