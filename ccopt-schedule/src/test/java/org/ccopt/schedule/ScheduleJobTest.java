package org.ccopt.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.PortModel;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The schedule service: assembly, reductions, the file format and the time model, on hand-checkable cases. */
class ScheduleJobTest {

    private static final Scheduler.Settings GREEDY = new Scheduler.Settings(Scheduler.Solver.GREEDY, null, 1, 1);

    private static ScheduleJob.Request request(String topology, CollectiveKind kind, String ports, Switching sw) {
        Topology t = TopologySpec.parse(topology);
        return new ScheduleJob.Request(t, Collective.standard(kind, t, 0), null, PortModel.parse(ports), sw, 0, null);
    }

    @Test
    void aReduceIsSolvedAsAReversedBroadcastAndCheckedAsTheReduce() {
        // AOR on the all-port 3-cube: a node may take 3 partial results a step, so ceil(log4 8) = 2 steps at least
        ScheduleJob job = ScheduleJob.of(request("hypercube:3", CollectiveKind.AOR, "all", Switching.WH));
        ScheduleJob.Outcome o = job.solve(GREEDY, Budget.seconds(30), null);
        assertThat(o.cc()).isEqualTo("AOR");
        assertThat(o.label()).contains("time reverse of a broadcast");
        assertThat(o.valid()).isTrue();
        assertThat(o.lowerBound()).isEqualTo(2);
        assertThat(o.reduce()).isNotNull();
        // every node but the root sends exactly once, towards the root in the end
        assertThat(o.items()).hasSize(7);
        assertThat(o.items().stream().filter(it -> it.dst() == 0)).isNotEmpty();
    }

    @Test
    void aStoreAndForwardScatterGoesHopByHopAndRefusesExtraHopsAndPathLimits() {
        ScheduleJob.Outcome o = ScheduleJob.of(request("ring:6", CollectiveKind.OAS, "1", Switching.SF))
                .solve(GREEDY, Budget.seconds(30), null);
        assertThat(o.hopItems()).isTrue();
        assertThat(o.valid()).isTrue();
        // 5 messages of 1+1+2+2+3 hops on a ring of 6: 9 hops, one transfer each
        assertThat(o.items()).hasSize(9);
        Topology t = TopologySpec.parse("ring:6");
        Collective c = Collective.standard(CollectiveKind.OAS, t, 0);
        assertThatThrownBy(() -> ScheduleJob.of(new ScheduleJob.Request(t, c, null, PortModel.parse("1"), Switching.SF, 1, null)))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("extra-hops 1 does not apply");
        assertThatThrownBy(() -> ScheduleJob.of(new ScheduleJob.Request(t, c, null, PortModel.parse("1"), Switching.SF, 0, 8)))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("path-limit does not apply");
    }

    @Test
    void aPermutationIsNamedPerm() {
        Topology t = TopologySpec.parse("ring:4");
        int[] shift = {1, 2, 3, 0};
        ScheduleJob.Outcome o = ScheduleJob.of(new ScheduleJob.Request(t, null, shift, PortModel.parse("1"), Switching.WH, 0,
                null)).solve(GREEDY, Budget.seconds(30), null);
        assertThat(o.cc()).isEqualTo("PERM");
        // every node sends one message one hop clockwise: one step, no two share a channel
        assertThat(o.steps()).isEqualTo(1);
        assertThat(o.valid()).isTrue();
    }

    @Test
    void aWrittenFileReadsBackAndAnEditedOneFailsTheCheck(@TempDir Path dir) throws Exception {
        ScheduleJob.Request r = request("hypercube:3", CollectiveKind.AAB, "all", Switching.WH);
        ScheduleJob.Outcome o = ScheduleJob.of(r).solve(GREEDY, Budget.seconds(30), null);
        ObjectMapper mapper = new ObjectMapper();
        Path file = dir.resolve("s.json");
        Files.writeString(file, mapper.writeValueAsString(ScheduleFile.of(o, null)));
        ScheduleFile read = ScheduleFile.read(file, false);
        assertThat(read.steps()).isEqualTo(o.steps());
        assertThat(read.items()).hasSameSizeAs(o.items());
        assertThat(read.names()).containsEntry("cc", "AAB").containsEntry("topology", r.topology().spec());
        read.requireFor(file, r.topology(), r.collective(), r.ports(), r.switching());
        assertThat(read.check(r.topology(), r.collective(), r.ports(), r.switching(), 0).ok()).isTrue();

        // all transfers in the first step: a node receives many messages at once over one channel
        List<ScheduleValidator.Item> squeezed = new ArrayList<>();
        for (ScheduleValidator.Item it : read.items()) {
            squeezed.add(new ScheduleValidator.Item(it.sender(), it.dst(), it.from(), 0, it.path(), it.root()));
        }
        Map<String, Object> edited = ScheduleFile.of(o, null);
        edited.put("transfers", ScheduleFile.transfers(squeezed));
        Files.writeString(file, mapper.writeValueAsString(edited));
        assertThat(ScheduleFile.read(file, false).check(r.topology(), r.collective(), r.ports(), r.switching(), 0).ok())
                .isFalse();

        Topology other = TopologySpec.parse("ring:8");
        assertThatThrownBy(() -> read.requireFor(file, other, Collective.standard(CollectiveKind.AAB, other, 0), r.ports(),
                r.switching())).isInstanceOf(InvalidInputException.class).hasMessageContaining("is for topology");
    }

    @Test
    void aFileWithoutStepsOrWithABrokenTransferIsRefusedWithItsPlace(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("s.json");
        Files.writeString(file, "{\"transfers\": []}");
        assertThatThrownBy(() -> ScheduleFile.read(file, false)).hasMessageContaining("no integer \"steps\"");
        Files.writeString(file, "{\"steps\": 1, \"transfers\": [{\"src\": 0, \"dst\": 1, \"step\": 1, \"from\": 0, \"path\": [0, \"x\"]}]}");
        assertThatThrownBy(() -> ScheduleFile.read(file, false)).hasMessageContaining("transfer 1 of")
                .hasMessageContaining("not a node id");
        Files.writeString(file, "{\"steps\": 1, \"transfers\": [{\"src\": 0, \"dst\": 1, \"step\": 1, \"from\": 0, \"path\": [0, 1]}]}");
        assertThatThrownBy(() -> ScheduleFile.read(file, true)).hasMessageContaining("no integer \"root\"");
        assertThat(ScheduleFile.read(file, false).items().get(0).step()).isZero();
    }

    @Test
    void theTimeModelIsEquationThreeAndNeedsAllThreeValues() {
        // 3 x 2 us + 4096 B x 0.1 ns = 6.4096 us
        assertThat(new TimeModel(2e-6, 1e-10, 4096).seconds(3)).isCloseTo(6.4096e-6, org.assertj.core.data.Offset.offset(1e-15));
        assertThat(TimeModel.ofGiven(null, null, null)).isNull();
        assertThatThrownBy(() -> TimeModel.ofGiven(2e-6, null, 4096.0)).hasMessageContaining("got --ts --bytes only");
    }

    @Test
    void theTableHasARowPerSenderAndAColumnPerStep() {
        List<ScheduleValidator.Item> items = List.of(new ScheduleValidator.Item(0, 1, 0, 0, new int[] {0, 1}),
                new ScheduleValidator.Item(0, 2, 0, 1, new int[] {0, 2}), new ScheduleValidator.Item(1, 3, 1, 1, new int[] {1, 3}));
        String table = ScheduleTable.render(items, 2, false, false);
        assertThat(table.lines().toList()).containsExactly(
                "  src   1   2",
                "    0   1   2",
                "    1   -   3");
    }
}
