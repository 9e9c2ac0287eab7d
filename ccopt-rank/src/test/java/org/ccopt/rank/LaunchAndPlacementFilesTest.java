package org.ccopt.rank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher files of a placement and the placement file, against outputs written out by hand. */
class LaunchAndPlacementFilesTest {

    @TempDir
    Path dir;

    private static final List<String> HOSTS = List.of("a", "a", "b", "b", "c", "c");

    @Test
    void aHostListSkipsCommentsAndBlankLinesAndNamesTheLineItRefuses() {
        assertThat(LaunchFiles.hosts("# rack 1\na\n\nb # second\nc.example-1\n", 3, "H")).containsExactly("a", "b", "c.example-1");
        assertThatThrownBy(() -> LaunchFiles.hosts("a\nb c\n", 2, "H")).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("line 2 of host list H is 'b c'");
        assertThatThrownBy(() -> LaunchFiles.hosts("a\nb\n", 3, "H")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("names 2 hosts; the network has 3 terminals");
    }

    @Test
    void theOpenMpiRankfileCountsSlotsPerHostInRankOrder() {
        // ranks 0..3 on terminals 4, 0, 5, 1: hosts c, a, c, a
        assertThat(LaunchFiles.openMpiRankfile(new int[] {4, 0, 5, 1}, HOSTS))
                .isEqualTo("rank 0=c slot=0\nrank 1=a slot=0\nrank 2=c slot=1\nrank 3=a slot=1\n");
    }

    @Test
    void theHydraMachineFileGroupsConsecutiveRanksOfAHostOnly() {
        assertThat(LaunchFiles.hydraMachinefile(new int[] {0, 1, 2, 4, 3}, HOSTS)).isEqualTo("a:2\nb:1\nc:1\nb:1\n");
        assertThat(LaunchFiles.smpiHostfile(new int[] {3, 0})).isEqualTo("h3\nh0\n");
    }

    @Test
    void moreRanksOnAHostThanItsSlotsAreRefusedAndUnknownHostsPass() {
        int[] ranks = {0, 1, 2};
        LaunchFiles.checkSlots(ranks, HOSTS, h -> 2);
        LaunchFiles.checkSlots(ranks, HOSTS, h -> null);
        assertThatThrownBy(() -> LaunchFiles.checkSlots(ranks, HOSTS, h -> 1)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("host a gets 2 ranks but has 1 slots");
        assertThat(LaunchFiles.slots(8).apply("anything")).isEqualTo(8);
        assertThat(LaunchFiles.slots(null).apply("localhost")).isEqualTo(Runtime.getRuntime().availableProcessors());
    }

    @Test
    void aPlacementFileReadsBackAndIsRefusedWhenItDoesNotFit() throws Exception {
        Topology ring = TopologySpec.parse("ring:8");
        Path f = dir.resolve("p.json");
        Files.writeString(f, "{\"topology\": \"ring:8\", \"ranks\": [7, 0, 3]}");
        assertThat(PlacementFile.ranks(f, ring)).containsExactly(7, 0, 3);
        Files.writeString(f, "[2, 1]");
        assertThat(PlacementFile.ranks(f, ring)).containsExactly(2, 1);
        for (String bad : List.of("[1, 1]", "[8]", "[-1]", "[1.5]", "{\"ranks\": []}", "{\"other\": 1}", "[1,", "")) {
            Files.writeString(f, bad);
            assertThatThrownBy(() -> PlacementFile.ranks(f, ring)).as(bad).isInstanceOf(InvalidInputException.class)
                    .hasMessageNotContaining("\n");
        }
        Files.writeString(f, "{\"topology\": \"ring:16\", \"ranks\": [0]}");
        assertThatThrownBy(() -> PlacementFile.ranks(f, ring)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("was made for ring:16; this run is on ring:8");
    }

    /** An optimised placement's rankfile: one line per rank, each rank on the host of its terminal. */
    @Test
    void aPlacementsRankfilePutsEveryRankOnItsTerminalsHost() {
        Topology t = TopologySpec.parse("torus:4x4");
        RankJob.Outcome o = RankJob.run(t, CollectiveMix.parse("alltoall", 8), ProcessMapping.RANDOM, 1,
                RankPlacer.Settings.of(RankPlacement.TWO_OPT).withIterations(500), false, 1);
        List<String> hosts = new java.util.ArrayList<>();
        for (int i = 0; i < 16; i++) {
            hosts.add("node" + i / 4); // four terminals a host
        }
        List<String> lines = LaunchFiles.openMpiRankfile(o.ranks(), hosts).lines().toList();
        assertThat(lines).hasSize(8);
        for (int r = 0; r < 8; r++) {
            assertThat(lines.get(r)).startsWith("rank " + r + "=node" + o.ranks()[r] / 4 + " slot=");
        }
    }
}
