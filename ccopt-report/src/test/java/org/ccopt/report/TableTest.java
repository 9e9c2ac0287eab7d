package org.ccopt.report;

import org.ccopt.experiments.Provenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.ccopt.InvalidInputException;
import org.junit.jupiter.api.Test;

/** A table in each of its formats, against text written out by hand. */
class TableTest {

    private static final Table T = new Table(List.of("traffic", "C00", "C01"),
            List.of(List.of("brev", "179", "194"), List.of("bit_rev&1", "1.5", "12.25")));

    @Test
    void textAlignsTheFirstColumnLeftAndTheOthersRight() {
        assertThat(T.format("text")).isEqualTo("""
                traffic    C00    C01
                brev       179    194
                bit_rev&1  1.5  12.25
                """);
        assertThat(T.withSpanner("scheme", 1).text()).startsWith("           scheme\ntraffic ");
    }

    @Test
    void markdownAndCsvCarryTheCellsAsTheyAre() {
        assertThat(T.format("md")).isEqualTo("""
                | traffic | C00 | C01 |
                | --- | --- | --- |
                | brev | 179 | 194 |
                | bit_rev&1 | 1.5 | 12.25 |
                """);
        // CSV has no row for the spanner: it names the pivoted columns
        assertThat(T.withSpanner("scheme", 1).format("csv")).isEqualTo("""
                traffic,scheme: C00,scheme: C01
                brev,179,194
                bit_rev&1,1.5,12.25
                """);
    }

    @Test
    void latexEscapesTeXsCharactersAndSpansThePivotedColumns() {
        assertThat(T.withSpanner("scheme", 1).latex()).isEqualTo("""
                \\begin{tabular}{lrr}
                \\hline
                 & \\multicolumn{2}{c}{scheme} \\\\
                \\cline{2-3}
                traffic & C00 & C01 \\\\
                \\hline
                brev & 179 & 194 \\\\
                bit\\_rev\\&1 & 1.5 & 12.25 \\\\
                \\hline
                \\end{tabular}
                """);
        assertThat(Table.tex("a<b|c^2 ~ \u00b1 50% #1 {x}")).isEqualTo(
                "a\\textless{}b\\textbar{}c\\textasciicircum{}2 \\textasciitilde{} $\\pm$ 50\\% \\#1 \\{x\\}");
        assertThat(T.format("latex", "Table 2")).startsWith("\\begin{table}[ht]\n\\centering\n\\caption{Table 2}\n")
                .endsWith("\\end{table}\n");
    }

    @Test
    void aWideTableIsSetSmallerUntilItFitsAndSaysWhenNothingDoes() {
        List<String> header = new java.util.ArrayList<>(List.of("x"));
        List<String> row = new java.util.ArrayList<>(List.of("row"));
        for (int i = 0; i < 9; i++) {
            header.add("column" + i);
            row.add("123456");
        }
        Table wide = new Table(header, List.of(row));
        assertThat(wide.latexSize()).isIn("small", "footnotesize", "scriptsize");
        assertThat(wide.latex()).startsWith("{\\" + wide.latexSize() + "\\setlength{\\tabcolsep}{3pt}\n");
        assertThat(wide.latexFits()).isTrue();
        assertThat(T.latexSize()).isNull();
        for (int i = 9; i < 40; i++) {
            header.add("column" + i);
            row.add("123456");
        }
        assertThat(new Table(header, List.of(row)).latexFits()).isFalse();
    }

    @Test
    void htmlEscapesEveryCellAndTheCaption() {
        assertThat(T.html("a <caption>")).isEqualTo("<table><caption>a &lt;caption&gt;</caption><thead><tr><th>traffic</th>"
                + "<th>C00</th><th>C01</th></tr></thead><tbody><tr><td>brev</td><td>179</td><td>194</td></tr><tr>"
                + "<td>bit_rev&amp;1</td><td>1.5</td><td>12.25</td></tr></tbody></table>\n");
        assertThat(Html.escape("\"'<>&")).isEqualTo("&quot;&#39;&lt;&gt;&amp;");
    }

    @Test
    void notesFollowTheTableInEachFormatAndACsvCaptionOrAnUnknownFormatIsRefused() {
        assertThat(T.format("text", "cap", List.of("one"))).startsWith("cap\n\n").endsWith("note: one\n");
        assertThat(T.format("md", null, List.of("one"))).endsWith("\nNote: one\n");
        assertThat(T.format("latex", null, List.of("one"))).endsWith("% note: one\n");
        assertThat(T.format("csv", null, List.of("one"))).doesNotContain("one");
        assertThatThrownBy(() -> T.format("csv", "cap")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--caption");
        assertThatThrownBy(() -> T.format("pdf")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--format 'pdf' is invalid; expected " + Table.FORMATS);
        assertThat(T.head(1).rows()).hasSize(1);
        assertThat(T.head(5)).isSameAs(T);
    }

    @Test
    void provenanceNamesTheBuildAndTheJdk() {
        Provenance p = Provenance.current();
        assertThat(p.asMap()).containsOnlyKeys("ccopt", "commit", "jdk");
        assertThat(p.line()).isEqualTo("ccopt " + p.ccopt() + " (commit " + p.commit() + "), " + p.jdk());
        assertThat(p.jdk()).contains(System.getProperty("java.runtime.version", System.getProperty("java.version")));
    }

    /** Digits set every number of a column of fractions alike (half to even), and leave whole numbers and text. */
    @Test
    void digitsEvenOnlyTheColumnsThatHoldFractions() {
        Table t = new Table(List.of("name", "x", "n", "share"), List.of(List.of("a", "1.25", "3", "12 %"),
                List.of("b", "2", "40", "7 %"), List.of("c", "0.135", "5", "n/a")));
        assertThat(t.withDigits(2).rows()).containsExactly(List.of("a", "1.25", "3", "12 %"),
                List.of("b", "2.00", "40", "7 %"), List.of("c", "0.14", "5", "n/a"));
        assertThat(t.withDigits(1).rows().get(0).get(1)).isEqualTo("1.2"); // half to even
        assertThat(t.withDigits(1).rows().get(2).get(1)).isEqualTo("0.1");
    }
}
