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
 * its code; a client in another directory or on another JVM runs the command itself; Ctrl-C at the client ends the
 * daemon as it would end the command's own JVM; a daemon ends when idle; and the launcher's start and stop start and
 * end a real one.
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
        daemon = new Daemon(dir.resolve("state"), 3600, JAVA, exits::add);
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
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
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
        Files.writeString(dir.resolve("gone"), "1 0123 1\n"); // a daemon that no longer listens: the file goes
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
        Files.writeString(dir.resolve("forged"), fields[0] + " not-the-secret " + fields[2] + "\n");
        List<String> args = List.of(dir.resolve("forged").toString(), JAVA, "topo", "ring:4");
        Ran got = client(Path.of(""), "ccopt_daemon_run \"$@\" || exit " + COLD, args.toArray(String[]::new));
        assertThat(got.code()).isEqualTo(COLD);
        assertThat(got.out()).isEmpty();
    }

    @Test
    void ctrlCAtTheClientEndsTheDaemonAsItWouldTheCommandsJvm() throws Exception {
        List<String> args = new ArrayList<>(List.of(state().toString(), JAVA, "sim", "-t", "torus:8x8", "--traffic",
                "uniform", "--rate", "0.02:0.6:0.04", "--vcs", "4"));
        Ran got = client(Path.of(""), "set -m; (ccopt_daemon_run \"$@\"; exit \"$ccopt_rc\") & "
                // the interrupt goes once the command runs: the client attached, its trap set before
                + "for i in $(seq 300); do ccopt_daemon_ask \"$1\" status | grep -q ' 1 running' && break; sleep 0.1; done; "
                + "kill -INT %1; wait %1; echo \"rc=$?\"", args.toArray(String[]::new));
        assertThat(got.code()).isZero();
        for (int i = 0; i < 100 && exits.isEmpty(); i++) {
            Thread.sleep(100);
        }
        assertThat(exits).first().isEqualTo(130);
        assertThat(got.out()).endsWith("rc=130\n");
        assertThat(state()).doesNotExist(); // no later command finds it
    }

    @Test
    void ctrlCBeforeTheCommandStartsEndsTheClientWithoutStartingIt() throws Exception {
        try (java.net.ServerSocket slow = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Path state = dir.resolve("slow");
            Files.writeString(state, slow.getLocalPort() + " secret " + ProcessHandle.current().pid() + "\n");
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
        Daemon idle = new Daemon(dir.resolve("idle"), 1, JAVA, exits::add);
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
        Ran started = client(Path.of(""), "ccopt_daemon_start \"$1\" 60 label \"$2\" \"$3\" -Xss16m -cp \"$4\" "
                + "org.ccopt.cli.Daemon && ccopt_daemon_run \"$1\" label topo ring:4 && echo \"rc=$ccopt_rc\" && "
                + "ccopt_daemon_stop \"$1\" && echo stopped", real.toString(), dir.resolve("log").toString(), java, classpath);
        assertThat(started.err()).isEmpty();
        assertThat(started.out()).contains("topology ring:4", "rc=0", "stopped");
        assertThat(real).doesNotExist();
    }
}
