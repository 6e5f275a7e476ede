package io.sluice.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trust under faults, index part: a damaged or half-written index never loses keys whose records are
 * intact in the segments; it is detected at open and rebuilt from the log.
 */
@Tag("fault")
class KvIndexDamageTest {
    @TempDir
    Path dir;

    private final Map<String, byte[]> model = new HashMap<>();

    private void populate(int keys) {
        try (KvStore kv = KvStore.open(dir, KvStoreTest.small())) {
            for (int i = 0; i < keys; i++) {
                byte[] v = KvStoreTest.b("value-" + i + "-" + "x".repeat(i % 50));
                kv.put(KvStoreTest.b("key-" + i), v, Durability.NONE);
                model.put("key-" + i, v);
            }
        }
    }

    private void assertEveryKey(KvStore kv) {
        model.forEach(
                (k, v) -> assertThat(kv.get(KvStoreTest.b(k))).as("key %s", k).isEqualTo(v));
        assertThat(kv.stats().keys()).isEqualTo(model.size());
    }

    private static void zero(Path file, long offset, int length) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate(length), offset);
        }
    }

    private static void truncate(Path file, long size) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(size);
        }
    }

    /** Regression (trust under faults): a truncated index opened as an empty store. */
    @Test
    void shouldRebuildEveryKeyWhenTheIndexIsTruncatedBelowItsHeader() throws IOException {
        populate(3000);
        truncate(dir.resolve("index.main"), 100);
        try (KvStore kv = KvStore.open(dir, KvStoreTest.small())) {
            assertThat(kv.stats().fullRebuild()).isTrue();
            assertEveryKey(kv);
        }
    }

    @Test
    void shouldRebuildEveryKeyWhenTheIndexIsTruncatedInsideItsBuckets() throws IOException {
        populate(3000);
        truncate(dir.resolve("index.main"), 4096 + 100);
        try (KvStore kv = KvStore.open(dir, KvStoreTest.small())) {
            assertThat(kv.stats().fullRebuild()).isTrue();
            assertEveryKey(kv);
        }
    }

    /** Regression (trust under faults): a zeroed index page opened silently and lost the keys it held. */
    @Test
    void shouldRebuildEveryKeyWhenAPageOfTheIndexIsZeroed() throws IOException {
        populate(3000);
        zero(dir.resolve("index.main"), 4096 + 8192, 4096);
        try (KvStore kv = KvStore.open(dir, KvStoreTest.small())) {
            assertThat(kv.stats().fullRebuild()).isTrue();
            assertEveryKey(kv);
        }
    }

    @Test
    void shouldRebuildEveryKeyWhenTheOverflowFileIsDeleted() throws IOException {
        populate(3000);
        Files.delete(dir.resolve("index.overflow"));
        try (KvStore kv = KvStore.open(dir, KvStoreTest.small())) {
            assertThat(kv.stats().fullRebuild()).isTrue();
            assertEveryKey(kv);
        }
    }

    @Test
    void shouldRebuildEveryKeyWhenTheCheckpointIsDamaged() throws IOException {
        populate(3000);
        zero(dir.resolve("CHECKPOINT"), 8, 8);
        try (KvStore kv = KvStore.open(dir, KvStoreTest.small())) {
            assertThat(kv.stats().fullRebuild()).isTrue();
            assertEveryKey(kv);
        }
    }

    /**
     * Regression (trust under faults): a kill during the first open left an index header of zeros (the
     * file was sized before its header was written), which every later open refused.
     */
    @Test
    void shouldStartFreshWhenTheFirstOpenWasKilledBeforeTheIndexHeaderWasWritten() throws IOException {
        Files.write(dir.resolve("index.main"), new byte[4096]);
        Files.write(dir.resolve("LOCK"), new byte[0]);
        try (KvStore kv = KvStore.open(dir, KvStoreTest.small())) {
            assertThat(kv.get(KvStoreTest.b("a"))).isNull();
            kv.put(KvStoreTest.b("a"), KvStoreTest.b("1"), Durability.SYNC);
        }
        try (KvStore kv = KvStore.open(dir, KvStoreTest.small())) {
            assertThat(kv.get(KvStoreTest.b("a"))).isEqualTo(KvStoreTest.b("1"));
        }
    }

    @Test
    void shouldNeverLeaveAnIndexWithoutAHeaderWhenCreatingOne() throws IOException {
        try (KvStore kv = KvStore.open(dir, KvStoreTest.small())) {
            kv.put(KvStoreTest.b("a"), KvStoreTest.b("1"), Durability.SYNC);
        }
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
        byte[] header = Files.readAllBytes(dir.resolve("index.main"));
        assertThat(header.length).isGreaterThanOrEqualTo(4096);
        assertThat(ByteBuffer.wrap(header, 0, 8).getLong()).isNotZero();
    }

    /** A missing segment is data loss the index can prove: refused, never rebuilt around. */
    @Test
    void shouldRefuseToOpenWhenASegmentTheIndexPointsAtIsDeleted() throws IOException {
        populate(3000);
        Path first;
        try (var files = Files.list(dir)) {
            first = files.filter(p -> p.toString().endsWith(".seg"))
                    .sorted()
                    .findFirst()
                    .orElseThrow();
        }
        Files.delete(first);
        assertThatThrownBy(() -> KvStore.open(dir, KvStoreTest.small()))
                .isInstanceOf(KvCorruptionException.class)
                .hasMessageContaining(first.getFileName().toString());
    }
}
