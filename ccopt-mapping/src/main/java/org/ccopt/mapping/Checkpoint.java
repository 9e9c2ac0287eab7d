package org.ccopt.mapping;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.ccopt.InvalidInputException;

/**
 * A resumable snapshot of a node-mapping run: the command-line arguments that define it and the GA {@link NodeMappingGa.State}
 * after a whole generation. Written to a temporary file and moved into place, so a crash never leaves half a
 * checkpoint; resuming continues to the same result as an uninterrupted run (the GA's random streams depend only
 * on seed, generation and slot).
 */
public record Checkpoint(List<String> arguments, NodeMappingGa.State state) {

    public static final String FILE = "checkpoint.json";
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    public void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, ".checkpoint-", ".tmp");
        MAPPER.writeValue(tmp.toFile(), this);
        Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    public static Checkpoint read(Path dir) {
        Path file = dir.resolve(FILE);
        try {
            return MAPPER.readValue(file.toFile(), Checkpoint.class);
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            throw new InvalidInputException("no checkpoint in '" + dir + "'; expected " + file + " from an earlier --out run");
        } catch (IOException e) {
            throw new InvalidInputException("checkpoint '" + file + "' is unreadable: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }
}
