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

    private SparkRun() {
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** The entry point without {@code System.exit}: returns the exit status (0 ok, 1 a run broke, 2 bad input). */
    public static int execute(String... args) {
        Options o;
        try {
            o = Options.parse(args);
        } catch (InvalidInputException e) {
            System.err.println("ccopt-spark: " + e.getMessage() + " (see './ccopt spark --help')");
            return Commands.BAD_INPUT;
        }
        if (o.asks() != null) {
            System.out.print(o.asks().equals("help") ? Options.USAGE : org.ccopt.experiments.Provenance.current().line() + "\n");
            return Commands.OK;
        }
        try {
            return o.call();
        } catch (InvalidInputException e) {
            System.err.println("ccopt-spark: " + Commands.firstLine(e.getMessage()));
            return Commands.BAD_INPUT;
        } catch (IOException e) {
            System.err.println("ccopt-spark: I/O error: " + Commands.firstLine(e.getMessage()));
            return Commands.BAD_INPUT;
        } catch (RuntimeException e) {
            System.err.println("ccopt-spark: internal error: " + e);
            return Commands.INTERNAL_ERROR;
        }
    }

    /**
     * The command line of {@code ./ccopt spark} and of {@code spark-submit ... ccopt-spark.jar}: {@code FILE --out DIR
     * [--master URL]}, options in any order, each as {@code --name VALUE} or {@code --name=VALUE}. Read by hand: three
     * options do not need the command-line library, which stays in the command-line module. {@code asks} is "help" or
     * "version" for a line that asks for one of them (the other fields are then null), else null.
     */
    record Options(Path file, String out, String master, String asks) {

        static final String USAGE = """
                Usage: ccopt spark FILE --out DIR [--master URL]
                Run an experiment file on Apache Spark, one task per run, writing the rows 'ccopt run' writes (and
                results.parquet) to DIR, a directory the Hadoop file system API reaches.
                      FILE           The experiment file.
                      --out DIR      Where the rows go: a local path, hdfs://..., s3a://...
                      --master URL   Spark master (default: what spark-submit set, else local[*]).
                  -h, --help         Show this help message and exit.
                  -V, --version      Print version information and exit.
                """;

        /** The options of a command line. */
        static Options parse(String... args) {
            Path file = null;
            String out = null;
            String master = null;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (a.equals("-h") || a.equals("--help")) {
                    return new Options(null, null, null, "help");
                }
                if (a.equals("-V") || a.equals("--version")) {
                    return new Options(null, null, null, "version");
                }
                if (!a.startsWith("-")) {
                    if (file != null) {
                        throw new InvalidInputException("unexpected argument '" + a + "' after the experiment file " + file
                                + "; expected one FILE");
                    }
                    try {
                        file = Path.of(a);
                    } catch (java.nio.file.InvalidPathException e) {
                        throw new InvalidInputException("experiment file '" + a + "' is not a path: " + e.getReason());
                    }
                    continue;
                }
                int eq = a.indexOf('=');
                String name = eq < 0 ? a : a.substring(0, eq);
                if (!name.equals("--out") && !name.equals("--master")) {
                    throw new InvalidInputException("unknown option '" + name + "'; expected --out DIR, --master URL, --help or --version");
                }
                String value = eq >= 0 ? a.substring(eq + 1) : i + 1 < args.length ? args[++i] : null;
                if (value == null || value.isEmpty()) {
                    throw new InvalidInputException("option '" + name + "' needs a value");
                }
                if (name.equals("--out") ? out != null : master != null) {
                    throw new InvalidInputException("option '" + name + "' is given twice; expected it once");
                }
                if (name.equals("--out")) {
                    out = value;
                } else {
                    master = value;
                }
            }
            if (file == null) {
                throw new InvalidInputException("missing the experiment FILE");
            }
            if (out == null) {
                throw new InvalidInputException("missing required option '--out=DIR'");
            }
            return new Options(file, out, master, null);
        }

        int call() throws IOException {
            // checked before Spark starts (and logs): spark-submit passes its master as a system property
            requireReachable(master != null ? master : System.getProperty("spark.master", "local[*]"));
            SparkConf conf = new SparkConf().setAppName("ccopt " + file);
            if (master != null) {
                conf.setMaster(master);
            } else if (!conf.contains("spark.master")) {
                conf.setMaster("local[*]");
            }
            loopbackWhenLocal(conf);
            shipJar(conf);
            try (JavaSparkContext spark = new JavaSparkContext(conf)) {
                spark.setLogLevel("WARN");
                ExperimentRunner.Summary s = run(spark, file, out);
                System.out.printf("%s: %d runs, %d completed, %d failed, %d skipped (already done); rows in %s%n", file,
                        s.runs(), s.completed(), s.failed(), s.skipped(), out);
                if (s.exit() != Commands.OK) {
                    System.err.println("ccopt-spark: " + s.failureLine());
                }
                return s.exit();
            }
        }
    }

    /** Seconds to wait for a standalone master's port before saying it is unreachable. */
    static final int CONNECT_SECONDS = 5;

    /**
     * Refuses, with one line, a standalone master ({@code spark://host:port[,host:port]}) none of whose addresses
     * accepts a connection: Spark itself would retry for about a minute and print its stack traces.
     */
    static void requireReachable(String master) {
        if (!master.startsWith("spark://")) {
            return;
        }
        String why = "no address";
        for (String hostPort : master.substring("spark://".length()).split(",")) {
            int colon = hostPort.lastIndexOf(':');
            try (java.net.Socket socket = new java.net.Socket()) {
                socket.connect(new java.net.InetSocketAddress(hostPort.substring(0, Math.max(0, colon)),
                        Integer.parseInt(hostPort.substring(colon + 1))), CONNECT_SECONDS * 1000);
                return;
            } catch (IOException | RuntimeException e) {
                why = e.getClass().getSimpleName().replace("Exception", "") + (e.getMessage() == null ? ""
                        : ": " + Commands.firstLine(e.getMessage()));
            }
        }
        throw new InvalidInputException("cannot reach the Spark master " + master + " (" + why + ", within "
                + CONNECT_SECONDS + " s); expected a running master at spark://HOST:PORT, or --master local[*]");
    }

    /**
     * On a cluster, executors load ccopt's classes from the jar this class came from (ccopt-spark.jar holds them all):
     * it is shipped with the job unless {@code spark.jars} names jars already.
     */
    static void shipJar(SparkConf conf) {
        if (conf.get("spark.master").startsWith("local") || conf.contains("spark.jars")) {
            return;
        }
        String[] jars = JavaSparkContext.jarOfClass(SparkRun.class);
        if (jars.length > 0) {
            conf.setJars(jars);
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
                    CollectionConverters.asScala(partitions).toSeq(), sink, ClassTag$.MODULE$.apply(ArrayList.class));
            sink.flush();
        }
        List<Row> ordered = ExperimentRunner.inRunOrder(experiment, rows);
        StringBuilder lines = new StringBuilder();
        ordered.forEach(r -> lines.append(r.line()).append('\n'));
        write(hadoop, out, ExperimentRunner.LINES, lines.toString());
        write(hadoop, out, ExperimentRunner.CSV, ExperimentRunner.csv(ordered));
        SparkSession session = SparkSession.builder().sparkContext(spark.sc()).getOrCreate();
        frame(session, ordered).coalesce(1).write().mode(SaveMode.Overwrite)
                .parquet(new org.apache.hadoop.fs.Path(out, "results.parquet").toString());
        return new ExperimentRunner.Summary(experiment.runs().size(), counts[0], counts[1],
                experiment.runs().size() - todo.size(), (System.nanoTime() - start) / 1e9, ordered);
    }

    /** A column's type in the Parquet copy: the narrowest that holds every value the rows give it. */
    private enum Kind {
        NONE, LONG, DOUBLE, BOOLEAN, STRING;

        static Kind of(Object v) {
            if (v == null) {
                return NONE;
            }
            if (v instanceof Integer || v instanceof Long || v instanceof Short
                    || v instanceof java.math.BigInteger b && b.bitLength() < 64) {
                return LONG;
            }
            if (v instanceof Double || v instanceof Float || v instanceof java.math.BigDecimal) {
                return DOUBLE;
            }
            return v instanceof Boolean ? BOOLEAN : STRING;
        }

        Kind and(Kind other) {
            if (this == other || other == NONE) {
                return this;
            }
            if (this == NONE) {
                return other;
            }
            return (this == LONG || this == DOUBLE) && (other == LONG || other == DOUBLE) ? DOUBLE : STRING;
        }

        org.apache.spark.sql.types.DataType type() {
            return switch (this) {
                case LONG -> org.apache.spark.sql.types.DataTypes.LongType;
                case DOUBLE -> org.apache.spark.sql.types.DataTypes.DoubleType;
                case BOOLEAN -> org.apache.spark.sql.types.DataTypes.BooleanType;
                default -> org.apache.spark.sql.types.DataTypes.StringType;
            };
        }

        Object convert(Object v) {
            if (v == null) {
                return null;
            }
            return switch (this) {
                case LONG -> ((Number) v).longValue();
                case DOUBLE -> ((Number) v).doubleValue();
                case BOOLEAN -> v;
                default -> v instanceof String t ? t : String.valueOf(v);
            };
        }
    }

    /**
     * The rows as a Spark SQL table, built from their values (no JSON text in between): the columns in order of first
     * appearance, each of the narrowest type that holds all its values (integers, else numbers, else text), null
     * where a row has no value.
     */
    static org.apache.spark.sql.Dataset<org.apache.spark.sql.Row> frame(SparkSession session, List<Row> rows) {
        List<LinkedHashMap<String, Object>> values = rows.stream().map(Row::values).toList();
        LinkedHashMap<String, Kind> kinds = new LinkedHashMap<>();
        for (Map<String, Object> v : values) {
            v.forEach((name, x) -> kinds.merge(name, Kind.of(x), Kind::and));
        }
        List<org.apache.spark.sql.types.StructField> fields = new ArrayList<>();
        kinds.forEach((name, k) -> fields.add(org.apache.spark.sql.types.DataTypes.createStructField(name, k.type(), true)));
        List<org.apache.spark.sql.Row> data = new ArrayList<>();
        for (Map<String, Object> v : values) {
            Object[] cells = new Object[kinds.size()];
            int i = 0;
            for (Map.Entry<String, Kind> k : kinds.entrySet()) {
                cells[i++] = k.getValue().convert(v.get(k.getKey()));
            }
            data.add(org.apache.spark.sql.RowFactory.create(cells));
        }
        return session.createDataFrame(data, org.apache.spark.sql.types.DataTypes.createStructType(fields));
    }

    /**
     * A task: executes its partition's runs (one) in the executor's JVM and returns their rows as plain values
     * ({@link Row#values()}), which Spark moves to the driver as they are: no row is written as text and parsed again.
     */
    static final class RunTask extends AbstractFunction2<TaskContext, scala.collection.Iterator<Experiment.Run>,
            ArrayList<LinkedHashMap<String, Object>>> implements Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public ArrayList<LinkedHashMap<String, Object>> apply(TaskContext context, scala.collection.Iterator<Experiment.Run> runs) {
            ExperimentRunner runner = new ExperimentRunner(Commands.load());
            ArrayList<LinkedHashMap<String, Object>> rows = new ArrayList<>();
            try {
                // the driver refused experiments that name files to write; any other write stays in a scratch folder
                Path scratch = Files.createTempDirectory("ccopt-task-");
                try {
                    while (runs.hasNext()) {
                        Experiment.Run run = runs.next();
                        rows.add(AtomicFiles.confined(scratch, () -> runner.execute(run, run.args())).values());
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
            return rows;
        }
    }

    /** On the driver: collects rows as tasks finish and rewrites results.jsonl at most once a second. */
    static final class Sink extends AbstractFunction2<Object, ArrayList<LinkedHashMap<String, Object>>, BoxedUnit>
            implements Serializable {
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
        public synchronized BoxedUnit apply(Object partition, ArrayList<LinkedHashMap<String, Object>> values) {
            for (LinkedHashMap<String, Object> v : values) {
                Row row = Row.of(v);
                rows.put(row.key(), row);
                counts[row.ok() ? 0 : 1]++;
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
