package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@link Main#runReusing} (one command tree per thread, as the runs of an experiment use it) prints exactly what a
 * fresh {@link Main#run} prints, whatever ran before it on the same tree: options given to an earlier command line
 * must not leak into a later one. Command lines in a seeded random order, each checked against a fresh tree.
 */
class ReusedCommandLineTest {

    static final String[][] LINES = {
        {"sim", "-t", "torus:4x4", "--traffic", "bcmp", "--packets", "2", "--slices", "2", "--interval", "7", "--json"},
        {"sim", "-t", "torus:4x4", "--traffic", "brev", "--json"},
        {"sim", "-t", "torus:4x4", "--traffic", "shfl", "--model", "yokota2018", "--vc-select", "C05", "--json"},
        {"sim", "-t", "mesh:4x4", "--traffic", "trns", "--vcs", "2", "--json"},
        {"topo", "hypercube:4", "--json"},
        {"topo", "torus:4x4"},
        {"hops", "-t", "torus:4x4", "--collective", "bcast", "--procs", "8", "--json"},
        {"hops", "-t", "torus:4x4", "--collective", "alltoall", "--procs", "16", "--mapping", "random", "--seed", "3", "--json"},
        {"bounds", "-t", "hypercube:3", "--cc", "AAB", "--json"},
        {"bounds", "-t", "hypercube:3", "--cc", "OAS", "--ports", "all"},
        {"traffic", "-t", "torus:4x4", "--pattern", "brev", "--json"},
        {"rank", "-t", "torus:4x4", "--procs", "8", "--collective", "bcast", "--iterations", "100", "--json"},
        {"rank", "-t", "torus:4x4", "--procs", "16", "--collective", "alltoall", "--iterations", "50", "--seed", "4", "--json"},
        {"msgsim", "-t", "torus:4x4", "--procs", "8", "--collective", "bcast", "--bytes", "1024", "--json"},
        // a reduce (solved as a reversed broadcast) before any other schedule once left its state behind
        {"schedule", "-t", "hypercube:3", "--ports", "all", "--cc", "AAR", "--json"},
        {"schedule", "-t", "hypercube:3", "--ports", "all", "--cc", "AOR", "--json"},
        {"schedule", "-t", "hypercube:3", "--ports", "all", "--cc", "AAS", "--json"},
        {"schedule", "-t", "hypercube:3", "--ports", "all", "--cc", "AAB", "--json"},
        {"schedule", "-t", "ring:8", "--cc", "OAB", "--json"},
        {"schedule", "-t", "torus:4x4", "--cc", "AAB", "--ports", "all", "--solver", "greedy", "--json"},
        {"schedule", "-t", "ring:6", "--cc", "AAS", "--switching", "sf", "--replay", "1KiB", "--json"},
        {"sim", "-t", "torus:4x4", "--traffic", "nosuch"},
        {"sim", "--nosuch-option"},
    };

    @Test
    void aReusedTreePrintsWhatAFreshTreePrints() {
        SplittableRandom random = new SplittableRandom(11);
        List<String[]> order = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            List<String[]> lines = new ArrayList<>(List.of(LINES));
            java.util.Collections.shuffle(lines, new java.util.Random(random.nextLong()));
            order.addAll(lines);
        }
        for (String[] line : order) {
            assertThat(printed(line, true)).as(String.join(" ", line)).isEqualTo(printed(line, false));
        }
    }

    /** Exit code, stdout and stderr, without the lines that hold measured times. */
    private static String printed(String[] line, boolean reuse) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = reuse ? Main.runReusing(o, e, line) : Main.run(o, e, line);
        }
        String text = out.toString(StandardCharsets.UTF_8) + "\n--\n" + err.toString(StandardCharsets.UTF_8);
        return code + "\n" + text.lines().filter(l -> !l.matches("(?i).*(second|wall|\\bms\\b| s\\b|per ?second).*"))
                .collect(Collectors.joining("\n"));
    }
}
