package io.sluice.kv;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Compaction keeps the disk bounded when stores are restarted often and keys are deleted (issue 2). */
class KvCompactionTest {
    @TempDir
    Path dir;

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Every open leaves an empty segment behind (the spare made ahead of need, sealed by the next
     * recovery), and every round deletes its keys and writes them again. Regression: the empty segments
     * were never deleted and, recorded with a lowest sequence of 0, made compaction keep every tombstone
     * for ever: a crash-test directory held 637 segment files for 0.6 MB of live data.
     */
    @Test
    void shouldReclaimEmptySegmentsAndTombstonesWhenRestartedAndDeletedRepeatedly() throws IOException {
        KvOptions options = KvOptions.defaults().withSegmentBytes(1 << 16).withCheckpointBytes(1 << 16);
        byte[] value = new byte[200];
        int keys = 300;
        for (int round = 0; round < 20; round++) {
            try (KvStore kv = KvStore.open(dir, options)) {
                for (int i = 0; i < keys; i++) {
                    kv.delete(b("key-" + i), Durability.NONE);
                }
                for (int i = 0; i < keys; i++) {
                    kv.put(b("key-" + i), value, Durability.NONE);
                }
            }
        }
        try (KvStore kv = KvStore.open(dir, options)) {
            kv.compact();
            kv.compact();
            KvStats s = kv.stats();
            assertThat(s.keys()).isEqualTo(keys);
            for (int i = 0; i < keys; i++) {
                assertThat(kv.get(b("key-" + i))).isEqualTo(value);
            }
            // 300 live records of ~250 bytes; the 6,000 tombstones, kept, would add ~290 KB
            assertThat(s.logBytes()).isLessThan(s.liveBytes() * 13 / 10);
            assertThat(segmentFiles()).isLessThanOrEqualTo(6);
        }
    }

    private long segmentFiles() throws IOException {
        try (var files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".seg"))
                    .count();
        }
    }
}
