package org.ccopt.util;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import org.ccopt.InvalidInputException;

/**
 * Checkpoints of long runs as JSON: written to a temporary file in the same directory and moved into place, so a
 * crash or Ctrl-C never leaves half a snapshot; read back with one clear error line when missing, unreadable or
 * damaged.
 *
 * <p>A snapshot is an envelope {@code {"format": "ccopt-checkpoint", "version": 2, "type": ..., "hmac": ...,
 * "state": {...}}}: the state's JSON is signed with the user's key ({@link CheckpointKey}, HMAC-SHA256) and the
 * signature checked on reading, so a file edited (even with a checksum recomputed), truncated or corrupted is refused
 * instead of resumed; a checkpoint of another user, or of another machine with its own key, is refused too unless they
 * share the key. The caller checks the state's own invariants.
 */
public final class JsonSnapshot {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true)
            .configure(DeserializationFeature.ACCEPT_FLOAT_AS_INT, false);

    private static final String FORMAT = "ccopt-checkpoint";
    private static final int VERSION = 2;

    private JsonSnapshot() {
    }

    public static void write(Path dir, String file, Object value) throws IOException {
        write(dir, file, value, value.getClass().getName());
    }

    /** Writes {@code value} under the type name {@code type} (what {@link #read} expects back). */
    public static void write(Path dir, String file, Object value, String type) throws IOException {
        JsonNode state = MAPPER.valueToTree(value);
        ObjectNode envelope = MAPPER.createObjectNode();
        envelope.put("format", FORMAT);
        envelope.put("version", VERSION);
        envelope.put("type", type);
        envelope.put("hmac", signature(state));
        envelope.set("state", state);
        Path target = dir.resolve(file);
        AtomicFiles.writeFileAtomically(target, ".tmp", tmp -> MAPPER.writeValue(tmp.toFile(), envelope));
    }

    public static <T> T read(Path dir, String file, Class<T> type) {
        return read(dir, file, MAPPER.constructType(type), type.getName());
    }

    /**
     * {@code value} (a tree read back as maps and lists, or a record) as {@code type}, with the snapshots' strictness;
     * one line where it does not fit.
     */
    public static <T> T convert(Object value, Class<T> type) {
        try {
            return MAPPER.convertValue(value, type);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("the checkpoint's recorded " + type.getSimpleName() + " does not read back: "
                    + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /** A generic type for {@link #read(Path, String, JavaType, String)}: {@code raw<parameter>}. */
    public static JavaType type(Class<?> raw, Class<?> parameter) {
        return MAPPER.getTypeFactory().constructParametricType(raw, parameter);
    }

    /**
     * The type name a snapshot was written under, or "" when the file is missing or not a snapshot ({@link #read}
     * then says why): for readers that accept one of several state types.
     */
    public static String typeName(Path dir, String file) {
        Path path = dir.resolve(file);
        if (!java.nio.file.Files.isRegularFile(path)) {
            return "";
        }
        try {
            JsonNode envelope = MAPPER.readTree(path.toFile());
            return envelope == null ? "" : envelope.path("type").asText();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** Reads a snapshot written under the type name {@code typeName} as a value of {@code type}. */
    public static <T> T read(Path dir, String file, JavaType type, String typeName) {
        Path path = dir.resolve(file);
        String text = InputFiles.read(path, "checkpoint", "the " + file + " an earlier run wrote to its output directory");
        JsonNode envelope;
        try {
            envelope = MAPPER.readTree(text);
        } catch (IOException e) {
            throw new InvalidInputException("checkpoint '" + path + "' is unreadable" + InputFiles.where(e)
                    + "; expected the checkpoint.json a run writes");
        }
        if (envelope == null || !FORMAT.equals(envelope.path("format").asText())) {
            throw new InvalidInputException("'" + path + "' is not a ccopt checkpoint (or one from before version "
                    + VERSION + "); expected the checkpoint.json a run writes to its output directory");
        }
        if (envelope.path("version").asInt() != VERSION || !typeName.equals(envelope.path("type").asText())) {
            // what the file records is not quoted: it may be anything
            throw new InvalidInputException("checkpoint '" + path + "' holds another search's state or another "
                    + "version's (its type or version differs); this command resumes version " + VERSION + " of its own");
        }
        JsonNode state = envelope.get("state");
        if (state == null || !state.isObject() || !MessageDigest.isEqual(signature(state).getBytes(StandardCharsets.US_ASCII),
                envelope.path("hmac").asText().getBytes(StandardCharsets.US_ASCII))) {
            throw new InvalidInputException("checkpoint '" + path + "' is damaged, edited or signed with another key (its "
                    + "signature does not match the key " + CheckpointKey.file() + "); start the run again, or resume it "
                    + "with the key of the user who wrote it (CCOPT_HOME)");
        }
        try {
            return MAPPER.readerFor(type).readValue(state);
        } catch (IOException | IllegalArgumentException e) {
            throw new InvalidInputException("checkpoint '" + path + "' holds a state ccopt cannot read" + InputFiles.where(e)
                    + "; expected the state this command writes");
        }
    }

    private static String signature(JsonNode node) {
        try {
            return CheckpointKey.sign(MAPPER.writeValueAsBytes(node));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
