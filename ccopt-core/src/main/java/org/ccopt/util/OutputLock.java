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
     * The directories this process holds locked (real paths), each with the command that holds it ({@link #command}). A
     * lock is the process's, and closing any channel of its file releases it (POSIX record locks), so
     * {@link #requireNotHeldElsewhere} must never open the file of one.
     */
    private static final java.util.Map<Path, Object> HELD = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The command this thread works for, where one JVM runs several (a daemon): a directory one of them holds is
     * another's to the rest. In a command's own JVM, every thread works for the one command.
     */
    private static final InheritableThreadLocal<Object> COMMAND = new InheritableThreadLocal<>();
    private static final Object ONLY = new Object();

    private static Object command() {
        Object c = COMMAND.get();
        return c == null ? ONLY : c;
    }

    /** Runs {@code body} as command {@code id}: the threads it starts work for it too. */
    public static int asCommand(Object id, java.util.function.IntSupplier body) {
        COMMAND.set(id);
        try {
            return body.getAsInt();
        } finally {
            COMMAND.remove();
        }
    }

    private final FileChannel channel;
    private final FileLock lock;
    private final Path dir;

    private OutputLock(FileChannel channel, FileLock lock, Path dir) {
        this.channel = channel;
        this.lock = lock;
        this.dir = dir;
    }

    /** Locks {@code dir} (created if needed) for this run, claiming it for no command ({@link #acquire(Path, String)}). */
    public static OutputLock acquire(Path dir) throws IOException {
        return acquire(dir, null);
    }

    /**
     * Locks {@code dir} (created if needed) for this run of {@code command}, which the lock file records: a directory
     * that records another command's run is refused, since the two would mix their files and checkpoints. A null
     * {@code command} (a report written into any run's directory) claims nothing and checks no claim.
     *
     * @throws InvalidInputException one line, when another run (in this or another process) holds it, or it holds
     *                               another command's run
     */
    public static OutputLock acquire(Path dir, String command) throws IOException {
        Files.createDirectories(dir);
        if (Files.isSymbolicLink(dir.resolve(FILE))) {
            throw new InvalidInputException("output directory '" + dir + "' holds " + FILE + " as a symbolic link; expected "
                    + "a regular file or none (remove the link)");
        }
        Path real = dir.toRealPath();
        // recorded first: from here on no thread of this process opens the file (closing that would release the lock)
        if (HELD.putIfAbsent(real, command()) != null) {
            throw inUse(dir);
        }
        boolean locked = false;
        // never through a link planted after the check: opening one fails instead of writing where it points
        FileChannel channel = null;
        try {
            channel = FileChannel.open(dir.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE, java.nio.file.LinkOption.NOFOLLOW_LINKS);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw inUse(dir);
            }
            claim(channel, dir, command);
            locked = true;
            return new OutputLock(channel, lock, real);
        } finally {
            if (!locked) {
                if (channel != null) {
                    channel.close();
                }
                HELD.remove(real);
            }
        }
    }

    private static InvalidInputException inUse(Path dir) {
        return new InvalidInputException("output directory '" + dir + "' is in use by another ccopt run (it holds "
                + FILE + "); wait for that run to end, or choose another output directory");
    }

    /** The most a claim takes: a command's name. */
    private static final int CLAIM_BYTES = 64;

    /** Records {@code command} in the locked file, or refuses a directory whose file records another. */
    private static void claim(FileChannel channel, Path dir, String command) throws IOException {
        if (command == null) {
            return;
        }
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(CLAIM_BYTES + 1);
        while (b.hasRemaining() && channel.read(b, b.position()) > 0) {
            // reads the claim, if any
        }
        String recorded = new String(b.array(), 0, b.position(), java.nio.charset.StandardCharsets.UTF_8).trim();
        if (recorded.isEmpty()) {
            channel.truncate(0);
            channel.write(java.nio.ByteBuffer.wrap((command + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8)), 0);
        } else if (!recorded.equals(command)) {
            // the file's text is named only where it is a command's name: never quote what else a file holds
            String whose = recorded.matches("[a-z][a-z-]{0,30}") ? "ccopt " + recorded : "another command";
            throw new InvalidInputException("output directory '" + dir + "' belongs to " + whose + " (its " + FILE
                    + " says so); ccopt " + command + " writes to a directory of its own: choose another output directory");
        }
    }

    /**
     * Refuses, in one line, a write through a symbolic link out of a directory this process's command holds: a link
     * planted in an output directory ({@code named}, as the command named the file) must not redirect what ccopt writes
     * there ({@code target}, every link resolved) to somewhere else.
     */
    public static void requireInsideHeld(Path named, Path target) throws IOException {
        if (HELD.isEmpty()) {
            return;
        }
        for (Path p = named.toAbsolutePath().normalize().getParent(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p)) {
                Path real = p.toRealPath();
                if (HELD.containsKey(real) && !target.startsWith(real)) {
                    throw new InvalidInputException("'" + named + "' leads through a symbolic link to " + target
                            + ", outside the output directory " + p + "; ccopt does not write through links in an output "
                            + "directory (remove the link)");
                }
            }
        }
    }

    /**
     * Refuses, in one line, a write into {@code dir} while another process's run holds its lock (a command that writes
     * one file, such as an export or a report, into a run's directory while that run writes there). A lock this process
     * holds is its own run's, whose files it writes; a directory without the lock file, or whose lock is free, is open.
     */
    public static void requireNotHeldElsewhere(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return; // no run has written there
        }
        Object owner = HELD.get(dir.toRealPath());
        if (owner != null) {
            if (owner == command()) {
                return; // this command's own run writes there
            }
            throw inUse(dir); // another command of this JVM (a daemon's)
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                return; // this process holds it (HELD records a directory before it is locked)
            }
            if (lock == null) {
                throw inUse(dir);
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
