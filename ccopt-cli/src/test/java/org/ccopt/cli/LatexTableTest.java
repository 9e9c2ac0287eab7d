package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ccopt table --format latex} compiles: a sweep's table, pivoted, in a LaTeX document run through Debian's
 * {@code pdflatex} (texlive-latex-base). Required where {@code CCOPT_REQUIRE_LATEX=1} (CI), skipped without pdflatex.
 */
class LatexTableTest {

    @TempDir
    Path dir;

    @Test
    void aPivotedTableCompilesInALatexDocument() throws Exception {
        Path file = dir.resolve("sim.yaml");
        Files.writeString(file, """
                command: sim
                options: {packets: 2, packet-flits: 4}
                grid:
                  topology: ["torus:4x4", "mesh:4x4"]
                  traffic: [bcmp, brev, rpar]
                seeds: [1, 2, 3]
                """);
        Path out = dir.resolve("out");
        assertThat(MainTest.run("run", file.toString(), "--out", out.toString(), "--threads", "2").code()).isZero();
        MainTest.Result t = MainTest.run("table", out.toString(), "--by", "traffic", "--pivot", "topology", "--show",
                "durationCycles:meanci", "--format", "latex");
        assertThat(t.code()).as(t.err()).isZero();
        assertThat(t.out()).startsWith("\\begin{tabular}{lrr}").contains("\\multicolumn{2}{c}{durationCycles:meanci by topology}", "rpar", "$\\pm$");
        Path pdflatex = onPath("pdflatex");
        if (pdflatex == null) {
            assertThat(System.getenv("CCOPT_REQUIRE_LATEX")).as("CCOPT_REQUIRE_LATEX=1 but no pdflatex on the PATH")
                    .isNotEqualTo("1");
            Assumptions.abort("no pdflatex on the PATH");
        }
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
