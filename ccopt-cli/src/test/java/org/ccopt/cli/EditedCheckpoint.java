package org.ccopt.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.ccopt.util.CheckpointKey;

/** Checkpoints edited by hand and signed again. */
final class EditedCheckpoint {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private EditedCheckpoint() {
    }

    /**
     * The checkpoint text signed again over its (edited) state with this user's key: an edit by the key's owner, which
     * only a check of the state's meaning can catch.
     */
    static String resign(String text) {
        try {
            ObjectNode envelope = (ObjectNode) MAPPER.readTree(text);
            envelope.put("hmac", CheckpointKey.sign(MAPPER.writeValueAsBytes(envelope.get("state"))));
            return MAPPER.writeValueAsString(envelope);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The checkpoint text with a SHA-256 of its (edited) state where the signature goes: what a forger can compute. */
    static String rehash(String text) {
        try {
            ObjectNode envelope = (ObjectNode) MAPPER.readTree(text);
            envelope.put("hmac", HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(MAPPER.writeValueAsBytes(envelope.get("state")))));
            return MAPPER.writeValueAsString(envelope);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
