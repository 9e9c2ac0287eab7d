package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code ccopt table --format latex} compiles: a sweep's table, pivoted, in a LaTeX document run through Debian's
 * {@code pdflatex} (texlive-latex-base), and every kind of table ccopt writes (grouped, pivoted, spanned over two
 * pivots, several statistics, renamed and escaped columns, a caption, sized down to fit) fits the article's text width:
 * pdflatex reports no overfull box, or ccopt says beforehand that the table cannot fit. Required where
 * {@code CCOPT_REQUIRE_LATEX=1} (CI), skipped without pdflatex.
 */
class LatexTableTest {

    @TempDir
    Path dir;

    @TempDir
    static Path runs;

    /** One sweep every table kind is made from: 2 topologies x 3 patterns x 2 packet counts x 2 VC schemes, 2 seeds. */
    static Path sweep;

    @BeforeAll
    static void runTheSweep() throws Exception {
        Path file = runs.resolve("kinds.yaml");
        Files.writeString(file, """
                command: sim
                options: {packet-flits: 4}
                grid:
                  topology: ["torus:4x4", "mesh:4x4"]
                  traffic: [bcmp, brev, rpar]
                  packets: [1, 2]
                  vc-select: [C00, C05]
                seeds: [1, 2]
                """);
        sweep = runs.resolve("out");
        MainTest.Result r = MainTest.run("run", file.toString(), "--out", sweep.toString(), "--threads", "2");
        assertThat(r.code()).as(r.err()).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "grouped, one statistic;        --by traffic --show durationCycles:mean",
        "two keys, three statistics;    --by traffic,packets --show durationCycles:mean,durationCycles:sd,durationCycles:max",
        "pivoted with an interval;      --by traffic --pivot topology --show durationCycles:meanci",
        "two pivots under one spanner;  --by traffic --pivot topology,vc-select --show durationCycles:mean",
        "renamed and escaped;           --by traffic --pivot packets --show durationCycles:p95 --label durationCycles=duration_(cycles)%_#&",
        "with a caption;                --by traffic,packets --pivot topology --show durationCycles:median --caption Durations_of_100%_loads",
        "sized down to fit;             --by traffic,packets,topology --pivot vc-select --show durationCycles:meanci,durationCycles:min,durationCycles:max"})
    void everyTableKindFitsTheTextWidth(String kind, String options) throws Exception {
        List<String> args = new ArrayList<>(List.of("table", sweep.toString(), "--format", "latex"));
        for (String a : options.strip().split(" +")) {
            args.add(a.replace('_', ' '));
        }
        MainTest.Result t = MainTest.run(args.toArray(String[]::new));
        assertThat(t.code()).as(t.err()).isZero();
        Path pdflatex = pdflatexOrSkip();
        String log = compile(pdflatex, t.out());
        if (t.err().contains("wider than an article's text width")) {
            assertThat(log).as("a table ccopt says cannot fit").contains("Overfull");
        } else {
            assertThat(log).as(kind + ":\n" + t.out()).doesNotContain("Overfull");
        }
    }

    @Test
    void aTableTooWideForThePageIsSaidToBe() throws Exception {
        MainTest.Result t = MainTest.run("table", sweep.toString(), "--format", "latex", "--by", "traffic", "--pivot",
                "topology,packets,vc-select", "--show", "durationCycles:meanci,durationCycles:p95,durationCycles:sd");
        assertThat(t.code()).as(t.err()).isZero();
        assertThat(t.err()).contains("wider than an article's text width");
        assertThat(compile(pdflatexOrSkip(), t.out())).contains("Overfull");
    }

    private static Path pdflatexOrSkip() {
        Path pdflatex = onPath("pdflatex");
        if (pdflatex == null) {
            assertThat(System.getenv("CCOPT_REQUIRE_LATEX")).as("CCOPT_REQUIRE_LATEX=1 but no pdflatex on the PATH")
                    .isNotEqualTo("1");
            Assumptions.abort("no pdflatex on the PATH");
        }
        return pdflatex;
    }

    @Test
    void aPivotedTableCompilesInALatexDocument() throws Exception {
        MainTest.Result t = MainTest.run("table", sweep.toString(), "--by", "traffic", "--pivot", "topology", "--show",
                "durationCycles:meanci", "--format", "latex");
        assertThat(t.code()).as(t.err()).isZero();
        assertThat(t.out()).startsWith("\\begin{tabular}{lrr}").contains("\\multicolumn{2}{c}{durationCycles:meanci by topology}", "rpar", "$\\pm$");
        Path pdflatex = pdflatexOrSkip();
        compile(pdflatex, t.out());
        // the README's example, with a caption and an escaped rate: it compiles and fits the page (no overfull box)
        Path readme = dir.resolve("readme");
        assertThat(MainTest.run("run", "../../../experiments/files/sim-patterns.yaml", "--out", readme.toString(),
                "--threads", "2").code()).isZero();
        MainTest.Result ex = MainTest.run("table", readme.toString(), "--by", "traffic,packets", "--pivot", "model",
                "--show", "durationCycles:meanci", "--format", "latex", "--caption", "Durations (cycles), rate<=100 %");
        assertThat(ex.code()).as(ex.err()).isZero();
        assertThat(ex.out()).contains("\\caption{Durations (cycles), rate\\textless{}=100 \\%}");
        assertThat(compile(pdflatex, ex.out())).doesNotContain("Overfull");
    }

    /** Compiles a table in an article with pdflatex and returns its log. */
    private String compile(Path pdflatex, String table) throws Exception {
        Files.writeString(dir.resolve("doc.tex"), "\\documentclass{article}\n\\begin{document}\n" + table
                + "\\end{document}\n");
        Files.deleteIfExists(dir.resolve("doc.pdf"));
        Process p = new ProcessBuilder(pdflatex.toString(), "-interaction=nonstopmode", "-halt-on-error", "doc.tex")
                .directory(dir.toFile()).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(log).isZero();
        assertThat(dir.resolve("doc.pdf")).isNotEmptyFile();
        return Files.readString(dir.resolve("doc.log"));
    }

    private static Path onPath(String name) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            Path p = Path.of(d, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
