package org.ccopt.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ccopt.InvalidInputException;

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
 */
public final class Experiment {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /** Commands an experiment may run (each prints one JSON object with --json). */
    static final Set<String> COMMANDS = Set.of("sim", "nodemap", "cupstack", "rank", "msgsim", "schedule", "hops", "bounds", "topo",
            "traffic");

    /** One run: its parameters (varied and fixed, by option name) and the command line. */
    public record Run(int index, Map<String, String> parameters, List<String> args) {
        /** A stable identity for resuming: the command line. */
        public String key() {
            return String.join(" ", args);
        }
    }

    private final String command;
    private final List<Run> runs;

    private Experiment(String command, List<Run> runs) {
        this.command = command;
        this.runs = runs;
    }

    public String command() {
        return command;
    }

    public List<Run> runs() {
        return runs;
    }

    public static Experiment read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException("experiment file " + file + " does not exist; expected a YAML file");
        }
        JsonNode root;
        try {
            root = YAML.readTree(file.toFile());
        } catch (IOException e) {
            throw new InvalidInputException("experiment file " + file + " is not valid YAML: "
                    + Main.firstLine(e.getMessage()));
        }
        return parse(root, file.toString());
    }

    /** Parses the YAML text of an experiment file; {@code name} labels error messages. */
    public static Experiment parse(String yaml, String name) {
        try {
            return parse(YAML.readTree(yaml), name);
        } catch (IOException e) {
            throw new InvalidInputException("experiment " + name + " is not valid YAML: " + Main.firstLine(e.getMessage()));
        }
    }

    static Experiment parse(JsonNode root, String name) {
        if (root == null || !root.isObject()) {
            throw new InvalidInputException("experiment " + name + " is empty or not a mapping; expected keys command, options, grid, zip, seeds, repeat");
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!Set.of("command", "options", "grid", "zip", "seeds", "repeat").contains(key)) {
                throw new InvalidInputException("experiment " + name + " has an unknown key '" + key
                        + "'; expected command, options, grid, zip, seeds, repeat");
            }
        }
        JsonNode c = root.get("command");
        if (c == null || !c.isTextual() || !COMMANDS.contains(c.asText())) {
            throw new InvalidInputException("experiment " + name + ": command '" + (c == null ? "" : c.asText())
                    + "' is missing or unknown; expected one of " + String.join(", ", new java.util.TreeSet<>(COMMANDS)));
        }
        String command = c.asText();
        Map<String, String> options = scalars(root.get("options"), name, "options");
        List<Map<String, String>> grid = cross(lists(root.get("grid"), name, "grid"));
        List<Map<String, String>> zip = zipped(lists(root.get("zip"), name, "zip"), name);
        List<String> seeds = seeds(root.get("seeds"), name);
        int repeat = root.has("repeat") ? root.get("repeat").asInt(-1) : 1;
        if (repeat < 1) {
            throw new InvalidInputException("experiment " + name + ": repeat " + root.get("repeat") + " is invalid; expected a positive integer");
        }
        List<Run> runs = new ArrayList<>();
        for (int r = 0; r < repeat; r++) {
            for (String seed : seeds) {
                for (Map<String, String> z : zip) {
                    for (Map<String, String> g : grid) {
                        Map<String, String> params = new LinkedHashMap<>(options);
                        params.putAll(g);
                        params.putAll(z);
                        if (seed != null) {
                            params.put("seed", seed);
                        }
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
                        if (repeat > 1) {
                            params.put("repeat", Integer.toString(r));
                        }
                        runs.add(new Run(runs.size(), params, args));
                    }
                }
            }
        }
        return new Experiment(command, runs);
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
            if (!e.getValue().isValueNode()) {
                throw new InvalidInputException("experiment " + name + ": " + key + "." + e.getKey()
                        + " must be a single value, not " + e.getValue());
            }
            out.put(e.getKey(), e.getValue().asText());
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
            List<String> values = new ArrayList<>();
            if (e.getValue().isArray()) {
                for (JsonNode v : e.getValue()) {
                    if (!v.isValueNode()) {
                        throw new InvalidInputException("experiment " + name + ": " + key + "." + e.getKey()
                                + " holds " + v + "; expected single values");
                    }
                    values.add(v.asText());
                }
            } else if (e.getValue().isValueNode()) {
                values.add(e.getValue().asText());
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

    private static List<String> seeds(JsonNode node, String name) {
        List<String> out = new ArrayList<>();
        if (node == null || node.isNull()) {
            out.add(null);
        } else if (node.isArray()) {
            for (JsonNode v : node) {
                out.add(v.asText());
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
}
