package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/results/README.md, the page that says where each paper figure stands: every {@code ccopt} command on it parses
 * under today's CLI, passes its option rules and value checks (what {@code ccopt run} checks before a first run), and
 * every script and page it names exists.
 */
class ReproductionPageTest {

    static final Path PAGE = Path.of("../../../docs/results/README.md"); // from ccopt-cli/target/test-work

    @Test
    void everyCommandOnThePageParsesAndEveryPageItLinksExists() throws Exception {
        String text = Files.readString(PAGE);
        Matcher code = Pattern.compile("`([^`]+)`").matcher(text);
        List<String> commands = new ArrayList<>();
        while (code.find()) {
            String c = code.group(1);
            if (c.startsWith("ccopt ")) {
                commands.add(c);
            } else if (c.startsWith("experiments/") || c.startsWith("python3 experiments/")) {
                String script = c.replace("python3 ", "").split(" ")[0];
                assertThat(Path.of("../../..", script)).as(c).exists();
            }
        }
        assertThat(commands).hasSizeGreaterThanOrEqualTo(15);
        for (String c : commands) {
            List<String> argv = Arrays.asList(c.substring("ccopt ".length()).split(" +"));
            assertThatCode(() -> new CliCommands().writtenOptions(argv)).as(c).doesNotThrowAnyException();
        }
        Matcher link = Pattern.compile("\\]\\(([^)]+\\.md)\\)").matcher(text);
        int links = 0;
        while (link.find()) {
            assertThat(PAGE.resolveSibling(link.group(1))).as(link.group(1)).exists();
            links++;
        }
        assertThat(links).isGreaterThanOrEqualTo(15);
    }
}
