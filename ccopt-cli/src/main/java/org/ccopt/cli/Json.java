package org.ccopt.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.ccopt.experiments.Provenance;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** The one JSON writer of the CLI: ordered maps in, one pretty-printed object out. */
final class Json {

    static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Json() {
    }

    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
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
        JsonNode node = MAPPER.valueToTree(value);
        if (node instanceof ObjectNode o) {
            ObjectNode p = o.putObject("provenance");
            Provenance.current().asMap().forEach(p::put);
            OptionSpec seed = spec.findOption("--seed");
            if (seeded && seed != null && seed.getValue() != null) {
                p.put("seed", String.valueOf((Object) seed.getValue()));
            }
        }
        return write(node);
    }
}
