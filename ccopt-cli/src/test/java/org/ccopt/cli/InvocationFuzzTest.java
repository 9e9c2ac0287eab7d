package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A seeded fuzz test over every command: each case starts from a small valid invocation of one command and applies one
 * to three mutations (an option set to a value at the edges of its type, a number of the wrong form, a string of the
 * wrong kind, a file of the wrong kind, a corrupt checkpoint directory; an option or value dropped; an unknown option
 * added; an option repeated), runs it in this JVM, and asserts that it ends with exit code 0 or 2, that an exit 2
 * prints exactly one line on stderr, and that no case runs longer than {@value #TIMEOUT_SECONDS} s.
 *
 * <p>Options come from the commands' own picocli model, so a new option is fuzzed without editing this test. Every
 * path a mutation may write is inside a scratch directory. Budget options (generations, population, iterations, ...)
 * never get huge values: a long run asked for is a long run, not bad input. Cases and seed:
 * {@code -Dccopt.fuzz.cases=N -Dccopt.fuzz.seed=S} (defaults 1,200 and 20261124); case {@code i} uses seed
 * {@code S + i} alone, so a failing case replays by itself with {@code -Dccopt.fuzz.only=i}.
 */
class InvocationFuzzTest {

    static final int TIMEOUT_SECONDS = 30;

    static final long SEED = Long.getLong("ccopt.fuzz.seed", 20261124L);
    static final int CASES = Integer.getInteger("ccopt.fuzz.cases", 1200);
    static final Integer ONLY = Integer.getInteger("ccopt.fuzz.only");

    /** Options that size the work asked for: never given huge values (see the class comment). */
    static final Set<String> BUDGET = Set.of("--generations", "--population", "--iterations", "--repeat", "--seeds",
            "--training", "--time-limit", "--lu-iterations", "--max-runs", "--bisection-effort", "--samples", "--top",
            "--path-limit", "--steps", "--max-synonyms", "--counts", "--total", "--nodes", "--procs", "--bytes",
            "--threads", "--jobs", "--checkpoint-seconds", "--interval", "--sweep-interval", "--slices", "--packets",
            "--extra-hops", "--limit", "--degree", "--seed", "--traffic-seed");

    /** Commands left out of the draw: completion scripts and help only print. */
    static final Set<String> SKIPPED = Set.of("generate-completion", "help");

    @TempDir
    Path dir;

    private Map<String, String[]> bases() throws Exception {
        Files.writeString(dir.resolve("exp.yaml"), "command: sim\noptions: {topology: \"torus:4x4\", packets: 1}\n"
                + "grid: {traffic: [bcmp, brev]}\n");
        Path table = dir.resolve("table");
        assertThat(MainTest.run("run", dir.resolve("exp.yaml").toString(), "--out", table.toString(), "--threads", "1").code())
                .isZero();
        Map<String, String[]> b = new LinkedHashMap<>();
        b.put("topo", new String[] {"topo", "torus:4x4"});
        b.put("bounds", new String[] {"bounds", "-t", "hypercube:3", "--cc", "AAB"});
        b.put("hops", new String[] {"hops", "-t", "torus:4x4", "--collective", "bcast", "--procs", "8"});
        b.put("routes", new String[] {"routes", "-t", "hypercube:4", "--from", "0", "--to", "15"});
        b.put("traffic", new String[] {"traffic", "-t", "torus:4x4", "--pattern", "brev"});
        b.put("sim", new String[] {"sim", "-t", "torus:4x4", "--traffic", "bcmp", "--packets", "1"});
        b.put("nodemap", new String[] {"nodemap", "-t", "torus:4x4", "--traffic", "bcmp", "--population", "4",
            "--generations", "1", "--threads", "1", "--out", dir.resolve("nm").toString()});
        b.put("joint", new String[] {"joint", "-t", "torus:4x4", "--traffic", "bcmp,brev", "--methods", "physical,joint", "--budget",
            "50", "--restarts", "2", "--anneal-iterations", "200", "--threads", "1", "--out", dir.resolve("jt").toString()});
        b.put("cupstack", new String[] {"cupstack", "-t", "torus:4x4", "--traffic", "brev", "--population", "4",
            "--generations", "1", "--threads", "1", "--out", dir.resolve("cs").toString()});
        b.put("cupstack-sweep", new String[] {"cupstack-sweep", "-t", "torus:4x4", "--traffic", "brev", "--population", "2",
            "--generations", "0", "--training", "0", "--jobs", "1", "--out", dir.resolve("sw").toString()});
        b.put("calibrate", new String[] {"calibrate", "--stage", "check", "--threads", "1"});
        b.put("rank", new String[] {"rank", "-t", "torus:4x4", "--procs", "8", "--collective", "bcast", "--iterations", "100"});
        b.put("analyze", new String[] {"analyze", "circulant", "--sizes", "16", "--out", dir.resolve("an").toString()});
        b.put("msgsim", new String[] {"msgsim", "-t", "torus:4x4", "--procs", "8", "--collective", "bcast", "--bytes", "1024"});
        b.put("schedule", new String[] {"schedule", "-t", "hypercube:3", "--cc", "OAB", "--time-limit", "2s"});
        b.put("run", new String[] {"run", dir.resolve("exp.yaml").toString(), "--out", dir.resolve("run").toString(),
            "--threads", "1"});
        b.put("table", new String[] {"table", table.toString(), "--by", "traffic", "--show", "durationCycles"});
        b.put("report", new String[] {"report", table.toString()});
        b.put("demo", new String[] {"demo"});
        return b;
    }

    /** Files of every wrong kind, and a damaged checkpoint directory, for path values. */
    private List<String> inputFiles() throws Exception {
        Files.writeString(dir.resolve("empty.json"), "");
        Files.writeString(dir.resolve("garbage.json"), "{\"a\": [1, 2,");
        Files.writeString(dir.resolve("nulls.json"), "{\"topology\": null, \"destination\": null, \"mapping\": null, \"ranks\": null}");
        Files.writeString(dir.resolve("list.json"), "[0, 1.5, -3, 99999999999]");
        Files.writeString(dir.resolve("y.yaml"), "command: sim\noptions: {topology: &a torus:4x4, traffic: *a}\n");
        Files.write(dir.resolve("binary.bin"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2, (byte) 0x80});
        Files.writeString(dir.resolve("evil.graphml"), "<?xml version=\"1.0\"?><!DOCTYPE g [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                + "<graphml><graph edgedefault=\"undirected\"><node id=\"&x;\"/></graph></graphml>");
        Path checkpoint = dir.resolve("checkpoint");
        Files.createDirectories(checkpoint);
        Files.writeString(checkpoint.resolve("checkpoint.json"), "{\"format\":\"ccopt-checkpoint\",\"version\":1,\"sha256\":\"00\"}");
        Files.createDirectories(dir.resolve("adir"));
        // issue 40's cases: quoted and commented directedness, duplicate ids, a link, a checkpoint edited and re-signed
        Files.writeString(dir.resolve("quoted.graphml"), "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">"
                + "<graph edgedefault = 'directed'><node id='a'/><node id='b'/><edge source='a' target='b'/></graph></graphml>");
        Files.writeString(dir.resolve("commented.dot"), "/* graph */ digraph {a->b->c->a;}");
        Files.writeString(dir.resolve("dup.json"), "{\"nodes\":[{\"id\":0},{\"id\":0}],\"links\":[]}");
        if (!Files.exists(dir.resolve("link.graphml"))) {
            Files.createSymbolicLink(dir.resolve("link.graphml"), dir.resolve("quoted.graphml"));
        }
        // issue 54's cases: damaged CSVs (stray character after a quote, unclosed quote, a cell past the header) and an
        // experiment whose options ask for help
        Files.writeString(dir.resolve("stray.csv"), "model,x\n\"ccopt\"x,1\n");
        Files.writeString(dir.resolve("unclosed.csv"), "model,x\n\"ccopt,1\n");
        Files.writeString(dir.resolve("wide.csv"), "model,x\nccopt,1,2\n");
        Files.writeString(dir.resolve("help.yaml"), "command: sim\noptions: {help: true}\n");
        // communication matrices (rank --comm, msgsim --comm): a good one, one of 2^31 - 1 ranks, one announcing 10^10
        Files.writeString(dir.resolve("ok.mtx"), "%%MatrixMarket matrix coordinate integer general\n2 2 2\n1 2 5\n2 1 5\n");
        Files.writeString(dir.resolve("huge.mtx"), "%%MatrixMarket matrix coordinate pattern general\n2147483647 2147483647 0\n");
        Files.writeString(dir.resolve("dense.mtx"), "%%MatrixMarket matrix array integer general\n100000 100000\n1\n");
        Path signed = dir.resolve("signed");
        Files.createDirectories(signed);
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode env = mapper.createObjectNode();
        env.put("format", "ccopt-checkpoint").put("version", 1).put("type", "org.ccopt.mapping.NodeMappingGa$State");
        env.putObject("state").put("arguments", "x").putObject("state").put("generation", -99);
        Files.writeString(signed.resolve("checkpoint.json"), EditedCheckpoint.resign(mapper.writeValueAsString(env)));
        return List.of(dir.resolve("missing.json").toString(), dir.resolve("empty.json").toString(),
                dir.resolve("quoted.graphml").toString(), dir.resolve("commented.dot").toString(),
                dir.resolve("dup.json").toString(), dir.resolve("link.graphml").toString(), signed.toString(),
                dir.resolve("garbage.json").toString(), dir.resolve("nulls.json").toString(), dir.resolve("list.json").toString(),
                dir.resolve("y.yaml").toString(), dir.resolve("binary.bin").toString(), dir.resolve("evil.graphml").toString(),
                checkpoint.toString(), dir.resolve("adir").toString(), dir.resolve("stray.csv").toString(),
                dir.resolve("unclosed.csv").toString(), dir.resolve("wide.csv").toString(), dir.resolve("help.yaml").toString(),
                dir.resolve("ok.mtx").toString(), dir.resolve("huge.mtx").toString(), dir.resolve("dense.mtx").toString(),
                "/dev/zero", "/dev/null", "", " ");
    }

    private List<String> outputPaths() {
        return List.of(dir.resolve("o1").toString(), dir.resolve("deep/er/o2.png").toString(), dir.resolve("adir").toString(),
                dir.resolve("empty.json").toString(), dir.resolve("checkpoint").toString(), "", "/dev/null",
                dir.resolve("link.graphml").toString());
    }

    static final String[] NUMBERS = {"-1", "0", "1", "2", "3", "-2147483648", "2147483647", "2147483648",
        "9223372036854775807", "-9223372036854775808", "99999999999999999999", "1.5", "-0", "NaN", "Infinity", "-Infinity",
        "1e309", "1e-320", "abc", "", " ", "0x10", "1e3", "07", "\u0663", "+5", "1_000"};

    static final String[] HUGE = {"2147483647", "2147483648", "9223372036854775807", "99999999999999999999", "1e309"};

    static final String[] STRINGS = {"", " ", "abc", "torus:4x4", "torus:0x0", "torus:1x1", "hypercube:40", "hypercube:0",
        "ring:2147483647", "mesh:100000x100000", "torus:99999x99999", "omega:3", "fattree:0", "random-shortcut:16:99",
        "circulant:16:0", "dragonfly:0:0:0", "file:/dev/zero", "file:", "file:/etc", "C00", "C99", "AAB", "aab", "0-3",
        "0-", "-", "--", "0,0", "1:2", "2:1", "..", "../x", "/", "%s", "${x}", "\u0000", "\u00fc\u00f1\u00ee",
        "\ud83d\ude00", "T01", "S20", "none", "V,I,C,Q", "x".repeat(10_000), "bcast:0", "allreduce:-1", "a,b,,c",
        "16..8", "0..2147483647", "brev,brev", "yokota2018", "true", "null", "100Gbps", "-5ns", "1e999s"};

    @Test
    void malformedInvocationsEndInExitZeroOrTwoWithOneLine() throws Exception {
        Map<String, String[]> bases = bases();
        List<String> inputs = inputFiles();
        List<String> outputs = outputPaths();
        CommandLine model = Main.commandTree();
        List<String> commands = new ArrayList<>();
        for (String name : model.getSubcommands().keySet()) {
            if (!SKIPPED.contains(name)) {
                assertThat(bases).as("a base invocation for every command").containsKey(name);
                // a base parses and gives no option where it cannot apply, or every case of the command is a refusal
                new CliCommands().writtenOptions(List.of(bases.get(name)));
                commands.add(name);
            }
        }
        List<String> failures = new ArrayList<>();
        Map<String, int[]> tally = new java.util.TreeMap<>(); // per command: exit 0, exit 2
        ExecutorService runner = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "fuzz-case");
            t.setDaemon(true);
            return t;
        });
        try {
            for (int i = ONLY != null ? ONLY : 0; i < (ONLY != null ? ONLY + 1 : CASES) && failures.size() < 20; i++) {
                SplittableRandom rnd = new SplittableRandom(SEED + i);
                String command = commands.get(rnd.nextInt(commands.size()));
                if ((command.equals("calibrate") || command.equals("demo")) && rnd.nextInt(4) != 0) {
                    command = "topo"; // slow commands drawn less often
                }
                List<String> args = new ArrayList<>(Arrays.asList(bases.get(command)));
                CommandLine sub = model.getSubcommands().get(command);
                int mutations = 1 + rnd.nextInt(3);
                for (int m = 0; m < mutations; m++) {
                    mutate(args, sub, rnd, inputs, outputs);
                }
                String[] argv = args.toArray(String[]::new);
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                ByteArrayOutputStream err = new ByteArrayOutputStream();
                Future<Integer> f = runner.submit(() -> Main.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8), argv));
                String shown = "case " + i + ": " + describe(argv);
                int code;
                try {
                    code = f.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    failures.add(shown + " -> still running after " + TIMEOUT_SECONDS + " s");
                    break; // it keeps a core busy: stop here
                } catch (ExecutionException e) {
                    failures.add(shown + " -> threw " + e.getCause());
                    continue;
                }
                String text = err.toString(StandardCharsets.UTF_8).strip();
                tally.computeIfAbsent(command, k -> new int[2])[code == Main.OK ? 0 : 1]++;
                if (code != Main.OK && code != Main.BAD_INPUT) {
                    failures.add(shown + " -> exit " + code + ": " + text.lines().findFirst().orElse(""));
                } else if (code == Main.BAD_INPUT && (text.isEmpty() || text.lines().count() != 1 || !text.startsWith("ccopt"))) {
                    failures.add(shown + " -> exit 2 with " + text.lines().count() + " lines on stderr: "
                            + text.lines().limit(2).toList());
                }
            }
        } finally {
            runner.shutdownNow();
        }
        StringBuilder summary = new StringBuilder("fuzz: per command, cases ending in exit 0 / exit 2:");
        tally.forEach((c, n) -> summary.append(' ').append(c).append(' ').append(n[0]).append('/').append(n[1]));
        System.out.println(summary);
        assertThat(failures).as("replay one with -Dccopt.fuzz.only=N").isEmpty();
        // no write, failed or not, leaves a temporary file behind
        for (Path root : List.of(dir, Path.of("").toAbsolutePath())) {
            try (var files = Files.walk(root)) {
                assertThat(files.filter(p -> p.getFileName().toString().startsWith(".ccopt-")).toList()).as(root.toString()).isEmpty();
            }
        }
        if (ONLY == null && CASES >= 500) {
            // the draw reaches every command, and both outcomes: a fuzz that never gets past the parser tests little
            // (one case in twelve runs: 120 of 1,200 since options that were ignored are refused, 2026-11-28)
            assertThat(tally).hasSize(commands.size());
            assertThat(tally.values().stream().mapToInt(n -> n[0]).sum()).isGreaterThan(CASES / 12);
        }
    }

    private static String describe(String[] argv) {
        StringBuilder b = new StringBuilder();
        for (String a : argv) {
            String shown = a.length() > 40 ? a.substring(0, 20) + "...(" + a.length() + " chars)" : a;
            b.append(' ').append(shown.isEmpty() || shown.contains(" ") ? "'" + shown + "'" : shown);
        }
        return b.toString().strip();
    }

    private static void mutate(List<String> args, CommandLine sub, SplittableRandom rnd, List<String> inputs, List<String> outputs) {
        List<OptionSpec> options = new ArrayList<>();
        for (OptionSpec o : sub.getCommandSpec().options()) {
            if (!o.usageHelp() && !o.versionHelp()) {
                options.add(o);
            }
        }
        int kind = rnd.nextInt(10);
        if (kind < 6 && !options.isEmpty()) {
            OptionSpec o = options.get(rnd.nextInt(options.size()));
            String name = o.longestName();
            remove(args, name, o.arity().max() > 0);
            args.add(name);
            if (o.arity().max() > 0) {
                args.add(value(o, rnd, inputs, outputs));
            }
        } else if (kind == 6 && !sub.getCommandSpec().positionalParameters().isEmpty() && args.size() > 1) {
            // the positional argument (a spec, a file, an analysis name) of the wrong kind
            boolean path = sub.getCommandSpec().positionalParameters().get(0).type() == Path.class;
            args.set(1, path ? inputs.get(rnd.nextInt(inputs.size())) : STRINGS[rnd.nextInt(STRINGS.length)]);
        } else if (kind == 7 && args.size() > 1) {
            args.remove(1 + rnd.nextInt(args.size() - 1)); // a value without its option, or an option without its value
        } else if (kind == 8) {
            args.add(rnd.nextBoolean() ? "--bogus" : "-Z");
        } else if (args.size() > 2) {
            int at = 1 + rnd.nextInt(args.size() - 1);
            args.add(args.get(at)); // a repeated option or a stray value
        }
    }

    private static void remove(List<String> args, String name, boolean takesValue) {
        int at = args.indexOf(name);
        if (at < 0 && name.startsWith("--")) {
            // the short alias of the base invocation (-t for --topology)
            for (int k = 1; k < args.size(); k++) {
                if (args.get(k).length() == 2 && args.get(k).startsWith("-") && name.startsWith("--" + args.get(k).charAt(1))) {
                    at = k;
                }
            }
        }
        if (at >= 0) {
            args.remove(at);
            if (takesValue && at < args.size()) {
                args.remove(at);
            }
        }
    }

    private static String value(OptionSpec o, SplittableRandom rnd, List<String> inputs, List<String> outputs) {
        Class<?> type = o.type();
        if (type == Path.class) {
            boolean writes = o.userObject() instanceof Field f && f.isAnnotationPresent(Output.class);
            List<String> pool = writes ? outputs : inputs;
            return pool.get(rnd.nextInt(pool.size()));
        }
        // now and then the option's own default: a valid value, so that a case gets past the parser and reaches the
        // command's checks of combinations (each new option otherwise makes refusals at parsing more likely)
        if (o.defaultValue() != null && rnd.nextInt(3) == 0) {
            return o.defaultValue();
        }
        boolean numeric = type == int.class || type == Integer.class || type == long.class || type == Long.class
                || type == double.class || type == Double.class;
        if (numeric || rnd.nextInt(3) == 0) {
            String v = NUMBERS[rnd.nextInt(NUMBERS.length)];
            if (BUDGET.contains(o.longestName()) && Arrays.asList(HUGE).contains(v)) {
                v = "2"; // a long run asked for is not bad input
            }
            return v;
        }
        String v = STRINGS[rnd.nextInt(STRINGS.length)];
        return BUDGET.contains(o.longestName()) && v.contains("2147483647") ? "1" : v;
    }
}
