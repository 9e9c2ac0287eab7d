package org.ccopt.util;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A resumable snapshot of a long run: the command-line arguments that define it, the library request that defines it
 * (a record of the job's inputs, so that a Java caller resumes without the command line; null in checkpoints of
 * commands that have no request yet) and the optimizer's state after a whole
 * generation (the node-mapping GA's, Cup-Stacking's), written atomically with a checksum ({@link JsonSnapshot});
 * resuming continues to the same result as an uninterrupted run, since the optimizers' random streams depend only on
 * seed, generation and slot. The state's class names the snapshot, so one optimizer's checkpoint is refused by another.
 */
public record Checkpoint<S>(List<String> arguments, S state, Object request) {

    public static final String FILE = "checkpoint.json";

    /** A checkpoint of a run that records no request. */
    public Checkpoint(List<String> arguments, S state) {
        this(arguments, state, null);
    }

    /** The recorded request as {@code type}, or null where none was recorded. */
    public <R> R request(Class<R> type) {
        return request == null ? null : JsonSnapshot.convert(request, type);
    }

    public void write(Path dir) throws IOException {
        JsonSnapshot.write(dir, FILE, this, state.getClass().getName());
    }

    /** Whether the checkpoint in {@code dir} holds a state of {@code stateType} (false also when there is none). */
    public static boolean holds(Path dir, Class<?> stateType) {
        return stateType.getName().equals(JsonSnapshot.typeName(dir, FILE));
    }

    /** Refuses, with one line, a state read back that does not fit the run resuming it ({@code why} says how). */
    public static void requireFits(boolean ok, String why) {
        if (!ok) {
            throw new org.ccopt.InvalidInputException("the checkpoint does not fit this run: " + why);
        }
    }

    /**
     * Refuses a state whose recorded seed is not the run's: the seed decides every random stream, so a checkpoint's
     * arguments edited to another seed would continue a run that no seed describes. A state written before states
     * recorded their seed (null) is taken as its arguments give it.
     */
    public static void requireSeed(Long recorded, long seed) {
        requireFits(recorded == null || recorded == seed, "it was written by a run of seed " + recorded + ", not " + seed);
    }

    public static <S> Checkpoint<S> read(Path dir, Class<S> stateType) {
        return JsonSnapshot.read(dir, FILE, JsonSnapshot.type(Checkpoint.class, stateType), stateType.getName());
    }
}
