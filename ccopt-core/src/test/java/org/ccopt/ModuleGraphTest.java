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
 * The modules' dependencies, read from the POM files beside this module: the library never depends on the command
 * line, and the experiment runner and its report know no simulator (they run and show any job's rows).
 */
class ModuleGraphTest {

    /** The simulators, optimizers and the papers' analyses above them. */
    private static final Set<String> SIMULATORS = Set.of("ccopt-flitsim", "ccopt-mapping", "ccopt-cupstack",
            "ccopt-joint", "ccopt-rank", "ccopt-msgsim", "ccopt-schedule", "ccopt-papers");

    private static final Pattern DEPENDENCY = Pattern.compile("(?s)<dependency>(.*?)</dependency>");
    private static final Pattern MODULE = Pattern.compile("<artifactId>(ccopt-[a-z]+)</artifactId>");

    /** Each module's compile-time dependencies on other ccopt modules (a run-time one is noted as "NAME (runtime)"). */
    private static Map<String, List<String>> graph() throws IOException {
        Path here = Path.of("").toAbsolutePath();
        Path root = Files.isDirectory(here.resolve("ccopt-core")) ? here : here.getParent();
        Map<String, List<String>> graph = new TreeMap<>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path m : modules.filter(p -> p.getFileName().toString().startsWith("ccopt-")
                    && Files.isRegularFile(p.resolve("pom.xml"))).toList()) {
                String pom = Files.readString(m.resolve("pom.xml"));
                Matcher d = DEPENDENCY.matcher(pom.substring(Math.max(0, pom.indexOf("<dependencies>"))));
                List<String> deps = new java.util.ArrayList<>();
                while (d.find()) {
                    Matcher name = MODULE.matcher(d.group(1));
                    if (name.find()) {
                        deps.add(name.group(1) + (d.group(1).contains("<scope>runtime</scope>") ? " (runtime)" : ""));
                    }
                }
                graph.put(m.getFileName().toString(), deps);
            }
        }
        return graph;
    }

    /**
     * No module compiles against the command line; Spark's launcher and the runner's benchmark find its command set at
     * run time ({@code Commands.load}), as a program that runs experiment files does.
     */
    @Test
    void noModuleCompilesAgainstTheCommandLine() throws IOException {
        Map<String, List<String>> graph = graph();
        assertThat(graph).containsKeys("ccopt-core", "ccopt-cli", "ccopt-experiments", "ccopt-report", "ccopt-examples");
        graph.forEach((module, deps) -> assertThat(deps).as(module).doesNotContain("ccopt-cli"));
        assertThat(graph.get("ccopt-spark")).contains("ccopt-cli (runtime)");
    }

    @Test
    void theRunnerAndTheReportKnowNoSimulator() throws IOException {
        Map<String, List<String>> graph = graph();
        for (String module : List.of("ccopt-experiments", "ccopt-report")) {
            assertThat(graph.get(module)).as(module).doesNotContainAnyElementsOf(SIMULATORS).isNotEmpty();
        }
        assertThat(graph.get("ccopt-experiments")).as("the runner does not draw").doesNotContain("ccopt-report");
    }
}
