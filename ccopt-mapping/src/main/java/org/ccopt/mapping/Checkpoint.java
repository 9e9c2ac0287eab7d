package org.ccopt.mapping;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.ccopt.util.JsonSnapshot;

/**
 * A resumable snapshot of a node-mapping run: the command-line arguments that define it and the GA {@link NodeMappingGa.State}
 * after a whole generation, written atomically ({@link JsonSnapshot}); resuming continues to the same result as an
 * uninterrupted run (the GA's random streams depend only on seed, generation and slot).
 */
public record Checkpoint(List<String> arguments, NodeMappingGa.State state) {

    public static final String FILE = "checkpoint.json";

    public void write(Path dir) throws IOException {
        JsonSnapshot.write(dir, FILE, this);
    }

    public static Checkpoint read(Path dir) {
        return JsonSnapshot.read(dir, FILE, Checkpoint.class);
    }
}
