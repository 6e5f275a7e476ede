package io.sluice.kv.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.kv.Durability;
import io.sluice.kv.KvOptions;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A segment retired by compaction stays mapped for a grace period after its file is deleted, so that a
 * lock-free reader still copying from it is never inside a mapping being closed: the JVM interrupts
 * such a thread (regression, trust under faults: readers were left interrupted).
 */
@Tag("fault")
class RetiredSegmentTest {
    @TempDir
    Path dir;

    @Test
    void shouldKeepARetiredSegmentMappedUntilItsGraceHasPassed() throws InterruptedException {
        KvOptions options = KvOptions.defaults()
                .withSegmentBytes(64 << 10)
                .withCheckpointBytes(64 << 10)
                .withCompaction(false)
                .withDurability(Durability.NONE);
        StoreEngine e = StoreEngine.open(dir, options);
        try {
            MemorySegment value = MemorySegment.ofArray(new byte[1000]);
            for (int round = 0; round < 2; round++) {
                for (int i = 0; i < 100; i++) {
                    MemorySegment key = MemorySegment.ofArray(("kvfault-" + i).getBytes(StandardCharsets.US_ASCII));
                    LogWriter.put(e, key, 0, (int) key.byteSize(), value, 0, value.byteSize(), 0, Durability.NONE);
                }
            }
            LogSegment first = e.segments.get(1); // every record in it was overwritten by round two
            assertThat(e.compactNow()).isPositive();
            assertThat(e.segments.get(1)).isNotSameAs(first);
            // Retired and deleted, yet a reader that found it before compaction moved its keys can still read it.
            assertThat(first.map().get(ValueLayout.JAVA_LONG, 0)).isEqualTo(SegmentDescriptor.MAGIC);
            Thread.sleep(TimeUnit.NANOSECONDS.toMillis(SegmentRetirer.UNMAP_GRACE_NANOS) + 200);
            e.compactNow(); // a maintenance pass unmaps what has been retired for longer than the grace
            assertThatThrownBy(() -> first.map().get(ValueLayout.JAVA_LONG, 0))
                    .isInstanceOf(IllegalStateException.class);
        } finally {
            e.close();
        }
    }
}
