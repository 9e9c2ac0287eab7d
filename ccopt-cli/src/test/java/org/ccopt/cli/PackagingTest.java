package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The Dockerfile, linted (no Docker daemon is needed): every instruction is one Docker knows, line continuations
 * included; the base is Debian; it copies the jar the shade plugin writes, which .dockerignore lets into the build
 * context; and the entry point runs that jar with the launcher's stack size.
 */
class PackagingTest {

    private static final Set<String> INSTRUCTIONS = Set.of("FROM", "RUN", "CMD", "LABEL", "EXPOSE", "ENV", "ADD", "COPY",
            "ENTRYPOINT", "VOLUME", "USER", "WORKDIR", "ARG", "ONBUILD", "STOPSIGNAL", "HEALTHCHECK", "SHELL");

    /** The repository root: the test runs in ccopt-cli/target/test-work-N. */
    private static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("Dockerfile"))) {
            p = p.getParent();
        }
        assertThat(p).as("a Dockerfile above the working directory").isNotNull();
        return p;
    }

    /** The Dockerfile's instructions, continuation lines joined, comments and blank lines left out. */
    private static List<String> instructions(Path dockerfile) throws Exception {
        List<String> out = new ArrayList<>();
        StringBuilder current = null;
        for (String line : Files.readAllLines(dockerfile)) {
            String t = line.strip();
            if (current == null && (t.isEmpty() || t.startsWith("#"))) {
                continue;
            }
            boolean continues = t.endsWith("\\");
            String body = continues ? t.substring(0, t.length() - 1).strip() : t;
            current = current == null ? new StringBuilder(body) : current.append(' ').append(body);
            if (!continues) {
                out.add(current.toString());
                current = null;
            }
        }
        assertThat(current).as("a continuation at the end of the Dockerfile").isNull();
        return out;
    }

    @Test
    void dockerfileBuildsTheReleaseJarIntoADebianImage() throws Exception {
        Path root = root();
        List<String> ins = instructions(root.resolve("Dockerfile"));
        for (String i : ins) {
            assertThat(INSTRUCTIONS).as(i).contains(i.split("\\s+", 2)[0]);
        }
        assertThat(ins.get(0)).startsWith("FROM debian:");
        String pom = Files.readString(root.resolve("ccopt-cli/pom.xml"));
        assertThat(pom).contains("<finalName>ccopt</finalName>");
        assertThat(ins).contains("COPY ccopt-cli/target/ccopt.jar /opt/ccopt/ccopt.jar");
        assertThat(ins).anyMatch(i -> i.startsWith("RUN ") && i.contains("openjdk-17-jre-headless"));
        assertThat(ins).contains("ENTRYPOINT [\"java\", \"-Xss16m\", \"-jar\", \"/opt/ccopt/ccopt.jar\"]");
        assertThat(Files.readString(root.resolve("ccopt"))).contains("-Xss16m"); // the launcher's own stack size
        List<String> ignore = Files.readAllLines(root.resolve(".dockerignore"));
        assertThat(ignore).contains("*", "!ccopt-cli/target/ccopt.jar");
    }
}
