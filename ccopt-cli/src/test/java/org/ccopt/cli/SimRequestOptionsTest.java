package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.ccopt.experiments.Commands;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.FlitSimJob;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The experiment engine's {@code sim} runs without a command line ({@link CliCommands#execute(String, Map, List)} on
 * {@link FlitSimJob}) against the same runs as {@code ccopt sim} command lines: on random option sets the two hand over
 * the same result, or fail with the same line and exit code (an option where it cannot apply included), on the papers'
 * router and on the engine's.
 */
class SimRequestOptionsTest {

    /** A random set of sim's options of the papers' router, spelled as an experiment row spells them. */
    static Map<String, String> randomOptions(SplittableRandom r) {
        Map<String, String> o = new LinkedHashMap<>();
        maybe(r, o, "topology", new String[] {"torus:4x4", "mesh:4x4", "torus:8x8", "torus:4x4x2", "hypercube:4",
            "mesh:3x5"}[r.nextInt(6)]);
        maybe(r, o, "traffic", new String[] {"bcmp", "brev", "shfl", "torn", "uniform", "randperm", "neighbor"}[r.nextInt(7)]);
        maybe(r, o, "packets", Integer.toString(1 + r.nextInt(4)));
        maybe(r, o, "packet-flits", Integer.toString(1 + r.nextInt(8)));
        maybe(r, o, "slices", Integer.toString(1 + r.nextInt(3)));
        maybe(r, o, "interval", Integer.toString(r.nextInt(30)));
        maybe(r, o, "vcs", Integer.toString(2 + r.nextInt(3)));
        maybe(r, o, "buffer", Integer.toString(2 + r.nextInt(4)));
        maybe(r, o, "model", new String[] {"ccopt", "yokota2018", "yokota2023", "booksim"}[r.nextInt(4)]);
        for (int i = r.nextInt(3); i > 0; i--) {
            RouterModel.ReadingSpec spec = RouterModel.READINGS.get(r.nextInt(RouterModel.READINGS.size()));
            if (!spec.values().isEmpty()) {
                o.put(spec.option().substring(2), spec.values().get(r.nextInt(spec.values().size())));
            }
        }
        if (Set.of("uniform", "randperm").contains(o.getOrDefault("traffic", "")) || r.nextInt(8) == 0) { // else often refused
            maybe(r, o, "seed", Long.toString(r.nextLong(1, 1L << 50)));
        }
        maybe(r, o, "atomic-vc", Boolean.toString(r.nextBoolean()));
        maybe(r, o, "reinit", Boolean.toString(r.nextBoolean()));
        maybe(r, o, "interlock", Boolean.toString(r.nextBoolean()));
        if (r.nextInt(6) == 0) {
            o.put("sweep-interval", "0:" + r.nextInt(12));
        }
        maybe(r, o, "repeat", Integer.toString(1 + r.nextInt(2)));
        if (r.nextInt(4) == 0) { // BookSim's router: none of the papers' readings or slice functions; an open load at times
            o.keySet().removeIf(k -> k.equals("model") || Set.of("atomic-vc", "reinit", "interlock").contains(k)
                    || RouterModel.isReadingOption(k));
            if (r.nextBoolean()) {
                o.put("rate", "0.05");
                o.put("warmup", "100");
                o.put("window", "300");
                o.keySet().removeAll(Set.of("packets", "slices", "interval", "sweep-interval", "repeat"));
            } else {
                o.put("model", "booksim");
            }
        }
        return o;
    }

    private static void maybe(SplittableRandom r, Map<String, String> o, String key, String value) {
        if (r.nextInt(3) == 0) {
            o.put(key, value);
        }
    }

    /** The command line of {@code options} as the experiment engine writes it: a flag alone, a false flag left out. */
    static List<String> line(String command, Map<String, String> options) {
        List<String> line = new ArrayList<>(List.of(command));
        List<String> positional = org.ccopt.job.Jobs.named(command).map(j -> j.options().positional()).orElse(List.of());
        positional.stream().filter(options::containsKey).forEach(k -> line.add(options.get(k)));
        options.forEach((k, v) -> {
            if (positional.contains(k)) {
                return;
            }
            if (v.equals("true")) {
                line.add("--" + k);
            } else if (!v.equals("false")) {
                line.add("--" + k);
                line.add(v);
            }
        });
        return line;
    }

    /** The {@code sim} line of {@code options} with {@code --json}, as the engine executes it. */
    private static List<String> line(Map<String, String> options) {
        List<String> line = line("sim", options);
        line.add("--json");
        return line;
    }

    /** A result without the fields that measure time, as one line; or the failure. */
    private static String outcome(Commands.Execution x) {
        if (x.result() == null) {
            return "exit " + x.exit() + ": " + x.stderr();
        }
        ObjectNode o = ((ObjectNode) x.result()).deepCopy();
        o.remove("routerCyclesPerSecond");
        return o.toString();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void aRunFromItsParametersIsTheRunOfItsCommandLine(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        CliCommands commands = new CliCommands();
        int onEngine = 0;
        int ran = 0;
        for (int i = 0; i < 20; i++) {
            Map<String, String> options = randomOptions(r);
            List<String> line = line(options); // refusals included: an option where it cannot apply, a bad value
            Commands.Execution asLine = commands.execute(line);
            Commands.Execution asJob = commands.execute("sim", options, line);
            assertThat(outcome(asJob)).as(String.join(" ", line)).isEqualTo(outcome(asLine));
            ran += asLine.result() != null ? 1 : 0;
            try {
                onEngine += papers(options) ? 0 : 1;
            } catch (org.ccopt.InvalidInputException refused) {
                // a refusal both paths gave
            }
        }
        assertThat(ran).isGreaterThan(4);
        assertThat(onEngine).isPositive();
    }

    /** Whether a run's options choose the papers' router (else BookSim's), for a closed batch or open loads. */
    private static boolean papers(Map<String, String> options) {
        FlitSimJob.Run run = FlitSimJob.JOB.request(FlitSimJob.JOB.options().read(options));
        return run.batch() != null ? run.batch().setup().papersRouter() : run.loads().setup().papersRouter();
    }

    @org.junit.jupiter.api.Test
    void theOptionsChooseTheRouterAndTheJobRunsBoth() {
        assertThat(papers(Map.of("topology", "torus:4x4"))).isTrue();
        assertThat(papers(Map.of())).isTrue(); // the default network, a torus
        assertThat(papers(Map.of("topology", "hypercube:4"))).isFalse(); // the booksim router's network
        assertThat(papers(Map.of("topology", "hypercube:4", "model", "yokota2023"))).isTrue();
        assertThat(papers(Map.of("model", "booksim"))).isFalse();
        assertThat(papers(Map.of("rate", "0.1"))).isFalse();
        assertThat(FlitSimJob.JOB.options().declares("trace")).isFalse(); // writes a file: the command runs it
        JsonNode tree = new CliCommands().execute("sim", Map.of("topology", "torus:4x4", "traffic", "brev"),
                List.of("sim", "--topology", "torus:4x4", "--traffic", "brev", "--json")).result();
        assertThat(tree.get("provenance").get("seed").asText()).isEqualTo("1");
        assertThat(tree.get("durationCycles").isInt()).isTrue();
        // an option where it cannot apply is refused with the command's line, not run and ignored
        Map<String, String> both = new LinkedHashMap<>(Map.of("topology", "torus:4x4", "atomic-vc", "true", "vc-release", "tail"));
        Commands.Execution refused = new CliCommands().execute("sim", both, line(both));
        assertThat(refused.exit()).isEqualTo(2);
        assertThat(refused.stderr()).startsWith("ccopt: --vc-release applies").isEqualTo(
                new CliCommands().execute(line(both)).stderr());
        Map<String, String> simple = new LinkedHashMap<>(Map.of("topology", "torus:4x4", "traffic", "brev", "method", "simple",
                "population", "8"));
        Commands.Execution cup = new CliCommands().execute("cupstack", simple, List.of("cupstack", "--topology", "torus:4x4",
                "--traffic", "brev", "--method", "simple", "--population", "8", "--json"));
        assertThat(cup.exit()).isEqualTo(2);
        assertThat(cup.stderr()).startsWith("ccopt: --population applies to the searches");
    }
}
