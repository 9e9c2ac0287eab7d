package org.ccopt.util;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.ccopt.InvalidInputException;

/**
 * An exclusive lock on an output directory, held while a run writes there, so that two runs cannot interleave their
 * results in one directory: the second gets one line instead. The lock is the operating system's ({@link
 * FileChannel#tryLock}) on the file {@value #FILE}; it goes with the process that holds it, so a crashed or killed run
 * never blocks the resume that follows it. The lock file is never a symbolic link: one in its place is refused.
 */
public final class OutputLock implements AutoCloseable {

    /** The lock file inside a locked directory (left in place: removing it would race with the next holder). */
    public static final String FILE = ".ccopt.lock";

    /**
     * The directories this process holds locked (real paths). A lock is the process's, and closing any channel of its
     * file releases it (POSIX record locks), so {@link #requireNotHeldElsewhere} must never open the file of one.
     */
    private static final java.util.Set<Path> HELD = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private final FileChannel channel;
    private final FileLock lock;
    private final Path dir;

    private OutputLock(FileChannel channel, FileLock lock, Path dir) {
        this.channel = channel;
        this.lock = lock;
        this.dir = dir;
    }

    /**
     * Locks {@code dir} (created if needed) for this run.
     *
     * @throws InvalidInputException one line, when another run (in this or another process) holds it
     */
    public static OutputLock acquire(Path dir) throws IOException {
        Files.createDirectories(dir);
        if (Files.isSymbolicLink(dir.resolve(FILE))) {
            throw new InvalidInputException("output directory '" + dir + "' holds " + FILE + " as a symbolic link; expected "
                    + "a regular file or none (remove the link)");
        }
        // never through a link planted after the check: opening one fails instead of writing where it points
        FileChannel channel = FileChannel.open(dir.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                java.nio.file.LinkOption.NOFOLLOW_LINKS);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null; // this JVM holds it already
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        if (lock == null) {
            channel.close();
            throw new InvalidInputException("output directory '" + dir + "' is in use by another ccopt run (it holds "
                    + FILE + "); wait for that run to end, or choose another output directory");
        }
        Path real = dir.toRealPath();
        HELD.add(real);
        return new OutputLock(channel, lock, real);
    }

    /**
     * Refuses, in one line, a write into {@code dir} while another process's run holds its lock (a command that writes
     * one file, such as an export or a report, into a run's directory while that run writes there). A lock this process
     * holds is its own run's, whose files it writes; a directory without the lock file, or whose lock is free, is open.
     */
    public static void requireNotHeldElsewhere(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS) || HELD.contains(dir.toRealPath())) {
            return; // no run has written there, or this process's own run writes there
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                return; // this process's own run, between its lock and its record in HELD
            }
            if (lock == null) {
                throw new InvalidInputException("output directory '" + dir + "' is in use by another ccopt run (it holds "
                        + FILE + "); wait for that run to end, or write elsewhere");
            }
            lock.release();
        }
    }

    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            HELD.remove(dir);
            channel.close();
        }
    }
}
