package org.ccopt.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ccopt.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CommMatrixTest {

    private static CommMatrix parse(String text) {
        return CommMatrix.parse(text.replace('~', '\n'), "m");
    }

    private static String entries(CommMatrix m) {
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < m.entries(); k++) {
            b.append(k == 0 ? "" : " ").append(m.source()[k]).append('>').append(m.target()[k]).append('=').append(m.volume()[k]);
        }
        return b.toString();
    }

    /** The same 3-rank matrix in every form ccopt reads: diagonal dropped, zeros dropped, row-major order. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "7,1,0~0,0,2~3,0,0",
        "7, 1 ,0~~0,0,2~3,0,0~",
        "%%MatrixMarket matrix coordinate integer general~% a comment~3 3 4~1 1 7~1 2 1~2 3 2~3 1 3",
        "%%MatrixMarket matrix coordinate real general~3 3 4~3 1 3.0~2 3 1e0~1 2 1.00~2 3 1",
        "%%MatrixMarket matrix array integer general~3 3~7~0~3~1~0~0~0~2~0"})
    void everyFormGivesTheSameMatrix(String text) {
        CommMatrix m = parse(text);
        assertThat(m.procs()).isEqualTo(3);
        assertThat(entries(m)).isEqualTo("0>1=1 1>2=2 2>0=3");
        assertThat(m.totalVolume()).isEqualTo(6);
    }

    @Test
    void symmetricAndPatternFilesAreExpanded() {
        assertThat(entries(parse("%%MatrixMarket matrix coordinate pattern symmetric~3 3 2~2 1~3 2"))).isEqualTo(
                "0>1=1 1>0=1 1>2=1 2>1=1");
        assertThat(entries(parse("%%MatrixMarket matrix array integer symmetric~2 2~0~5~0"))).isEqualTo("0>1=5 1>0=5");
    }

    /** A collective's matrix counts its transfers per pair over all steps. */
    @Test
    void aCollectivesMatrixCountsItsTransfers() {
        CommMatrix m = CommMatrix.of(MpiAlgorithm.parse("allreduce").transfers(4));
        assertThat(m.entries()).isEqualTo(8); // recursive doubling: partners at distance 1, then 2, both ways
        assertThat(m.totalVolume()).isEqualTo(8);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1,2~3 | line 2 has 1 cells",
        "1,-2~3,0 | line 1, column 2 is negative",
        "1,2.5~3,0 | line 1, column 2 is not a whole number",
        "0,x~3,0 | line 1, column 2 is not a number",
        "'' | is empty",
        "%%MatrixMarket matrix coordinate real general~2 2 1~1 2 0.5 | line 3, field 3 is not a whole number",
        "%%MatrixMarket matrix coordinate complex general~2 2 1~1 2 1 0 | line 1 is not a header",
        "%%MatrixMarket matrix coordinate integer general~2 3 1~1 2 1 | expected a square matrix",
        "%%MatrixMarket matrix coordinate integer general~2 2 2~1 2 1 | has 1 entries; its size line announces 2",
        "%%MatrixMarket matrix coordinate integer general~2 2 1~1 2 1~2 1 1 | line 4 is past the 1 entries",
        "%%MatrixMarket matrix coordinate integer general~2 2 1~3 1 1 | line 3 names an entry outside",
        "%%MatrixMarket matrix coordinate integer symmetric~2 2 1~1 2 1 | line 3 is above the diagonal",
        "%%MatrixMarket matrix coordinate integer general~2 2 2~1 2 2000000000~1 2 2000000000 | sums to more than",
        "%%MatrixMarket matrix coordinate integer general~2 2 1~1 2 3000000000 | is above 2147483647",
        "%%MatrixMarket matrix coordinate integer general~% only comments | has no size line"})
    void aDamagedFileIsRefusedByPlace(String text, String message) {
        assertThatThrownBy(() -> parse(text)).isInstanceOf(InvalidInputException.class).hasMessageContaining(message);
    }
}
