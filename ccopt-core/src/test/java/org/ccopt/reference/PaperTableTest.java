package org.ccopt.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PaperTableTest {

    private static final List<String> PATTERNS = List.of("bcmp", "brev", "brot", "shfl", "torn", "trns");

    @ParameterizedTest
    @ValueSource(strings = {"yokota2018-table2", "yokota2018-table3", "yokota2023-table2", "yokota2023-table3",
        "yokota2023-table4", "yokota2023-table6", "cui2024-tables-3.4-3.6", "cui2024-figs-3.7-3.9", "jaros2007-table2",
        "jaros2007-tables-3-4", "jaros2007-table5", "jaros-min-tables-1-3-5-6", "cui2024-text-4.5.2"})
    void everyFileNamesItsSourceAndHasFullRows(String name) {
        PaperTable t = PaperTable.read(name);
        assertThat(t.source()).containsPattern("(Yokota et al\\. 20(18|23)|Cui 2024 \\(thesis\\)|Jaros et al\\. 2007"
                + "|Jaros and Dvorak \\(MIN paper\\)), (Table|Tables|the text of (Figs\\.|§))");
        assertThat(t.rows()).isNotEmpty().allMatch(r -> r.size() == t.header().size() && r.stream().noneMatch(String::isBlank));
        assertThat(t.keys()).doesNotHaveDuplicates();
    }

    @Test
    void theCupStackingTablesHaveOneRowPerPatternAndOneColumnPerScheme() {
        for (String name : List.of("yokota2023-table2", "yokota2023-table3", "yokota2023-table6")) {
            PaperTable t = PaperTable.read(name);
            assertThat(t.keys()).isEqualTo(PATTERNS);
            assertThat(t.header()).hasSize(11);
        }
        // two cells read off the paper: brev under C04 (Table 2), shfl's unsplit reference (Table 4, S=1)
        assertThat(PaperTable.read("yokota2023-table2").ints("brev")[4]).isEqualTo(172);
        assertThat(PaperTable.read("yokota2023-table4").number("shfl", "S=1")).isEqualTo(243);
    }

    @Test
    void table2Of2018IsFifteenPairsWhosePhysicalDurationsAreSumsOfSixSingleOnes() {
        PaperTable t = PaperTable.read("yokota2018-table2");
        assertThat(t.keys()).hasSize(15).contains("bcmp,brev", "torn,trns");
        // six unknowns, fifteen equations: the sums are consistent (bcmp = (283 + 242 - 337) / 2 = 94, ...)
        int[] single = new int[6];
        for (int p = 0; p < 6; p++) {
            String a = PATTERNS.get(p);
            String b = PATTERNS.get((p + 1) % 6);
            String c = PATTERNS.get((p + 2) % 6);
            single[p] = (int) (physical(t, a, b) + physical(t, a, c) - physical(t, b, c)) / 2;
        }
        for (String pair : t.keys()) {
            String[] ab = pair.split(",");
            assertThat(single[PATTERNS.indexOf(ab[0])] + single[PATTERNS.indexOf(ab[1])]).as(pair)
                    .isEqualTo((int) t.number(pair, "physical"));
        }
        assertThat(t.number("bcmp,brev", "mean")).isEqualTo(68.2);
    }

    private static double physical(PaperTable t, String a, String b) {
        String key = a.compareTo(b) < 0 ? a + "," + b : b + "," + a;
        return t.number(key, "physical");
    }

    @Test
    void anUnknownTableRowOrColumnIsNamed() {
        assertThatThrownBy(() -> PaperTable.read("nope")).hasMessageContaining("no paper table 'nope'");
        assertThatThrownBy(() -> PaperTable.read("yokota2018-table3").row("S77")).hasMessageContaining("no row 'S77'");
        assertThatThrownBy(() -> PaperTable.read("yokota2018-table3").cell("S00", "xx")).hasMessageContaining("no column 'xx'");
    }
}
