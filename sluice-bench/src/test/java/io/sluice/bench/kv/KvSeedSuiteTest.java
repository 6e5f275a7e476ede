package io.sluice.bench.kv;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.bench.Cell;
import io.sluice.bench.Mode;
import io.sluice.bench.RunContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A smoke run of kv-seed for Sluice KV and the baseline, each in its child JVM, with real store files. */
class KvSeedSuiteTest {
    @TempDir
    Path work;

    @Test
    void shouldReportComparableCellsForEverySystemWhenRunInSmokeMode() throws Exception {
        System.setProperty("sluice.kv.systems", "sluice-kv-nofsync,bdb-je");
        List<Cell> cells = new CopyOnWriteArrayList<>();
        try {
            new KvSeedSuite().run(new RunContext(Mode.SMOKE, Set.of(), work, work), cells::add);
        } finally {
            System.clearProperty("sluice.kv.systems");
        }
        Map<String, Set<String>> cellKeysBySystem = cells.stream()
                .collect(Collectors.groupingBy(
                        Cell::system, Collectors.mapping(c -> c.name() + c.params() + c.unit(), Collectors.toSet())));
        assertThat(cellKeysBySystem).containsOnlyKeys("sluice-kv-nofsync", "bdb-je");
        assertThat(cellKeysBySystem.get("sluice-kv-nofsync")).isEqualTo(cellKeysBySystem.get("bdb-je"));
        assertThat(cells).anySatisfy(c -> {
            assertThat(c.name()).isEqualTo("read-2");
            assertThat(c.unit()).isEqualTo("ops/ms");
            assertThat(c.score()).isPositive();
        });
        assertThat(cells).anySatisfy(c -> assertThat(c.params()).containsEntry("metric", "gc-pause-max"));
        assertThat(cells).allSatisfy(c -> assertThat(c.params()).containsEntry("keys", 2000));
    }
}
