package org.ccopt.cupstack;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.ccopt.util.JsonSnapshot;

/**
 * A resumable snapshot of a Cup-Stacking run: the command-line arguments that define it and the GA state after a
 * whole generation, written atomically; resuming reaches the same final result as an uninterrupted run.
 */
public record Checkpoint(List<String> arguments, CupStackGa.State state) {

    public static final String FILE = "checkpoint.json";

    public void write(Path dir) throws IOException {
        JsonSnapshot.write(dir, FILE, this);
    }

    public static Checkpoint read(Path dir) {
        return JsonSnapshot.read(dir, FILE, Checkpoint.class);
    }
}
