package org.ccopt.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.MessageDigest;
import java.util.HexFormat;

/** Checkpoints edited by hand and signed again, so that only a check of their meaning can catch them. */
final class EditedCheckpoint {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private EditedCheckpoint() {
    }

    /** The checkpoint text with its SHA-256 recomputed over its (edited) state. */
    static String resign(String text) {
        try {
            ObjectNode envelope = (ObjectNode) MAPPER.readTree(text);
            envelope.put("sha256", HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(MAPPER.writeValueAsBytes(envelope.get("state")))));
            return MAPPER.writeValueAsString(envelope);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
