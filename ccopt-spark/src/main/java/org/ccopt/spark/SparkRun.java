package org.ccopt.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.SparkConf;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.ccopt.InvalidInputException;
import org.ccopt.experiments.Commands;
import org.ccopt.experiments.Experiment;
import org.ccopt.experiments.ExperimentRunner;
import org.ccopt.experiments.Row;
import org.ccopt.util.AtomicFiles;
import scala.jdk.javaapi.CollectionConverters;
import scala.reflect.ClassTag$;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

/**
 * Runs a ccopt experiment file on Apache Spark, one task per run, and writes the rows {@code ccopt run} writes:
 * {@code results.jsonl} (rewritten as tasks finish, at most once a second, and in run order at the end),
 * {@code results.csv}, the same rows as Parquet ({@code results.parquet}, a Spark SQL directory with one part file,
 * schema inferred from the rows) and the experiment file, into a directory the Hadoop file system API reaches (a local
 * path, {@code hdfs://}, or an object store such as {@code s3a://} when the cluster is configured for it). Runs the
 * directory already records as ok are skipped, as {@code ccopt run} skips them.
 *
 * <pre>
 * ./ccopt spark FILE --out DIR [--master local[*]]
 * spark-submit --class org.ccopt.spark.SparkRun --master spark://HOST:7077 ccopt-spark.jar FILE --out DIR
 * </pre>
 *
 * Every run executes ccopt's command in the executor JVM exactly as {@code ccopt run} does ({@link ExperimentRunner#execute}),
 * so a row depends only on the run's parameters, not on the executor, thread or machine.
 */
public final class SparkRun {

    private static final String USAGE = "usage: SparkRun FILE --out DIR [--master URL] (spark-submit sets the master itself)";

    private SparkRun() {
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** The entry point without {@code System.exit}: returns the exit status (0 ok, 1 a run broke, 2 bad input). */
    public static int execute(String... args) {
        String master = null;
        if (args.length == 5 && args[3].equals("--master")) {
            master = args[4];
        } else if (args.length != 3) {
            System.err.println("ccopt-spark: " + args.length + " arguments; " + USAGE);
            return Commands.BAD_INPUT;
        }
        if (!args[1].equals("--out")) {
            System.err.println("ccopt-spark: '" + args[1] + "' where --out was expected; " + USAGE);
            return Commands.BAD_INPUT;
        }
        try {
            SparkConf conf = new SparkConf().setAppName("ccopt " + args[0]);
            if (master != null) {
                conf.setMaster(master);
            } else if (!conf.contains("spark.master")) {
                conf.setMaster("local[*]");
            }
            loopbackWhenLocal(conf);
            try (JavaSparkContext spark = new JavaSparkContext(conf)) {
                spark.setLogLevel("WARN");
                ExperimentRunner.Summary s = run(spark, Path.of(args[0]), args[2]);
                System.out.printf("%s: %d runs, %d completed, %d failed, %d skipped (already done); rows in %s%n", args[0],
                        s.runs(), s.completed(), s.failed(), s.skipped(), args[2]);
                if (s.exit() != Commands.OK) {
                    System.err.println("ccopt-spark: " + s.failureLine());
                }
                return s.exit();
            }
        } catch (InvalidInputException e) {
            System.err.println("ccopt-spark: " + e.getMessage());
            return Commands.BAD_INPUT;
        } catch (IOException e) {
            System.err.println("ccopt-spark: I/O error: " + Commands.firstLine(e.getMessage()));
            return Commands.BAD_INPUT;
        }
    }

    /**
     * In local mode nothing needs to be reachable from another machine: the web UI (unauthenticated, on every
     * interface by default) is switched off and the driver's RPC and block-manager ports bind to loopback, unless the
     * user set these keys. A cluster run keeps Spark's defaults; secure it as the cluster's documentation says.
     */
    static void loopbackWhenLocal(SparkConf conf) {
        if (conf.get("spark.master").startsWith("local")) {
            conf.setIfMissing("spark.ui.enabled", "false");
            conf.setIfMissing("spark.driver.bindAddress", "127.0.0.1");
            conf.setIfMissing("spark.driver.host", "127.0.0.1");
        }
    }

    /** Runs every run of the experiment not yet recorded as ok under {@code out} as a Spark task; writes the results. */
    public static ExperimentRunner.Summary run(JavaSparkContext spark, Path file, String out) throws IOException {
        long start = System.nanoTime();
        Experiment experiment = Experiment.read(file);
        if (!experiment.outputs().isEmpty()) {
            throw new InvalidInputException("experiment " + file + " names files its runs write ("
                    + String.join(", ", experiment.outputs()) + "); Spark executors cannot write them beside the "
                    + "results: leave them out, or run the experiment with 'ccopt run'");
        }
        Configuration hadoop = spark.hadoopConfiguration();
        Map<String, Row> rows = new LinkedHashMap<>();
        String recorded = read(hadoop, out, ExperimentRunner.LINES);
        for (String line : recorded.split("\n")) {
            if (!line.isBlank()) {
                try {
                    Row row = Row.parse(line);
                    rows.put(row.key(), row);
                } catch (RuntimeException e) {
                    // a torn line: that run is executed again
                }
            }
        }
        write(hadoop, out, ExperimentRunner.COPY, experiment.text());
        List<Experiment.Run> todo = ExperimentRunner.pending(experiment, rows);
        int[] counts = new int[2];
        if (!todo.isEmpty()) {
            Sink sink = new Sink(hadoop, out, rows, counts);
            List<Object> partitions = new ArrayList<>();
            for (int i = 0; i < todo.size(); i++) {
                partitions.add(i);
            }
            // one task per run; the handler runs on the driver as each task finishes, so rows reach the output then
            spark.sc().runJob(spark.parallelize(todo, todo.size()).rdd(), new RunTask(),
                    CollectionConverters.asScala(partitions).toSeq(), sink, ClassTag$.MODULE$.apply(String.class));
            sink.flush();
        }
        List<Row> ordered = ExperimentRunner.inRunOrder(experiment, rows);
        StringBuilder lines = new StringBuilder();
        ordered.forEach(r -> lines.append(r.line()).append('\n'));
        write(hadoop, out, ExperimentRunner.LINES, lines.toString());
        write(hadoop, out, ExperimentRunner.CSV, ExperimentRunner.csv(ordered));
        SparkSession session = SparkSession.builder().sparkContext(spark.sc()).getOrCreate();
        session.read().json(session.createDataset(ordered.stream().map(Row::line).toList(), Encoders.STRING()))
                .coalesce(1).write().mode(SaveMode.Overwrite)
                .parquet(new org.apache.hadoop.fs.Path(out, "results.parquet").toString());
        return new ExperimentRunner.Summary(experiment.runs().size(), counts[0], counts[1],
                experiment.runs().size() - todo.size(), (System.nanoTime() - start) / 1e9, ordered);
    }

    /** A task: executes its partition's runs (one) in the executor's JVM and returns their rows as JSON lines. */
    static final class RunTask extends AbstractFunction2<TaskContext, scala.collection.Iterator<Experiment.Run>, String>
            implements Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public String apply(TaskContext context, scala.collection.Iterator<Experiment.Run> runs) {
            ExperimentRunner runner = new ExperimentRunner(Commands.load());
            StringBuilder lines = new StringBuilder();
            try {
                // the driver refused experiments that name files to write; any other write stays in a scratch folder
                Path scratch = Files.createTempDirectory("ccopt-task-");
                try {
                    while (runs.hasNext()) {
                        Experiment.Run run = runs.next();
                        lines.append(AtomicFiles.confined(scratch, () -> runner.execute(run, run.args())).line())
                                .append('\n');
                    }
                } finally {
                    try (var walk = Files.walk(scratch)) {
                        for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                            Files.deleteIfExists(p);
                        }
                    }
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return lines.toString();
        }
    }

    /** On the driver: collects rows as tasks finish and rewrites results.jsonl at most once a second. */
    static final class Sink extends AbstractFunction2<Object, String, BoxedUnit> implements Serializable {
        private static final long serialVersionUID = 1L;
        private final transient Configuration hadoop;
        private final String out;
        private final transient Map<String, Row> rows;
        private final int[] counts;
        private long lastWrite;

        Sink(Configuration hadoop, String out, Map<String, Row> rows, int[] counts) {
            this.hadoop = hadoop;
            this.out = out;
            this.rows = rows;
            this.counts = counts;
        }

        @Override
        public synchronized BoxedUnit apply(Object partition, String lines) {
            for (String line : lines.split("\n")) {
                if (!line.isBlank()) {
                    Row row = Row.parse(line);
                    rows.put(row.key(), row);
                    counts[row.ok() ? 0 : 1]++;
                }
            }
            if (System.nanoTime() - lastWrite > 1_000_000_000L) {
                flush();
            }
            return BoxedUnit.UNIT;
        }

        synchronized void flush() {
            StringBuilder text = new StringBuilder();
            rows.values().forEach(r -> text.append(r.line()).append('\n'));
            try {
                write(hadoop, out, ExperimentRunner.LINES, text.toString());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            lastWrite = System.nanoTime();
        }
    }

    private static FileSystem fileSystem(Configuration hadoop, String dir, org.apache.hadoop.fs.Path path) throws IOException {
        return FileSystem.get(URI.create(dir.contains("://") ? dir : path.toUri().toString()), hadoop);
    }

    private static void write(Configuration hadoop, String dir, String name, String text) throws IOException {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(dir, name);
        try (OutputStream o = fileSystem(hadoop, dir, path).create(path, true)) {
            o.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** A file's text under {@code dir}; empty when it does not exist. */
    private static String read(Configuration hadoop, String dir, String name) throws IOException {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(dir, name);
        FileSystem fs = fileSystem(hadoop, dir, path);
        if (!fs.exists(path)) {
            return "";
        }
        try (InputStream in = fs.open(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
