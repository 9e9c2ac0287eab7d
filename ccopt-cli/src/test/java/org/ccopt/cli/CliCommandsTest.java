package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.ccopt.experiments.Commands;
import org.junit.jupiter.api.Test;

class CliCommandsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The engine's view of a command: its result as the tree Json writes, nothing printed, and the tree equal, number
     * types included, to what the command prints with --json read back.
     */
    @Test
    void aCommandsResultComesBackAsTheTreeItWouldHavePrinted() throws Exception {
        for (List<String> line : List.of(
                List.of("sim", "--topology", "torus:4x4", "--traffic", "brev", "--json"),
                List.of("topo", "ring:6", "--json"),
                List.of("rank", "--topology", "torus:4x4", "--procs", "8", "--collective", "alltoall", "--placement",
                        "two-opt", "--iterations", "200", "--json"))) {
            Commands.Execution x = new CliCommands().execute(line);
            assertThat(x.exit()).as(line.toString()).isEqualTo(Commands.OK);
            assertThat(x.stdout()).as(line.toString()).isBlank();
            assertThat(x.result()).as(line.toString()).isNotNull();
            MainTest.Result printed = MainTest.run(line.toArray(String[]::new));
            JsonNode read = JSON.readTree(printed.out());
            JsonNode got = x.result().deepCopy();
            for (JsonNode n : new JsonNode[] {read, got}) { // a measured time differs between two runs
                ((com.fasterxml.jackson.databind.node.ObjectNode) n).remove(List.of("seconds", "wallSeconds", "cpuSeconds"));
            }
            assertThat(got).as(line.toString()).isEqualTo(read);
        }
    }

    @Test
    void aRefusedCommandHandsBackNoResultAndItsLine() {
        Commands.Execution x = new CliCommands().execute(List.of("sim", "--topology", "torus:4x", "--json"));
        assertThat(x.exit()).isEqualTo(Commands.BAD_INPUT);
        assertThat(x.result()).isNull();
        assertThat(x.stderr()).contains("torus:4x");
    }
}
