package org.ccopt.experiments;

import org.ccopt.util.Csv;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** CSV round trips (seeded random cells with commas, quotes and line breaks) and results read from either file. */
class CsvAndResultsTest {

    @TempDir
    Path dir;

    private static final String ALPHABET = "ab ,\"\n\r;x1.-";

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void cellsSurviveARoundTrip(long seed) throws Exception {
        SplittableRandom r = new SplittableRandom(seed);
        List<String> header = List.of("a", "b,c", "d\"e");
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            List<String> row = new ArrayList<>();
            for (int c = 0; c < header.size(); c++) {
                StringBuilder cell = new StringBuilder();
                for (int k = r.nextInt(8); k > 0; k--) {
                    cell.append(ALPHABET.charAt(r.nextInt(ALPHABET.length())));
                }
                row.add(cell.toString().replace("\r", "")); // a lone CR is not kept by any CSV reader's line model
            }
            rows.add(row);
        }
        List<Map<String, String>> back = Csv.read(Csv.write(header, rows));
        assertThat(back).hasSize(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            assertThat(new ArrayList<>(back.get(i).values())).isEqualTo(rows.get(i));
        }
    }

    @Test
    void numbersAndQuotingFollowOneRule() {
        assertThat(Csv.line(List.of(1.0 / 3, 2.0, "x,y", "q\"", Double.NaN))).isEqualTo("0.333333,2,\"x,y\",\"q\"\"\",");
        assertThat(Csv.number(1234567.0)).isEqualTo("1234570");
    }

    @Test
    void jsonlAndCsvGiveTheSameRows() throws Exception {
        List<Row> rows = List.of(row(0, "sim --traffic brev", "ok", "brev", 12), row(1, "sim --traffic bcmp", "failed", "bcmp", 0),
                row(2, "sim --traffic a,b", "ok", "a,b", 7));
        StringBuilder lines = new StringBuilder();
        rows.forEach(x -> lines.append(x.line()).append('\n'));
        Files.writeString(dir.resolve(ExperimentRunner.LINES), lines.toString());
        Files.writeString(dir.resolve(ExperimentRunner.CSV), ExperimentRunner.csv(rows));
        List<Row> fromJson = Results.read(dir.resolve(ExperimentRunner.LINES));
        List<Row> fromCsv = Results.read(dir.resolve(ExperimentRunner.CSV));
        assertThat(fromCsv).hasSize(3);
        for (int i = 0; i < 3; i++) {
            assertThat(fromCsv.get(i).status()).isEqualTo(fromJson.get(i).status());
            for (String c : List.of("run", "traffic", "cycles", "error")) {
                // a column a row lacks (cycles of a failed run, error of an ok one) is missing from both
                assertThat(fromCsv.get(i).has(c)).isEqualTo(fromJson.get(i).has(c));
                if (fromJson.get(i).has(c)) {
                    assertThat(fromCsv.get(i).get(c).asText()).isEqualTo(fromJson.get(i).get(c).asText());
                }
            }
        }
        // a directory reads its results.jsonl
        assertThat(Results.read(dir)).hasSize(3);
    }

    @Test
    void otherFilesAreRefusedWithOneLine() throws Exception {
        Files.writeString(dir.resolve("x.txt"), "a,b\n1,2\n");
        assertThatThrownBy(() -> Results.read(dir.resolve("x.txt"))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("neither .jsonl nor .csv");
        Files.writeString(dir.resolve("other.csv"), "a,b\n1,2\n");
        assertThatThrownBy(() -> Results.read(dir.resolve("other.csv"))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("no rows of 'ccopt run'");
        assertThatThrownBy(() -> Results.read(dir.resolve("missing"))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("no results at");
    }

    private static Row row(int run, String key, String status, String traffic, int cycles) {
        var json = Row.MAPPER.createObjectNode();
        json.put("run", run);
        json.put("key", key);
        json.put("traffic", traffic);
        json.put("wallSeconds", 0.5);
        json.put("status", status);
        if (status.equals("ok")) {
            json.put("cycles", cycles);
        } else {
            json.put("exit", 2);
            json.put("error", "bad, input");
        }
        return new Row(json);
    }
}
