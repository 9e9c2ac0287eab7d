package org.ccopt.util;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Result files and checkpoints are written to a temporary sibling and moved into place, so a reader never sees half
 * a file, even after a crash or Ctrl-C.
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    public static void writeAtomically(Path file, String text) throws IOException {
        Path tmp = temporarySibling(file, ".tmp");
        Files.writeString(tmp, text);
        publish(tmp, file);
    }

    /** A temporary file in {@code file}'s directory (created if needed). */
    public static Path temporarySibling(Path file, String suffix) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        return Files.createTempFile(dir, ".ccopt-", suffix);
    }

    /** Moves a finished temporary file into place, readable by others like any file the user writes (rw-r--r--). */
    public static void publish(Path tmp, Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: keep its defaults
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
