package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.ccopt.cupstack.CupstackRequest;
import org.ccopt.flitsim.RouterModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * cupstack's options, declared once by the library ({@link CupstackRequest#OPTIONS}): a run from an experiment row's
 * options (the job, what {@code ccopt run}, Spark and {@code cupstack-sweep} run) against the same run as a {@code
 * ccopt cupstack} command line, on random small option sets: the same figures, or the same one-line refusal.
 */
class CupstackRequestOptionsTest {

    private static final String[] METHODS = {"full", "no-tadj", "extrapolate", "estimate", "post", "perturb", "simple", "lahc"};

    /** A random set of cupstack's options, spelled as an experiment row spells them. */
    static Map<String, String> randomOptions(SplittableRandom r) {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("topology", new String[] {"torus:4x4", "mesh:4x4", "hypercube:4", "mesh:3x3"}[r.nextInt(4)]);
        o.put("traffic", new String[] {"brev", "bcmp", "shfl", "torn"}[r.nextInt(4)]);
        maybe(r, o, "traffic-seed", Long.toString(r.nextLong(1, 1L << 40)));
        maybe(r, o, "slices", Integer.toString(1 + r.nextInt(4)));
        maybe(r, o, "packets", Integer.toString(1 + r.nextInt(2)));
        maybe(r, o, "packet-flits", Integer.toString(1 + r.nextInt(8)));
        maybe(r, o, "vcs", Integer.toString(2 + r.nextInt(3)));
        maybe(r, o, "buffer", Integer.toString(2 + r.nextInt(5)));
        maybe(r, o, "model", new String[] {"ccopt", "yokota2018", "yokota2023"}[r.nextInt(3)]);
        for (int i = r.nextInt(3); i > 0; i--) {
            RouterModel.ReadingSpec spec = RouterModel.READINGS.get(r.nextInt(RouterModel.READINGS.size()));
            List<String> values = spec.values();
            if (!values.isEmpty()) {
                o.put(spec.option().substring(2), values.get(r.nextInt(values.size())));
            }
        }
        maybe(r, o, "method", METHODS[r.nextInt(METHODS.length)]);
        String method = o.getOrDefault("method", "full");
        maybe(r, o, "freeze", new String[] {"", "I", "C+Q", "V,I"}[r.nextInt(4)]);
        // the options of one method mostly where they apply, at times elsewhere (a refusal both paths must give alike)
        if (o.getOrDefault("freeze", "").contains("V") || r.nextInt(10) == 0) {
            maybe(r, o, "interval", Integer.toString(r.nextInt(40)));
        }
        maybe(r, o, "sort-key", String.format("T%02d", 1 + r.nextInt(10)));
        if (method.equals("extrapolate") || method.equals("post") || r.nextInt(10) == 0) {
            maybe(r, o, "from-slices", Integer.toString(new int[] {1, 2, 4}[r.nextInt(3)]));
        }
        if (method.equals("estimate") || r.nextInt(10) == 0) {
            maybe(r, o, "estimate-slices", Integer.toString(new int[] {2, 4}[r.nextInt(2)]));
        }
        maybe(r, o, "initial-scheme", r.nextBoolean() ? "uniform" : "port");
        maybe(r, o, "seed-simple", Boolean.toString(r.nextBoolean()));
        maybe(r, o, "no-prune", Boolean.toString(r.nextBoolean()));
        if (method.equals("lahc") || r.nextInt(10) == 0) {
            maybe(r, o, "history-length", Integer.toString(1 + r.nextInt(300)));
        }
        maybe(r, o, "seed", Long.toString(r.nextLong(1, Long.MAX_VALUE)));
        int population = 4 + r.nextInt(5);
        o.put("population", Integer.toString(population)); // small runs: the test runs each twice
        o.put("generations", Integer.toString(r.nextInt(4)));
        maybe(r, o, "training", Integer.toString(r.nextInt(3)));
        maybe(r, o, "mutation-rate", new String[] {"0.1", "0.05", "0.02", "1"}[r.nextInt(4)]);
        maybe(r, o, "crossover-interval", Integer.toString(1 + r.nextInt(20)));
        maybe(r, o, "crossover-rate", new String[] {"0.1", "0.5", "0.8", "0.9"}[r.nextInt(4)]);
        if (o.containsKey("population")) {
            maybe(r, o, "crossover-pairs", Integer.toString(1 + r.nextInt(population)));
        }
        maybe(r, o, "tie", r.nextBoolean() ? "random" : "age");
        maybe(r, o, "lifetime", Integer.toString(new int[] {0, 1, 2}[r.nextInt(3)]));
        maybe(r, o, "watchdog", Integer.toString(new int[] {0, 1, 2}[r.nextInt(3)]));
        maybe(r, o, "max-synonyms", Integer.toString(1 + r.nextInt(2000)));
        maybe(r, o, "threads", Integer.toString(1 + r.nextInt(4)));
        return o;
    }

    private static void maybe(SplittableRandom r, Map<String, String> o, String key, String value) {
        if (r.nextInt(3) == 0) {
            o.put(key, value);
        }
    }

    /** A result without the fields that measure time, as one line; or the failure. */
    private static String outcome(org.ccopt.experiments.Commands.Execution x) {
        if (x.result() == null) {
            return "exit " + x.exit() + ": " + x.stderr().replaceAll(" \\(see 'ccopt [a-z-]+ --help'\\)", "");
        }
        com.fasterxml.jackson.databind.node.ObjectNode o = ((com.fasterxml.jackson.databind.node.ObjectNode) x.result()).deepCopy();
        o.remove("seconds");
        o.remove("gaSeconds");
        o.remove("provenance");
        return o.toString();
    }

    /** The same figures, or the same refusal (lifetime and watchdog both set, say), and mostly figures. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4})
    void aRunFromItsOptionsIsTheRunOfItsCommandLine(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        CliCommands commands = new CliCommands();
        int ran = 0;
        for (int i = 0; i < 12; i++) {
            Map<String, String> options = randomOptions(r);
            List<String> line = new java.util.ArrayList<>(SimRequestOptionsTest.line("cupstack", options));
            line.add("--json");
            String asLine = outcome(commands.execute(line));
            assertThat(outcome(commands.execute("cupstack", options, line))).as(String.join(" ", line)).isEqualTo(asLine);
            ran += asLine.startsWith("exit") ? 0 : 1;
        }
        assertThat(ran).isGreaterThan(1);
    }

    @Test
    void eachFaultOfARowIsRefusedWithOneLine() {
        assertRefused(Map.of("topology", "torus:4x4", "traffic", "brev", "nope", "1"), "--nope is not an option of cupstack");
        assertRefused(Map.of("slices", "two"), "--slices 'two' is invalid; expected a whole number");
        assertRefused(Map.of("seed-simple", "yes"), "--seed-simple 'yes' is invalid; expected true or false");
        assertRefused(Map.of("method", "simple", "population", "8"), "--population applies to the searches (not --method "
                + "simple); here it cannot");
        assertRefused(Map.of("method", "lahc", "mutation-rate", "0.1"), "--mutation-rate applies to the GA methods (not "
                + "--method simple or lahc), not to --method lahc");
        assertThat(CupstackRequest.applies("--population", "simple")).isFalse();
        assertThat(CupstackRequest.applies("--population", "lahc")).isTrue();
        assertThat(CupstackRequest.applies("--out", "simple")).isTrue(); // the command's own: no rule of the request
    }

    private static void assertRefused(Map<String, String> options, String start) {
        assertThatThrownBy(() -> CupstackRequest.OPTIONS.read(options)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith(start);
    }
}
