package io.sluice.kv;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Damaged files are reported with file and offset; no read ever returns bytes that were not written. */
class KvCorruptionTest {
    @TempDir
    Path dir;

    private static final byte[] VALUE = new byte[500];

    static {
        java.util.Arrays.fill(VALUE, (byte) 'v');
    }

    private void populate() {
        try (KvStore kv = KvStore.open(dir, KvStoreTest.small())) {
            for (int i = 0; i < 100; i++) {
                kv.put(KvStoreTest.b("key-" + i), VALUE, Durability.NONE);
            }
        }
    }

    private List<Path> segments() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".seg")).sorted().toList();
        }
    }

    private static void flip(Path file, long offset) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(offset);
            int b = f.read();
            f.seek(offset);
            f.write(b ^ 0x5A);
        }
    }

    private static void truncate(Path file, long size) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(size);
        }
    }

    @Test
    void shouldNameFileAndOffsetWhenAValueByteIsFlipped() throws IOException {
        populate();
        Path seg = segments().getFirst();
        long firstValue = 64 + 40 + "key-0".length() + 10;
        flip(seg, firstValue);
        try (KvStore kv = KvStore.open(dir, KvStoreTest.small())) {
            assertThatThrownBy(() -> kv.get(KvStoreTest.b("key-0")))
                    .isInstanceOfSatisfying(KvCorruptionException.class, e -> {
                        assertThat(e.file()).isEqualTo(seg);
                        assertThat(e.offset()).isEqualTo(64);
                    })
                    .hasMessageContaining("file=" + seg).hasMessageContaining("offset=64");
            assertThat(kv.get(KvStoreTest.b("key-1"))).isEqualTo(VALUE);
        }
    }

    @Test
    void shouldFailOpenWhenASealedSegmentIsTruncated() throws IOException {
        populate();
        Path seg = segments().getFirst();
        truncate(seg, 64 + 1000);
        assertThatThrownBy(() -> KvStore.open(dir, KvStoreTest.small()))
                .isInstanceOf(KvCorruptionException.class)
                .hasMessageContaining("truncated").hasMessageContaining("file=" + seg).hasMessageContaining("offset=1064");
    }

    @Test
    void shouldFailOpenWhenASegmentHeaderIsDamaged() throws IOException {
        populate();
        Path seg = segments().getFirst();
        flip(seg, 3);
        assertThatThrownBy(() -> KvStore.open(dir, KvStoreTest.small()))
                .isInstanceOf(KvCorruptionException.class)
                .hasMessageContaining("segment header invalid").hasMessageContaining("file=" + seg);
    }

    @Test
    void shouldFailOpenWhenTheCheckpointIsDamaged() throws IOException {
        populate();
        flip(dir.resolve("CHECKPOINT"), 20);
        assertThatThrownBy(() -> KvStore.open(dir, KvStoreTest.small()))
                .isInstanceOf(KvCorruptionException.class)
                .hasMessageContaining("file=" + dir.resolve("CHECKPOINT")).hasMessageContaining("offset=0");
    }

    @Test
    void shouldFailOpenWhenTheIndexIsTruncated() throws IOException {
        populate();
        truncate(dir.resolve("index.main"), 4096 + 100);
        assertThatThrownBy(() -> KvStore.open(dir, KvStoreTest.small()))
                .isInstanceOf(KvCorruptionException.class)
                .hasMessageContaining("index file truncated").hasMessageContaining("file=" + dir.resolve("index.main"));
    }

    @Test
    void shouldNameFileAndOffsetWhenCompactionMeetsADamagedRecord() throws IOException {
        populate();
        populate(); // every record of the first segment is now garbage, so compaction will read it
        Path seg = segments().getFirst();
        flip(seg, 64 + 40 + 2); // inside the key of the first record
        try (KvStore kv = KvStore.open(dir, KvStoreTest.small().withCompaction(false))) {
            assertThat(kv.get(KvStoreTest.b("key-0"))).isEqualTo(VALUE);
            assertThatThrownBy(kv::compact).isInstanceOf(KvCorruptionException.class)
                    .hasMessageContaining("file=" + seg).hasMessageContaining("offset=64");
        }
    }
}
