package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.ccopt.experiments.Commands;
import org.ccopt.job.Job;
import org.ccopt.job.JobOption;
import org.ccopt.job.Jobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The commands whose request options a library job declares ({@link Declared}): their command-line options are the
 * declarations (names, label, default, required), each such job is registered under its command's name for {@code
 * ccopt run}, and a run's options handed to the job give what the command line gives, result or refusal.
 */
class DeclaredCommandsTest {

    /** Each declared command's user object, by name. */
    private static Map<String, Declared.Command> declaredCommands() {
        Map<String, Declared.Command> out = new LinkedHashMap<>();
        Main.commandTree().getSubcommands().forEach((name, line) -> {
            if (line.getCommandSpec().userObject() instanceof Declared.Command c) {
                out.put(name, c);
            }
        });
        return out;
    }

    @Test
    void everyDeclaredOptionIsAnOptionOfItsCommandAsDeclared() {
        Map<String, Declared.Command> commands = declaredCommands();
        assertThat(commands).containsKeys("routes", "traffic", "hops", "bounds", "topo", "rank", "msgsim");
        CommandLine tree = Main.commandTree();
        commands.forEach((name, c) -> {
            assertThat(c.job().name()).isEqualTo(name);
            for (JobOption o : c.job().options().list()) {
                if (c.job().options().positional().contains(o.name())) {
                    var p = tree.getSubcommands().get(name).getCommandSpec().positionalParameters()
                            .get(c.job().options().positional().indexOf(o.name()));
                    assertThat(p.paramLabel()).isEqualTo(o.label());
                    assertThat(p.required()).isEqualTo(o.required());
                    continue;
                }
                OptionSpec spec = tree.getSubcommands().get(name).getCommandSpec().optionsMap().get(o.option());
                assertThat(spec).as(name + " " + o.option()).isNotNull();
                assertThat(spec.required()).as(o.option()).isEqualTo(o.required());
                assertThat(spec.defaultValue()).as(o.option()).isEqualTo(o.defaultValue());
                assertThat(spec.arity().max()).as(o.option()).isEqualTo(o.type() == JobOption.Type.FLAG ? 0 : 1);
                assertThat(spec.isMultiValue()).as(o.option()).isEqualTo(o.type() == JobOption.Type.LIST);
                if (o.label() != null) {
                    assertThat(spec.paramLabel()).isEqualTo(o.label());
                }
                if (o.shortName() != null) {
                    assertThat(spec.names()).contains("-" + o.shortName());
                }
                assertThat(String.join(" ", spec.description()).replace("%%", "%")).startsWith(o.help());
            }
        });
    }

    @Test
    void everyJobIsRegisteredUnderItsCommandsName() {
        Map<String, Declared.Command> commands = declaredCommands();
        commands.forEach((name, c) -> assertThat(Jobs.named(name)).as(name).get().isInstanceOf(c.job().getClass()));
        for (Job<?, ?> j : Jobs.all().values()) {
            assertThat(commands).as("a registered job without its command").containsKey(j.name());
        }
        // an experiment may run each but those that only write files
        assertThat(CliCommands.NAMES).containsAll(commands.keySet().stream().filter(c -> !Set.of("analyze", "calibrate", "cupstack-sweep").contains(c)).toList());
    }

    /** Every rule of every job's options with its command: the option, and the options of the example that breaks it. */
    static Stream<Arguments> rules() {
        List<Arguments> all = new java.util.ArrayList<>();
        declaredCommands().forEach((name, c) -> {
            for (JobOption o : c.job().options().list()) {
                for (JobOption.Applies rule : o.rules()) {
                    all.add(Arguments.of(name, o.option(), rule.breaking()));
                }
            }
        });
        assertThat(all).hasSizeGreaterThanOrEqualTo(40);
        return all.stream();
    }

    /**
     * A job's rule, as {@code OptionRulesTest} checks the commands' own: its example, as a command line, is refused with
     * one line naming the option, and the same line without the option runs (so the refusal is the option's).
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("rules")
    void anOptionWhereItCannotApplyIsRefusedAndTheLineWithoutItRuns(String command, String option, Map<String, String> breaking) {
        Map<String, String> example = new java.util.TreeMap<>(breaking); // one order: a line of a Map.of is not stable
        MainTest.Result refused = MainTest.run(SimRequestOptionsTest.line(command, example).toArray(String[]::new));
        assertThat(refused.code()).as(refused.err()).isEqualTo(2);
        assertThat(refused.err()).startsWith("ccopt: " + option + " applies").doesNotContain("\n ");
        example.remove(option.substring(2));
        if (example.containsKey("validate")) { // a schedule file to check: the search's own, printed
            MainTest.Result found = MainTest.run("schedule", "-t", example.get("topology"), "--cc", example.get("cc"),
                    "--solver", "greedy", "--json");
            assertThat(found.code()).isZero();
            writeString(example.get("validate"), found.out());
        }
        if (command.equals("calibrate")) { // a stage runs for seconds to hours: the line without it reads as a request
            Job<?, ?> job = Jobs.named(command).orElseThrow();
            job.request(job.options().read(example));
            return;
        }
        MainTest.Result ran = MainTest.run(SimRequestOptionsTest.line(command, example).toArray(String[]::new));
        assertThat(ran.code()).as(example + ": " + ran.err()).isZero();
    }

    private static void writeString(String file, String text) {
        try {
            java.nio.file.Files.writeString(java.nio.file.Path.of(file), text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Values to draw each command's options from, valid and not (out of range, unknown names, a rule broken). */
    private static final Map<String, Map<String, String[]>> POOLS = Map.of(
            "routes", Map.of("topology", new String[] {"torus:4x4", "hypercube:3", "ring:6", "mesh:3x3"},
                    "from", new String[] {"0", "3", "8", "15", "20"}, "to", new String[] {"1", "5", "7", "9"},
                    "limit", new String[] {"0", "1", "5", "16", "100001"}, "extra-hops", new String[] {"0", "1", "2", "17"},
                    "tie", new String[] {"positive", "half", "wrap", "sideways"}),
            "traffic", Map.of("topology", new String[] {"torus:4x4", "hypercube:4", "ring:5", "torus:3x3"},
                    "pattern", new String[] {"brev", "uniform", "bcmp", "randperm", "tornado?"},
                    "seed", new String[] {"1", "7", "123456789"}),
            "hops", Map.of("topology", new String[] {"torus:4x4", "hypercube:4", "ring:8", "kary-ntree:2,3"},
                    "collective", new String[] {"bcast", "allreduce", "alltoall", "ring-allreduce", "gossip"},
                    "procs", new String[] {"1", "4", "7", "16", "99"},
                    "mapping", new String[] {"consecutive", "random", "ring", "block", "spiral"},
                    "placement", new String[] {"ascending", "mapping-order", "sideways"}, "seed", new String[] {"1", "5"}),
            "bounds", Map.of("topology", new String[] {"torus:4x4", "hypercube:3", "ring:6", "omega:8"},
                    "cc", new String[] {"OAB", "AAS", "MNB", "AOR", "XYZ"}, "ports", new String[] {"1", "2", "all", "none"},
                    "root", new String[] {"0", "3", "64"}, "senders", new String[] {"0-3", "1,2", "0,0"},
                    "receivers", new String[] {"4-5", "0-7"}, "switching", new String[] {"wh", "sf", "sf-router", "vct"}),
            "topo", Map.of("topology", new String[] {"torus:4x4", "hypercube:4", "ring:7", "dragonfly:2,1,1", "ring:2"},
                    "threads", new String[] {"1", "2", "0"}, "bisection-effort", new String[] {"0", "50", "-1"},
                    "no-bisection", new String[] {"true", "false"}),
            "rank", Map.ofEntries(Map.entry("topology", new String[] {"torus:4x4", "hypercube:4", "ring:8"}),
                    Map.entry("procs", new String[] {"4", "8", "16", "40"}),
                    Map.entry("collective", new String[] {"bcast", "allreduce", "alltoall:2,bcast", "gossip"}),
                    Map.entry("comm", new String[] {"no-such-matrix.mtx"}),
                    Map.entry("mapping", new String[] {"random", "consecutive", "block"}),
                    Map.entry("placement", new String[] {"two-opt", "sa", "ascending", "random", "cco"}),
                    Map.entry("objective", new String[] {"hops", "contention"}),
                    Map.entry("iterations", new String[] {"0", "100", "2000", "-1"}), Map.entry("seed", new String[] {"1", "3"}),
                    Map.entry("rules", new String[] {"ccopt", "cui2024"}),
                    Map.entry("start", new String[] {"greedy", "mapping-order", "sideways"}),
                    Map.entry("accept", new String[] {"improving", "not-worse"}), Map.entry("check", new String[] {"true"}),
                    Map.entry("threads", new String[] {"1", "2"})),
            "msgsim", Map.ofEntries(Map.entry("topology", new String[] {"torus:4x4", "hypercube:4", "ring:8"}),
                    Map.entry("collective", new String[] {"bcast", "allreduce", "alltoall", "gossip"}),
                    Map.entry("bytes", new String[] {"1KiB", "64B", "1MiB", "lots"}), Map.entry("comm", new String[] {"none.mtx"}),
                    Map.entry("app", new String[] {"is", "lu", "xx"}), Map.entry("class", new String[] {"A", "B"}),
                    Map.entry("node-speed", new String[] {"1e9"}), Map.entry("lu-iterations", new String[] {"2"}),
                    Map.entry("procs", new String[] {"4", "8", "16", "99"}),
                    Map.entry("mapping", new String[] {"consecutive", "random", "block"}),
                    Map.entry("placement", new String[] {"ascending", "two-opt", "cco"}),
                    Map.entry("iterations", new String[] {"0", "500"}), Map.entry("seed", new String[] {"1", "2"}),
                    Map.entry("threads", new String[] {"1"}), Map.entry("ranks", new String[] {"none.json"}),
                    Map.entry("bandwidth", new String[] {"10Gbps", "1GBps", "fast"}), Map.entry("latency", new String[] {"1us", "0s"}),
                    Map.entry("sharing", new String[] {"maxmin", "cm02", "lv08", "fair"}),
                    Map.entry("cross-traffic", new String[] {"true", "false"}),
                    Map.entry("duplex", new String[] {"shared", "split", "half"}), Map.entry("host-links", new String[] {"on", "off"}),
                    Map.entry("overhead", new String[] {"0s", "1us"}), Map.entry("small-factor", new String[] {"0.5", "1"}),
                    Map.entry("small-bytes", new String[] {"0B", "1KiB"}), Map.entry("sync", new String[] {"true", "false"})),
            // schedule: solvers whose result depends on their evaluation budget alone (one thread), not on time
            "schedule", Map.ofEntries(Map.entry("topology", new String[] {"hypercube:3", "torus:4x4", "ring:6", "mesh:3x3"}),
                    Map.entry("cc", new String[] {"AAB", "OAB", "OAS", "AAS", "XYZ"}),
                    Map.entry("traffic", new String[] {"brev", "uniform"}), Map.entry("solver", new String[] {"greedy", "umda",
                        "hgsa", "fastest"}), Map.entry("max-evaluations", new String[] {"50", "200"}),
                    Map.entry("threads", new String[] {"1"}), Map.entry("seed", new String[] {"1", "2"}),
                    Map.entry("switching", new String[] {"wh", "sf", "sf-router"}), Map.entry("ports", new String[] {"1", "all"}),
                    Map.entry("umda-population", new String[] {"10", "1"}), Map.entry("fitness", new String[] {"pairs", "excess"}),
                    Map.entry("replay", new String[] {"1KiB"}), Map.entry("bandwidth", new String[] {"10Gbps"}),
                    Map.entry("ts", new String[] {"1us"}), Map.entry("t1", new String[] {"1ns"}),
                    Map.entry("bytes", new String[] {"1KiB"}), Map.entry("steps", new String[] {"20", "2"}),
                    Map.entry("path-limit", new String[] {"16"}), Map.entry("extra-hops", new String[] {"0", "1"})));

    /** Options each random set of a command gives (besides the required ones and the topology). */
    private static final Map<String, java.util.Set<String>> ALWAYS = Map.of("rank", java.util.Set.of("collective"),
            "msgsim", java.util.Set.of("collective", "bytes"), "schedule", java.util.Set.of("cc", "solver", "max-evaluations",
                    "threads"));

    /**
     * A result without the fields that vary between runs, as one line; or the failure, without the pointer to the help
     * that picocli's refusals of a line add ("(see 'ccopt topo --help')"; a refusal of a value picocli checks, such as a
     * thread count, reads the same otherwise).
     */
    private static String outcome(Commands.Execution x) {
        if (x.result() == null) {
            return "exit " + x.exit() + ": " + x.stderr().replaceAll(" \\(see 'ccopt [a-z-]+ --help'\\)", "");
        }
        ObjectNode o = ((ObjectNode) x.result()).deepCopy();
        o.remove("provenance"); // the build's commit and time
        o.remove("seconds");
        o.remove("wallSeconds");
        o.remove("cpuSeconds");
        o.remove("log"); // schedule's lines carry each solver's time
        return o.toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"routes", "traffic", "hops", "bounds", "topo", "rank", "msgsim", "schedule"})
    void aRunFromItsOptionsIsTheRunOfItsCommandLine(String command) {
        SplittableRandom r = new SplittableRandom(command.hashCode());
        CliCommands commands = new CliCommands();
        Job<?, ?> job = Jobs.named(command).orElseThrow();
        int ran = 0;
        int refused = 0;
        for (int i = 0; i < 40; i++) {
            Map<String, String> options = new LinkedHashMap<>();
            for (JobOption o : job.options().list()) {
                String[] pool = POOLS.get(command).get(o.name());
                if (pool == null) { // an option the pools leave at its default (schedule's other solver settings)
                    continue;
                }
                if (o.required() || o.name().equals("topology") || ALWAYS.getOrDefault(command, java.util.Set.of())
                        .contains(o.name()) || r.nextInt(command.equals("msgsim") || command.equals("schedule") ? 8 : 3) == 0) { // msgsim has 26
                    options.put(o.name(), pool[r.nextInt(pool.length)]);
                }
            }
            List<String> line = new java.util.ArrayList<>(SimRequestOptionsTest.line(command, options));
            line.add("--json");
            Commands.Execution asLine = commands.execute(line);
            Commands.Execution asJob = commands.execute(command, options, line);
            assertThat(outcome(asJob)).as(String.join(" ", line)).isEqualTo(outcome(asLine));
            ran += asLine.result() != null ? 1 : 0;
            refused += asLine.exit() == 2 ? 1 : 0;
        }
        assertThat(ran).isGreaterThanOrEqualTo(5);
        assertThat(refused).isGreaterThanOrEqualTo(5);
    }
}
