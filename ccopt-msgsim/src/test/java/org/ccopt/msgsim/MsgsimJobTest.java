package org.ccopt.msgsim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.ccopt.mpi.CommMatrix;
import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MsgsimJobTest {

    private static final int[] RANKS = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

    private static MsgsimJob.Request request(Topology t, MsgsimJob.Work work, Path replay, Path platform) {
        return new MsgsimJob.Request(t, MsgNetwork.thesis(t), MessageSimulator.Options.DEFAULT, "maxmin", work, RANKS,
                "by hand", replay, platform);
    }

    @Test
    void aCollectiveTakesWhatTheSimulatorGivesItsProgramAndTheFiguresNameIt() throws Exception {
        Topology t = TopologySpec.parse("torus:4x4");
        MpiAlgorithm bcast = MpiAlgorithm.parse("bcast");
        MsgsimJob.Outcome o = MsgsimJob.run(request(t, new MsgsimJob.Collective(bcast, 1024, "1KiB", false), null, null));
        Program direct = CollectivePrograms.of(bcast.transfers(16), RANKS, bcast.collectiveBytes(1024, 16), false);
        double expected = MessageSimulator.run(MsgNetwork.thesis(t), direct, MessageSimulator.Options.DEFAULT).seconds();
        assertThat(o.simulatedSeconds()).isEqualTo(expected).isPositive();
        assertThat(o.figures()).containsEntry("collective", "bcast").containsEntry("procs", 16)
                .containsEntry("placement", "by hand").containsEntry("synchronised", false).doesNotContainKey("mops");
        assertThat(o.line()).startsWith("bcast of 16 processes, 1KiB on torus:4x4 (by hand): ");
    }

    @Test
    void aNasSkeletonReportsTheWholeRunScaledFromWhatWasSimulated() throws Exception {
        Topology t = TopologySpec.parse("torus:4x4");
        MsgsimJob.Outcome o = MsgsimJob.run(request(t, new MsgsimJob.Nas(NasSkeleton.App.parse("ft"), "A", 100e9, 4), null, null));
        assertThat(o.simulatedSeconds()).isEqualTo(o.skeleton().wholeRunSeconds(o.result().seconds()));
        assertThat(o.mops()).isEqualTo(o.skeleton().operations() / o.simulatedSeconds() / 1e6);
        assertThat(o.figures()).containsEntry("app", "ft").containsEntry("class", "A").containsKey("simulatedFraction");
    }

    @Test
    void aMatrixExchangeWritesTheReplayAndThePlatformAskedFor(@TempDir Path dir) throws Exception {
        Topology t = TopologySpec.parse("torus:4x4");
        Path mtx = dir.resolve("two.csv");
        StringBuilder csv = new StringBuilder();
        for (int i = 0; i < 16; i++) {
            for (int j = 0; j < 16; j++) {
                csv.append(j > 0 ? "," : "").append(j == (i + 1) % 16 ? 4096 : 0);
            }
            csv.append('\n');
        }
        Files.writeString(mtx, csv);
        CommMatrix m = CommMatrix.read(mtx, t);
        Path replay = dir.resolve("replay.txt");
        Path platform = dir.resolve("platform.xml");
        MsgsimJob.Outcome o = MsgsimJob.run(request(t, new MsgsimJob.Exchange(m, mtx), replay, platform));
        assertThat(o.result().messages()).isEqualTo(16);
        assertThat(o.figures()).containsEntry("bytes", m.totalVolume()).containsEntry("comm", mtx.toString());
        assertThat(replay).isNotEmptyFile();
        assertThat(Files.readString(platform)).contains("<platform");
    }
}
