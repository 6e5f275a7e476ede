package io.sluice.kv;

import io.sluice.kv.internal.LogWriter;
import io.sluice.kv.internal.StoreEngine;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * An embedded, crash-safe key-value store in one directory: a persistent linear-hashing index in a
 * memory-mapped file, and values appended to log-structured segment files with a CRC32C per record.
 *
 * <pre>{@code
 * try (KvStore kv = KvStore.open(dir, KvOptions.defaults())) {
 *     long seq = kv.put(key, value);          // GROUP_COMMIT: returns at once
 *     kv.awaitDurable(seq);                   // ...and this waits for the fsync that covers it
 *     byte[] v = kv.get(key);
 * }
 * }</pre>
 *
 * <p>Threads: any number of readers, lock-free. Writes from any thread are serialised by one lock
 * (one appender keeps the log's order, which is the recovery order, and lets one fsync cover every
 * earlier write); the section under the lock is a memory copy and an index update.
 *
 * <p>Errors: {@link KvCorruptionException} (names file and offset) when a record fails its checksum or
 * its header is damaged (never a null or another value instead), {@link KvClosedException} after
 * {@link #close()}, {@link KvException} for I/O errors, a full disk (the write did not happen; the store
 * stays readable and takes writes again once there is room), a directory locked by another process, and
 * out-of-range sizes.
 */
public final class KvStore implements AutoCloseable {
    private final StoreEngine engine;
    private final Durability defaultDurability;

    private KvStore(StoreEngine engine, Durability defaultDurability) {
        this.engine = engine;
        this.defaultDurability = defaultDurability;
    }

    /**
     * Opens the store in {@code dir}, creating it if needed, and recovers after a crash: replays the log
     * written since the last checkpoint (see {@link KvStats#recoveryMillis()}). Checks the index (its
     * checksums after a clean close, each slot against the log after a crash) and rebuilds it from the
     * segments when it, or the checkpoint, is missing or damaged ({@link KvStats#fullRebuild()}).
     *
     * @throws KvException when another process has the directory open, or on I/O errors
     * @throws KvCorruptionException when the log itself is damaged where the store cannot tell what it
     *                               held: a segment header, a segment missing or cut short, a damaged
     *                               record before the end of the log
     */
    public static KvStore open(Path dir, KvOptions options) {
        return new KvStore(StoreEngine.open(dir, options), options.durability());
    }

    /** Opens with {@link KvOptions#defaults()}. */
    public static KvStore open(Path dir) {
        return open(dir, KvOptions.defaults());
    }

    /** The value of {@code key}, or null when absent or expired. Lock-free; copies the value once. */
    public byte[] get(byte[] key) {
        return engine.get(MemorySegment.ofArray(key), 0, key.length);
    }

    /** The value of the key held in {@code key} (all its bytes), or null. */
    public byte[] get(MemorySegment key) {
        return engine.get(key, 0, checkedKeyLength(key));
    }

    /**
     * Copies the value of {@code key} into {@code dst} without allocating. Returns the value's length, or
     * -1 when absent; when the length exceeds {@code dst.byteSize()} nothing is copied. The checksum is
     * verified over the copy, so {@code dst} doubles as scratch: bytes past the value's length (up to
     * 36 + the key's length) may change, and so may {@code dst} when the key turns out to be expired or
     * the read throws {@link KvCorruptionException}.
     */
    public long get(MemorySegment key, MemorySegment dst) {
        return engine.get(key, 0, checkedKeyLength(key), dst);
    }

    /**
     * As {@link #get(MemorySegment, MemorySegment)} for the key in {@code key[keyOffset, keyOffset +
     * keyLength)}: keys packed in one segment need no slice (nor a wrapper object each) per lookup.
     */
    public long get(MemorySegment key, long keyOffset, int keyLength, MemorySegment dst) {
        checkKeyRange(key, keyOffset, keyLength);
        return engine.get(key, keyOffset, keyLength, dst);
    }

    /** Whether {@code key} is present (and not expired). */
    public boolean containsKey(byte[] key) {
        return engine.get(MemorySegment.ofArray(key), 0, key.length, MemorySegment.NULL) >= 0;
    }

    /** Puts with the store's default durability; returns the write's sequence number. */
    public long put(byte[] key, byte[] value) {
        return put(key, value, defaultDurability);
    }

    /** Puts with {@code durability}; returns the write's sequence number (see {@link #awaitDurable}). */
    public long put(byte[] key, byte[] value, Durability durability) {
        return putArrays(key, value, 0, durability);
    }

    /** Puts a value that disappears after {@code ttl}. */
    public long put(byte[] key, byte[] value, Duration ttl, Durability durability) {
        long expires = System.currentTimeMillis() + Math.max(1, ttl.toMillis());
        return putArrays(key, value, expires, durability);
    }

    private long putArrays(byte[] key, byte[] value, long expiresAt, Durability durability) {
        return LogWriter.put(
                engine,
                MemorySegment.ofArray(key),
                0,
                key.length,
                MemorySegment.ofArray(value),
                0,
                value.length,
                expiresAt,
                durability);
    }

    /** Puts from memory segments (no intermediate copy): all bytes of {@code key} and {@code value}. */
    public long put(MemorySegment key, MemorySegment value, Durability durability) {
        return LogWriter.put(engine, key, 0, checkedKeyLength(key), value, 0, value.byteSize(), 0, durability);
    }

    /** Puts the key in {@code key[keyOffset, keyOffset + keyLength)} with all bytes of {@code value} (no intermediate copy). */
    public long put(MemorySegment key, long keyOffset, int keyLength, MemorySegment value, Durability durability) {
        checkKeyRange(key, keyOffset, keyLength);
        return LogWriter.put(engine, key, keyOffset, keyLength, value, 0, value.byteSize(), 0, durability);
    }

    /** Deletes {@code key} (a no-op when absent) with the default durability; returns the sequence number. */
    public long delete(byte[] key) {
        return delete(key, defaultDurability);
    }

    /** Deletes {@code key} with {@code durability}. */
    public long delete(byte[] key, Durability durability) {
        return LogWriter.delete(engine, MemorySegment.ofArray(key), 0, key.length, durability);
    }

    /** Applies every operation of {@code batch} atomically; returns the sequence number of its last record. */
    public long write(WriteBatch batch, Durability durability) {
        return LogWriter.write(engine, batch, durability);
    }

    /** Blocks until the write with sequence {@code seq} (and every earlier one) is fsynced. */
    public void awaitDurable(long seq) {
        engine.awaitDurable(seq, Long.MAX_VALUE, TimeUnit.NANOSECONDS);
    }

    /** Like {@link #awaitDurable(long)} with a limit; returns whether it became durable in time. */
    public boolean awaitDurable(long seq, Duration timeout) {
        return engine.awaitDurable(seq, timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Highest sequence number known to be on disk. */
    public long durableSequence() {
        return engine.durableSequence();
    }

    /** A consistent point-in-time view for iteration; close it to release its pinned segments. */
    public KvSnapshot snapshot() {
        return engine.snapshot();
    }

    /** Forces log and index and moves the recovery start point to the current end of the log. */
    public void checkpoint() {
        engine.checkpoint();
    }

    /**
     * Hot backup into {@code target} (created, must be empty) while reads and writes go on: sealed
     * segments are hard-linked (copied where links are impossible), the index is copied. The backup opens
     * as a store of its own.
     */
    public void backup(Path target) {
        engine.backup(target);
    }

    /** Runs compaction now over every segment with reclaimable space; returns segments reclaimed. */
    public int compact() {
        return engine.compactNow();
    }

    /** Counters: keys, bytes, compaction progress, recovery time. */
    public KvStats stats() {
        return engine.stats();
    }

    /**
     * Checkpoints, stops the background threads, releases the directory lock. Idempotent. Always
     * completes; throws {@link KvException} afterwards when the final checkpoint could not be written (a
     * full disk): nothing is lost, the next open replays the log.
     */
    @Override
    public void close() {
        engine.close();
    }

    private static void checkKeyRange(MemorySegment key, long keyOffset, int keyLength) {
        if (keyLength <= 0 || keyLength > KvOptions.MAX_KEY_BYTES) {
            throw new KvException(
                    "key length out of range [1, " + KvOptions.MAX_KEY_BYTES + "]: keyLength=" + keyLength);
        }
        if (keyOffset < 0 || keyOffset > key.byteSize() - keyLength) {
            throw new KvException("key range outside its segment: keyOffset=" + keyOffset + ", keyLength=" + keyLength
                    + ", segmentSize=" + key.byteSize());
        }
    }

    private static int checkedKeyLength(MemorySegment key) {
        if (key.byteSize() > KvOptions.MAX_KEY_BYTES) {
            throw new KvException(
                    "key length out of range [1, " + KvOptions.MAX_KEY_BYTES + "]: keyLength=" + key.byteSize());
        }
        return (int) key.byteSize();
    }
}
