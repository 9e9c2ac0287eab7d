package org.ccopt.cli;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.ccopt.util.OutputLock;

/**
 * A resident ccopt for the commands run from one directory ({@code ./ccopt daemon start}): one JVM, started and
 * compiled once, runs each command through {@link Main#run} as a fresh process would, so that a script of many short
 * commands pays the JVM's start, class loading and compilation once instead of per command (docs/speed.md).
 *
 * <p>Protocol, over a loopback TCP socket whose port and secret are in the state file (readable by its owner alone, in
 * a folder no one else may write in, both checked by the client before it trusts the file; the file's second line is
 * the served directory, which the client compares with its own, as the file's name is only a digest of it),
 * every field ending in a NUL byte; bash's {@code /dev/tcp} speaks it ({@code ccopt-cli/src/main/bash/daemon.bash}):
 * <ul>
 *   <li>{@code SECRET run JAVA DIR N ARG1..ARGN}: the daemon answers {@code ok ID} or {@code cold REASON} (another
 *   directory, another JDK, a jar rebuilt since it started: the launcher then runs the command in a JVM of its own);
 *   after {@code ok}, the command's standard output follows on this connection, raw, until it closes;</li>
 *   <li>{@code SECRET attach ID}, on a second connection, which starts the command: its standard error follows as
 *   frames {@code e TEXT}, then its exit code as {@code x CODE};</li>
 *   <li>{@code SECRET cancel ID}: Ctrl-C at the client, which reaches command ID alone ({@link #cancel}): its handlers
 *   run as its own JVM's shutdown hooks would (a search prints its best, a checkpointing run saves) and the client
 *   exits 130;</li>
 *   <li>{@code SECRET stop} (ends once no command runs) and {@code SECRET status}.</li>
 * </ul>
 * Commands run concurrently, each in a thread of its own with the JVM's stack size. Without a console, no command
 * shows a progress bar, as when its output is redirected. It ends by itself after {@code idle} without a command.
 */
public final class Daemon {

    private static final int HEADER_TIMEOUT_MS = 10_000;

    private final Path state;
    private final long idleNanos;
    private final String java;
    private final IntConsumer exit;
    private final String secret;
    private final String directory;
    private final Path jar;
    private final long jarStamp;
    private final ServerSocket server;
    /** The served directory's file key: a directory deleted and made again under its name is another one. */
    private final Object directoryKey;
    private final java.nio.file.DirectoryStream<Path> held;
    private final Map<String, CompletableFuture<Socket>> waiting = new ConcurrentHashMap<>();
    /** The commands that run now, by id: their Ctrl-C signal and connections. */
    private final Map<String, Command> commands = new ConcurrentHashMap<>();
    private final AtomicInteger running = new AtomicInteger();
    /** Commands whose client pressed Ctrl-C and that had no handler to stop them: they run on, unheard. */
    private final AtomicInteger abandoned = new AtomicInteger();
    /** Commands whose client attached its second connection: those that run now (status reports them). */
    private final AtomicInteger executing = new AtomicInteger();
    private final AtomicInteger served = new AtomicInteger();
    private final long started = System.currentTimeMillis();
    private volatile long lastActive = System.nanoTime();
    private volatile boolean stopping;

    /**
     * A daemon for the commands of directory {@code served} (the JVM's own, where relative paths resolve), listening on
     * a free loopback port, its state written to {@code state}; {@code java} names the JVM the launcher started it with,
     * {@code servedJar} the jar whose rebuild retires it (null: the one it runs from), {@code exit} ends the process (a
     * test passes its own).
     */
    Daemon(Path state, long idleSeconds, String java, Path servedJar, Path served, IntConsumer exit) throws IOException {
        this.state = state;
        this.idleNanos = TimeUnit.SECONDS.toNanos(idleSeconds);
        this.java = java;
        this.exit = exit;
        byte[] random = new byte[16];
        new SecureRandom().nextBytes(random);
        this.secret = HexFormat.of().formatHex(random);
        Path here = served.toAbsolutePath().toRealPath();
        this.directory = here.toString();
        this.directoryKey = Files.readAttributes(here, BasicFileAttributes.class).fileKey();
        // held open, as the JVM's working directory is: a directory made again under its name cannot reuse its inode
        this.held = Files.newDirectoryStream(here);
        Path code = servedJar != null ? servedJar : codeSource();
        this.jar = code != null && Files.isRegularFile(code) ? code : null;
        this.jarStamp = stamp(jar);
        Path folder = state.toAbsolutePath().getParent();
        if (!Files.isDirectory(folder)) {
            Files.createDirectories(folder, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        Path tmp = state.resolveSibling(state.getFileName() + "." + ProcessHandle.current().pid());
        Files.deleteIfExists(tmp);
        Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        String refusal = untrusted(folder, Files.getAttribute(tmp, "unix:uid"));
        if (refusal != null) {
            Files.deleteIfExists(tmp);
            throw new IOException(refusal);
        }
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        // the served directory on a line of its own, which the client checks against its own before it connects
        Files.writeString(tmp, server.getLocalPort() + " " + secret + " " + ProcessHandle.current().pid() + "\n"
                + directory + "\n");
        Files.move(tmp, state, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * Why the state folder cannot hold a secret for user {@code uid}: another's folder, or one that others may write in
     * (and so replace the state file); null where it can.
     */
    static String untrusted(Path folder, Object uid) throws IOException {
        Object owner = Files.getAttribute(folder, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        if (!owner.equals(uid)) {
            return "the daemon's folder " + folder + " belongs to user id " + owner + ", not to " + uid;
        }
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(folder, LinkOption.NOFOLLOW_LINKS);
        if (mode.contains(PosixFilePermission.GROUP_WRITE) || mode.contains(PosixFilePermission.OTHERS_WRITE)) {
            return "the daemon's folder " + folder + " is writable by others (" + PosixFilePermissions.toString(mode)
                    + "); expected rwx------";
        }
        return null;
    }

    /**
     * {@code Daemon STATE IDLE_SECONDS JAVA [JAR]}: started by {@code ./ccopt daemon start}, in the directory it serves,
     * from a private copy of the launcher's {@code JAR} (a rebuild mid-command cannot pull classes from under a running
     * command); a rebuilt {@code JAR} sends later commands to JVMs of their own.
     */
    public static void main(String[] args) {
        if (args.length < 3 || args.length > 4 || !args[1].matches("[0-9]{1,9}")) {
            System.err.println("ccopt: the daemon takes a state file, an idle time in seconds, the JVM's name and the "
                    + "jar it serves; got " + String.join(" ", args));
            System.exit(Main.BAD_INPUT);
        }
        Daemon d;
        try {
            d = new Daemon(Path.of(args[0]), Long.parseLong(args[1]), args[2], args.length == 4 ? Path.of(args[3]) : null,
                    Path.of(""), System::exit);
        } catch (IOException e) {
            System.err.println("ccopt: the daemon cannot start: " + e.getMessage());
            System.exit(Main.BAD_INPUT);
            return;
        }
        d.serve();
    }

    /** Accepts connections until stopped, each handled by a thread of its own; ends the process when idle. */
    void serve() {
        Thread idle = new Thread(this::watchIdle, "ccopt-daemon-idle");
        idle.setDaemon(true);
        idle.start();
        while (!stopping) {
            try {
                Socket s = server.accept();
                Thread t = new Thread(() -> handle(s), "ccopt-daemon-" + served.get());
                t.start();
            } catch (IOException closed) {
                break;
            }
        }
    }

    int port() {
        return server.getLocalPort();
    }

    String secret() {
        return secret;
    }

    private void watchIdle() {
        while (true) {
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                return;
            }
            int unheard = abandoned.get();
            if (running.get() == unheard && (stopping || System.nanoTime() - lastActive > idleNanos)) {
                end(unheard > 0 ? 130 : 0);
                return;
            }
        }
    }

    /**
     * Takes no more commands: removes the state file (no new client finds this daemon) and closes the socket; the
     * process ends once no command runs ({@link #watchIdle}).
     */
    private void retire() {
        stopping = true;
        try {
            Files.deleteIfExists(state);
            Files.deleteIfExists(state.resolveSibling(state.getFileName() + ".jar")); // the launcher's copy (open still)
            server.close();
            held.close();
        } catch (IOException e) {
            // ending anyway
        }
    }

    /** {@link #retire}, then ends the process with {@code code} at once. */
    private void end(int code) {
        retire();
        exit.accept(code);
    }

    private void handle(Socket s) {
        boolean keep = false;
        try {
            s.setSoTimeout(HEADER_TIMEOUT_MS);
            InputStream in = s.getInputStream();
            if (!MessageDigest.isEqual(secret.getBytes(StandardCharsets.UTF_8), field(in).getBytes(StandardCharsets.UTF_8))) {
                return; // not the launcher of this daemon's owner
            }
            String verb = field(in);
            switch (verb) {
                case "run" -> run(s, in);
                case "attach" -> {
                    CompletableFuture<Socket> f = waiting.remove(field(in));
                    keep = f != null && f.complete(s);
                }
                case "cancel" -> cancel(field(in));
                case "stop" -> {
                    reply(s.getOutputStream(), "bye");
                    retire();
                }
                case "status" -> reply(s.getOutputStream(), "pid " + ProcessHandle.current().pid() + ", directory "
                        + directory + ", JVM '" + java + "', " + served.get() + " commands served, " + executing.get()
                        + " running, up " + (System.currentTimeMillis() - started) / 1000 + " s");
                default -> reply(s.getOutputStream(), "cold unknown request " + verb);
            }
        } catch (IOException | RuntimeException e) {
            // a client that went away or spoke nonsense: its connection ends
        } finally {
            if (!keep) {
                close(s);
            }
        }
    }

    /** The run request on {@code s}: refused with a reason, or run with its output on {@code s} and the attached one. */
    private void run(Socket s, InputStream in) throws IOException {
        String clientJava = field(in);
        String clientDirectory = field(in);
        int n = Integer.parseInt(field(in));
        List<String> args = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            args.add(field(in));
        }
        OutputStream raw = s.getOutputStream();
        boolean rebuilt = stamp(jar) != jarStamp;
        boolean recreated = !sameDirectory();
        String refusal = stopping ? "the daemon is ending"
                : !clientDirectory.equals(directory) ? "the daemon serves " + directory
                : !clientJava.equals(java) ? "the daemon runs on " + java
                : rebuilt ? "the jar was rebuilt since the daemon started"
                : recreated ? "the directory " + directory + " was made again since the daemon started" : null;
        if (refusal != null) {
            reply(raw, "cold " + refusal);
            if (rebuilt || recreated) {
                retire(); // the next command finds no daemon
            }
            return;
        }
        running.incrementAndGet();
        try {
            String id = Integer.toString(served.incrementAndGet()) + "-" + Long.toHexString(System.nanoTime());
            CompletableFuture<Socket> attached = new CompletableFuture<>();
            waiting.put(id, attached);
            reply(raw, "ok " + id);
            Socket errSocket;
            try {
                errSocket = attached.get(HEADER_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                waiting.remove(id);
                return;
            }
            s.setSoTimeout(0);
            Command command = new Command(new Interrupts.Signal(), s, errSocket);
            commands.put(id, command);
            try (errSocket) {
                OutputStream errRaw = errSocket.getOutputStream();
                Frames err = new Frames(errRaw);
                PrintStream out = new PrintStream(new BufferedOutputStream(raw, 1 << 16), false, StandardCharsets.UTF_8);
                executing.incrementAndGet();
                int code;
                try {
                    // its Ctrl-C and its output directories are its own, not the other commands'
                    code = Interrupts.under(command.signal, () -> OutputLock.asCommand(command, () -> Main.run(out,
                            new PrintStream(err, false, StandardCharsets.UTF_8), args.toArray(String[]::new))));
                } finally {
                    executing.decrementAndGet();
                    synchronized (command) {
                        commands.remove(id);
                        if (command.abandoned) {
                            abandoned.decrementAndGet();
                        }
                    }
                    command.finished.countDown();
                }
                out.flush();
                s.shutdownOutput();
                err.flush();
                reply(errRaw, "x" + code);
            }
        } finally {
            lastActive = System.nanoTime();
            running.decrementAndGet();
        }
    }

    /** A command that runs now: what Ctrl-C at its client fires, and the connections its output goes to. */
    private static final class Command {
        final Interrupts.Signal signal;
        final Socket out;
        final Socket err;
        /** Its client pressed Ctrl-C and it did not stop: it runs on with no one to hear it. */
        boolean abandoned;
        /** Counted down once the command has returned. */
        final java.util.concurrent.CountDownLatch finished = new java.util.concurrent.CountDownLatch(1);

        Command(Interrupts.Signal signal, Socket out, Socket err) {
            this.signal = signal;
            this.out = out;
            this.err = err;
        }
    }

    /**
     * Ctrl-C at the client of command {@code id}, which reaches that command alone: its handlers run as its own JVM's
     * shutdown hooks would (a search prints its best, a checkpointing run saves) and it ends. A command with no handler
     * would die with its own JVM; here its client is let go at once (it exits 130) and the daemon, which cannot kill one
     * thread, takes no more commands and ends with 130 once the other clients' commands are done.
     */
    private void cancel(String id) {
        Command command = commands.get(id);
        if (command == null) {
            return; // ended already
        }
        try {
            if (command.signal.fire() > 0) { // its handlers stopped it: it is printing what it found, and then ends
                command.finished.await(Stoppable.WAIT_SECONDS, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (command) {
            if (!commands.containsKey(id)) {
                return; // its handlers stopped it
            }
            command.abandoned = true;
            abandoned.incrementAndGet();
        }
        close(command.out);
        close(command.err);
        retire();
        if (running.get() == abandoned.get()) {
            end(130);
        }
    }

    /** Whether the served directory is still the one the daemon started in (not deleted and made again). */
    private boolean sameDirectory() {
        try {
            return directoryKey == null
                    || directoryKey.equals(Files.readAttributes(Path.of(directory), BasicFileAttributes.class).fileKey());
        } catch (IOException e) {
            return false;
        }
    }

    /** A NUL-terminated UTF-8 field. */
    private static String field(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int c = in.read(); c != 0; c = in.read()) {
            if (c < 0) {
                throw new IOException("the request ended early");
            }
            if (b.size() > 1 << 20) {
                throw new IOException("a field of over 1 MiB");
            }
            b.write(c);
        }
        return b.toString(StandardCharsets.UTF_8);
    }

    private static void reply(OutputStream out, String text) throws IOException {
        out.write((text + "\0").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // gone already
        }
    }

    /** Standard error as frames {@code e TEXT NUL}, one per flush (a NUL in the text, which bash cannot hold, dropped). */
    private static final class Frames extends OutputStream {
        private final OutputStream out;
        private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

        Frames(OutputStream out) {
            this.out = out;
        }

        @Override
        public synchronized void write(int b) throws IOException {
            if (b != 0) {
                pending.write(b);
            }
            if (pending.size() >= 1 << 13) {
                flush();
            }
        }

        @Override
        public synchronized void flush() throws IOException {
            if (pending.size() > 0) {
                out.write('e');
                pending.writeTo(out);
                out.write(0);
                pending.reset();
                out.flush();
            }
        }
    }

    private static Path codeSource() {
        try {
            return Path.of(Daemon.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (Exception e) {
            return null;
        }
    }

    /** The jar's modification time and size, which a rebuild changes (0 where it runs from classes). */
    private static long stamp(Path jar) {
        try {
            return jar == null ? 0 : Files.getLastModifiedTime(jar).toMillis() * 31 + Files.size(jar);
        } catch (IOException e) {
            return -1;
        }
    }
}
