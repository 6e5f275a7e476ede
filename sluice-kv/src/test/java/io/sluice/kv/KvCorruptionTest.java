package io.sluice.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
                    .hasMessageContaining("file=" + seg)
                    .hasMessageContaining("offset=64");
            assertThat(kv.get(KvStoreTest.b("key-1"))).isEqualTo(VALUE);
        }
    }

    /**
     * A get checks the CRC over the copy it makes in the caller's buffer (staging header and key there
     * first), or over the mapping when the buffer has no room for the value or for the staging: each
     * kind of buffer must still catch a flipped header byte and a flipped value byte.
     */
    @Test
    void shouldDetectAFlippedHeaderOrValueByteWhateverBufferTheGetCopiesInto() throws IOException {
        try (KvStore kv = KvStore.open(dir, KvStoreTest.small())) {
            for (int i = 0; i < 100; i++) {
                kv.put(KvStoreTest.b("key-" + i), VALUE, Durability.NONE);
            }
            kv.put(KvStoreTest.b("tiny"), new byte[] {1, 2, 3}, Durability.NONE);
        }
        Path seg = segments().getFirst();
        long recordBytes = (40 + "key-0".length() + VALUE.length + 7) & -8; // the same for key-0 .. key-99
        flip(seg, 64 + 9); // the sequence number of key-0's record
        flip(seg, 64 + recordBytes + 40 + "key-1".length() + 10); // a byte of key-1's value
        flip(seg, 64 + 100 * recordBytes + 40 + "tiny".length() + 1); // a byte of tiny's value
        try (KvStore kv = KvStore.open(dir, KvStoreTest.small().withCompaction(false));
                Arena arena = Arena.ofConfined()) {
            List<MemorySegment> buffers = List.of(
                    MemorySegment.ofArray(new byte[4096]),
                    MemorySegment.ofArray(new byte[VALUE.length]),
                    arena.allocate(4096),
                    MemorySegment.ofArray(new byte[3]),
                    MemorySegment.NULL);
            for (MemorySegment dst : buffers) {
                for (String key : List.of("key-0", "key-1", "tiny")) {
                    assertThatThrownBy(() -> kv.get(MemorySegment.ofArray(KvStoreTest.b(key)), dst))
                            .as("key=%s, dst=%s", key, dst)
                            .isInstanceOf(KvCorruptionException.class)
                            .hasMessageContaining("file=" + seg);
                }
            }
            for (String key : List.of("key-0", "key-1", "tiny")) {
                assertThatThrownBy(() -> kv.get(KvStoreTest.b(key)))
                        .as("key=%s", key)
                        .isInstanceOf(KvCorruptionException.class);
            }
            MemorySegment dst = MemorySegment.ofArray(new byte[VALUE.length]);
            assertThat(kv.get(MemorySegment.ofArray(KvStoreTest.b("key-2")), dst))
                    .isEqualTo(VALUE.length);
            assertThat(dst.toArray(ValueLayout.JAVA_BYTE)).isEqualTo(VALUE);
        }
    }

    /**
     * Regression (trust under faults): a zeroed page inside a segment made a get of a key whose record it
     * held return null, as if the key were absent, and a snapshot's forEach threw IndexOutOfBounds.
     */
    @Test
    void shouldReportCorruptionWhenAPageOfASegmentIsZeroed() throws IOException {
        populate();
        Path seg = segments().getFirst();
        zeroPage(seg, 4096); // records of about key-7 .. key-15, headers and keys included
        try (KvStore kv = KvStore.open(dir, KvStoreTest.small().withCompaction(false))) {
            int reported = 0;
            for (int i = 0; i < 100; i++) {
                byte[] key = KvStoreTest.b("key-" + i);
                try {
                    assertThat(kv.get(key)).as("key-%d", i).isEqualTo(VALUE);
                    assertThat(kv.get(MemorySegment.ofArray(key), MemorySegment.ofArray(new byte[600])))
                            .isEqualTo(VALUE.length);
                    assertThat(kv.containsKey(key)).isTrue();
                } catch (KvCorruptionException e) {
                    assertThat(e.file()).isEqualTo(seg);
                    reported++;
                }
            }
            assertThat(reported).isGreaterThanOrEqualTo(7);
            try (KvSnapshot snapshot = kv.snapshot()) {
                assertThatThrownBy(() -> snapshot.forEach((k, v) -> {}))
                        .isInstanceOf(KvCorruptionException.class)
                        .hasMessageContaining("file=" + seg);
            }
        }
    }

    @Test
    void shouldFailOpenWhenASealedSegmentIsTruncated() throws IOException {
        populate();
        Path seg = segments().getFirst();
        truncate(seg, 64 + 1000);
        assertThatThrownBy(() -> KvStore.open(dir, KvStoreTest.small()))
                .isInstanceOf(KvCorruptionException.class)
                .hasMessageContaining("truncated")
                .hasMessageContaining("file=" + seg)
                .hasMessageContaining("offset=1064");
    }

    @Test
    void shouldFailOpenWhenASegmentHeaderIsDamaged() throws IOException {
        populate();
        Path seg = segments().getFirst();
        flip(seg, 3);
        assertThatThrownBy(() -> KvStore.open(dir, KvStoreTest.small()))
                .isInstanceOf(KvCorruptionException.class)
                .hasMessageContaining("segment header invalid")
                .hasMessageContaining("file=" + seg);
    }

    @Test
    void shouldRebuildFromTheSegmentsWhenTheCheckpointIsDamaged() throws IOException {
        populate();
        flip(dir.resolve("CHECKPOINT"), 20);
        try (KvStore kv = KvStore.open(dir, KvStoreTest.small())) {
            assertThat(kv.stats().fullRebuild()).isTrue();
            for (int i = 0; i < 100; i++) {
                assertThat(kv.get(KvStoreTest.b("key-" + i))).isEqualTo(VALUE);
            }
        }
    }

    @Test
    void shouldRebuildTheIndexWhenItHasAnOlderLayout() throws IOException {
        populate();
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve("index.main").toFile(), "rw")) {
            f.seek(8);
            f.writeInt(Integer.reverseBytes(1)); // layout version 1: 16-bit tags, byte offsets
        }
        try (KvStore kv = KvStore.open(dir, KvStoreTest.small())) {
            assertThat(kv.stats().fullRebuild()).isTrue();
            for (int i = 0; i < 100; i++) {
                assertThat(kv.get(KvStoreTest.b("key-" + i))).isEqualTo(VALUE);
            }
        }
    }

    /** The smallest segments, so that 400 records of 500 bytes span several sealed ones (about 120 each). */
    private static KvOptions smallSegments() {
        return KvStoreTest.small().withSegmentBytes(64 << 10);
    }

    /** What an OS crash leaves: the index still marked open, under another kernel boot. */
    private void markOpenUnderAnotherBoot() throws IOException {
        try (FileChannel ch = FileChannel.open(dir.resolve("index.main"), StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.nativeOrder());
            b.putLong(0x5eedL).putLong(1L).flip(); // bootId, openState
            ch.write(b, 48);
        }
    }

    /** A page the OS had not written back before it crashed: zeros on disk. */
    private static void zeroPage(Path file, long offset) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate(4096), offset);
        }
    }

    @Test
    void shouldOpenAtTheLastWholeRecordBeforeAHoleAfterAnOsCrash() throws IOException {
        try (KvStore kv = KvStore.open(dir, smallSegments())) {
            for (int i = 0; i < 400; i++) {
                kv.put(KvStoreTest.b("key-" + i), VALUE, Durability.NONE);
            }
        }
        List<Path> before = segments();
        assertThat(before).hasSizeGreaterThan(3);
        markOpenUnderAnotherBoot();
        zeroPage(before.get(1), 8192);
        try (KvStore kv = KvStore.open(dir, smallSegments())) {
            assertThat(kv.stats().fullRebuild()).isTrue();
            int present = 0;
            boolean gap = false;
            for (int i = 0; i < 400; i++) {
                byte[] v = kv.get(KvStoreTest.b("key-" + i));
                if (v == null) {
                    gap = true;
                } else {
                    assertThat(gap)
                            .as("key-%d after a lost one: the log must end at the hole", i)
                            .isFalse();
                    assertThat(v).isEqualTo(VALUE);
                    present++;
                }
            }
            // The first segment is whole, the second ends before its zeroed page, the later ones are gone.
            assertThat(present).isBetween(100, 200);
            kv.put(KvStoreTest.b("after"), VALUE, Durability.SYNC);
            assertThat(kv.get(KvStoreTest.b("after"))).isEqualTo(VALUE);
        }
        try (KvStore kv = KvStore.open(dir, smallSegments())) {
            assertThat(kv.get(KvStoreTest.b("after"))).isEqualTo(VALUE);
        }
    }

    @Test
    void shouldNameFileAndOffsetWhenCompactionMeetsADamagedRecord() throws IOException {
        populate();
        populate(); // every record of the first segment is now garbage, so compaction will read it
        Path seg = segments().getFirst();
        flip(seg, 64 + 40 + 2); // inside the key of the first record
        try (KvStore kv = KvStore.open(dir, KvStoreTest.small().withCompaction(false))) {
            assertThat(kv.get(KvStoreTest.b("key-0"))).isEqualTo(VALUE);
            assertThatThrownBy(kv::compact)
                    .isInstanceOf(KvCorruptionException.class)
                    .hasMessageContaining("file=" + seg)
                    .hasMessageContaining("offset=64");
        }
    }
}
