package org.ccopt.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import java.io.PrintWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.ccopt.experiments.Provenance;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The one JSON writer of the CLI: ordered maps in, one pretty-printed object out. Maps, lists, arrays, strings,
 * numbers, booleans and enums (and collections and arrays of them) are written by Jackson's streaming generator with its default pretty printer, so the
 * text is what Jackson's {@code ObjectMapper} with {@code INDENT_OUTPUT} writes; any other value is handed to that
 * mapper, which is built only then: building it costs a short command about 0.4 CPU-s (docs/decisions/startup.md). The same
 * generator writes a command's result into a tree when the experiment engine runs the command ({@link #capturing}), so
 * that a result is never printed and parsed back.
 */
final class Json {

    private static final JsonFactory FACTORY = new JsonFactory();

    private Json() {
    }

    /** The data-binding mapper, built on first use. */
    private static final class Mapper {
        static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    static String write(Object value) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.setPrettyPrinter(new DefaultPrettyPrinter());
            write(g, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static void write(JsonGenerator g, Object v) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            g.writeNumber(((Number) v).intValue());
        } else if (v instanceof Long l) {
            g.writeNumber(l);
        } else if (v instanceof Double d) {
            g.writeNumber(d);
        } else if (v instanceof Float f) {
            g.writeNumber(f);
        } else if (v instanceof BigInteger b) {
            g.writeNumber(b);
        } else if (v instanceof BigDecimal b) {
            g.writeNumber(b);
        } else if (v instanceof Enum<?> e) {
            g.writeString(e.name());
        } else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                write(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof java.util.Collection<?> items) { // not any Iterable: a Path or a JSON tree is one
            g.writeStartArray();
            for (Object x : items) {
                write(g, x);
            }
            g.writeEndArray();
        } else if (v.getClass().isArray() && !(v instanceof char[])) {
            g.writeStartArray();
            for (int i = 0, n = Array.getLength(v); i < n; i++) {
                write(g, Array.get(v, i));
            }
            g.writeEndArray();
        } else {
            Mapper.MAPPER.writeValue(g, v); // records, JSON trees and other beans, as Jackson writes them
        }
    }

    /**
     * The result of a command that {@link CliCommands} runs for the experiment engine, one slot per thread: set while
     * such a command runs, null otherwise.
     */
    private static final ThreadLocal<JsonNode[]> CAPTURED = new ThreadLocal<>();

    /**
     * Runs {@code body} (a command) with its {@link #print printed} result handed back as a tree instead of printed,
     * and returns that tree, or null where the command printed no result.
     */
    static JsonNode capturing(Runnable body) {
        JsonNode[] slot = new JsonNode[1];
        CAPTURED.set(slot);
        try {
            body.run();
        } finally {
            CAPTURED.remove();
        }
        return slot[0];
    }

    /**
     * Prints a command's {@code --json} result ({@link #result(CommandSpec, Object, boolean)}) to {@code out}; under
     * {@link #capturing} it is written by the same generator into a tree instead of text, and nothing is printed.
     */
    static void print(PrintWriter out, CommandSpec spec, Object value, boolean seeded) {
        JsonNode[] slot = CAPTURED.get();
        if (slot == null) {
            out.println(result(spec, value, seeded));
            return;
        }
        slot[0] = tree(withProvenance(spec, value, seeded));
    }

    /**
     * A result as a command hands it over under {@link #capturing}, with {@code seed} in its provenance (null: none),
     * for a library job that the engine runs without its command line ({@link CliCommands#execute(String, java.util.Map,
     * java.util.List)}).
     */
    static JsonNode result(Object value, String seed) {
        return tree(withProvenance(value, seed));
    }

    /** A value with its provenance as the tree the one JSON writer builds, numbers typed as parsing types them. */
    private static JsonNode tree(Object v) {
        if (v instanceof JsonNode tree) { // a record or bean, already a tree
            return asParsed(tree);
        }
        TokenBuffer buffer = new TokenBuffer(null, false);
        try {
            write(buffer, v);
            try (JsonParser p = buffer.asParser()) {
                return asParsed(Mapper.MAPPER.readTree(p));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@link #print(PrintWriter, CommandSpec, Object, boolean)} with the seed in the provenance. */
    static void print(PrintWriter out, CommandSpec spec, Object value) {
        print(out, spec, value, true);
    }

    /**
     * The tree with its numbers typed as reading its text would type them (an integer as int where it fits, else
     * long; a fraction as double), so that a captured result equals the parsed one.
     */
    private static JsonNode asParsed(JsonNode node) {
        if (node.isContainerNode()) {
            if (node instanceof ObjectNode o) {
                for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> f = it.next();
                    f.setValue(asParsed(f.getValue()));
                }
            } else if (node instanceof ArrayNode a) {
                for (int i = 0; i < a.size(); i++) {
                    a.set(i, asParsed(a.get(i)));
                }
            }
            return node;
        }
        if (node.isIntegralNumber()) {
            return node.canConvertToInt() ? IntNode.valueOf(node.intValue())
                    : node.canConvertToLong() ? LongNode.valueOf(node.longValue()) : node;
        }
        if (node.isNumber() && !node.isDouble()) {
            return DoubleNode.valueOf(Double.parseDouble(node.asText()));
        }
        return node;
    }

    /**
     * A command's {@code --json} result: the value with a last field {@code provenance} (ccopt version, commit, JDK,
     * and the seed when the command takes one), so that a result file says what made it.
     */
    static String result(CommandSpec spec, Object value) {
        return result(spec, value, true);
    }

    /** {@link #result(CommandSpec, Object)}, with the seed only when {@code seeded}: a check that draws nothing has none. */
    static String result(CommandSpec spec, Object value, boolean seeded) {
        return write(withProvenance(spec, value, seeded));
    }

    /** The value with its {@code provenance} field: a map, or a tree of any other value. */
    private static Object withProvenance(CommandSpec spec, Object value, boolean seeded) {
        OptionSpec seed = spec.optionsMap().get("--seed"); // a map lookup; findOption compares every option's names
        return withProvenance(value, seeded && seed != null && seed.getValue() != null
                ? String.valueOf((Object) seed.getValue()) : null);
    }

    /** The value with its {@code provenance} field, the seed in it where {@code seed} is not null. */
    private static Object withProvenance(Object value, String seed) {
        Map<String, Object> provenance = new LinkedHashMap<>(Provenance.current().asMap());
        if (seed != null) {
            provenance.put("seed", seed);
        }
        if (value instanceof Map<?, ?> m) {
            Map<Object, Object> out = new LinkedHashMap<>(m);
            out.put("provenance", provenance);
            return out;
        }
        JsonNode node = Mapper.MAPPER.valueToTree(value);
        if (node instanceof ObjectNode o) {
            o.set("provenance", Mapper.MAPPER.valueToTree(provenance));
        }
        return node;
    }
}
