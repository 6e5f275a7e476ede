package io.sluice.kv;

import java.util.function.BiConsumer;

/**
 * A consistent, point-in-time view of every live key, taken by {@link KvStore#snapshot()}. Writes made
 * after the snapshot are not visible through it; the segments it reads are kept until it is closed.
 * Taking one copies the index (about 64 bytes per 4 keys) while the writer lock is held.
 */
public interface KvSnapshot extends AutoCloseable {

    /** Calls {@code action} with every key and value of the snapshot (order unspecified). */
    void forEach(BiConsumer<byte[], byte[]> action);

    /** Sequence number of the last write the snapshot includes. */
    long sequence();

    /** Releases the index copy and lets compaction delete the segments it pinned. */
    @Override
    void close();
}
