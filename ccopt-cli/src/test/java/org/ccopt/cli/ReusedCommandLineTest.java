package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@link Main#runReusing} (one command tree per thread, as the runs of an experiment use it) prints exactly what a
 * fresh {@link Main#run} prints, whatever ran before it on the same tree: options given to an earlier command line
 * must not leak into a later one. Command lines in a seeded random order, each checked against a fresh tree: the
 * fixed lines below, which once caught leaks, and, for every command, random option sets drawn from picocli's model
 * of the command (each option it declares whose values {@link #POOL} knows, and every flag, given or not at random).
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

    /**
     * A fast command line per command, which the drawn options are added to. Commands that need input files are
     * given a missing one: their option handling and error path still run.
     */
    static final Map<String, String> BASES = Map.ofEntries(
            Map.entry("topo", "topo torus:4x4"),
            Map.entry("bounds", "bounds -t hypercube:3 --cc AAB"),
            Map.entry("hops", "hops -t torus:4x4 --collective bcast --procs 8"),
            Map.entry("routes", "routes -t torus:4x4 --from 0 --to 5"),
            Map.entry("traffic", "traffic -t torus:4x4 --pattern brev"),
            Map.entry("sim", "sim -t torus:4x4"),
            Map.entry("nodemap", "nodemap -t torus:4x4 --traffic bcmp --population 4 --generations 2"),
            Map.entry("cupstack", "cupstack -t torus:4x4 --traffic brev --population 4 --generations 2"),
            Map.entry("joint", "joint -t torus:4x4 --traffic bcmp,brev --methods physical,mapping --budget 100 --population 4"),
            Map.entry("cupstack-sweep", "cupstack-sweep --method nosuch"),
            Map.entry("calibrate", "calibrate --stage nosuch"),
            Map.entry("rank", "rank -t torus:4x4 --procs 8 --collective bcast --iterations 100"),
            Map.entry("analyze", "analyze nosuch"),
            Map.entry("msgsim", "msgsim -t torus:4x4 --procs 8 --collective bcast --bytes 1024"),
            Map.entry("schedule", "schedule -t hypercube:3 --ports all --cc AAB --solver greedy"),
            Map.entry("run", "run missing-experiment.yaml"),
            Map.entry("table", "table missing-results.jsonl --by traffic --show durationCycles"),
            Map.entry("report", "report missing-folder"),
            Map.entry("demo", "demo"),
            Map.entry("generate-completion", "generate-completion"),
            Map.entry("help", "help sim"));

    /** Values an option may be drawn with, by "command option" or by option; options named nowhere are not drawn. */
    static final Map<String, List<String>> POOL = pool(
            "--vcs 3 4", "--buffer 2 4", "--vc-select C00 C05", "--model ccopt yokota2018 yokota2023",
            "--dateline edge through", "--dim-order x-first y-first", "--ring-tie positive wrap", "--q-default port-order processor-first",
            "--vc-release tail drained", "--credit-delay 0 1", "--rr-start zero last", "--link-mux flit packet-yield",
            "--output-stage none register", "--seed 1 2 3", "--traffic-seed 1 2", "--packets 1 2", "--packet-flits 2 4",
            "--slices 1 2", "--interval 0 3", "--repeat 1 2", "--threads 1 2", "--checkpoint-seconds 5",
            "sim --traffic bcmp brev shfl", "sim --sweep-interval 0:2",
            "nodemap --variant S20 S03", "nodemap --sort ml sc", "nodemap --population 4 6", "nodemap --generations 1 2",
            "cupstack --method full simple lahc extrapolate", "cupstack --freeze V", "cupstack --sort-key T01 T08",
            "cupstack --population 4", "cupstack --generations 1 2", "cupstack --training 1", "cupstack --mutation-rate 0.1",
            "cupstack --crossover-interval 1", "cupstack --crossover-rate 0.5", "cupstack --tie random age",
            "cupstack --max-synonyms 3", "cupstack --initial-scheme port uniform",
            "joint --budget 100 200", "joint --population 4", "joint --variant S20 S03", "joint --sort ml sc",
            "joint --max-generations 2", "joint --jitter 0 1", "joint --jitter-runs 2",
            "calibrate --top 3", "calibrate --traffic bcmp",
            "rank --mapping random consecutive", "rank --placement two-opt ascending", "rank --objective hops",
            "rank --iterations 50 100", "rank --rules ccopt", "rank --collective bcast alltoall",
            "analyze --nodes 16", "analyze --seeds 1", "analyze --procs 8",
            "msgsim --bandwidth 10Gbps 100Gbps", "msgsim --latency 1us", "msgsim --sharing maxmin cm02", "msgsim --duplex split",
            "msgsim --overhead 1us", "msgsim --mapping consecutive random",
            "schedule --cc AAB AOR AAR OAS", "schedule --solver greedy", "schedule --extra-hops 0 1", "schedule --replay 1KiB",
            "schedule --replay-order resources", "schedule --switching wh sf", "schedule --latency 1us", "schedule --root 0 1", "schedule --ports 1 all",
            "topo --bisection-effort 1000",
            "bounds --ports 1 all", "bounds --root 0 1", "bounds --switching wh sf", "bounds --cc OAS AAB",
            "hops --mapping random consecutive", "hops --placement ascending",
            "routes --limit 4", "routes --extra-hops 1", "routes --tie positive wrap",
            "traffic --pattern brev shfl rpar",
            "cupstack-sweep --population 4", "cupstack-sweep --seeds 1", "cupstack-sweep --generations 1",
            "table --format text csv", "run --max-runs 1");

    private static Map<String, List<String>> pool(String... entries) {
        Map<String, List<String>> m = new java.util.HashMap<>();
        for (String e : entries) {
            List<String> words = List.of(e.split(" "));
            int at = words.get(0).startsWith("--") ? 0 : 1;
            m.put(String.join(" ", words.subList(0, at + 1)), words.subList(at + 1, words.size()));
        }
        return m;
    }

    /** Random lines of one command: its base and each drawable option of its picocli model with probability 1/4. */
    static List<String[]> drawn(String command, int count, SplittableRandom random) {
        CommandLine.Model.CommandSpec spec = Main.commandTree().getSubcommands().get(command).getCommandSpec();
        List<String[]> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            List<String> line = new ArrayList<>(List.of(BASES.get(command).split(" ")));
            for (CommandLine.Model.OptionSpec o : spec.options()) {
                String name = o.longestName();
                List<String> values = POOL.getOrDefault(command + " " + name, POOL.get(name));
                boolean flag = o.arity().max() == 0 && !o.usageHelp() && !o.versionHelp();
                if ((flag || values != null) && !line.contains(name) && random.nextInt(4) == 0) {
                    line.add(name);
                    if (!flag) {
                        line.add(values.get(random.nextInt(values.size())));
                    }
                }
            }
            lines.add(line.toArray(String[]::new));
        }
        return lines;
    }

    @Test
    void everyCommandHasABaseLineAndDrawsOptionsFromItsModel() {
        Set<String> commands = Main.commandTree().getSubcommands().keySet();
        assertThat(BASES.keySet()).containsExactlyInAnyOrderElementsOf(commands);
        for (String c : List.of("sim", "nodemap", "cupstack", "joint", "rank", "msgsim", "schedule")) {
            long drawable = Main.commandTree().getSubcommands().get(c).getCommandSpec().options().stream()
                    .filter(o -> POOL.containsKey(c + " " + o.longestName()) || POOL.containsKey(o.longestName())).count();
            assertThat(drawable).as(c).isGreaterThanOrEqualTo(5);
        }
    }

    @Test
    void aReusedTreePrintsWhatAFreshTreePrintsForRandomOptionsOfEveryCommand() {
        SplittableRandom random = new SplittableRandom(41);
        List<String[]> lines = new ArrayList<>();
        for (String command : new java.util.TreeSet<>(BASES.keySet())) {
            lines.addAll(drawn(command, command.equals("demo") ? 1 : 3, random));
        }
        java.util.Collections.shuffle(lines, new java.util.Random(random.nextLong()));
        for (String[] line : lines) {
            assertThat(printed(line, true)).as(String.join(" ", line)).isEqualTo(printed(line, false));
        }
    }

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
                .map(l -> l.replaceFirst("^(\\s+\\S+\\s+\\d+\\s+\\d+\\s+\\d+\\s+)\\d+\\.\\d+", "$1#")) // joint's seconds column
                .collect(Collectors.joining("\n"));
    }
}
