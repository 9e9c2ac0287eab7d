package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The commands without --json are exactly those the README and docs/cli.md name; every other command takes it. */
class JsonConventionTest {

    /** The commands whose output is a table, files or a tour rather than one result. */
    static final Set<String> WITHOUT_JSON = Set.of("analyze", "calibrate", "cupstack-sweep", "demo", "report", "table");

    @Test
    void everyCommandThatPrintsOneResultTakesJsonAndTheDocsNameTheOthers() throws Exception {
        Set<String> without = new TreeSet<>();
        Main.commandTree().getSubcommands().forEach((name, sub) -> {
            if (!name.equals("help") && !name.equals("generate-completion") && sub.getCommandSpec().findOption("--json") == null) {
                without.add(name);
            }
        });
        assertThat(without).containsExactlyInAnyOrderElementsOf(WITHOUT_JSON);
        String list = "all but `analyze`, `calibrate`, `cupstack-sweep`, `demo`, `report` and `table`";
        for (String doc : new String[] {"../../../README.md", "../../../docs/cli.md"}) { // from ccopt-cli/target/test-work
            assertThat(Files.readString(Path.of(doc))).as(doc).contains(list);
        }
    }
}
