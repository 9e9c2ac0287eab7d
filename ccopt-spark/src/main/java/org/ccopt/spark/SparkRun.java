package org.ccopt.spark;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.ccopt.InvalidInputException;
import org.ccopt.cli.Experiment;
import org.ccopt.cli.Experiments;

/**
 * Runs a ccopt experiment file on Apache Spark, one task per run, and writes the rows {@code ccopt run} writes:
 * {@code results.jsonl} (in run order), {@code results.csv}, the same rows as Parquet ({@code results.parquet}, a
 * Spark SQL directory with one part file, schema inferred from the rows) and the experiment file, into a directory the Hadoop
 * file system API reaches (a local path, {@code hdfs://}, or an object store such as {@code s3a://} when the cluster
 * is configured for it).
 *
 * <pre>
 * spark-submit --class org.ccopt.spark.SparkRun --master local[*] ccopt-spark/target/ccopt-spark.jar FILE --out DIR
 * </pre>
 *
 * Every run executes ccopt's command in the executor JVM exactly as {@code ccopt run} does, so a row depends only on
 * the run's parameters, not on the executor, thread or machine.
 */
public final class SparkRun {

    private SparkRun() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3 || !args[1].equals("--out")) {
            System.err.println("usage: spark-submit --class org.ccopt.spark.SparkRun ccopt-spark.jar FILE --out DIR");
            System.exit(2);
        }
        try {
            SparkConf conf = new SparkConf().setAppName("ccopt " + args[0]);
            if (!conf.contains("spark.master")) {
                conf.setMaster("local[*]");
            }
            loopbackWhenLocal(conf);
            try (JavaSparkContext spark = new JavaSparkContext(conf)) {
                Summary s = run(spark, Path.of(args[0]), args[2]);
                System.out.printf("%s: %d runs, %d ok, %d failed; rows in %s%n", args[0], s.runs(), s.ok(), s.failed(), args[2]);
                System.exit(s.failed() == 0 ? 0 : 1);
            }
        } catch (InvalidInputException e) {
            System.err.println("ccopt-spark: " + e.getMessage());
            System.exit(2);
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

    /** What a run of the experiment gave. */
    public record Summary(int runs, int ok, int failed) {
    }

    /** Runs every run of the experiment as a Spark task and writes the results under {@code out}. */
    public static Summary run(JavaSparkContext spark, Path file, String out) throws IOException {
        Experiment experiment = Experiment.read(file);
        if (!experiment.outputs().isEmpty()) {
            throw new InvalidInputException("experiment " + file + " names files its runs write ("
                    + String.join(", ", experiment.outputs()) + "); Spark executors cannot write them beside the "
                    + "results: leave them out, or run the experiment with 'ccopt run'");
        }
        // the driver expands and checks the file once; each task gets its run
        List<Experiment.Run> runs = experiment.runs();
        List<String> rows = spark.parallelize(runs, Math.max(1, runs.size())).map(Experiments::row).collect();
        int failed = 0;
        StringBuilder lines = new StringBuilder();
        for (String row : rows) {
            lines.append(row).append('\n');
            if (!row.contains("\"status\":\"ok\"")) {
                failed++;
            }
        }
        Configuration hadoop = spark.hadoopConfiguration();
        write(hadoop, out, "results.jsonl", lines.toString());
        write(hadoop, out, "results.csv", Experiments.csv(experiment, rows));
        write(hadoop, out, "experiment.yaml", experiment.text());
        SparkSession session = SparkSession.builder().sparkContext(spark.sc()).getOrCreate();
        session.read().json(session.createDataset(rows, Encoders.STRING())).coalesce(1).write().mode(SaveMode.Overwrite)
                .parquet(new org.apache.hadoop.fs.Path(out, "results.parquet").toString());
        return new Summary(rows.size(), rows.size() - failed, failed);
    }

    private static void write(Configuration hadoop, String dir, String name, String text) throws IOException {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(dir, name);
        FileSystem fs = FileSystem.get(URI.create(dir.contains("://") ? dir : path.toUri().toString()), hadoop);
        try (OutputStream o = fs.create(path, true)) {
            o.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }
}
