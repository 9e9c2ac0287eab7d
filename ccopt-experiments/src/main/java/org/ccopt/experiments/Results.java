package org.ccopt.experiments;

import org.ccopt.util.Csv;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.ccopt.InvalidInputException;

/**
 * The rows of a {@code ccopt run} output, read from {@code results.jsonl} or {@code results.csv} alike: a CSV cell
 * becomes a text value (numbers compare and aggregate the same), an empty cell a missing value.
 */
public final class Results {

    private static final String EXPECTED = "expected a 'ccopt run' output directory, its results.jsonl or its results.csv";

    private Results() {
    }

    /**
     * Every run's latest row, in run order. {@code path} is an output directory (its {@code results.jsonl}, else its
     * {@code results.csv}), a {@code .jsonl} or a {@code .csv} file.
     *
     * @throws InvalidInputException one line, when the path holds no rows of {@code ccopt run}
     */
    public static List<Row> read(Path path) throws IOException {
        Path file = path;
        if (Files.isDirectory(path)) {
            file = path.resolve(ExperimentRunner.LINES);
            if (!Files.exists(file)) {
                file = path.resolve(ExperimentRunner.CSV);
            }
        }
        if (!Files.exists(file)) {
            throw new InvalidInputException("no results at " + path + "; " + EXPECTED);
        }
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException(file + " is not a file; " + EXPECTED);
        }
        String name = file.getFileName().toString();
        List<Row> rows = new ArrayList<>();
        if (name.endsWith(".jsonl")) {
            rows.addAll(ExperimentRunner.read(file).values());
        } else if (name.endsWith(".csv")) {
            List<Map<String, String>> lines;
            try {
                lines = Csv.read(Files.readString(file, StandardCharsets.UTF_8));
            } catch (java.nio.charset.CharacterCodingException e) {
                throw new InvalidInputException(file + " is not UTF-8 text; " + EXPECTED);
            } catch (IOException | RuntimeException e) {
                throw new InvalidInputException(file + " is not a CSV file with a header line"
                        + org.ccopt.util.InputFiles.where(e) + "; " + EXPECTED);
            }
            for (Map<String, String> line : lines) {
                ObjectNode json = Row.MAPPER.createObjectNode();
                line.forEach((k, v) -> {
                    if (!v.isEmpty()) {
                        json.put(k, v);
                    }
                });
                // results.csv leaves the key out; the run number identifies a row within one file
                if (!json.has("key") && json.has("run")) {
                    json.put("key", "run " + json.get("run").asText());
                }
                rows.add(new Row(json));
            }
        } else {
            throw new InvalidInputException(file + " is neither .jsonl nor .csv; " + EXPECTED);
        }
        if (rows.stream().noneMatch(Row::isRunRow)) {
            throw new InvalidInputException(file + " holds no rows of 'ccopt run' (no key and status columns); " + EXPECTED);
        }
        rows.removeIf(r -> !r.isRunRow());
        rows.sort(Comparator.comparingInt(Row::run));
        return rows;
    }
}
