package org.ccopt.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One run's result row: the runner's columns ({@code run}, {@code key}, {@code status}, {@code wallSeconds}, and
 * {@code exit} and {@code error} when it failed), the run's parameters, and the scalars of the command's JSON (nested
 * objects as dotted names). Stored as one JSON object per line in {@code results.jsonl}.
 */
public final class Row {

    /** Whether the command succeeded. */
    public enum Status {
        OK, FAILED;

        /** The status's text in a row ({@code ok}, {@code failed}). */
        public String text() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Columns of the runner itself; a command's field of the same name is kept as {@code result.NAME}. */
    public static final Set<String> RUNNER_COLUMNS = Set.of("run", "key", "wallSeconds", "status", "exit", "error");

    static final ObjectMapper MAPPER = new ObjectMapper();

    private final ObjectNode json;

    Row(ObjectNode json) {
        this.json = json;
    }

    /** Parses one line of {@code results.jsonl}. */
    public static Row parse(String line) {
        try {
            JsonNode node = MAPPER.readTree(line);
            if (!(node instanceof ObjectNode o)) {
                throw new IOException("not a JSON object");
            }
            return new Row(o);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int run() {
        return json.path("run").asInt();
    }

    /** The run's identity ({@link Experiment.Run#key()}). */
    public String key() {
        return json.path("key").asText();
    }

    public Status status() {
        return "ok".equals(json.path("status").asText()) ? Status.OK : Status.FAILED;
    }

    public boolean ok() {
        return status() == Status.OK;
    }

    /** The command's exit status; {@link Commands#OK} for an ok row. */
    public int exit() {
        return ok() ? Commands.OK : json.path("exit").asInt(Commands.INTERNAL_ERROR);
    }

    public String error() {
        return json.path("error").asText("");
    }

    /** A column's value, or null when the row has none. */
    /** The run's parameters, as the experiment gave them: every column but the runner's and a result's. */
    public Map<String, String> parameters() {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        json.fields().forEachRemaining(e -> {
            if (!RUNNER_COLUMNS.contains(e.getKey()) && e.getValue().isTextual()) {
                out.put(e.getKey(), e.getValue().asText());
            }
        });
        return out;
    }

    public JsonNode get(String column) {
        return json.get(column);
    }

    public boolean has(String column) {
        return json.has(column);
    }

    public List<String> columns() {
        List<String> names = new ArrayList<>();
        json.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** The row as stored (not a copy). */
    public ObjectNode json() {
        return json;
    }

    /** The row as one line of JSON (no line break). */
    public String line() {
        try {
            return MAPPER.writeValueAsString(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The row as plain Java values in column order (String, Boolean, the numbers as Jackson typed them, null), for
     * moving a row between JVMs (a Spark task to its driver) without writing it as text and parsing it again;
     * {@link #of} rebuilds it, equal column for column.
     */
    public java.util.LinkedHashMap<String, Object> values() {
        java.util.LinkedHashMap<String, Object> values = new java.util.LinkedHashMap<>();
        json.fields().forEachRemaining(f -> values.put(f.getKey(), value(f.getValue())));
        return values;
    }

    private static Object value(JsonNode v) {
        if (v.isNumber()) {
            return v.numberValue();
        }
        if (v.isBoolean()) {
            return v.booleanValue();
        }
        if (v.isTextual()) {
            return v.textValue();
        }
        if (v.isNull()) {
            return null;
        }
        throw new IllegalStateException("a row holds scalars only; found " + v.getNodeType());
    }

    /** The row of {@link #values()}. */
    public static Row of(Map<String, ?> values) {
        ObjectNode json = MAPPER.createObjectNode();
        values.forEach((name, v) -> json.set(name, node(v)));
        return new Row(json);
    }

    private static JsonNode node(Object v) {
        var f = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
        if (v == null) {
            return f.nullNode();
        }
        if (v instanceof String s) {
            return f.textNode(s);
        }
        if (v instanceof Boolean b) {
            return f.booleanNode(b);
        }
        if (v instanceof Integer i) {
            return f.numberNode(i);
        }
        if (v instanceof Long l) {
            return f.numberNode(l);
        }
        if (v instanceof Double d) {
            return f.numberNode(d);
        }
        if (v instanceof Float x) {
            return f.numberNode(x);
        }
        if (v instanceof Short x) {
            return f.numberNode(x);
        }
        if (v instanceof java.math.BigInteger x) {
            return f.numberNode(x);
        }
        if (v instanceof java.math.BigDecimal x) {
            return f.numberNode(x);
        }
        throw new IllegalArgumentException("not a row value: " + v.getClass().getName());
    }

    /** Whether the row came from {@code ccopt run}: it has the runner's key and status. */
    boolean isRunRow() {
        return json.has("key") && json.has("status");
    }
}
