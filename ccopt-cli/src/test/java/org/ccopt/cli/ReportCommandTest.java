package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ccopt run}, {@code ccopt table} on both result files, and {@code ccopt report}, whose HTML Debian's
 * headless Chromium renders (skipped without a {@code chromium} on the PATH unless {@code CCOPT_REQUIRE_BROWSER=1},
 * which {@code .ci/run} sets). The screenshot is kept as {@code target/report-screenshot.png}.
 */
class ReportCommandTest {

    static final String SIM = """
            command: sim
            options: {topology: "torus:4x4", packet-flits: 4}
            grid:
              traffic: [bcmp, brev, shfl]
              packets: [1, 2, 4, 8]
            """;

    /**
     * Checks the page once loaded and records the result on {@code <body data-check>}, which {@code --dump-dom} prints:
     * ok when every picture decoded, with the numbers of tables and figures; a script error is recorded instead.
     */
    private static final String CHECK = """
            <script>
            window.addEventListener('error', e => { document.body.dataset.check = 'error: ' + e.message; });
            window.addEventListener('load', () => {
              if (document.body.dataset.check) { return; }
              const images = Array.from(document.images);
              const broken = images.filter(i => !i.complete || i.naturalWidth === 0).length;
              document.body.dataset.check = (broken === 0 ? 'ok' : 'broken') + ' tables=' + document.querySelectorAll('table').length
                + ' figures=' + document.querySelectorAll('figure').length + ' broken=' + broken;
            });
            </script>
            """;

    @TempDir
    Path dir;

    @Test
    void tableReadsBothResultFilesAndTheReportRendersInABrowser() throws Exception {
        Path file = dir.resolve("sim.yaml");
        Files.writeString(file, SIM);
        Path out = dir.resolve("out");
        assertThat(MainTest.run("run", file.toString(), "--out", out.toString(), "--threads", "2").code()).isZero();
        String[] table = {"--by", "traffic", "--show", "durationCycles:max,durationCycles:mean,routerCycles:median", "--pivot", "packets"};
        MainTest.Result fromCsv = MainTest.run(concat("table", out.resolve("results.csv").toString(), table));
        MainTest.Result fromJsonl = MainTest.run(concat("table", out.resolve("results.jsonl").toString(), table));
        MainTest.Result fromDir = MainTest.run(concat("table", out.toString(), table));
        assertThat(fromCsv.code()).as(fromCsv.err()).isZero();
        assertThat(fromCsv.out()).isEqualTo(fromJsonl.out()).isEqualTo(fromDir.out()).contains("bcmp", "shfl");
        // the pivoted variable over its columns, the header, one row per traffic
        assertThat(fromCsv.out().lines().count()).isEqualTo(5);
        assertThat(fromCsv.out().lines().findFirst().orElseThrow().strip()).isEqualTo("packets");
        // every row records what made it
        assertThat(Files.readAllLines(out.resolve("results.jsonl")).get(0)).contains("\"provenance.ccopt\"", "\"provenance.jdk\"");
        // an optimizer's output directory beside the rows: its pictures, CSV and JSON go into the report too
        assertThat(MainTest.run("cupstack", "-t", "torus:4x4", "--traffic", "brev", "--packet-flits", "4", "--population", "4",
                "--generations", "2", "--training", "1", "--out", out.resolve("cupstack").toString()).code()).isZero();
        // and a joint folder: its method table (methods.csv) and chart (methods.png)
        assertThat(MainTest.run("joint", "-t", "torus:4x4", "--traffic", "bcmp,brev", "--methods", "physical,mapping,joint",
                "--budget", "300", "--out", out.resolve("joint").toString()).code()).isZero();
        assertThat(Files.readAllLines(out.resolve("joint/methods.csv"))).hasSize(4).first().asString()
                .startsWith("method,cycles,lowerBound");
        MainTest.Result report = MainTest.run("report", out.toString());
        assertThat(report.code()).as(report.err()).isZero();
        Path html = out.resolve("report.html");
        String text = Files.readString(html, StandardCharsets.UTF_8);
        int tables = count(text, "<table");
        int figures = count(text, "<figure>");
        // provenance, summary, rows, generations.csv, methods.csv; charts of durationCycles and routerCycles; convergence,
        // stacking and joint's methods
        assertThat(tables).isGreaterThanOrEqualTo(5);
        assertThat(figures).isGreaterThanOrEqualTo(6);
        // joint's method chart is written as PNG and SVG: the report embeds the smaller, the SVG with text labels
        assertThat(text).doesNotContain("http://", "https://", "joint/methods.png").contains("cupstack/stacking.png",
                "durationCycles against packets", "joint/methods.svg", "joint/methods.csv");

        Path chromium = browser();
        boolean required = "1".equals(System.getenv("CCOPT_REQUIRE_BROWSER"));
        if (chromium == null) {
            assertThat(required).as("CCOPT_REQUIRE_BROWSER=1 but no chromium on the PATH").isFalse();
            Assumptions.abort("no chromium on the PATH");
        }
        // the check runs in a copy of the page with a script of the test's own added: the report itself holds none
        assertThat(text).doesNotContain("<script");
        Path checked = dir.resolve("report-checked.html");
        Files.writeString(checked, text.replace("</body>", CHECK + "</body>"), StandardCharsets.UTF_8);
        String dom = chromium(chromium, "--dump-dom", checked.toUri().toString());
        Matcher m = Pattern.compile("data-check=\"([^\"]*)\"").matcher(dom);
        assertThat(m.find()).as("the page's check ran (no script error stopped it)").isTrue();
        assertThat(m.group(1)).isEqualTo("ok tables=" + tables + " figures=" + figures + " broken=0");
        Path shot = Path.of(System.getProperty("user.dir")).resolve("../report-screenshot.png").normalize();
        Files.deleteIfExists(shot);
        chromium(chromium, "--screenshot=" + shot, "--window-size=1280,3000", html.toUri().toString());
        assertThat(shot).exists();
        assertThat(Files.size(shot)).isGreaterThan(10_000);
    }

    /**
     * Every kind of SVG chart ccopt writes (a search's convergence lines, its stacking picture, joint's method bars, a
     * table's chart), inlined in a page that headless Chromium lays out: no text of any of them (title, ticks, axis
     * titles, legend) reaches outside its picture.
     */
    @Test
    void noChartTextIsClipped() throws Exception {
        Path out = dir.resolve("charts");
        assertThat(MainTest.run("cupstack", "-t", "torus:4x4", "--traffic", "brev", "--population", "4", "--generations",
                "3", "--training", "1", "--out", out.resolve("cupstack").toString()).code()).isZero();
        assertThat(MainTest.run("joint", "-t", "torus:4x4", "--traffic", "bcmp,brev", "--methods", "physical,mapping,joint",
                "--budget", "300", "--out", out.resolve("joint").toString()).code()).isZero();
        Path file = dir.resolve("sim.yaml");
        Files.writeString(file, SIM);
        assertThat(MainTest.run("run", file.toString(), "--out", out.resolve("runs").toString()).code()).isZero();
        assertThat(MainTest.run("table", out.resolve("runs").toString(), "--by", "packets", "--pivot", "traffic", "--show",
                "durationCycles", "--label", "durationCycles=duration of the whole collective pattern (cycles)", "--chart",
                out.resolve("table.svg").toString()).code()).isZero();
        // a latency-throughput curve with a long title and its saturation marked
        MainTest.Result curve = MainTest.run("sim", "-t", "dragonfly:4,2,2", "--traffic", "uniform", "--rate", "0.05:0.45:0.2",
                "--routing", "dragonfly-ugal", "--vcs", "8", "--vc-alloc-delay", "2", "--warmup", "100", "--window", "500",
                "--drain", "1000", "--chart", out.resolve("curve.svg").toString());
        assertThat(curve.code()).as(curve.err()).isZero();
        List<Path> svgs;
        try (java.util.stream.Stream<Path> files = Files.walk(out)) {
            svgs = files.filter(f -> f.toString().endsWith(".svg")).sorted().toList();
        }
        assertThat(svgs).hasSizeGreaterThanOrEqualTo(5);
        StringBuilder page = new StringBuilder("<!DOCTYPE html><html><body>\n");
        for (Path svg : svgs) {
            page.append("<div>").append(Files.readString(svg).replaceFirst("^<\\?xml[^>]*>", "")).append("</div>\n");
        }
        page.append("""
                <script>
                window.addEventListener('load', () => {
                  let texts = 0, clipped = [];
                  document.querySelectorAll('svg').forEach((svg, i) => {
                    const box = svg.getBoundingClientRect(); // as laid out, rotated titles included
                    svg.querySelectorAll('text').forEach(t => {
                      texts++;
                      const b = t.getBoundingClientRect();
                      if (b.left < box.left - 0.5 || b.top < box.top - 0.5 || b.right > box.right + 0.5
                          || b.bottom > box.bottom + 0.5) {
                        clipped.push(i + ':' + t.textContent);
                      }
                    });
                  });
                  document.body.dataset.check = 'svgs=' + document.querySelectorAll('svg').length + ' texts=' + texts
                      + ' clipped=' + clipped.length + ' ' + clipped.join('|');
                });
                </script></body></html>
                """);
        Path html = dir.resolve("charts.html");
        Files.writeString(html, page.toString(), StandardCharsets.UTF_8);
        Path chromium = browser();
        boolean required = "1".equals(System.getenv("CCOPT_REQUIRE_BROWSER"));
        if (chromium == null) {
            assertThat(required).as("CCOPT_REQUIRE_BROWSER=1 but no chromium on the PATH").isFalse();
            Assumptions.abort("no chromium on the PATH");
        }
        String dom = chromium(chromium, "--dump-dom", html.toUri().toString());
        Matcher m = Pattern.compile("data-check=\"([^\"]*)\"").matcher(dom);
        assertThat(m.find()).as("the page's check ran").isTrue();
        assertThat(m.group(1)).startsWith("svgs=" + svgs.size() + " texts=").contains(" clipped=0 ");
    }

    private static String[] concat(String a, String b, String[] rest) {
        String[] all = new String[rest.length + 2];
        all[0] = a;
        all[1] = b;
        System.arraycopy(rest, 0, all, 2, rest.length);
        return all;
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    private static Path browser() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser")) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        return null;
    }

    /** Runs headless Chromium (no sandbox: CI runs as root; no network is needed by the page) and returns stdout. */
    private String chromium(Path chromium, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-dev-shm-usage", "--user-data-dir=" + dir.resolve("chromium-profile")));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(dir.resolve("chromium.log").toFile()).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("chromium finished").isTrue();
        assertThat(p.exitValue()).as(Files.readString(dir.resolve("chromium.log"))).isZero();
        return new String(out, StandardCharsets.UTF_8);
    }
}
