package org.ccopt.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.ccopt.InvalidInputException;
import org.ccopt.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same experiment in Spark local mode and with {@code ccopt run} gives the same rows. */
class SparkRunTest {

    static final String SIM = """
            command: sim
            options: {topology: "torus:4x4", packet-flits: 4}
            grid:
              traffic: [bcmp, brev, brot, shfl, torn, trns]
              packets: [1, 2]
            """;

    @TempDir
    Path dir;

    /** The CSV rows without timing columns. */
    static List<String> rows(Path csv) throws Exception {
        List<String> lines = Files.readAllLines(csv);
        String[] header = lines.get(0).split(",");
        List<String> kept = new ArrayList<>();
        for (String line : lines) {
            String[] cells = line.split(",");
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < header.length; i++) {
                if (!header[i].toLowerCase().contains("seconds")) {
                    b.append(cells[i]).append(',');
                }
            }
            kept.add(b.toString());
        }
        return kept;
    }

    @Test
    void sparkLocalModeGivesTheRowsOfCcoptRun() throws Exception {
        Path file = dir.resolve("sim.yaml");
        Files.writeString(file, SIM);
        Path local = dir.resolve("local");
        int code = Main.run(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                "run", file.toString(), "--out", local.toString(), "--threads", "2");
        assertThat(code).isZero();
        Path sparkOut = dir.resolve("spark");
        SparkConf conf = new SparkConf().setAppName("ccopt-test").setMaster("local[2]");
        SparkRun.loopbackWhenLocal(conf);
        try (JavaSparkContext spark = new JavaSparkContext(conf)) {
            // local mode: no web UI, and the driver's RPC endpoint listens on loopback only
            assertThat(spark.sc().uiWebUrl().isEmpty()).isTrue();
            assertThat(spark.sc().env().rpcEnv().address().host()).isEqualTo("127.0.0.1");
            Path writes = dir.resolve("writes.yaml");
            Files.writeString(writes, "command: sim\noptions: {topology: \"torus:4x4\", trace: t.csv}\n");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> SparkRun.run(spark, writes, dir.resolve("w").toString()))
                    .isInstanceOf(InvalidInputException.class).hasMessageContaining("names files its runs write (trace)");
        }
        // the entry point './ccopt spark' and spark-submit call, in local mode
        assertThat(SparkRun.execute(file.toString(), "--out", sparkOut.toString(), "--master", "local[2]")).isZero();
        SparkConf again = new SparkConf().setAppName("ccopt-test").setMaster("local[2]");
        SparkRun.loopbackWhenLocal(again);
        try (JavaSparkContext spark = new JavaSparkContext(again)) {
            // the Parquet copy holds the same rows: read it back and compare a metric per run
            org.apache.spark.sql.SparkSession session = org.apache.spark.sql.SparkSession.builder().sparkContext(spark.sc()).getOrCreate();
            List<org.apache.spark.sql.Row> parquet = session.read().parquet(sparkOut.resolve("results.parquet").toString())
                    .select("run", "traffic", "durationCycles").orderBy("run").collectAsList();
            assertThat(parquet).hasSize(12);
            List<String> fromParquet = new java.util.ArrayList<>();
            for (org.apache.spark.sql.Row r : parquet) {
                fromParquet.add(r.get(1) + "," + r.get(2));
            }
            List<String> fromJson = new java.util.ArrayList<>();
            for (String line : Files.readAllLines(sparkOut.resolve("results.jsonl"))) {
                com.fasterxml.jackson.databind.JsonNode j = new com.fasterxml.jackson.databind.ObjectMapper().readTree(line);
                fromJson.add(j.get("run").asInt() + ":" + j.get("traffic").asText() + "," + j.get("durationCycles").asLong());
            }
            fromJson.sort(java.util.Comparator.comparingInt(x -> Integer.parseInt(x.substring(0, x.indexOf(':')))));
            assertThat(fromParquet).isEqualTo(fromJson.stream().map(x -> x.substring(x.indexOf(':') + 1)).toList());
        }
        assertThat(rows(sparkOut.resolve("results.csv"))).hasSize(13).isEqualTo(rows(local.resolve("results.csv")));
        assertThat(Files.readString(sparkOut.resolve("experiment.yaml"))).isEqualTo(SIM);
        List<String> first = Files.readAllLines(sparkOut.resolve("results.jsonl"));
        assertThat(first).hasSize(12);
        // a second run of the same file skips every recorded run: the rows, wall times included, stay as they were
        assertThat(SparkRun.execute(file.toString(), "--out", sparkOut.toString(), "--master", "local[2]")).isZero();
        assertThat(Files.readAllLines(sparkOut.resolve("results.jsonl"))).isEqualTo(first);
    }

    @Test
    void theCommandLineIsReadInAnyOrderAndEachFaultNamed() {
        assertThat(SparkRun.Options.parse("f.yaml", "--out", "d", "--master=local[1]"))
                .isEqualTo(new SparkRun.Options(Path.of("f.yaml"), "d", "local[1]", null));
        assertThat(SparkRun.Options.parse("--out=d", "f.yaml")).isEqualTo(new SparkRun.Options(Path.of("f.yaml"), "d", null, null));
        assertThat(SparkRun.Options.parse("f.yaml", "--help", "--bogus").asks()).isEqualTo("help");
        assertThat(SparkRun.Options.parse("-V").asks()).isEqualTo("version");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SparkRun.Options.parse("f.yaml", "--output", "d"))
                .hasMessage("unknown option '--output'; expected --out DIR, --master URL, --help or --version");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SparkRun.Options.parse("f.yaml", "--out"))
                .hasMessage("option '--out' needs a value");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SparkRun.Options.parse("f.yaml", "g.yaml", "--out", "d"))
                .hasMessage("unexpected argument 'g.yaml' after the experiment file f.yaml; expected one FILE");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SparkRun.Options.parse("f.yaml", "--out", "d", "--out=e"))
                .hasMessage("option '--out' is given twice; expected it once");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SparkRun.Options.parse("f\0.yaml", "--out", "d"))
                .hasMessageStartingWith("experiment file 'f\0.yaml' is not a path");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SparkRun.Options.parse("--out", "d"))
                .hasMessage("missing the experiment FILE");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SparkRun.Options.parse("f.yaml"))
                .hasMessage("missing required option '--out=DIR'");
    }

    @Test
    void badArgumentsExitWithTwo() {
        assertThat(SparkRun.execute("x.yaml")).isEqualTo(2);
        assertThat(SparkRun.execute("x.yaml", "--output", "d")).isEqualTo(2);
        assertThat(SparkRun.execute(dir.resolve("missing.yaml").toString(), "--out", dir.toString(), "--master", "local[1]"))
                .isEqualTo(2);
        // any order and --out=DIR parse (the missing file is then what is refused), --help is exit 0
        assertThat(SparkRun.execute("--out=" + dir, "--master", "local[1]", dir.resolve("missing.yaml").toString())).isEqualTo(2);
        assertThat(SparkRun.execute("--help")).isZero();
        // an unreachable standalone master: one line and exit 2 within seconds, not a minute of retries
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream saved = System.err;
        System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            assertThat(SparkRun.execute(dir.resolve("x.yaml").toString(), "--out", dir.toString(), "--master",
                    "spark://127.0.0.1:1")).isEqualTo(2);
        } finally {
            System.setErr(saved);
        }
        assertThat(err.toString(java.nio.charset.StandardCharsets.UTF_8)).contains("cannot reach the Spark master")
                .hasLineCount(1);
    }
}
