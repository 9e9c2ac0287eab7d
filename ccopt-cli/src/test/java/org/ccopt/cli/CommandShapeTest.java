package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Commands are thin adapters: every command that runs a use case names one library job ({@link Declared.Command}),
 * its {@code call()} is at most 40 lines and its file at most 250.
 */
class CommandShapeTest {

    /** The commands that run no use case of their own: a tour, and the runner's and the report's front ends. */
    private static final Set<String> WITHOUT_JOB = Set.of("demo", "report", "table", "run");

    @Test
    void everyCommandThatRunsAUseCaseNamesALibraryJob() {
        Main.commandTree().getSubcommands().forEach((name, line) -> {
            if (!WITHOUT_JOB.contains(name) && !Set.of("help", "generate-completion").contains(name)) {
                assertThat(line.getCommandSpec().userObject()).as(name).isInstanceOf(Declared.Command.class);
            }
        });
        assertThat(Main.commandTree().getSubcommands().keySet()).containsAll(WITHOUT_JOB).hasSizeGreaterThanOrEqualTo(19);
    }

    @Test
    void everyCallIsAtMost40LinesAndEveryCommandFileAtMost250() throws IOException {
        Path dir = Path.of("../../src/main/java/org/ccopt/cli"); // surefire runs in target/test-work-N
        if (!Files.isDirectory(dir)) {
            dir = Path.of("src/main/java/org/ccopt/cli");
        }
        List<Path> commands;
        try (Stream<Path> files = Files.list(dir)) {
            commands = files.filter(f -> f.getFileName().toString().endsWith("Command.java")).sorted().toList();
        }
        assertThat(commands).hasSizeGreaterThanOrEqualTo(19);
        for (Path f : commands) {
            List<String> lines = Files.readAllLines(f);
            assertThat(lines.size()).as(f.getFileName() + " lines").isLessThanOrEqualTo(250);
            int start = -1;
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).matches("    public Integer call\\(\\).*\\{")) {
                    start = i;
                }
            }
            assertThat(start).as(f.getFileName() + " has a call()").isNotNegative();
            int end = start + 1;
            while (!lines.get(end).equals("    }")) {
                end++;
            }
            assertThat(end - start + 1).as(f.getFileName() + " call() lines").isLessThanOrEqualTo(40);
        }
    }
}
