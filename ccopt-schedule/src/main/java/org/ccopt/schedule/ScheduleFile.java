package org.ccopt.schedule;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.PortModel;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.util.InputFiles;

/**
 * The schedule file format: the JSON that {@code ccopt schedule --json} prints and {@code --validate} reads. Its
 * {@code "steps"} and {@code "transfers"}, each {@code {src, dst, step 1..steps, path of node ids, from}} and, for an
 * all-to-all reduce, the {@code root} of its partial result; optional {@code topology}, {@code cc}, {@code ports} and
 * {@code switching} name what it is for. Steps are numbered from 1 in the file and from 0 in {@link ScheduleValidator.Item}.
 *
 * @param names what the file says it is for (topology, cc, ports, switching), those it names
 */
public record ScheduleFile(int steps, List<ScheduleValidator.Item> items, Map<String, String> names) {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** A JSON integer that fits an int: 1.5 and "1" are not one (Jackson's canConvertToInt takes 1.5 as 1). */
    private static boolean whole(com.fasterxml.jackson.databind.JsonNode n) {
        return n.isIntegralNumber() && n.canConvertToInt();
    }
    private static final String EXPECTED = "the output of 'ccopt schedule --json'";
    private static final String[] NAMED = {"topology", "cc", "ports", "switching"};

    /**
     * Reads a schedule file exactly: every transfer field present and an integer, or one line naming the file and
     * the transfer. {@code roots}: every transfer must name its root (an AAR's file).
     */
    public static ScheduleFile read(Path file, boolean roots) {
        JsonNode j;
        try {
            j = MAPPER.readTree(InputFiles.read(file, "schedule file", "the JSON of 'ccopt schedule --json'"));
        } catch (IOException e) {
            throw new InvalidInputException("schedule file " + file + " is not JSON" + InputFiles.where(e) + "; expected "
                    + EXPECTED);
        }
        if (j == null || !whole(j.path("steps")) || !j.path("transfers").isArray()) {
            throw new InvalidInputException("schedule file " + file + " has no integer \"steps\" and \"transfers\" list; "
                    + "expected " + EXPECTED);
        }
        Map<String, String> names = new LinkedHashMap<>();
        for (String f : NAMED) {
            if (j.hasNonNull(f)) {
                names.put(f, j.get(f).asText());
            }
        }
        List<ScheduleValidator.Item> items = new ArrayList<>();
        int k = 0;
        for (JsonNode x : j.get("transfers")) {
            k++;
            String where = "transfer " + k + " of " + file;
            for (String f : new String[] {"src", "dst", "step", "from"}) {
                if (!whole(x.path(f))) {
                    throw new InvalidInputException(where + " has no integer \"" + f + "\"; expected {src, dst, step, path, from}");
                }
            }
            if (!x.path("path").isArray() || x.get("path").isEmpty()) {
                throw new InvalidInputException(where + " has no \"path\" of node ids; expected {src, dst, step, path, from}");
            }
            int[] path = new int[x.get("path").size()];
            for (int i = 0; i < path.length; i++) {
                if (!whole(x.get("path").get(i))) {
                    throw new InvalidInputException(where + " has a path entry that is not a node id");
                }
                path[i] = x.get("path").get(i).asInt();
            }
            int root = -1;
            if (x.has("root") || roots) {
                if (!whole(x.path("root"))) {
                    throw new InvalidInputException(where + " has no integer \"root\"; expected the root of each partial "
                            + "result of an AAR, {src, dst, step, path, from, root}");
                }
                root = x.get("root").asInt();
            }
            items.add(new ScheduleValidator.Item(x.get("src").asInt(), x.get("dst").asInt(), x.get("from").asInt(),
                    x.get("step").asInt() - 1, path, root));
        }
        return new ScheduleFile(j.get("steps").asInt(), List.copyOf(items), Map.copyOf(names));
    }

    /** Refuses a file that names another topology, collective, ports or switching than {@code file} is checked for. */
    public void requireFor(Path file, Topology t, Collective c, PortModel ports, Switching sw) {
        Map<String, String> given = Map.of("topology", t.spec(), "cc", c.kind().name(), "ports", ports.toString(),
                "switching", sw.label());
        for (String f : NAMED) {
            String named = names.get(f);
            if (named != null && !named.equals(given.get(f))) {
                throw new InvalidInputException("schedule file " + file + " is for "
                        + (known(f, named) ? f + " " + named : "a " + f + " ccopt does not know (not repeated here)")
                        + ", the options give "
                        + given.get(f) + "; expected the same " + f);
            }
        }
    }

    /** Whether {@code value} is a {@code field} ccopt knows, and so may be named back (a file's other text never is). */
    private static boolean known(String field, String value) {
        try {
            switch (field) {
                case "topology" -> TopologySpec.parse(value);
                case "cc" -> CollectiveKind.valueOf(value);
                case "ports" -> {
                    if (!PortModel.parse(value.replace("-port", "")).toString().equals(value)) {
                        return false;
                    }
                }
                default -> {
                    if (!Switching.parse(value).label().equals(value)) {
                        return false;
                    }
                }
            }
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /**
     * Checks the file's transfers against a request ({@link ScheduleValidator}, which recomputes every route, step,
     * port and holder from the topology), independently of how the file was made.
     */
    public ScheduleValidator.Report check(Topology t, Collective c, PortModel ports, Switching sw, int extraHops) {
        return ScheduleValidator.check(t, c, null, ports, sw, extraHops, steps, items);
    }

    /** The transfers as the file lists them: steps from 1, the root only where there is one. */
    public static List<Map<String, Object>> transfers(List<ScheduleValidator.Item> items) {
        List<Map<String, Object>> list = new ArrayList<>(items.size());
        for (ScheduleValidator.Item it : items) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("src", it.sender());
            m.put("dst", it.dst());
            m.put("step", it.step() + 1);
            m.put("path", it.path());
            m.put("from", it.from());
            if (it.root() >= 0) {
                m.put("root", it.root());
            }
            list.add(m);
        }
        return list;
    }

    /**
     * A search's outcome as a schedule file ({@code ccopt schedule --json}): what it is for, its steps against the
     * lower bound, how it was found and checked, the time model's seconds when one is given, and its transfers.
     */
    public static Map<String, Object> of(ScheduleJob.Outcome v, TimeModel timeModel) {
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("topology", v.topology());
        j.put("cc", v.cc());
        j.put("ports", v.ports());
        j.put("switching", v.switching());
        j.put("steps", v.steps());
        j.put("lowerBound", v.lowerBound());
        j.put("lowerBoundArgument", v.boundArgument());
        j.put("gap", v.found() ? v.steps() - v.lowerBound() : null);
        j.put("provenLowerBound", v.provenLowerBound());
        j.put("status", v.status());
        j.put("solver", v.solver());
        j.put("validated", v.valid());
        j.put("seconds", v.seconds());
        j.put("evaluations", v.evaluations());
        j.put("log", v.log());
        if (timeModel != null && v.found()) {
            Map<String, Object> tm = new LinkedHashMap<>();
            tm.put("ts", timeModel.ts());
            tm.put("t1", timeModel.t1());
            tm.put("bytes", timeModel.bytes());
            tm.put("seconds", timeModel.seconds(v.steps()));
            j.put("timeModel", tm);
        }
        j.put("transfers", transfers(v.items()));
        return j;
    }

    /** Whether a collective's file must name a root per transfer. */
    public static boolean needsRoots(Collective c) {
        return c.kind() == CollectiveKind.AAR;
    }
}
