package org.ccopt.util;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.ccopt.InvalidInputException;

/**
 * Checkpoints of long runs as JSON: written to a temporary file in the same directory and moved into place, so a
 * crash or Ctrl-C never leaves half a snapshot; read back with one clear error line when missing or unreadable.
 */
public final class JsonSnapshot {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private JsonSnapshot() {
    }

    public static void write(Path dir, String file, Object value) throws IOException {
        Path target = dir.resolve(file);
        Path tmp = AtomicFiles.temporarySibling(target, ".tmp");
        MAPPER.writeValue(tmp.toFile(), value);
        AtomicFiles.publish(tmp, target);
    }

    public static <T> T read(Path dir, String file, Class<T> type) {
        Path path = dir.resolve(file);
        try {
            return MAPPER.readValue(path.toFile(), type);
        } catch (NoSuchFileException | FileNotFoundException e) {
            throw new InvalidInputException("no checkpoint in '" + dir + "'; expected " + path + " from an earlier --out run");
        } catch (IOException e) {
            throw new InvalidInputException("checkpoint '" + path + "' is unreadable: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }
}
