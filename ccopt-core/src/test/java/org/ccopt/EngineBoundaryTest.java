package org.ccopt;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The experiment engine, its report and Spark stay below the command line: no main source of {@code
 * ccopt-experiments}, {@code ccopt-report} or {@code ccopt-spark} names picocli, and none parses JSON except where it reads a file of its own format: the
 * experiment file ({@code Experiment}), the runner's {@code results.jsonl}, which {@code Row.parse} reads to resume
 * a run and Spark's driver reads for the same reason, and the {@code result.json} a run folder holds, which the report
 * ({@code Report}, not the runner) reads for its headline. A command's result reaches a row as a tree, and a Spark task's
 * rows reach the driver as values, never as text parsed again. Read from the sources beside this module.
 */
class EngineBoundaryTest {

    /** What reads JSON (or YAML) text with Jackson or Spark SQL. */
    private static final Pattern PARSE = Pattern.compile(
            "readTree\\(|readValue\\(|readValues\\(|createParser\\(|\\.read\\(\\)\\s*\\.json\\(|Row\\.parse\\(");

    /** The files allowed to parse, and what each parses. */
    private static final Map<String, Set<String>> ALLOWED = Map.of(
            "ccopt-experiments/src/main/java/org/ccopt/experiments/Experiment.java", Set.of("readTree("),
            "ccopt-experiments/src/main/java/org/ccopt/experiments/Row.java", Set.of("readTree("),
            "ccopt-report/src/main/java/org/ccopt/report/Report.java", Set.of("readTree("),
            "ccopt-experiments/src/main/java/org/ccopt/experiments/ExperimentRunner.java", Set.of("Row.parse("),
            "ccopt-spark/src/main/java/org/ccopt/spark/SparkRun.java", Set.of("Row.parse("));

    private static Path root() {
        Path here = Path.of("").toAbsolutePath();
        return Files.isDirectory(here.resolve("ccopt-experiments")) ? here : here.getParent();
    }

    private static Map<String, String> sources() throws IOException {
        Map<String, String> texts = new TreeMap<>();
        Path root = root();
        for (String module : List.of("ccopt-experiments", "ccopt-report", "ccopt-spark")) {
            try (Stream<Path> files = Files.walk(root.resolve(module).resolve("src/main/java"))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    texts.put(root.relativize(f).toString().replace('\\', '/'), Files.readString(f));
                }
            }
        }
        return texts;
    }

    /** The text without its comments (a comment may name what the code does not use). */
    private static String code(String text) {
        return text.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\\n]*", "");
    }

    @Test
    void theEngineAndSparkNamePicocliNowhere() throws IOException {
        Map<String, String> sources = sources();
        assertThat(sources).containsKeys("ccopt-experiments/src/main/java/org/ccopt/experiments/ExperimentRunner.java",
                "ccopt-spark/src/main/java/org/ccopt/spark/SparkRun.java");
        sources.forEach((file, text) -> assertThat(code(text)).as(file).doesNotContainIgnoringCase("picocli"));
    }

    @Test
    void theyParseJsonOnlyInTheFilesOfTheirOwnFormat() throws IOException {
        sources().forEach((file, text) -> {
            Matcher m = PARSE.matcher(code(text));
            while (m.find()) {
                assertThat(ALLOWED.getOrDefault(file, Set.of())).as(file + " parses with " + m.group())
                        .contains(m.group().startsWith(".read()") ? ".read().json(" : m.group());
            }
        });
    }

    @Test
    void aPlantedParseIsFound() {
        String planted = "JsonNode n = MAPPER.readTree(x.stdout()); spark.read().json(lines);";
        Matcher m = PARSE.matcher(planted);
        assertThat(m.find()).isTrue();
        assertThat(m.group()).isEqualTo("readTree(");
        assertThat(m.find()).isTrue();
        assertThat(m.group()).isEqualTo(".read().json(");
    }
}
