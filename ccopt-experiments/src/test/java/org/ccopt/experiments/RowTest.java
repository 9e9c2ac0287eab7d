package org.ccopt.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;

/** One row of results.jsonl: its runner columns, its status and exit, and its line. */
class RowTest {

    @Test
    void aRowReadsItsRunnerColumnsAndWritesBackTheSameLine() {
        String line = "{\"run\":4,\"key\":\"sim --x 1\",\"wallSeconds\":0.5,\"cycles\":97,\"status\":\"ok\"}";
        Row r = Row.parse(line);
        assertThat(r.run()).isEqualTo(4);
        assertThat(r.key()).isEqualTo("sim --x 1");
        assertThat(r.ok()).isTrue();
        assertThat(r.exit()).isEqualTo(Commands.OK);
        assertThat(r.error()).isEmpty();
        assertThat(r.get("cycles").asInt()).isEqualTo(97);
        assertThat(r.get("missing")).isNull();
        assertThat(r.columns()).containsExactly("run", "key", "wallSeconds", "cycles", "status");
        assertThat(r.line()).isEqualTo(line);
        assertThat(r.isRunRow()).isTrue();
        assertThat(Row.RUNNER_COLUMNS).contains("run", "key", "status", "exit", "error", "wallSeconds");
    }

    @Test
    void aRowMovesAsValuesAndComesBackEqualTypeForType() throws Exception {
        String line = "{\"run\":4,\"big\":12345678901,\"huge\":123456789012345678901234567890,\"x\":0.25,"
                + "\"ok\":true,\"none\":null,\"name\":\"brev\",\"status\":\"ok\"}";
        Row r = Row.parse(line);
        java.util.LinkedHashMap<String, Object> v = r.values();
        assertThat(v).containsKeys("run", "big", "huge", "x", "ok", "none", "name", "status");
        assertThat(v.get("run")).isEqualTo(4);
        assertThat(v.get("big")).isEqualTo(12345678901L);
        assertThat(v.get("huge")).isInstanceOf(java.math.BigInteger.class);
        assertThat(v.get("x")).isEqualTo(0.25);
        assertThat(v.get("none")).isNull();
        // through Java serialization, as Spark moves a task's result to its driver
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.ObjectOutputStream o = new java.io.ObjectOutputStream(bytes)) {
            o.writeObject(v);
        }
        Object back;
        try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
            back = in.readObject();
        }
        @SuppressWarnings("unchecked")
        Row again = Row.of((java.util.Map<String, Object>) back);
        assertThat(again.line()).isEqualTo(line);
        assertThat(again.json()).isEqualTo(r.json()); // node types too: an int stays an int, a long a long
        assertThatThrownBy(() -> Row.of(java.util.Map.of("x", new Object()))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFailedRowKeepsItsExitAndErrorAndOneWithoutAnExitIsAnInternalError() {
        Row refused = Row.parse("{\"run\":0,\"key\":\"k\",\"status\":\"failed\",\"exit\":2,\"error\":\"bad --x\"}");
        assertThat(refused.status()).isEqualTo(Row.Status.FAILED);
        assertThat(refused.exit()).isEqualTo(Commands.BAD_INPUT);
        assertThat(refused.error()).isEqualTo("bad --x");
        assertThat(Row.parse("{\"key\":\"k\",\"status\":\"failed\"}").exit()).isEqualTo(Commands.INTERNAL_ERROR);
        assertThat(Row.Status.FAILED.text()).isEqualTo("failed");
        // not a row of the runner: no key or no status
        assertThat(Row.parse("{\"run\":1,\"status\":\"ok\"}").isRunRow()).isFalse();
    }

    @Test
    void aLineThatIsNotAJsonObjectIsRefused() {
        for (String bad : new String[] {"[1, 2]", "{\"run\": ", "3"}) {
            assertThatThrownBy(() -> Row.parse(bad)).as(bad).isInstanceOf(UncheckedIOException.class);
        }
        assertThat(Commands.firstLine("one\ntwo")).isEqualTo("one");
        assertThat(Commands.firstLine(null)).isEmpty();
    }
}
