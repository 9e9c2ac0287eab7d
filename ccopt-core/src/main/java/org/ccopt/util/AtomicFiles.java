package org.ccopt.util;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.ConcurrentHashMap;
import org.ccopt.InvalidInputException;

/**
 * The one rule by which ccopt writes a file the user named (results, pictures, checkpoints):
 * <ul>
 *   <li>a symbolic link is followed (to any depth), and the rule applies to what it points to, so the link stays;
 *       but never out of an output directory this command holds ({@link OutputLock}): a link planted there is refused;</li>
 *   <li>an absent file is created and a regular file replaced, both through a temporary sibling moved into place, so
 *       a reader never sees half a file, even after a crash or Ctrl-C;</li>
 *   <li>a FIFO, a device or another file that is not regular is written through in place, never replaced
 *       ({@code --out /dev/null} discards, a FIFO's reader receives the text);</li>
 *   <li>a directory is refused;</li>
 *   <li>a directory another process's run has locked ({@link OutputLock}) is refused.</li>
 * </ul>
 * A thread that runs on behalf of an experiment confines its writes with {@link #confined}: a file whose real path
 * (every link resolved) lies outside the root is refused before anything is written.
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
        Path target = target(file);
        checkConfined(target, file);
        OutputLock.requireInsideHeld(file, target); // no link planted in a run's directory leads out of it
        if (target.getParent() != null) {
            OutputLock.requireNotHeldElsewhere(target.getParent()); // another process's run writes there
        }
        boolean special = Files.exists(target) && !Files.isRegularFile(target);
        if (special && Files.isDirectory(target)) {
            throw new FileSystemException(file.toString(), null, "is a directory; expected a file name");
        }
        Path tmp = special ? Files.createTempFile(".ccopt-", suffix) : temporarySibling(target, suffix);
        try {
            writer.write(tmp);
            if (special) {
                try (OutputStream o = Files.newOutputStream(target, StandardOpenOption.WRITE)) {
                    Files.copy(tmp, o);
                }
                Files.delete(tmp);
            } else {
                publish(tmp, target);
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp); // no temporary file stays behind a failed write
            throw e;
        }
    }

    /** Symbolic links followed before a write gives up (as Linux's ELOOP does). */
    private static final int MAX_LINKS = 40;

    /**
     * The file a write to {@code file} lands in: its directory's real path (when the directory exists) and its name,
     * with every symbolic link the name is followed to its end (a dangling link's target is created).
     */
    static Path target(Path file) throws IOException {
        Path p = file.toAbsolutePath().normalize();
        for (int links = 0; ; links++) {
            Path dir = p.getParent();
            if (dir != null && Files.isDirectory(dir)) {
                p = dir.toRealPath().resolve(p.getFileName());
            }
            if (!Files.isSymbolicLink(p)) {
                return p;
            }
            if (links == MAX_LINKS) {
                throw new FileSystemException(file.toString(), null, "too many levels of symbolic links");
            }
            p = p.resolveSibling(Files.readSymbolicLink(p)).normalize();
        }
    }

    /** The root the current thread's writes are confined to (its real path), or null. */
    private static final ThreadLocal<Path> ROOT = new ThreadLocal<>();

    /**
     * Runs {@code action} with every write of this thread confined to {@code root}: one whose real path lies outside it
     * is refused with an {@link InvalidInputException} before anything is written (for the runs of an experiment,
     * which must write inside its output directory only).
     */
    public static <T> T confined(Path root, java.util.function.Supplier<T> action) throws IOException {
        Path previous = ROOT.get();
        Files.createDirectories(root);
        ROOT.set(root.toRealPath());
        try {
            return action.get();
        } finally {
            ROOT.set(previous);
        }
    }

    /** Whether this thread's writes are confined ({@link #confined}): it runs on behalf of an experiment. */
    public static boolean isConfined() {
        return ROOT.get() != null;
    }

    /**
     * Refuses, with one line, a path whose real location (every symbolic link of its existing part resolved) is not
     * under {@code root}: {@code what} names it in the message.
     */
    public static void requireUnder(Path root, Path path, String what) throws IOException {
        Path real = realLocation(path);
        Path realRoot = realLocation(root);
        if (!real.startsWith(realRoot)) {
            throw new InvalidInputException(what + " '" + path + "' resolves to " + real + ", outside the output "
                    + "directory " + realRoot + "; expected a path inside it (symbolic links included)");
        }
    }

    private static void checkConfined(Path target, Path named) throws IOException {
        Path root = ROOT.get();
        if (root != null && !realLocation(target).startsWith(root)) {
            throw new InvalidInputException("the output '" + named + "' resolves to " + realLocation(target)
                    + ", outside the output directory " + root + "; expected a path inside it");
        }
    }

    /** The real path of the longest existing part of {@code path} (links resolved), with the rest appended. */
    private static Path realLocation(Path path) throws IOException {
        Path p = target(path);
        Path existing = p;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        return existing == null ? p : existing.toRealPath().resolve(existing.relativize(p)).normalize();
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
