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
import picocli.CommandLine;

/**
 * {@link CupstackRequest#fromOptions}, the library's reading of cupstack's options (what {@code cupstack-sweep} runs
 * its cells by), against the request {@code ccopt cupstack} builds when picocli parses the same options as a command
 * line: equal on random option sets, defaults included.
 */
class CupstackRequestOptionsTest {

    private static final String[] METHODS = {"full", "no-tadj", "extrapolate", "estimate", "post", "perturb", "simple", "lahc"};

    /** A random set of cupstack's options, spelled as an experiment row spells them. */
    static Map<String, String> randomOptions(SplittableRandom r) {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("topology", new String[] {"torus:4x4", "torus:16x16", "mesh:4x4", "hypercube:4"}[r.nextInt(4)]);
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
        maybe(r, o, "freeze", new String[] {"", "I", "C+Q", "V,I"}[r.nextInt(4)]);
        maybe(r, o, "interval", Integer.toString(r.nextInt(40)));
        maybe(r, o, "sort-key", String.format("T%02d", 1 + r.nextInt(10)));
        maybe(r, o, "from-slices", Integer.toString(new int[] {1, 2, 4}[r.nextInt(3)]));
        maybe(r, o, "estimate-slices", Integer.toString(new int[] {2, 4}[r.nextInt(2)]));
        maybe(r, o, "initial-scheme", r.nextBoolean() ? "uniform" : "port");
        maybe(r, o, "seed-simple", Boolean.toString(r.nextBoolean()));
        maybe(r, o, "no-prune", Boolean.toString(r.nextBoolean()));
        maybe(r, o, "history-length", Integer.toString(1 + r.nextInt(300)));
        maybe(r, o, "seed", Long.toString(r.nextLong(1, Long.MAX_VALUE)));
        int population = 4 + r.nextInt(60);
        maybe(r, o, "population", Integer.toString(population));
        maybe(r, o, "generations", Integer.toString(r.nextInt(2000)));
        maybe(r, o, "training", Integer.toString(r.nextInt(200)));
        maybe(r, o, "mutation-rate", new String[] {"0.1", "0.05", "0.02", "1"}[r.nextInt(4)]);
        maybe(r, o, "crossover-interval", Integer.toString(1 + r.nextInt(20)));
        maybe(r, o, "crossover-rate", new String[] {"0.1", "0.5", "0.8", "0.9"}[r.nextInt(4)]);
        if (o.containsKey("population")) {
            maybe(r, o, "crossover-pairs", Integer.toString(1 + r.nextInt(population)));
        }
        maybe(r, o, "tie", r.nextBoolean() ? "random" : "age");
        maybe(r, o, "lifetime", Integer.toString(new int[] {0, 100, 200}[r.nextInt(3)]));
        maybe(r, o, "watchdog", Integer.toString(new int[] {0, 100, 200}[r.nextInt(3)]));
        maybe(r, o, "max-synonyms", Integer.toString(1 + r.nextInt(2000)));
        maybe(r, o, "threads", Integer.toString(1 + r.nextInt(4)));
        return o;
    }

    private static void maybe(SplittableRandom r, Map<String, String> o, String key, String value) {
        if (r.nextInt(3) == 0) {
            o.put(key, value);
        }
    }

    /** The request {@code ccopt cupstack} builds from the same options given on its command line. */
    static CupstackRequest commandRequest(Map<String, String> options) {
        List<String> line = SimRequestOptionsTest.line("cupstack", options);
        CommandLine.ParseResult parsed = Main.commandTree().parseArgs(line.toArray(String[]::new)).subcommand();
        return ((CupstackCommand) parsed.commandSpec().userObject()).request();
    }

    /** The request, or the one line that refused it. */
    private static String outcome(java.util.function.Supplier<CupstackRequest> request) {
        try {
            return request.get().toString();
        } catch (InvalidInputException e) {
            return "refused: " + e.getMessage();
        }
    }

    /** Equal requests, or the same refusal (lifetime and watchdog both set, say), and mostly requests. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void theLibrarysReadingOfTheOptionsIsTheCommands(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int accepted = 0;
        for (int i = 0; i < 25; i++) {
            Map<String, String> options = randomOptions(r);
            String library = outcome(() -> CupstackRequest.fromOptions(options));
            assertThat(library).as(options.toString()).isEqualTo(outcome(() -> commandRequest(options)));
            accepted += library.startsWith("refused") ? 0 : 1;
        }
        assertThat(accepted).isGreaterThan(12);
    }

    @Test
    void anUnknownOptionOrAMissingTopologyIsRefusedWithOneLine() {
        assertThatThrownBy(() -> CupstackRequest.fromOptions(Map.of("topology", "torus:4x4", "traffic", "brev", "nope", "1")))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("'nope' is not an option of cupstack's request");
        assertThatThrownBy(() -> CupstackRequest.fromOptions(Map.of("traffic", "brev")))
                .isInstanceOf(InvalidInputException.class).hasMessage("cupstack's request needs 'topology'");
        assertThatThrownBy(() -> CupstackRequest.fromOptions(Map.of("topology", "torus:4x4", "traffic", "brev", "slices", "two")))
                .isInstanceOf(InvalidInputException.class).hasMessage("slices 'two' is invalid; expected a whole number");
        assertThatThrownBy(() -> CupstackRequest.fromOptions(Map.of("topology", "torus:4x4", "traffic", "brev", "seed-simple",
                "yes"))).isInstanceOf(InvalidInputException.class).hasMessage("seed-simple 'yes' is invalid; expected true or false");
    }
}
