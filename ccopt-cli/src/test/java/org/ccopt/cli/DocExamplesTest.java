package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The examples of README.md and docs/cli.md print what the pages show. Every {@code $ ./ccopt ...} line of a fenced
 * block that the page follows with output is run in this JVM ({@link Main#run}) and its standard output compared with
 * the page line by line, trailing spaces aside, with two allowances: a time in seconds at the end of a clause ({@code in
 * 1.3 s}, {@code 0.9 s)}, {@code 0.164 s wall}) may differ, and a line {@code ...} stands for lines the page leaves out.
 * A comment after the command ({@code # ...}) and comment lines under it are the page's, not output. An example that
 * reads or writes files (a path, {@code --out}, {@code --config}, {@code --chart}, {@code --picture}, ...) is left to
 * its command's own tests, since this JVM's working folder is not the checkout.
 */
class DocExamplesTest {

    /** Pages, from ccopt-cli/target/test-work, where the tests run. */
    private static final List<String> PAGES = List.of("../../../README.md", "../../../docs/cli.md");
    private static final Set<String> FILE_OPTIONS = Set.of("--out", "--config", "--resume", "--params", "--chart",
            "--picture", "--save-params", "--trace", "--export-replay", "--export-platform", "--comm", "--ranks");
    private static final Pattern FILEISH = Pattern.compile("/|\\.(png|svg|json|mtx|txt|csv|yaml|tex|html)$|^file:");
    private static final Pattern BLOCK = Pattern.compile("```[a-z]*\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern SECONDS = Pattern.compile("\\d+(?:\\.\\d+)? s(?= wall|\\)|$|,)");

    /** One example: where it is, its arguments after {@code ./ccopt}, and the output the page shows. */
    record Example(String where, List<String> args, List<String> output) {

        @Override
        public String toString() {
            return where + ": " + String.join(" ", args);
        }
    }

    static List<Example> examples() throws IOException {
        List<Example> out = new ArrayList<>();
        for (String page : PAGES) {
            String text = Files.readString(Path.of(page));
            Matcher block = BLOCK.matcher(text);
            while (block.find()) {
                int firstLine = text.substring(0, block.start(1)).split("\n", -1).length;
                String[] lines = block.group(1).split("\n", -1);
                for (int i = 0; i < lines.length; i++) {
                    if (!lines[i].startsWith("$ ./ccopt ")) {
                        continue;
                    }
                    List<String> shown = new ArrayList<>();
                    int j = i + 1;
                    for (; j < lines.length && !lines[j].startsWith("$") && !lines[j].isEmpty(); j++) {
                        if (!lines[j].strip().startsWith("#")) {
                            shown.add(lines[j]);
                        }
                    }
                    String command = lines[i].substring("$ ./ccopt ".length()).replaceAll("\\s+#.*$", "");
                    out.add(new Example(Path.of(page).getFileName() + ":" + (firstLine + i), tokens(command), shown));
                    i = j - 1;
                }
            }
        }
        return out;
    }

    /** Whether the example prints output on the page and runs without files. */
    static boolean checked(Example e) {
        return !e.output().isEmpty() && e.args().stream().noneMatch(a -> FILE_OPTIONS.contains(a)
                || FILEISH.matcher(a).find() || a.equals(">") || a.equals("|"));
    }

    static Stream<Arguments> checkedExamples() throws IOException {
        return examples().stream().filter(DocExamplesTest::checked).map(Arguments::of);
    }

    /** The words of a command line as a shell splits it (single and double quotes, no expansions). */
    static List<String> tokens(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        char quote = 0;
        boolean inWord = false;
        for (char c : line.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    out.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            out.add(word.toString());
        }
        return out;
    }

    static String normalized(String line) {
        return SECONDS.matcher(line.stripTrailing()).replaceAll("N s");
    }

    /**
     * Whether {@code printed} is what {@code shown} shows: line for line after {@link #normalized}, a shown {@code ...}
     * standing for printed lines up to the next shown line (or to the end).
     */
    static boolean matches(List<String> shown, List<String> printed) {
        int p = 0;
        for (int s = 0; s < shown.size(); s++) {
            String want = normalized(shown.get(s));
            if (want.strip().equals("...")) {
                if (s + 1 == shown.size()) {
                    return true;
                }
                String next = normalized(shown.get(s + 1));
                while (p < printed.size() && !normalized(printed.get(p)).equals(next)) {
                    p++;
                }
                continue;
            }
            if (p >= printed.size() || !normalized(printed.get(p)).equals(want)) {
                return false;
            }
            p++;
        }
        return p == printed.size();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("checkedExamples")
    void printsWhatThePageShows(Example e) {
        MainTest.Result r = MainTest.run(e.args().toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isZero();
        List<String> printed = r.out().lines().filter(l -> !l.isBlank()).toList();
        assertThat(matches(e.output(), printed)).as("%s%nthe page shows:%n%s%nit prints:%n%s", e,
                String.join("\n", e.output()), String.join("\n", printed)).isTrue();
    }

    /** The check checks something: most examples with output run, and its comparison can fail. */
    @Test
    void theExamplesWithOutputAreFoundAndTheComparisonCanFail() throws IOException {
        List<Example> all = examples();
        assertThat(all.stream().filter(DocExamplesTest::checked).count()).isGreaterThanOrEqualTo(15);
        assertThat(all.stream().filter(e -> !e.output().isEmpty()).count()).isGreaterThanOrEqualTo(20);
        assertThat(matches(List.of("a 1.3 s", "  ...", "z"), List.of("a 2.0 s", "b", "c", "z"))).isTrue();
        assertThat(matches(List.of("a", "b"), List.of("a", "b", "c"))).isFalse();
        assertThat(matches(List.of("cycles 77"), List.of("cycles 78"))).isFalse();
        assertThat(tokens("sim -t 'dragonfly:4,2,2' --x \"a b\"")).containsExactly("sim", "-t", "dragonfly:4,2,2", "--x",
                "a b");
    }
}
