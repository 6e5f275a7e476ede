package io.sluice.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.bench.Cell;
import io.sluice.bench.ResultSink;
import io.sluice.bench.RunContext;
import io.sluice.bench.Suite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PublishedReportTest {

    private record FixedSuite(String name, boolean inReadmeSummary) implements Suite {
        FixedSuite(String name) {
            this(name, true);
        }

        @Override
        public Set<String> requiredServices() {
            return Set.of();
        }

        @Override
        public String baselineSystem() {
            return "peer";
        }

        @Override
        public void run(RunContext context, ResultSink sink) {}

        @Override
        public List<String> notes(List<Cell> cells) {
            return List.of("rel note: " + cells.size() + " cells");
        }
    }

    private static Cell cell(String system, String unit, int threads, double score) {
        return new Cell("rel-suite", "get", Map.of("threads", threads), system, unit, score, 0.5);
    }

    @Test
    void shouldReadBackEveryFieldThatJsonlWriterWrites(@TempDir Path dir) throws Exception {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("rows", 500);
        params.put("name", "a \"quoted\"\tname");
        params.put("ratio", 0.25);
        List<Cell> cells = List.of(
                new Cell("s", "c", params, "sluice", "ops/s", 1234.5, Double.NaN),
                new Cell("s", "c", Map.of(), "pgjdbc", "B/op", 1.0e7, 3));
        Path file = dir.resolve("s.jsonl");
        JsonlWriter.write(file, cells);

        List<Cell> read = JsonlReader.read(file);

        assertThat(read.get(0).params())
                .containsExactly(
                        Map.entry("rows", 500L), Map.entry("name", "a \"quoted\"\tname"), Map.entry("ratio", 0.25));
        assertThat(read.get(0).score()).isEqualTo(1234.5);
        assertThat(read.get(0).error()).isNaN();
        assertThat(read.get(1)).isEqualTo(cells.get(1));
    }

    @Test
    void shouldNameTheFileAndLineOfAMalformedCell(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("s.jsonl");
        Files.writeString(file, "{\"suite\":\"s\"}\n{\"suite\":\n");

        assertThatThrownBy(() -> JsonlReader.read(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line=2")
                .hasMessageContaining(file.toString());
    }

    @Test
    void shouldPublishEachSuitesCellsRatiosAndItsOwnRunsFacts(@TempDir Path dir) throws Exception {
        JsonlWriter.write(
                dir.resolve("rel-suite.jsonl"),
                List.of(
                        cell("peer", "ops/s", 1, 100), cell("sluice", "ops/s", 1, 300),
                        cell("peer", "ops/s", 8, 200), cell("sluice", "ops/s", 8, 100),
                        cell("peer", "B/op", 1, 900), cell("sluice", "B/op", 1, 300)));
        RunFacts.write(
                dir.resolve("rel-suite.run"),
                Map.of(
                        "command",
                        "bin/bench --suite rel-suite",
                        "date",
                        "2030-01-02T03:04:05Z",
                        "cpu",
                        "Rel CPU",
                        "cores",
                        "2",
                        "commit",
                        "abc1234"));

        List<PublishedReport.Published> published =
                PublishedReport.collect(dir, List.of(new FixedSuite("rel-suite"), new FixedSuite("rel-never-ran")));
        String report = PublishedReport.render(published);

        assertThat(published).extracting(p -> p.suite().name()).containsExactly("rel-suite");
        // throughput ratios 3.00x and 0.50x (the B/op cell is left out of the headline): median 1.75x
        assertThat(PublishedReport.headline(published.getFirst())).isEqualTo("sluice 1.75x (0.50x-3.00x)");
        assertThat(PublishedReport.summary(published, dir.resolve("docs/b.md"), dir.resolve("README.md")))
                .contains(
                        "| `rel-suite` | peer | sluice 1.75x (0.50x-3.00x) | 2030-01-02 | abc1234 |",
                        "- command: `bin/bench --suite rel-suite`\n",
                        "- hardware: Rel CPU, 2 cores, unknown\n",
                        "[docs/b.md](docs/b.md)");
        assertThat(report)
                .contains(
                        "## rel-suite",
                        "`bin/bench --suite rel-suite`",
                        "2030-01-02T03:04:05Z",
                        "commit abc1234",
                        "Rel CPU, 2 cores",
                        "| get | threads=8 | ops/s | 200 | 100 | 0.50x |",
                        "- rel note: 6 cells");
    }

    @Test
    void shouldLeaveSuiteOutOfReadmeSummaryButNotOutOfReportWhenItAsks(@TempDir Path dir) throws Exception {
        for (String suite : List.of("rel-suite", "rel-self")) {
            JsonlWriter.write(
                    dir.resolve(suite + ".jsonl"),
                    List.of(cell("peer", "ops/s", 1, 100), cell("sluice", "ops/s", 1, 90)));
            RunFacts.write(dir.resolve(suite + ".run"), Map.of("command", "bin/bench"));
        }

        List<PublishedReport.Published> published =
                PublishedReport.collect(dir, List.of(new FixedSuite("rel-suite"), new FixedSuite("rel-self", false)));

        assertThat(PublishedReport.summary(published, dir.resolve("docs/b.md"), dir.resolve("README.md")))
                .contains("`rel-suite`")
                .doesNotContain("rel-self")
                .contains("- command: `bin/bench`\n");
        assertThat(PublishedReport.render(published)).contains("## rel-suite", "## rel-self");
    }

    @Test
    void shouldReplaceOnlyTheTableBetweenTheReadmeMarkers() {
        String readme = "# R\n" + PublishedReport.BEGIN + "\nold table\n" + PublishedReport.END + "\nafter\n";

        String replaced = PublishedReport.replaceSummary(readme, "| new |\n");

        assertThat(replaced)
                .isEqualTo("# R\n" + PublishedReport.BEGIN + "\n| new |\n" + PublishedReport.END + "\nafter\n");
        assertThat(PublishedReport.replaceSummary("no markers\n", "| new |\n")).isEqualTo("no markers\n");
    }
}
