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

    private final FileChannel channel;
    private final FileLock lock;

    private OutputLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
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
        return new OutputLock(channel, lock);
    }

    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            channel.close();
        }
    }
}
