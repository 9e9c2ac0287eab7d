package org.ccopt.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The pieces of {@code ccopt run} that other executors reuse (the Spark entry point of {@code ccopt-spark}): one run
 * to one JSON row, executed in the calling JVM exactly as {@code ccopt run} executes it, and rows to the CSV that
 * {@code ccopt run} writes.
 */
public final class Experiments {

    private static final ObjectMapper MAPPER = RunCommand.LINES;

    private Experiments() {
    }

    /**
     * Executes one run and returns its row as one line of JSON. The run must write no file ({@link
     * Experiment#outputs()} empty): its command line is executed as it stands.
     */
    public static String row(Experiment.Run run) {
        try {
            return MAPPER.writeValueAsString(RunCommand.execute(run, run.args()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The CSV of rows (JSON lines, any order), in run order, as {@code ccopt run} writes {@code results.csv}. */
    public static String csv(Experiment experiment, List<String> rows) {
        Map<String, JsonNode> byKey = new LinkedHashMap<>();
        for (String line : rows) {
            try {
                JsonNode row = MAPPER.readTree(line);
                byKey.put(row.path("key").asText(), row);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return RunCommand.csvText(experiment, byKey);
    }
}
