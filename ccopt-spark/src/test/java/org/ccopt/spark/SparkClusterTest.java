package org.ccopt.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.ccopt.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ccopt spark --master spark://HOST:PORT} on a real standalone cluster: a Master and two Workers, started on
 * 127.0.0.1 from the Spark jars Maven resolved (no download), each Worker launching its executor JVM; the rows equal
 * those of {@code ccopt run}.
 */
class SparkClusterTest {

    @TempDir
    Path dir;

    private final List<Process> daemons = new ArrayList<>();

    @Test
    void aStandaloneClusterOfTwoWorkersGivesTheRowsOfCcoptRun() throws Exception {
        Path file = dir.resolve("sim.yaml");
        Files.writeString(file, SparkRunTest.SIM);
        Path local = dir.resolve("local");
        int code = Main.run(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                "run", file.toString(), "--out", local.toString(), "--threads", "2");
        assertThat(code).isZero();

        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String opens = String.join(" ", java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
                .stream().filter(a -> a.startsWith("--add-opens") || a.startsWith("-Djdk.reflect")).toList());
        // a Spark home for the Workers' executor command: its jars come from the class path given to the executors
        Path sparkHome = Files.createDirectories(dir.resolve("spark-home/jars")).getParent();
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String master = "spark://127.0.0.1:" + port;
        try {
            start(classPath, opens, sparkHome, "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port",
                    String.valueOf(port), "--webui-port", "0");
            for (int w = 1; w <= 2; w++) {
                start(classPath, opens, sparkHome, "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1", "--cores",
                        "1", "--memory", "1g", "--webui-port", "0", "--work-dir",
                        Files.createDirectories(dir.resolve("work" + w)).toString(), master);
            }
            Map<String, String> props = Map.of("spark.executor.extraClassPath", classPath,
                    "spark.executor.extraJavaOptions", opens, "spark.executor.memory", "512m", "spark.cores.max", "2",
                    "spark.driver.host", "127.0.0.1", "spark.driver.bindAddress", "127.0.0.1", "spark.ui.enabled", "false");
            props.forEach(System::setProperty);
            Path out = dir.resolve("cluster");
            try {
                assertThat(SparkRun.execute(file.toString(), "--out", out.toString(), "--master", master)).isZero();
            } finally {
                props.keySet().forEach(System::clearProperty);
            }
            assertThat(SparkRunTest.rows(out.resolve("results.csv"))).isEqualTo(SparkRunTest.rows(local.resolve("results.csv")));
            // the runs were spread over the two Workers' executors
            assertThat(Files.list(dir.resolve("work1")).count() + Files.list(dir.resolve("work2")).count()).isGreaterThanOrEqualTo(2);
        } finally {
            for (Process p : daemons) {
                p.destroy();
                if (!p.waitFor(20, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            }
        }
    }

    /** Starts a Spark daemon JVM on the test's class path, its output in a log file beside the work folders. */
    private void start(String classPath, String opens, Path sparkHome, String main, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-cp", classPath));
        cmd.addAll(List.of(opens.split(" ")));
        cmd.add(main);
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(dir.resolve(main.substring(main.lastIndexOf('.') + 1) + daemons.size() + ".log").toFile());
        pb.environment().put("SPARK_HOME", sparkHome.toString());
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        pb.environment().put("SPARK_SCALA_VERSION", "2.13"); // a Spark home without a build: its Scala version, given
        daemons.add(pb.start());
        if (daemons.size() == 1) { // the Master: wait for its port
            long until = System.nanoTime() + 60_000_000_000L;
            while (System.nanoTime() < until) {
                try (java.net.Socket s = new java.net.Socket("127.0.0.1", Integer.parseInt(args[3]))) {
                    return;
                } catch (java.io.IOException e) {
                    Thread.sleep(200);
                }
            }
            throw new AssertionError("the Spark master did not open its port in 60 s: " + Files.readString(
                    dir.resolve("Master0.log")));
        }
    }
}
