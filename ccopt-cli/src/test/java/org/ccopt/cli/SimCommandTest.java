package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimCommandTest {

    @TempDir
    Path dir;

    @Test
    void simJsonHasTheDocumentedFieldsAndParametersReplayExactly() throws Exception {
        Path params = dir.resolve("run.json");
        MainTest.Result r = MainTest.run("sim", "--topology", "torus:8x8", "--traffic", "brot", "--packets", "2",
                "--packet-flits", "8", "--slices", "2", "--interval", "12", "--vc-select", "C05",
                "--save-params", params.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        for (String field : new String[] {"durationCycles", "flits", "effectiveThickness", "ir", "or", "ib", "ob", "lb",
            "routerCycles"}) {
            assertThat(j.has(field)).as(field).isTrue();
        }
        JsonNode replay = MainTest.run("sim", "--params", params.toString(), "--json").json();
        assertThat(replay.get("durationCycles")).isEqualTo(j.get("durationCycles"));
        assertThat(replay.get("lb")).isEqualTo(j.get("lb"));
    }

    @Test
    void repeatReportsSpeedAndNeighbourCaseIs34() throws Exception {
        JsonNode j = MainTest.run("sim", "--topology", "torus:8x8", "--traffic", "neighbor", "--packets", "4",
                "--repeat", "3", "--json").json();
        assertThat(j.get("durationCycles").asInt()).isEqualTo(34);
        assertThat(j.get("routerCyclesPerSecond").asDouble()).isPositive();
    }

    @Test
    void badInputExitsTwo() {
        assertThat(MainTest.run("sim", "--topology", "hypercube:4").code()).isEqualTo(2);
        assertThat(MainTest.run("sim", "--vcs", "2").code()).isEqualTo(2);
        assertThat(MainTest.run("sim", "--vc-select", "C12").code()).isEqualTo(2);
        assertThat(MainTest.run("sim", "--params", dir.resolve("missing.json").toString()).code()).isEqualTo(2);
    }
}
