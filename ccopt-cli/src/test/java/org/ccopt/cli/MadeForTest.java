package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A mapping or placement file that names the network it was made for runs only on that network. */
class MadeForTest {

    @TempDir
    Path dir;

    @Test
    void aMappingForAnotherTopologyIsRefused() throws Exception {
        Path mapping = dir.resolve("mapping.json");
        Files.writeString(mapping, "{\"topology\": \"torus:4x4\", \"mapping\": [" + "15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0"
                + "]}");
        MainTest.Result other = MainTest.run("sim", "-t", "mesh:4x4", "--traffic", "brev", "--mapping", mapping.toString());
        assertThat(other.code()).isEqualTo(2);
        assertThat(other.err()).contains("was made for torus:4x4; this run is on mesh:4x4").hasLineCount(1);
        assertThat(MainTest.run("sim", "-t", "torus:4x4", "--traffic", "brev", "--mapping", mapping.toString()).code()).isZero();
        // a plain list names no network, and runs wherever it is a permutation
        Files.writeString(mapping, "[15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]");
        assertThat(MainTest.run("sim", "-t", "mesh:4x4", "--traffic", "brev", "--mapping", mapping.toString()).code()).isZero();
    }

    @Test
    void aPlacementForAnotherTopologyIsRefused() throws Exception {
        Path ranks = dir.resolve("ranks.json");
        Files.writeString(ranks, "{\"topology\": \"torus:4x4\", \"ranks\": [0, 1, 2, 3]}");
        MainTest.Result other = MainTest.run("msgsim", "-t", "torus:8x8", "--collective", "bcast", "--bytes", "1KiB",
                "--ranks", ranks.toString());
        assertThat(other.code()).isEqualTo(2);
        assertThat(other.err()).contains("was made for torus:4x4; this run is on torus:8x8").hasLineCount(1);
        assertThat(MainTest.run("msgsim", "-t", "torus:4x4", "--collective", "bcast", "--bytes", "1KiB", "--ranks",
                ranks.toString()).code()).isZero();
    }
}
