package io.sluice.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KvStoreTest {
    @TempDir
    Path dir;

    static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static KvOptions small() {
        return KvOptions.defaults().withSegmentBytes(1 << 20).withCheckpointBytes(1 << 20);
    }

    @Test
    void shouldForceNoFsyncWritesOnceWritesPauseAfterABurst() throws InterruptedException {
        try (KvStore kv = KvStore.open(dir, small())) {
            long seq = 0;
            byte[] value = new byte[64 << 10];
            for (int i = 0; i < 80; i++) { // 5 MiB of log: a burst
                seq = kv.put(b("k" + i), value, Durability.NONE);
            }
            assertThat(kv.durableSequence()).isLessThan(seq); // nothing asked for an fsync
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (kv.durableSequence() < seq && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(kv.durableSequence()).isGreaterThanOrEqualTo(seq);
        }
    }

    @Test
    void shouldLeaveATrickleOfNoFsyncWritesToTheOs() throws InterruptedException {
        try (KvStore kv = KvStore.open(dir, small())) {
            long seq = 0;
            for (int i = 0; i < 100; i++) {
                seq = kv.put(b("k" + i), b("v" + i), Durability.NONE);
            }
            Thread.sleep(1500); // a pause of 100 ms forces a burst within one maintenance period (20 ms) after it
            assertThat(kv.durableSequence()).isLessThan(seq);
        }
    }

    @Test
    void shouldReturnWhatWasPutWhenReadBack() {
        try (KvStore kv = KvStore.open(dir, small())) {
            kv.put(b("a"), b("1"));
            kv.put(b("b"), b("22"));
            kv.put(b("a"), b("333"));
            assertThat(kv.get(b("a"))).isEqualTo(b("333"));
            assertThat(kv.get(b("b"))).isEqualTo(b("22"));
            assertThat(kv.get(b("c"))).isNull();
            kv.delete(b("b"));
            assertThat(kv.get(b("b"))).isNull();
            assertThat(kv.stats().keys()).isEqualTo(1);
        }
    }

    @Test
    void shouldFindKeysPackedInOneSegmentWhenNamedByOffsetAndLength() {
        MemorySegment packed = MemorySegment.ofArray(b("alphabetagamma"));
        MemorySegment dst = MemorySegment.ofArray(new byte[16]);
        try (KvStore kv = KvStore.open(dir, small())) {
            kv.put(packed, 0, 5, MemorySegment.ofArray(b("1")), Durability.NONE);
            kv.put(packed, 5, 4, MemorySegment.ofArray(b("22")), Durability.NONE);
            assertThat(kv.get(b("alpha"))).isEqualTo(b("1"));
            assertThat(kv.get(packed, 5, 4, dst)).isEqualTo(2);
            assertThat(dst.asSlice(0, 2).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE))
                    .isEqualTo(b("22"));
            assertThat(kv.get(packed, 9, 5, dst)).isEqualTo(-1);
            assertThatThrownBy(() -> kv.get(packed, 10, 5, dst)).isInstanceOf(KvException.class);
            assertThatThrownBy(() -> kv.get(packed, -1, 2, dst)).isInstanceOf(KvException.class);
            assertThatThrownBy(() -> kv.put(packed, 0, 0, dst, Durability.NONE)).isInstanceOf(KvException.class);
        }
    }

    @Test
    void shouldKeepEveryKeyWhenTheIndexGrowsThroughManySplitsAndReopens() {
        Map<Integer, Integer> model = new HashMap<>();
        Random r = new Random(1);
        try (KvStore kv = KvStore.open(dir, small())) {
            for (int i = 0; i < 50_000; i++) {
                int k = r.nextInt(30_000);
                kv.put(b("key-" + k), b("v" + i), Durability.NONE);
                model.put(k, i);
            }
            assertThat(kv.stats().indexBuckets()).isGreaterThan(1024);
        }
        try (KvStore kv = KvStore.open(dir, small())) {
            assertThat(kv.stats().keys()).isEqualTo(model.size());
            model.forEach((k, v) -> assertThat(kv.get(b("key-" + k))).isEqualTo(b("v" + v)));
        }
    }

    @Test
    void shouldReadIntoASegmentWithoutAllocatingWhenGivenADestination() {
        try (KvStore kv = KvStore.open(dir, small());
                Arena arena = Arena.ofConfined()) {
            MemorySegment key = arena.allocateFrom("seg-key");
            MemorySegment value = arena.allocateFrom("seg-value");
            kv.put(key, value, Durability.NONE);
            MemorySegment dst = arena.allocate(64);
            assertThat(kv.get(key, dst)).isEqualTo(value.byteSize());
            assertThat(dst.getString(0)).isEqualTo("seg-value");
            assertThat(kv.get(arena.allocateFrom("nope"), dst)).isEqualTo(-1);
        }
    }

    @Test
    void shouldStoreLargeValuesAndKeysWhenTheyExceedTheSegmentSize() {
        byte[] bigKey = new byte[64 * 1024];
        byte[] bigValue = new byte[3 << 20];
        new Random(2).nextBytes(bigKey);
        new Random(3).nextBytes(bigValue);
        try (KvStore kv = KvStore.open(dir, small())) {
            kv.put(bigKey, bigValue, Durability.SYNC);
        }
        try (KvStore kv = KvStore.open(dir, small())) {
            assertThat(kv.get(bigKey)).isEqualTo(bigValue);
        }
    }

    @Test
    void shouldApplyAllOrNothingWhenWritingABatch() {
        try (KvStore kv = KvStore.open(dir, small())) {
            kv.put(b("x"), b("old"));
            long seq = kv.write(
                    new WriteBatch().put(b("x"), b("new")).put(b("y"), b("yy")).delete(b("z")),
                    Durability.GROUP_COMMIT);
            kv.awaitDurable(seq);
            assertThat(kv.durableSequence()).isGreaterThanOrEqualTo(seq);
        }
        try (KvStore kv = KvStore.open(dir, small())) {
            assertThat(kv.get(b("x"))).isEqualTo(b("new"));
            assertThat(kv.get(b("y"))).isEqualTo(b("yy"));
        }
    }

    @Test
    void shouldHideAKeyWhenItsTtlHasPassed() throws Exception {
        try (KvStore kv = KvStore.open(dir, small())) {
            kv.put(b("t"), b("v"), Duration.ofMillis(1), Durability.NONE);
            kv.put(b("p"), b("v"), Duration.ofHours(1), Durability.NONE);
            Thread.sleep(5);
            assertThat(kv.get(b("t"))).isNull();
            assertThat(kv.get(b("p"))).isEqualTo(b("v"));
        }
    }

    @Test
    void shouldNotSeeLaterWritesWhenIteratingASnapshot() {
        try (KvStore kv = KvStore.open(dir, small())) {
            for (int i = 0; i < 1000; i++) {
                kv.put(b("k" + i), b("v" + i), Durability.NONE);
            }
            Map<String, String> seen = new HashMap<>();
            try (KvSnapshot snap = kv.snapshot()) {
                kv.put(b("k1"), b("changed"), Durability.NONE);
                kv.delete(b("k2"), Durability.NONE);
                kv.put(b("new"), b("x"), Durability.NONE);
                snap.forEach((k, v) ->
                        seen.put(new String(k, StandardCharsets.UTF_8), new String(v, StandardCharsets.UTF_8)));
            }
            assertThat(seen)
                    .hasSize(1000)
                    .containsEntry("k1", "v1")
                    .containsEntry("k2", "v2")
                    .doesNotContainKey("new");
        }
    }

    @Test
    void shouldReclaimSpaceWhenKeysAreOverwritten() {
        byte[] value = new byte[1000];
        try (KvStore kv = KvStore.open(dir, small().withCompaction(false))) {
            for (int round = 0; round < 10; round++) {
                for (int i = 0; i < 1000; i++) {
                    kv.put(b("k" + i), value, Durability.NONE);
                }
            }
            KvStats before = kv.stats();
            assertThat(before.logBytes()).isGreaterThan(5 * before.liveBytes());
            assertThat(kv.compact()).isPositive();
            KvStats after = kv.stats();
            assertThat((double) after.logBytes()).isLessThanOrEqualTo(after.liveBytes() * 1.3 + (1 << 20));
            for (int i = 0; i < 1000; i++) {
                assertThat(kv.get(b("k" + i))).isEqualTo(value);
            }
        }
        try (KvStore kv = KvStore.open(dir, small())) {
            assertThat(kv.stats().keys()).isEqualTo(1000);
            assertThat(kv.get(b("k999"))).isEqualTo(value);
        }
    }

    @Test
    void shouldOpenABackupAsAStoreWhenTakenWhileWriting() throws Exception {
        Path backup = dir.resolve("backup");
        Path data = dir.resolve("data");
        try (KvStore kv = KvStore.open(data, small())) {
            for (int i = 0; i < 3000; i++) {
                kv.put(b("k" + i), b("v" + i), Durability.NONE);
            }
            kv.backup(backup);
            kv.put(b("k0"), b("after"), Durability.NONE);
        }
        try (KvStore copy = KvStore.open(backup, small())) {
            assertThat(copy.get(b("k0"))).isEqualTo(b("v0"));
            assertThat(copy.get(b("k2999"))).isEqualTo(b("v2999"));
            assertThat(copy.stats().keys()).isEqualTo(3000);
        }
        try (var files = Files.list(backup)) {
            assertThat(files.map(p -> p.getFileName().toString())).contains("CHECKPOINT", "index.main");
        }
    }

    @Test
    void shouldFailClearlyWhenTheDirectoryIsAlreadyOpen() {
        try (KvStore kv = KvStore.open(dir, small())) {
            assertThatThrownBy(() -> KvStore.open(dir, small()))
                    .isInstanceOf(KvException.class)
                    .hasMessageContaining("dir=" + dir);
        }
    }

    @Test
    void shouldFailClearlyWhenUsedAfterClose() {
        KvStore kv = KvStore.open(dir, small());
        kv.close();
        kv.close();
        assertThatThrownBy(() -> kv.get(b("a")))
                .isInstanceOf(KvClosedException.class)
                .hasMessageContaining("closed");
        assertThatThrownBy(() -> kv.put(b("a"), b("b"))).isInstanceOf(KvClosedException.class);
    }

    @Test
    void shouldRejectEmptyKeysWhenPutting() {
        try (KvStore kv = KvStore.open(dir, small())) {
            assertThatThrownBy(() -> kv.put(new byte[0], b("v")))
                    .isInstanceOf(KvException.class)
                    .hasMessageContaining("keyLength=0");
        }
    }
}
