package io.sluice.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.bench.Cell;
import io.sluice.bench.MiniJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonlWriterTest {

    @Test
    void shouldWriteOneParsableObjectPerCellWithExactlyTheSchemaFields(@TempDir Path dir) throws Exception {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("rows", 500);
        params.put("threads", 8);
        List<Cell> cells = List.of(
                new Cell("pg-fetch", "prepared", params, "sluice", "ops/s", 1234.5, 12.25),
                new Cell("pg-fetch", "prepared", params, "pgjdbc", "B/op", 1.0e7, 3));
        Path file = dir.resolve("pg-fetch.jsonl");

        JsonlWriter.write(file, cells);

        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(2);
        @SuppressWarnings("unchecked")
        Map<String, Object> first = (Map<String, Object>) MiniJson.parse(lines.get(0));
        assertThat(first).containsOnlyKeys("suite", "case", "params", "system", "unit", "score", "error");
        assertThat(first)
                .containsEntry("suite", "pg-fetch")
                .containsEntry("case", "prepared")
                .containsEntry("system", "sluice")
                .containsEntry("unit", "ops/s")
                .containsEntry("score", 1234.5)
                .containsEntry("error", 12.25);
        assertThat(first.get("params")).isEqualTo(Map.of("rows", 500.0, "threads", 8.0));
        @SuppressWarnings("unchecked")
        Map<String, Object> second = (Map<String, Object>) MiniJson.parse(lines.get(1));
        assertThat(second).containsEntry("score", 1.0e7).containsEntry("error", 3.0);
    }

    @Test
    void shouldWriteNullWhenScoreOrErrorIsNotFinite() {
        Cell cell = new Cell("kv-read", "get", Map.of(), "lmdb", "ops/s", Double.POSITIVE_INFINITY, Double.NaN);

        @SuppressWarnings("unchecked")
        Map<String, Object> parsed = (Map<String, Object>) MiniJson.parse(JsonlWriter.toJson(cell));

        assertThat(parsed).containsEntry("score", null).containsEntry("error", null);
        assertThat(parsed.get("params")).isEqualTo(Map.of());
    }

    @Test
    void shouldEscapeQuotesBackslashesAndControlCharactersWhenStringsHoldThem() {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("sql", "SELECT \"a\\b\"\n\t\u0001");
        params.put("tls", true);
        Cell cell = new Cell("pg-x", "we\"ird", params, "sluice-virtual", "us/op", 0.000125, 0.5);

        @SuppressWarnings("unchecked")
        Map<String, Object> parsed = (Map<String, Object>) MiniJson.parse(JsonlWriter.toJson(cell));

        assertThat(parsed).containsEntry("case", "we\"ird").containsEntry("score", 0.000125);
        assertThat(parsed.get("params")).isEqualTo(Map.of("sql", "SELECT \"a\\b\"\n\t\u0001", "tls", true));
    }
}
