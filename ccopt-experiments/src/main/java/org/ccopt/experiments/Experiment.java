package org.ccopt.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.ccopt.InvalidInputException;
import org.ccopt.util.InputFiles;

/**
 * An experiment file: one ccopt command, its fixed options and the options it varies, expanded into runs.
 *
 * <pre>
 * command: sim
 * options: {topology: "torus:8x8", packet-flits: 8}
 * grid:                      # crossed: every combination
 *   traffic: [bcmp, brev, brot]
 *   packets: [1, 4]
 * zip:                       # optional, varied together (equal lengths), crossed with the grid
 *   slices: [1, 2]
 *   interval: [0, 12]
 * seeds: [1, 2]              # optional: a list, or a count n meaning 1..n; each run gets --seed
 * repeat: 1                  # optional: every run this many times (repetition r is a run of its own)
 * </pre>
 *
 * Keys are the command's long option names without dashes; a value {@code true} is a flag, {@code false} leaves it
 * out. Runs are numbered in expansion order: the grid varies its last key fastest, then the zip, then seeds, then
 * repetitions.
 *
 * <p>The whole file is checked before anything runs: at most {@link #MAX_RUNS} runs (or the limit given), every
 * option and value parsed by the command itself (each value of each varied key in the context of the first run), and
 * every path the command would write ({@link Commands#writtenOptions}) relative and inside the output directory, never absolute or
 * through {@code ..}. Duplicate keys and empty values are refused.
 */
public final class Experiment {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    /** Runs an experiment may expand to unless the caller raises the limit ({@code ccopt run --max-runs}). */
    public static final long MAX_RUNS = 100_000;

    /**
     * One run: its parameters (varied and fixed, by option name), the command line, and its repetition (0-based; -1
     * when the experiment does not repeat).
     */
    public record Run(int index, Map<String, String> parameters, List<String> args, int repetition)
            implements java.io.Serializable {
        /** A stable identity for resuming: the command line, and the repetition when there are several. */
        public String key() {
            String line = String.join(" ", args);
            if (parameters.containsKey("seed") && !args.contains("--seed")) {
                line += " #seed " + parameters.get("seed"); // a seed the command draws from none: the row still has it
            }
            return repetition < 0 ? line : line + " #" + (repetition + 1);
        }

        /** The command line with every path it writes ({@code outputs}, option names) resolved against {@code dir}. */
        public List<String> argsUnder(java.nio.file.Path dir, Set<String> outputs) {
            List<String> out = new ArrayList<>(args);
            for (int i = 1; i + 1 < out.size(); i++) {
                if (out.get(i).startsWith("--") && outputs.contains(out.get(i).substring(2))) {
                    out.set(i + 1, dir.resolve(out.get(i + 1)).toString());
                }
            }
            return out;
        }
    }

    private final String command;
    private final List<Run> runs;
    private final Set<String> outputs;
    private final String text;

    private Experiment(String command, List<Run> runs, Set<String> outputs, String text) {
        this.command = command;
        this.runs = runs;
        this.outputs = outputs;
        this.text = text;
    }

    /** The YAML text the experiment was read from (null when it was built from a parsed tree). */
    public String text() {
        return text;
    }

    /** Option names (without dashes) whose values are paths the command writes. */
    public Set<String> outputs() {
        return outputs;
    }

    public String command() {
        return command;
    }

    public List<Run> runs() {
        return runs;
    }

    public static Experiment read(Path file) throws IOException {
        return read(file, MAX_RUNS, Commands.load());
    }

    /**
     * Reads and checks an experiment file that may expand to at most {@code maxRuns} runs, each command line checked by
     * {@code commands}.
     */
    public static Experiment read(Path file, long maxRuns, Commands commands) throws IOException {
        String text = InputFiles.read(file, "experiment file", "a YAML file (command, options, grid, zip, "
                + "seeds, repeat)");
        JsonNode root;
        try {
            root = readTree(text, file.toString());
        } catch (IOException e) {
            throw new InvalidInputException("experiment file " + file + " is not valid YAML" + InputFiles.where(e) + duplicate(e)
                    + "; expected a mapping of command, options, grid, zip, seeds, repeat");
        }
        return parse(root, text, file.toString(), maxRuns, commands);
    }

    /**
     * The YAML tree of an experiment, after refusing anchors and aliases ({@code &name}, {@code *name}): Jackson reads
     * an alias as its name, so {@code [&a bcmp, *a]} would run bcmp and "a".
     */
    private static JsonNode readTree(String text, String name) throws IOException {
        // SnakeYAML (the parser under Jackson's YAML format) reports anchors and aliases as events; Jackson does not
        try {
            for (org.yaml.snakeyaml.events.Event e : new org.yaml.snakeyaml.Yaml().parse(new java.io.StringReader(text))) {
                boolean alias = e instanceof org.yaml.snakeyaml.events.AliasEvent;
                if (alias || e instanceof org.yaml.snakeyaml.events.NodeEvent n && n.getAnchor() != null) {
                    throw new InvalidInputException("experiment " + name + " uses a YAML " + (alias ? "alias (*name)"
                            : "anchor (&name)") + " at line " + (e.getStartMark().getLine() + 1)
                            + "; expected every value written out (ccopt does not expand anchors)");
                }
            }
        } catch (org.yaml.snakeyaml.error.YAMLException e) {
            // not YAML: Jackson's reader below says where
        }
        return YAML.readTree(text);
    }

    /**
     * The charts an experiment file names under {@code report} ({@code metrics}, {@code x}, {@code series},
     * {@code facets}, {@code log-y}, {@code baseline}, {@code change}, {@code kind}), for {@code ccopt report}; the
     * design's choice where it names none.
     */
    static ChartChoice charts(JsonNode report, String name) {
        if (report == null || report.isNull()) {
            return ChartChoice.DESIGN;
        }
        String expected = "a mapping of metrics (a list), x, series, facets (a list), log-y (true or false), baseline, "
                + "change (ratio or percent), kind (auto, line, bar or box)";
        if (!report.isObject()) {
            throw new InvalidInputException("experiment " + name + ": report is not a mapping; expected " + expected);
        }
        for (Iterator<String> it = report.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!Set.of("metrics", "x", "series", "facets", "log-y", "baseline", "change", "kind").contains(key)) {
                throw new InvalidInputException("experiment " + name + ": report has an unknown key (not repeated here)"
                        + "; expected " + expected);
            }
        }
        java.util.function.Function<String, List<String>> list = key -> {
            JsonNode n = report.get(key);
            if (n == null) {
                return null;
            }
            List<String> out = new ArrayList<>();
            for (JsonNode v : n.isArray() ? n : Row.MAPPER.createArrayNode().add(n)) {
                if (!v.isValueNode()) {
                    throw new InvalidInputException("experiment " + name + ": report " + key + " holds a "
                            + v.getNodeType().name().toLowerCase(java.util.Locale.ROOT) + "; expected names");
                }
                out.add(v.asText());
            }
            return out;
        };
        java.util.function.Function<String, String> one = key -> {
            JsonNode n = report.get(key);
            if (n != null && !n.isValueNode()) {
                throw new InvalidInputException("experiment " + name + ": report " + key + " is not one name; expected "
                        + expected);
            }
            return n == null ? null : n.asText();
        };
        JsonNode log = report.get("log-y");
        if (log != null && !log.isBoolean()) {
            throw new InvalidInputException("experiment " + name + ": report log-y is not true or false");
        }
        List<String> metrics = list.apply("metrics");
        String change = one.apply("change");
        String kind = one.apply("kind");
        try {
            return new ChartChoice(metrics == null ? List.of() : metrics, one.apply("x"), one.apply("series"),
                    list.apply("facets"), log != null && log.asBoolean(), one.apply("baseline"),
                    change == null ? null : org.ccopt.util.Enums.parse(ChartChoice.Change.class, "report change", change),
                    kind == null ? null : org.ccopt.util.Enums.parse(ChartChoice.Kind.class, "report kind", kind));
        } catch (InvalidInputException e) {
            throw new InvalidInputException("experiment " + name + ": " + e.getMessage());
        }
    }

    /** The charts an experiment's YAML text names under {@code report} (an already checked copy); {@code name} labels errors. */
    public static ChartChoice charts(String text, String name) throws IOException {
        return charts(readTree(text, name).get("report"), name);
    }

    /** Parses the YAML text of an experiment file; {@code name} labels error messages. */
    public static Experiment parse(String yaml, String name) {
        try {
            return parse(readTree(yaml, name), yaml, name, MAX_RUNS, Commands.load());
        } catch (IOException e) {
            throw new InvalidInputException("experiment " + name + " is not valid YAML" + InputFiles.where(e) + duplicate(e)
                    + "; expected a mapping of command, options, grid, zip, seeds, repeat");
        }
    }

    /**
     * An experiment built by a program instead of a file: one run per parameter map (option names without dashes,
     * as in a file's {@code options}), in the order given, checked as a file's runs are ({@code name} labels errors).
     */
    public static Experiment of(String command, List<Map<String, String>> runParameters, String name, Commands commands) {
        if (runParameters.isEmpty()) {
            throw new InvalidInputException("experiment " + name + " has no runs");
        }
        Set<String> varied = new LinkedHashSet<>();
        for (Map<String, String> p : runParameters) {
            p.keySet().forEach(k -> checkKey(k, name, "a run"));
            varied.addAll(p.keySet());
        }
        Set<String> outputs = check(commands, command, runParameters, varied, name);
        List<Run> runs = new ArrayList<>();
        for (Map<String, String> p : runParameters) {
            Map<String, String> params = templated(new LinkedHashMap<>(p), -1, name);
            runs.add(new Run(runs.size(), params, args(command, params), -1));
        }
        checkOneWriterPerPath(runs, outputs, name);
        return new Experiment(command, runs, outputs, null);
    }

    private static Experiment parse(JsonNode root, String text, String name, long maxRuns, Commands commands) {
        if (root == null || !root.isObject()) {
            throw new InvalidInputException("experiment " + name + " is empty or not a mapping; expected keys command, options, grid, zip, seeds, repeat");
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!Set.of("command", "options", "grid", "zip", "seeds", "repeat", "report").contains(key)) {
                throw new InvalidInputException("experiment " + name + " has an unknown key" + lineOf(text, key)
                        + "; expected command, options, grid, zip, seeds, repeat, report");
            }
        }
        JsonNode c = root.get("command");
        if (c == null || !c.isTextual() || !commands.names().contains(c.asText())) {
            throw new InvalidInputException("experiment " + name + ": its command is missing or unknown"
                    + lineOf(text, "command") + "; expected one of " + String.join(", ", new TreeSet<>(commands.names())));
        }
        String command = c.asText();
        Map<String, String> options = scalars(root.get("options"), name, "options");
        Map<String, List<String>> gridLists = lists(root.get("grid"), name, "grid");
        Map<String, List<String>> zipLists = lists(root.get("zip"), name, "zip");
        List<Map<String, String>> zip = zipped(zipLists, name);
        if (root.get("seeds") != null && (options.containsKey("seed") || gridLists.containsKey("seed") || zipLists.containsKey("seed"))) {
            throw new InvalidInputException("experiment " + name + ": seed is set in options, grid or zip and by seeds, which "
                    + "gives each run its --seed; expected one of them");
        }
        JsonNode repeatNode = root.get("repeat");
        int repeat = repeatNode == null ? 1 : repeatNode.canConvertToInt() && repeatNode.isIntegralNumber()
                ? repeatNode.asInt() : -1;
        if (repeat < 1) {
            throw new InvalidInputException("experiment " + name + ": repeat " + repeatNode + " is invalid; expected a positive integer");
        }
        long count = (long) repeat * zip.size() * seedCount(root.get("seeds"), name);
        for (List<String> values : gridLists.values()) {
            count = count > maxRuns ? count : count * values.size();
        }
        if (count > maxRuns) {
            throw new InvalidInputException("experiment " + name + " expands to more than " + maxRuns
                    + " runs; split it, or raise the limit with --max-runs");
        }
        List<Map<String, String>> grid = cross(gridLists);
        List<String> seeds = seeds(root.get("seeds"), name);
        Set<String> varied = new LinkedHashSet<>(gridLists.keySet());
        varied.addAll(zipLists.keySet());
        if (seeds.get(0) != null && root.get("seeds").isArray()) {
            varied.add("seed"); // a count gives the integers 1..n: its last run, with the largest, stands for all
        }
        Map<List<String>, Boolean> seedApplies = new java.util.HashMap<>(); // by the line without its seed
        List<Map<String, String>> firstRepetition = new ArrayList<>();
        for (String seed : seeds) {
            for (Map<String, String> z : zip) {
                for (Map<String, String> g : grid) {
                    firstRepetition.add(line(commands, command, templated(parameters(options, g, z, seed),
                            repeat > 1 ? 0 : -1, name), seed, seedApplies));
                }
            }
        }
        Set<String> outputs = check(commands, command, firstRepetition, varied, name);
        List<Run> runs = new ArrayList<>();
        for (int r = 0; r < repeat; r++) {
            for (String seed : seeds) {
                for (Map<String, String> z : zip) {
                    for (Map<String, String> g : grid) {
                        Map<String, String> params = templated(parameters(options, g, z, seed), repeat > 1 ? r : -1, name);
                        List<String> args = args(command, line(commands, command, params, seed, seedApplies));
                        if (repeat > 1) {
                            params.put("repeat", Integer.toString(r));
                        }
                        runs.add(new Run(runs.size(), params, args, repeat > 1 ? r : -1));
                    }
                }
            }
        }
        checkOneWriterPerPath(runs, outputs, name);
        ChartChoice charts = charts(root.get("report"), name);
        Set<String> factors = new LinkedHashSet<>(options.keySet());
        factors.addAll(gridLists.keySet());
        factors.addAll(zipLists.keySet());
        List<String> named = new ArrayList<>(charts.facets() == null ? List.of() : charts.facets());
        if (charts.x() != null) {
            named.add(charts.x());
        }
        if (charts.series() != null) {
            named.add(charts.series());
        }
        for (String f : named) {
            if (!factors.contains(f)) {
                throw new InvalidInputException("experiment " + name + ": report names a factor (not repeated here) that is "
                        + "no key of its options, grid or zip (seeds and repetitions are only averaged); expected one of "
                        + String.join(", ", factors));
            }
        }
        if (charts.baseline() != null) { // a value of the lines' factor: of the one named, else of some varied factor
            Map<String, List<String>> values = new LinkedHashMap<>(gridLists);
            values.putAll(zipLists);
            List<String> candidates = charts.series() != null ? values.getOrDefault(charts.series(),
                    options.containsKey(charts.series()) ? List.of(options.get(charts.series())) : List.of())
                    : values.values().stream().flatMap(List::stream).toList();
            if (!candidates.contains(charts.baseline())) {
                throw new InvalidInputException("experiment " + name + ": report's baseline (not repeated here) is no value "
                        + "of " + (charts.series() != null ? "the series " + charts.series() : "a varied factor")
                        + "; expected one of " + String.join(", ", new LinkedHashSet<>(candidates)));
            }
        }
        return new Experiment(command, runs, outputs, text);
    }

    /**
     * The options of a run's command line: its parameters, but the seed {@code seeds} gave it where the command draws
     * from none ({@link Commands#seedApplies}; asked once per line without the seed). Its row keeps the seed.
     */
    private static Map<String, String> line(Commands commands, String command, Map<String, String> params, String seed,
            Map<List<String>, Boolean> seedApplies) {
        if (seed == null) {
            return params;
        }
        Map<String, String> unseeded = new LinkedHashMap<>(params);
        unseeded.remove("seed");
        boolean applies = seedApplies.computeIfAbsent(args(command, unseeded),
                k -> commands.seedApplies(args(command, params)));
        return applies ? params : unseeded;
    }

    private static Map<String, String> parameters(Map<String, String> options, Map<String, String> grid,
            Map<String, String> zip, String seed) {
        Map<String, String> params = new LinkedHashMap<>(options);
        params.putAll(grid);
        params.putAll(zip);
        if (seed != null) {
            params.put("seed", seed);
        }
        return params;
    }

    private static final java.util.regex.Pattern PLACEHOLDER = java.util.regex.Pattern.compile("\\{([a-z][a-z0-9-]*)}");

    /**
     * A run's parameters with every placeholder {@code {key}} in a value replaced by the run's value of that key (any
     * option of the run, {@code seed}, and {@code repeat}, 0-based, when the experiment repeats): per-run outputs such
     * as {@code picture: "{traffic}-{seed}.png"}. A placeholder that names no key of the run is refused with one line.
     */
    static Map<String, String> templated(Map<String, String> params, int repetition, String name) {
        Map<String, String> context = new LinkedHashMap<>(params);
        if (repetition >= 0) {
            context.put("repeat", Integer.toString(repetition));
        }
        for (Map.Entry<String, String> e : params.entrySet()) {
            java.util.regex.Matcher m = PLACEHOLDER.matcher(e.getValue());
            if (!m.find()) {
                continue;
            }
            StringBuilder b = new StringBuilder();
            do {
                String value = context.get(m.group(1));
                if (value == null || m.group(1).equals(e.getKey())) {
                    throw new InvalidInputException("experiment " + name + ": " + e.getKey() + " names {" + m.group(1)
                            + "}, which is no other key of its runs; expected one of {" + String.join("}, {",
                            context.keySet().stream().filter(k -> !k.equals(e.getKey())).toList()) + "}");
                }
                m.appendReplacement(b, java.util.regex.Matcher.quoteReplacement(value));
            } while (m.find());
            m.appendTail(b);
            e.setValue(b.toString());
        }
        return params;
    }

    private static List<String> args(String command, Map<String, String> params) {
        List<String> args = new ArrayList<>();
        args.add(command);
        for (Map.Entry<String, String> e : params.entrySet()) {
            if (e.getValue().equals("false")) {
                continue;
            }
            args.add("--" + e.getKey());
            if (!e.getValue().equals("true")) {
                args.add(e.getValue());
            }
        }
        return args;
    }

    /**
     * Parses, with the command's own options, the first and the last run's command lines and, for each value of each
     * varied key, the first run that has it (real combinations only: a zip row stays whole, and an option that applies
     * to some methods is checked beside them), so that an unknown option, a value of the wrong type or an option where
     * it cannot apply costs one line before the first run instead of failing every run; and checks every path the
     * command would write. Returns the option names (without dashes) that name written paths.
     */
    private static Set<String> check(Commands commands, String command, List<Map<String, String>> runs,
            Set<String> varied, String name) {
        Set<String> outputs = new TreeSet<>();
        Map<String, Set<String>> seen = new java.util.HashMap<>();
        Set<Integer> chosen = new LinkedHashSet<>(List.of(0, runs.size() - 1));
        for (int i = 0; i < runs.size(); i++) {
            for (String k : varied) {
                if (seen.computeIfAbsent(k, x -> new java.util.HashSet<>()).add(String.valueOf(runs.get(i).get(k)))) {
                    chosen.add(i);
                }
            }
        }
        List<Map<String, String>> lines = new ArrayList<>();
        chosen.forEach(i -> lines.add(runs.get(i)));
        for (Map<String, String> params : lines) {
            Map<String, String> written;
            try {
                written = commands.writtenOptions(args(command, params));
            } catch (InvalidInputException e) {
                String why = Commands.firstLine(e.getMessage());
                throw new InvalidInputException("experiment " + name + ": " + (why.startsWith("Unknown option")
                        ? "a key of its options is no option of " + command + " (not repeated here); 'ccopt " + command
                        + " --help' lists them" : org.ccopt.util.InputFiles.redacted(why, params)) + " (in run " + runs.indexOf(params) + ")");
            }
            // the values the command line parser read, whatever form the file gave them in
            written.forEach((key, value) -> {
                checkOutputPath(value, key, name);
                outputs.add(key);
            });
        }
        return outputs;
    }

    /**
     * Refuses an experiment two of whose runs would write the same path (a fixed {@code picture: p.png} over a grid,
     * or a repeated run): the later would silently replace the earlier's file.
     */
    private static void checkOneWriterPerPath(List<Run> runs, Set<String> outputs, String name) {
        for (String key : outputs) {
            Map<String, Integer> writer = new java.util.HashMap<>();
            for (Run run : runs) {
                String value = run.parameters().get(key);
                if (value == null || value.equals("false")) {
                    continue;
                }
                Integer other = writer.putIfAbsent(Path.of(value).normalize().toString(), run.index());
                if (other != null) {
                    throw new InvalidInputException("experiment " + name + ": runs " + other + " and " + run.index()
                            + " both write " + key + " '" + value + "', so one would replace the other's file; expected "
                            + "one path per run: name the run in it, e.g. " + key + ": \"{traffic}-{seed}.png\" (any key of the "
                            + "run in braces), or vary " + key + " in grid or zip");
                }
            }
        }
    }

    private static void checkOutputPath(String value, String key, String name) {
        Path p;
        try {
            p = Path.of(value);
        } catch (InvalidPathException e) {
            throw new InvalidInputException("experiment " + name + ": " + key + " '" + value + "' is not a path");
        }
        Path n = p.normalize();
        if (p.isAbsolute() || n.startsWith("..") || n.toString().isEmpty() && !value.equals(".")) {
            throw new InvalidInputException("experiment " + name + ": " + key + " '" + value + "' leaves the output "
                    + "directory; expected a relative path inside it (no leading /, no ..)");
        }
    }

    /** An option name as a key: letters, digits and inner dashes, never a value ({@code trace=f.csv}). */
    private static final java.util.regex.Pattern OPTION_NAME = java.util.regex.Pattern.compile("[A-Za-z0-9][A-Za-z0-9-]*");

    private static void checkKey(String optionName, String name, String section) {
        if (!OPTION_NAME.matcher(optionName).matches()) {
            throw new InvalidInputException("experiment " + name + ": " + section + " has a key that is no option name (not repeated here)"
                    + "; expected an option name without dashes (letters, digits and '-'), its value on the right");
        }
    }

    /** " (a key given twice)" for Jackson's duplicate-key error, whose message would quote the key. */
    private static String duplicate(IOException e) {
        return String.valueOf(e.getMessage()).startsWith("Duplicate field") ? " (a key given twice)" : "";
    }

    /**
     * A word of the file, quoted in a message only when it looks like a name (letters, digits, '-', '_', '.', at most
     * 40): a file that is not an experiment (a password file named by mistake) is never echoed.
     */
    /**
     * " on line N" for the first line of {@code text} that starts with top-level key {@code key}, or "" where none
     * does (a key in flow style): where a key is, never the key, for a file that may not be meant as an experiment.
     */
    private static String lineOf(String text, String key) {
        List<String> lines = text == null ? List.of() : text.lines().toList();
        java.util.regex.Pattern at = java.util.regex.Pattern.compile("^\\s*['\"]?" + java.util.regex.Pattern.quote(key) + "['\"]?\\s*:.*");
        for (int i = 0; i < lines.size(); i++) {
            if (at.matcher(lines.get(i)).matches()) {
                return " on line " + (i + 1);
            }
        }
        return "";
    }


    private static Map<String, String> scalars(JsonNode node, String name, String key) {
        Map<String, String> out = new LinkedHashMap<>();
        if (node == null || node.isNull()) {
            return out;
        }
        if (!node.isObject()) {
            throw new InvalidInputException("experiment " + name + ": " + key + " must be a mapping of option names to values");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            checkKey(e.getKey(), name, key);
            if (!e.getValue().isValueNode()) {
                throw new InvalidInputException("experiment " + name + ": " + key + "." + e.getKey()
                        + " must be a single value, not " + e.getValue());
            }
            out.put(e.getKey(), value(e.getValue(), name, key + "." + e.getKey()));
        }
        return out;
    }

    private static Map<String, List<String>> lists(JsonNode node, String name, String key) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (node == null || node.isNull()) {
            return out;
        }
        if (!node.isObject()) {
            throw new InvalidInputException("experiment " + name + ": " + key + " must be a mapping of option names to lists");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            checkKey(e.getKey(), name, key);
            List<String> values = new ArrayList<>();
            if (e.getValue().isArray()) {
                for (JsonNode v : e.getValue()) {
                    if (!v.isValueNode()) {
                        throw new InvalidInputException("experiment " + name + ": " + key + "." + e.getKey()
                                + " holds " + v + "; expected single values");
                    }
                    values.add(value(v, name, key + "." + e.getKey()));
                }
            } else if (e.getValue().isValueNode()) {
                values.add(value(e.getValue(), name, key + "." + e.getKey()));
            }
            if (values.isEmpty()) {
                throw new InvalidInputException("experiment " + name + ": " + key + "." + e.getKey() + " is empty; expected a list of values");
            }
            out.put(e.getKey(), values);
        }
        return out;
    }

    /** Every combination, the last key varying fastest; one empty combination when there is no key. */
    private static List<Map<String, String>> cross(Map<String, List<String>> lists) {
        List<Map<String, String>> out = new ArrayList<>();
        out.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<String>> e : lists.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> partial : out) {
                for (String v : e.getValue()) {
                    Map<String, String> m = new LinkedHashMap<>(partial);
                    m.put(e.getKey(), v);
                    next.add(m);
                }
            }
            out = next;
        }
        return out;
    }

    private static List<Map<String, String>> zipped(Map<String, List<String>> lists, String name) {
        List<Map<String, String>> out = new ArrayList<>();
        if (lists.isEmpty()) {
            out.add(new LinkedHashMap<>());
            return out;
        }
        int n = lists.values().iterator().next().size();
        for (Map.Entry<String, List<String>> e : lists.entrySet()) {
            if (e.getValue().size() != n) {
                throw new InvalidInputException("experiment " + name + ": zip." + e.getKey() + " has " + e.getValue().size()
                        + " values, the other zip lists " + n + "; expected lists of equal length");
            }
        }
        for (int i = 0; i < n; i++) {
            Map<String, String> m = new LinkedHashMap<>();
            for (Map.Entry<String, List<String>> e : lists.entrySet()) {
                m.put(e.getKey(), e.getValue().get(i));
            }
            out.add(m);
        }
        return out;
    }

    private static long seedCount(JsonNode node, String name) {
        if (node == null || node.isNull()) {
            return 1;
        }
        if (node.isArray()) {
            return Math.max(1, node.size());
        }
        if (node.isIntegralNumber() && node.canConvertToLong() && node.asLong() >= 1) {
            return node.asLong();
        }
        throw new InvalidInputException("experiment " + name + ": seeds " + node + " is invalid; expected a list or a count >= 1");
    }

    private static List<String> seeds(JsonNode node, String name) {
        List<String> out = new ArrayList<>();
        if (node == null || node.isNull()) {
            out.add(null);
        } else if (node.isArray()) {
            for (JsonNode v : node) {
                out.add(value(v, name, "seeds"));
            }
        } else if (node.canConvertToInt() && node.asInt() >= 1) {
            for (int s = 1; s <= node.asInt(); s++) {
                out.add(Integer.toString(s));
            }
        } else {
            throw new InvalidInputException("experiment " + name + ": seeds " + node + " is invalid; expected a list or a count >= 1");
        }
        if (out.isEmpty()) {
            throw new InvalidInputException("experiment " + name + ": seeds is empty; expected a list or a count >= 1");
        }
        return out;
    }

    /** A scalar's text; null and empty values are refused (they would become an option without its value). */
    private static String value(JsonNode v, String name, String where) {
        if (v == null || v.isNull() || !v.isValueNode() || v.asText().isEmpty()) {
            throw new InvalidInputException("experiment " + name + ": " + where + " is " + (v == null || v.isNull()
                    ? "null" : v.isValueNode() ? "empty" : v.toString()) + "; expected a number, word or true/false");
        }
        return v.asText();
    }
}
