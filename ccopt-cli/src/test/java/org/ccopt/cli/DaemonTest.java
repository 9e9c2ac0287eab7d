package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon and its bash client ({@code src/main/bash/daemon.bash}, which {@code ./ccopt} sources), end to end: a
 * daemon in this JVM, the client in bash. A command through them prints what {@link Main#run} prints and exits with
 * its code; a client in another directory or on another JVM runs the command itself; Ctrl-C at one client reaches
 * that client's command alone; a state file others could write or own is not trusted; a rebuilt jar or a directory
 * made again retires the daemon without disturbing the command under way; a daemon ends when idle; and the launcher's
 * start and stop start and end a real one.
 */
class DaemonTest {

    private static final String JAVA = "java-under-test";
    /** The client's "not served" as an exit code of the bash below. */
    private static final int COLD = 99;

    @TempDir
    Path dir;

    private final List<Integer> exits = new CopyOnWriteArrayList<>();
    private Daemon daemon;
    private Thread serving;

    @BeforeEach
    void start() throws Exception {
        daemon = new Daemon(dir.resolve("state"), 3600, JAVA, null, Path.of(""), exits::add);
        serving = new Thread(daemon::serve);
        serving.start();
    }

    @AfterEach
    void stop() throws Exception {
        client(Path.of(""), "ccopt_daemon_ask \"$1\" stop >/dev/null", state().toString());
        serving.join(10_000);
    }

    private Path state() {
        return dir.resolve("state");
    }

    /** The directory the tests' commands run in, as the daemon records it. */
    private static String here() throws java.io.IOException {
        return Path.of("").toAbsolutePath().toRealPath().toString();
    }

    /** A state file as the daemon writes one: readable by its owner alone. */
    private static void writeState(Path file, String text) throws java.io.IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    }

    private static Path script() {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.exists(p.resolve("src/main/bash/daemon.bash"))) {
            p = p.getParent();
        }
        return p.resolve("src/main/bash/daemon.bash");
    }

    record Ran(int code, String out, String err) {
    }

    /**
     * {@code env --default-signal=INT}, where env has it (GNU coreutils 8.31 and later): a build started in the
     * background inherits SIGINT ignored, which no bash can trap or reset, and the Ctrl-C tests need the client to see it.
     */
    static final List<String> SIGINT_DEFAULT = defaultSigint();

    private static List<String> defaultSigint() {
        try {
            Process p = new ProcessBuilder("env", "--default-signal=INT", "true").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor() == 0 ? List.of("env", "--default-signal=INT") : List.of();
        } catch (Exception e) {
            return List.of();
        }
    }

    /** Bash in {@code cwd}: sources the client, then runs {@code body} with {@code args} as $1.. . */
    private static Ran client(Path cwd, String body, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(SIGINT_DEFAULT);
        cmd.addAll(List.of("bash", "-c", "source \"$0\"; " + body, script().toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toAbsolutePath().toFile());
        Path out = Files.createTempFile("out", ".txt");
        Path err = Files.createTempFile("err", ".txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("the client ran over a minute; its output: " + Files.readString(out) + "; its errors: "
                    + Files.readString(err));
        }
        return new Ran(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    /** A command through the daemon: its exit code, or {@link #COLD} where the client did not send it there. */
    private Ran viaDaemon(Path cwd, String java, String... command) throws Exception {
        List<String> args = new ArrayList<>(List.of(state().toString(), java));
        args.addAll(List.of(command));
        return client(cwd, "ccopt_daemon_run \"$@\" || exit " + COLD + "; exit \"$ccopt_rc\"", args.toArray(String[]::new));
    }

    private static Ran inProcess(String... command) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                command);
        return new Ran(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Run times differ between two runs of one command. */
    private static String timeless(String text) {
        return text.replaceAll("(?i)(\"?[a-z]*seconds\"?\\s*[:=]?\\s*)[-0-9.eE+]+", "$1T");
    }

    @Test
    void aCommandPrintsAndExitsAsInItsOwnProcess() throws Exception {
        for (String[] command : List.of(new String[] {"topo", "ring:4"},
                new String[] {"msgsim", "-t", "torus:4x4", "--collective", "allreduce", "--bytes", "1KiB", "--json"},
                new String[] {"topo", "bogus:4"}, new String[] {"sim", "--rate", "2"}, new String[] {"--version"})) {
            Ran expected = inProcess(command);
            Ran got = viaDaemon(Path.of(""), JAVA, command);
            assertThat(got.code()).as(String.join(" ", command)).isEqualTo(expected.code());
            assertThat(timeless(got.out())).as(String.join(" ", command)).isEqualTo(timeless(expected.out()));
            assertThat(got.err()).as(String.join(" ", command)).isEqualTo(expected.err());
        }
        assertThat(inProcess("topo", "bogus:4").code()).isEqualTo(Main.BAD_INPUT);
    }

    @Test
    void argumentsArriveWhole() throws Exception {
        Ran got = viaDaemon(Path.of(""), JAVA, "topo", "ring:4 with spaces\nand a new line");
        assertThat(got.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(got.err()).isEqualTo(inProcess("topo", "ring:4 with spaces\nand a new line").err());
    }

    @Test
    void commandsRunConcurrently() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Ran>> runs = new ArrayList<>();
            for (int k = 4; k < 8; k++) {
                String spec = "torus:" + k + "x" + k;
                runs.add(pool.submit(() -> viaDaemon(Path.of(""), JAVA, "hops", "-t", spec, "--collective", "bcast")));
            }
            for (int k = 4; k < 8; k++) {
                Ran got = runs.get(k - 4).get();
                assertThat(got.code()).isZero();
                assertThat(timeless(got.out())).isEqualTo(timeless(inProcess("hops", "-t", "torus:" + k + "x" + k,
                        "--collective", "bcast").out()));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void anotherDirectoryOrJvmRunsTheCommandItself() throws Exception {
        assertThat(viaDaemon(dir, JAVA, "topo", "ring:4").code()).isEqualTo(COLD); // relative paths would differ
        assertThat(viaDaemon(Path.of(""), "another-java", "topo", "ring:4").code()).isEqualTo(COLD);
        assertThat(viaDaemon(Path.of(""), JAVA, "topo", "ring:4").code()).isZero();
        writeState(dir.resolve("gone"), "1 0123 1\n" + here() + "\n"); // no longer listening: the file goes
        List<String> args = List.of(dir.resolve("gone").toString(), JAVA, "topo", "ring:4");
        assertThat(client(Path.of(""), "ccopt_daemon_run \"$@\" || exit " + COLD, args.toArray(String[]::new)).code())
                .isEqualTo(COLD);
        assertThat(dir.resolve("gone")).doesNotExist();
        assertThat(client(Path.of(""), "ccopt_daemon_ask \"$1\" status", state().toString()).out())
                .contains("directory " + Path.of("").toAbsolutePath().toRealPath(), "JVM '" + JAVA + "'");
    }

    @Test
    void aWrongSecretRunsNothing() throws Exception {
        String[] fields = Files.readString(state()).trim().split(" ");
        writeState(dir.resolve("forged"), fields[0] + " not-the-secret " + fields[2] + "\n" + here() + "\n");
        List<String> args = List.of(dir.resolve("forged").toString(), JAVA, "topo", "ring:4");
        Ran got = client(Path.of(""), "ccopt_daemon_run \"$@\" || exit " + COLD, args.toArray(String[]::new));
        assertThat(got.code()).isEqualTo(COLD);
        assertThat(got.out()).isEmpty();
    }

    /**
     * Bash that starts {@code first} through the daemon in the background, waits until it runs, starts {@code second},
     * presses Ctrl-C at the first once the second runs too, and prints each one's exit code; their outputs go to
     * first.out, first.err and second.out in the test's folder.
     */
    private Ran ctrlCAtOneOfTwo(List<String> first, List<String> second) throws Exception {
        List<String> args = new ArrayList<>(List.of(state().toString(), JAVA, dir.toString(), String.valueOf(first.size())));
        args.addAll(first);
        args.addAll(second);
        String running = "for i in $(seq 300); do ccopt_daemon_ask \"$1\" status | grep -q \" $n running\" && break; "
                + "sleep 0.1; done; ";
        return client(Path.of(""), "set -m; state=$1 java=$2 to=$3 k=$4; shift 4; a=(\"${@:1:k}\"); b=(\"${@:k+1}\"); "
                + "(ccopt_daemon_run \"$state\" \"$java\" \"${a[@]}\" >\"$to/first.out\" 2>\"$to/first.err\"; "
                + "exit \"$ccopt_rc\") & "
                + "set -- \"$state\"; n=1; " + running
                + "(ccopt_daemon_run \"$state\" \"$java\" \"${b[@]}\" >\"$to/second.out\"; exit \"$ccopt_rc\") & "
                + "n=2; " + running
                + "kill -INT %1; wait %1; echo \"first=$?\"; wait %2; echo \"second=$?\"",
                args.toArray(String[]::new));
    }

    @Test
    void ctrlCAtOneClientStopsItsSearchAloneAndTheDaemonServesOn() throws Exception {
        List<String> search = List.of("cupstack", "-t", "torus:4x4", "--traffic", "brev", "--generations", "1000000",
                "--progress", "never");
        List<String> other = List.of("sim", "-t", "torus:8x8", "--traffic", "uniform", "--rate", "0.02:0.3:0.04");
        Ran got = ctrlCAtOneOfTwo(search, other);
        assertThat(got.out()).isEqualTo("first=130\nsecond=0\n");
        assertThat(Files.readString(dir.resolve("first.err"))).contains("ccopt cupstack: stopped (Ctrl-C) after ");
        assertThat(Files.readString(dir.resolve("first.out"))).contains(" cycles"); // the best so far, printed
        assertThat(timeless(Files.readString(dir.resolve("second.out"))))
                .isEqualTo(timeless(inProcess(other.toArray(String[]::new)).out()));
        assertThat(exits).isEmpty();
        assertThat(viaDaemon(Path.of(""), JAVA, "topo", "ring:4").code()).isZero(); // still serving
    }

    @Test
    void ctrlCAtACommandWithNothingToSaveLetsItsClientGoAndTheOthersFinish() throws Exception {
        List<String> simulation = List.of("sim", "-t", "torus:16x16", "--traffic", "uniform", "--rate", "0.05:0.4:0.05");
        List<String> other = List.of("sim", "-t", "torus:8x8", "--traffic", "uniform", "--rate", "0.02:0.3:0.04");
        Ran got = ctrlCAtOneOfTwo(simulation, other);
        assertThat(got.out()).isEqualTo("first=130\nsecond=0\n");
        assertThat(timeless(Files.readString(dir.resolve("second.out"))))
                .isEqualTo(timeless(inProcess(other.toArray(String[]::new)).out()));
        for (int i = 0; i < 100 && exits.isEmpty(); i++) {
            Thread.sleep(100);
        }
        assertThat(exits).containsExactly(130); // it takes no more commands and ends, as the command's JVM would
        assertThat(state()).doesNotExist();
    }

    @Test
    void ctrlCBeforeTheCommandStartsEndsTheClientWithoutStartingIt() throws Exception {
        try (java.net.ServerSocket slow = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Path state = dir.resolve("slow");
            writeState(state, slow.getLocalPort() + " secret " + ProcessHandle.current().pid() + "\n" + here() + "\n");
            Thread answer = new Thread(() -> { // a daemon that takes the request and answers late
                try (java.net.Socket s = slow.accept()) {
                    Thread.sleep(2_000);
                    s.getOutputStream().write("ok 1-a\0".getBytes(StandardCharsets.UTF_8));
                    s.getInputStream().read(); // until the client closes
                } catch (Exception e) {
                    // the test fails on the client's side
                }
            });
            answer.start();
            Ran got = client(Path.of(""), "set -m; (ccopt_daemon_run \"$@\" || echo ran-itself; exit \"$ccopt_rc\") & "
                    + "sleep 1; kill -INT %1; wait %1; echo \"rc=$?\"", state.toString(), JAVA, "topo", "ring:4");
            answer.join(10_000);
            assertThat(got.out()).isEqualTo("rc=130\n"); // interrupted before it attached: nor run here
            slow.setSoTimeout(200);
            org.assertj.core.api.Assertions.assertThatThrownBy(slow::accept) // and no attach: the command never starts
                    .isInstanceOf(java.net.SocketTimeoutException.class);
        }
    }

    @Test
    void anIdleDaemonEnds() throws Exception {
        Daemon idle = new Daemon(dir.resolve("idle"), 1, JAVA, null, Path.of(""), exits::add);
        Thread t = new Thread(idle::serve);
        t.start();
        for (int i = 0; i < 100 && exits.isEmpty(); i++) {
            Thread.sleep(100);
        }
        assertThat(exits).containsExactly(0);
        assertThat(dir.resolve("idle")).doesNotExist();
        t.join(5_000);
        assertThat(t.isAlive()).isFalse();
    }

    @Test
    void theLaunchersStartAndStopStartAndEndARealDaemon() throws Exception {
        Path real = dir.resolve("real");
        String classpath = System.getProperty("java.class.path");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Ran started = client(Path.of(""), "ccopt_daemon_start \"$1\" 60 label \"$2\" \"$4\" \"$3\" -Xss16m "
                + "&& ccopt_daemon_run \"$1\" label topo ring:4 && echo \"rc=$ccopt_rc\" && "
                + "ccopt_daemon_stop \"$1\" && echo stopped", real.toString(), dir.resolve("log").toString(), java, classpath);
        assertThat(started.err()).isEmpty();
        assertThat(started.out()).contains("topology ring:4", "rc=0", "stopped");
        assertThat(real).doesNotExist();
    }

    /** The client's state file under another name, with {@code mode}: the real daemon's port and secret. */
    private Path copyOfState(String name, String mode) throws Exception {
        Path copy = dir.resolve(name);
        Files.copy(state(), copy);
        Files.setPosixFilePermissions(copy, java.nio.file.attribute.PosixFilePermissions.fromString(mode));
        return copy;
    }

    @Test
    void aStateFileOthersMayWriteOrOwnIsNotTrusted() throws Exception {
        Path open = copyOfState("open", "rw-r--r--"); // its secret readable by others
        Ran got = client(Path.of(""), "ccopt_daemon_run \"$@\" || exit " + COLD, open.toString(), JAVA, "topo", "ring:4");
        assertThat(got.code()).isEqualTo(COLD);
        assertThat(got.out()).isEmpty();
        assertThat(got.err()).startsWith("ccopt: not using the daemon: ").contains("mode 644").doesNotContain("\n\n");
        assertThat(open).exists(); // not the launcher's to remove: the user is told

        Path shared = dir.resolve("shared");
        Files.createDirectory(shared);
        Files.setPosixFilePermissions(shared, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.copy(copyOfState("good", "rw-------"), shared.resolve("state"));
        got = client(Path.of(""), "ccopt_daemon_run \"$@\" || exit " + COLD, shared.resolve("state").toString(), JAVA,
                "topo", "ring:4");
        assertThat(got.code()).isEqualTo(COLD);
        assertThat(got.err()).contains("mode 777");
        assertThat(client(Path.of(""), "ccopt_daemon_run \"$@\" || exit " + COLD, dir.resolve("good").toString(), JAVA,
                "topo", "ring:4").code()).isZero(); // the same content, trusted

        String uid = new String(new ProcessBuilder("id", "-u").start().getInputStream().readAllBytes()).trim();
        if (uid.equals("0")) { // a second user: root can give the file away
            Path theirs = copyOfState("theirs", "rw-------");
            Files.setAttribute(theirs, "unix:uid", 65534);
            got = client(Path.of(""), "ccopt_daemon_run \"$@\" || exit " + COLD, theirs.toString(), JAVA, "topo", "ring:4");
            assertThat(got.code()).isEqualTo(COLD);
            assertThat(got.err()).contains("belongs to user id 65534");
            assertThat(Daemon.untrusted(dir, 65534)).contains("belongs to user id 0, not to 65534");
        }
        assertThat(Daemon.untrusted(shared, Files.getAttribute(shared, "unix:uid"))).contains("writable by others");
    }

    @Test
    void stateFilesAreNamedByTheWholePathAndRecordIt() throws Exception {
        Path a = Files.createDirectories(dir.resolve("x/dbA"));
        Path b = Files.createDirectories(dir.resolve("x/dab")); // the 32-bit hash gave both one file
        String name = "ccopt_daemon_file states; echo \"$ccopt_state\"";
        assertThat(client(a, name).out()).isNotEqualTo(client(b, name).out()).startsWith("states/");
        // a file that records another directory (a digest collision) is left alone: not used, not removed, not stopped
        Path other = copyOfState("other", "rw-------");
        String text = Files.readString(other);
        writeState(other, text.substring(0, text.indexOf('\n') + 1) + a + "\n");
        Ran got = client(Path.of(""), "ccopt_daemon_run \"$@\" || exit " + COLD, other.toString(), JAVA, "topo", "ring:4");
        assertThat(got.code()).isEqualTo(COLD);
        assertThat(client(Path.of(""), "ccopt_daemon_stop \"$1\" || echo not-stopped", other.toString()).out())
                .isEqualTo("not-stopped\n");
        assertThat(other).exists();
        assertThat(client(Path.of(""), "ccopt_daemon_ask \"$1\" status", state().toString()).out()).contains("up ");
    }

    @Test
    void aDirectoryMadeAgainIsNotTheOneServed() throws Exception {
        Path served = Files.createDirectories(dir.resolve("served"));
        Daemon d = new Daemon(dir.resolve("again"), 3600, JAVA, null, served, exits::add);
        Thread t = new Thread(d::serve);
        t.start();
        List<String> args = List.of(dir.resolve("again").toString(), JAVA, "topo", "ring:4");
        String run = "ccopt_daemon_run \"$@\" || exit " + COLD + "; exit \"$ccopt_rc\"";
        assertThat(client(served, run, args.toArray(String[]::new)).code()).isZero();
        Files.delete(served);
        Files.createDirectory(served);
        assertThat(client(served, run, args.toArray(String[]::new)).code()).isEqualTo(COLD);
        for (int i = 0; i < 100 && exits.isEmpty(); i++) {
            Thread.sleep(100);
        }
        t.join(10_000);
        assertThat(exits).containsExactly(0); // it retired: no later command finds it
        assertThat(dir.resolve("again")).doesNotExist();
    }

    @Test
    void aJarRebuiltDuringACommandLetsItFinishAndRetiresTheDaemon() throws Exception {
        // a launcher's jar: the CLI's own classes inside, the libraries by the manifest's class path
        Path jar = dir.resolve("app.jar");
        List<String> libraries = new ArrayList<>();
        Path classes = null;
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry).toAbsolutePath();
            if (p.endsWith(Path.of("target", "classes")) && Files.exists(p.resolve("org/ccopt/cli/Daemon.class"))) {
                classes = p;
            } else if (!p.endsWith(Path.of("target", "test-classes"))) {
                libraries.add(p.toUri().toString());
            }
        }
        assertThat(classes).isNotNull();
        writeJar(jar, classes, libraries, false);
        writeJar(dir.resolve("rebuilt.jar"), classes, libraries, true);
        Path real = dir.resolve("real");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> sim = List.of("sim", "-t", "torus:8x8", "--traffic", "uniform", "--rate", "0.02:0.3:0.04");
        List<String> args = new ArrayList<>(List.of(real.toString(), dir.resolve("log").toString(), jar.toString(), java,
                dir.resolve("rebuilt.jar").toString()));
        args.addAll(sim);
        Ran ran = client(Path.of(""), "ccopt_daemon_start \"$1\" 60 label \"$2\" \"$3\" \"$4\" -Xss16m || exit 1; "
                + "s=$1 jar=$3 rebuilt=$5; shift 5; [[ -f \"$s.jar\" ]] && echo copied; "
                + "(ccopt_daemon_run \"$s\" label \"$@\" >\"$s.out\"; exit \"$ccopt_rc\") & run=$!; "
                + "for i in $(seq 300); do ccopt_daemon_ask \"$s\" status | grep -q ' 1 running' && break; sleep 0.1; done; "
                + "cp \"$rebuilt\" \"$jar\"; " // in place, as a build overwrites its jar
                + "wait $run; echo \"rc=$?\"; ccopt_daemon_run \"$s\" label topo ring:4 >/dev/null || echo cold; "
                + "for i in $(seq 100); do [[ -e \"$s\" || -e \"$s.jar\" ]] || break; sleep 0.1; done; "
                + "[[ -e \"$s.jar\" ]] || echo copy-removed", args.toArray(String[]::new));
        assertThat(ran.out()).as(ran.err()).isEqualTo("copied\nrc=0\ncold\ncopy-removed\n");
        assertThat(timeless(Files.readString(Path.of(real + ".out"))))
                .isEqualTo(timeless(inProcess(sim.toArray(String[]::new)).out()));
    }

    /** A jar of {@code classes} whose manifest puts {@code libraries} on the class path; {@code rebuilt} adds an entry. */
    private static void writeJar(Path jar, Path classes, List<String> libraries, boolean rebuilt) throws Exception {
        java.util.jar.Manifest manifest = new java.util.jar.Manifest();
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.CLASS_PATH, String.join(" ", libraries));
        try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar), manifest);
                java.util.stream.Stream<Path> files = Files.walk(classes)) {
            if (rebuilt) { // first: every class moves within the file, as a real rebuild moves them
                out.putNextEntry(new java.util.jar.JarEntry("rebuilt.txt"));
                out.write("a later build\n".repeat(100).getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                out.putNextEntry(new java.util.jar.JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
    }
}
