package org.ccopt.flitsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sim}'s library job: a known duration, its parameter file replayed, a mapping, a sweep and repeats. */
class SimJobTest {

    @TempDir
    Path dir;

    private static final FlitSetup SETUP = FlitSetup.of(TopologySpec.parse("torus:8x8")).withModel(RouterModel.YOKOTA2018);

    private static SimJob.Request request(String traffic, int slices, String sweep, int repeat, Path params, Path mapping) {
        return new SimJob.Request(params, mapping, SETUP, traffic, 1, slices, 4, 8, null, false, false, false, sweep, repeat,
                false);
    }

    @Test
    void bitReversalOnTheTorusTakesItsKnownCyclesAndItsParameterFileReplaysThem() throws Exception {
        SimJob.Outcome o = SimJob.run(request("brev", 1, null, 1, null, null));
        // the deterministic answer docs/api.md prints: every node but the 8 palindromes sends 4 packets of 8 flits
        assertThat(o.result().durationCycles()).isEqualTo(197);
        assertThat(o.result().flits()).isEqualTo(56 * 4 * 8);
        assertThat(o.figures()).containsEntry("model", "yokota2018").containsEntry("traffic", "brev")
                .containsEntry("durationCycles", 197).doesNotContainKeys("repeat", "interval");
        Path file = dir.resolve("brev.json");
        Files.writeString(file, o.parameters(1).toJson());
        assertThat(SimJob.run(request(null, 1, null, 1, file, null)).result().durationCycles()).isEqualTo(197);
        // a file of physical destinations cannot be placed by a mapping
        Path identity = dir.resolve("identity.json");
        Files.writeString(identity, java.util.stream.IntStream.range(0, 64).boxed().toList().toString());
        assertThatThrownBy(() -> SimJob.run(request(null, 1, null, 1, file, identity))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("holds physical ones");
        // the identity mapping places every destination where it was
        assertThat(SimJob.run(request("brev", 1, null, 1, null, identity)).result().durationCycles()).isEqualTo(197);
    }

    @Test
    void aSweepKeepsTheShortestIntervalAndRepeatsMeasureTheSpeed() {
        SimJob.Outcome o = SimJob.run(request("shfl", 2, "0:12", 3, null, null));
        int best = o.result().durationCycles();
        assertThat(o.sweep().durations()).hasSize(13).contains(best);
        assertThat(java.util.Arrays.stream(o.sweep().durations()).min().orElseThrow()).isEqualTo(best);
        assertThat(o.workload().interval()).isEqualTo(o.sweep().best());
        assertThat(o.figures()).containsKeys("interval", "sweepDurations", "repeat", "routerCyclesPerSecond");
        assertThat(o.routerCyclesPerSecond()).isPositive();
        assertThat(o.trace()).isNull();
    }

    @Test
    void aTraceIsKeptWhenAskedAndBadCountsAreRefused() {
        SimJob.Outcome traced = SimJob.run(new SimJob.Request(null, null, SETUP, "bcmp", 1, 1, 1, 8, 0, false, false, false,
                null, 1, true));
        assertThat(traced.trace()).isNotNull();
        assertThatThrownBy(() -> request("bcmp", 1, null, 0, null, null)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("repeat");
        assertThatThrownBy(() -> new SimJob.Request(null, null, SETUP, "bcmp", 1, 1, 1, 8, -1, false, false, false, null, 1,
                false)).isInstanceOf(InvalidInputException.class).hasMessageContaining("interval");
    }
}
