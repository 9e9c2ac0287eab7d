package org.ccopt.util;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Result files and checkpoints are written to a temporary sibling and moved into place, so a reader never sees half
 * a file, even after a crash or Ctrl-C.
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    public static void writeAtomically(Path file, String text) throws IOException {
        writeAtomically(file, w -> w.write(text));
    }

    /** Writes text as it is produced (no whole copy in memory), to a temporary sibling moved into place at the end. */
    public static void writeAtomically(Path file, TextWriter writer) throws IOException {
        writeFileAtomically(file, ".tmp", tmp -> {
            try (java.io.Writer w = Files.newBufferedWriter(tmp)) {
                writer.write(w);
            }
        });
    }

    /**
     * Lets {@code writer} write a temporary sibling of {@code file} (named with {@code suffix}, for writers that look
     * at the extension), then moves it into place; on any failure the temporary file is removed.
     */
    public static void writeFileAtomically(Path file, String suffix, FileWriter writer) throws IOException {
        Path tmp = temporarySibling(file, suffix);
        try {
            writer.write(tmp);
            publish(tmp, file);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp); // no temporary file stays behind a failed write
            throw e;
        }
    }

    /** Produces a file's text. */
    @FunctionalInterface
    public interface TextWriter {
        void write(java.io.Writer out) throws IOException;
    }

    /** Writes a whole file at a given path. */
    @FunctionalInterface
    public interface FileWriter {
        void write(Path tmp) throws IOException;
    }

    /** A temporary file in {@code file}'s directory (created if needed). */
    private static Path temporarySibling(Path file, String suffix) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        if (CLEANED.add(dir)) {
            removeStale(dir);
        }
        return Files.createTempFile(dir, ".ccopt-", suffix);
    }

    /** Directories already cleared of stale temporary files by this process. */
    private static final java.util.Set<Path> CLEANED = ConcurrentHashMap.newKeySet();

    /** A temporary file older than this was left by an interrupted write (a write takes milliseconds). */
    static final long STALE_MILLIS = 60_000;

    /**
     * Removes the temporary files ({@code .ccopt-*}) an interrupted write left in {@code dir}: those older than a
     * minute, so that a write of another process in progress is never touched.
     */
    static void removeStale(Path dir) throws IOException {
        long before = System.currentTimeMillis() - STALE_MILLIS;
        try (DirectoryStream<Path> tmp = Files.newDirectoryStream(dir, ".ccopt-*")) {
            for (Path p : tmp) {
                if (Files.isRegularFile(p) && Files.getLastModifiedTime(p).toMillis() < before) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /** Moves a finished temporary file into place, readable by others like any file the user writes (rw-r--r--). */
    private static void publish(Path tmp, Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: keep its defaults
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
