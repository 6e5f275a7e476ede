package io.sluice.kv.internal;

import static io.sluice.kv.internal.IndexDescriptor.*;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.function.LongConsumer;
import java.util.function.LongUnaryOperator;

/**
 * Persistent linear-hashing index in two memory-mapped files (layout: {@link IndexDescriptor}). It grows
 * one bucket split at a time as keys are added: no capacity to declare, no stop-the-world rehash, and
 * nothing to rebuild at open.
 *
 * <p>Concurrency: one writer thread (the store's writer, under its lock) inserts, removes and splits;
 * readers are lock-free (acquire loads of slots, retry a miss when {@code splits} changed); the
 * compactor moves records with {@link SlotRelocator#replace} (CAS on the slot only if it still holds the
 * old address). A split copies moving slots into the new bucket, publishes {@code splits + 1}, then CASes
 * the old slots to empty, so a reader using either the old or the new bucket count finds every key
 * ({@link BucketSplitter}).
 *
 * <p>This class holds the mapped buckets and the readers' and the writer's operations on slots; the
 * split step ({@link BucketSplitter}), the compactor's CAS calls ({@link SlotRelocator}), the checks that
 * tell a damaged record from a race or a collision ({@link DamageChecks}), opening, mapping and copying
 * the files ({@link IndexFiles}), the checks at open ({@link IndexVerifier}) and the snapshot copy
 * ({@link IndexImage}) work on its fields from classes of their own.
 */
public final class HashIndex implements AutoCloseable {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final double LOAD_FACTOR = 0.6;
    static final int INITIAL_BUCKETS = 1024;
    public static final String MAIN_FILE = "index.main";
    public static final String OVERFLOW_FILE = "index.overflow";
    /** {@code openState}: closed cleanly (checksums valid), open, or created and not yet built. */
    public static final long STATE_CLOSED = 0;

    public static final long STATE_OPEN = 1;
    public static final long STATE_BUILDING = 2;

    final Path mainPath;
    final Path overflowPath;
    final FileChannel mainChannel;
    final FileChannel overflowChannel;
    /** Owns every mapping of the index files: closed once, with the index. */
    final Arena arena;

    final MemorySegment header;
    final long initial;
    /** log2 of {@link #initial} (a power of two): a level is a shift, not a 64-bit division, on every lookup. */
    final int initialShift;
    /** Hash of the key of the record a slot points at (reads the log); used by splits. */
    final LongUnaryOperator slotHash;
    /** Checks the record of a slot whose tag matched a probe but whose key did not; throws if it is damaged. */
    final LongConsumer missCheck;
    /**
     * Slots a split copied to the new bucket, to empty afterwards ({@link BucketSplitter}; writer thread;
     * reused, so a split allocates nothing).
     */
    long[] movedRefs = new long[16];

    int[] movedSlots = new int[16];
    long[] movedValues = new long[16];
    /** Mapped chunks of primary and overflow buckets; replaced whole (copy-on-grow), so a reader never sees a torn array. */
    volatile MemorySegment[] mainChunks = new MemorySegment[0];

    volatile MemorySegment[] overflowChunks = new MemorySegment[0];

    /**
     * An index over files already opened and checked by {@link IndexFiles#open}, which then maps the
     * buckets and checks them.
     */
    HashIndex(
            Path mainPath,
            Path overflowPath,
            FileChannel mainChannel,
            FileChannel overflowChannel,
            Arena arena,
            MemorySegment header,
            LongUnaryOperator slotHash,
            LongConsumer missCheck) {
        this.mainPath = mainPath;
        this.overflowPath = overflowPath;
        this.mainChannel = mainChannel;
        this.overflowChannel = overflowChannel;
        this.arena = arena;
        this.header = header;
        this.initial = header.get(ValueLayout.JAVA_INT, initialOffset());
        this.initialShift = Long.numberOfTrailingZeros(initial);
        this.slotHash = slotHash;
        this.missCheck = missCheck;
    }

    // ---- header ----

    public long splits() {
        return (long) LONG.getAcquire(header, splitsOffset());
    }

    public long bucketCount() {
        return initial + splits();
    }

    public long keyCount() {
        return (long) LONG.getOpaque(header, keyCountOffset());
    }

    private void keyCount(long v) {
        LONG.setOpaque(header, keyCountOffset(), v);
    }

    long overflowUsed() {
        return (long) LONG.getAcquire(header, overflowUsedOffset());
    }

    public long bootId() {
        return header.get(ValueLayout.JAVA_LONG, bootIdOffset());
    }

    public long openState() {
        return header.get(ValueLayout.JAVA_LONG, openStateOffset());
    }

    /** Records, durably, that the index is open under kernel boot {@code bootId}. */
    public void markOpen(long bootId) {
        header.set(ValueLayout.JAVA_LONG, bootIdOffset(), bootId);
        header.set(ValueLayout.JAVA_LONG, openStateOffset(), STATE_OPEN);
        header.force();
    }

    /**
     * Records a clean close: the checksum of every bucket in use and of the header, then the closed
     * state, forced. The next open verifies both (a CRC32C pass over the index, once) and rebuilds the
     * index from the segments when either fails. Call with no writer left, after {@link #force()}.
     */
    public void markClosed(long bootId) {
        header.set(ValueLayout.JAVA_INT, contentCrcOffset(), IndexVerifier.contentCrc(this));
        header.set(ValueLayout.JAVA_LONG, bootIdOffset(), bootId);
        header.set(ValueLayout.JAVA_LONG, openStateOffset(), STATE_CLOSED);
        header.set(ValueLayout.JAVA_INT, headerCrcOffset(), IndexVerifier.headerCrc(header));
        header.force();
    }

    /** Empties the whole index (full rebuild after an OS crash). Single-threaded, at open. */
    public void clear() {
        for (MemorySegment c : mainChunks) {
            c.fill((byte) 0);
        }
        for (MemorySegment c : overflowChunks) {
            c.fill((byte) 0);
        }
        LONG.setRelease(header, splitsOffset(), 0L);
        LONG.setRelease(header, overflowUsedOffset(), 0L);
        header.set(ValueLayout.JAVA_LONG, splitStateOffset(), 0L);
        keyCount(0);
    }

    // ---- addressing ----

    /** Primary bucket of {@code hash} when {@code splits} buckets have been split. */
    public long bucketOf(long hash, long splits) {
        long total = initial + splits;
        long level = 63 - Long.numberOfLeadingZeros(total >>> initialShift);
        long n = initial << level;
        long b = hash & (n - 1);
        if (b < total - n) {
            b = hash & (2 * n - 1);
        }
        return b;
    }

    /** Bucket ref: primary buckets are {@code b >= 0}, overflow bucket {@code o} is {@code -o}. */
    MemorySegment chunkOf(long ref) {
        return ref >= 0 ? mainChunks[(int) (ref >>> CHUNK_SHIFT)] : overflowChunks[(int) ((-ref) >>> CHUNK_SHIFT)];
    }

    static long baseOf(long ref) {
        long n = ref >= 0 ? ref : -ref;
        return (n & (CHUNK_BUCKETS - 1)) * BUCKET_BYTES;
    }

    // ---- lock-free read ----

    /**
     * Returns the slot of the key {@code matcher} matches, or 0. Lock-free and allocation-free. A bucket's
     * seven slots are all checked before the match is taken (they share one cache line): a candidate
     * that turns out to be another key (a tag collision, about once per ~10^4 probes) then takes the same
     * path as a match, where a branch of its own was too rare for C2's profile and compiled as an
     * uncommon trap that discarded the compiled get the first time it was taken.
     */
    public long lookup(long hash, KeyMatcher matcher, MemorySegment key, long keyOffset, int keyLength) {
        long tag = tagOfHash(hash);
        int restarts = 0;
        outer:
        for (; ; ) {
            long s = splits();
            long ref = bucketOf(hash, s);
            long missed = 0;
            for (; ; ) {
                MemorySegment c = chunkOf(ref);
                long base = baseOf(ref);
                long found = 0;
                for (int i = 0; i < SLOTS; i++) {
                    long v = (long) LONG.getAcquire(c, slotOffset(base, i));
                    if (v != 0 && tagOf(v) == tag) {
                        int r = matcher.test(v, key, keyOffset, keyLength);
                        if (r < 0) { // STALE
                            restarts = DamageChecks.staleRestart(this, restarts, v);
                            continue outer;
                        }
                        found |= v & -(long) r; // MATCH (1) keeps v, MISS (0) keeps nothing
                        missed |= v & ((long) r - 1); // and the other way round
                    }
                }
                if (found != 0) {
                    return found;
                }
                long next = (long) LONG.getAcquire(c, nextOffset(base));
                if (next == 0) {
                    break;
                }
                ref = -next;
            }
            if (splits() == s) {
                if (missed != 0) {
                    DamageChecks.checkMisses(this, hash, s, matcher, key, keyOffset, keyLength);
                }
                return 0;
            }
        }
    }

    /** Calls {@code visitor} with every non-empty slot. A consistent result needs the writer lock. */
    public void forEachSlot(java.util.function.LongConsumer visitor) {
        long total = bucketCount();
        for (long b = 0; b < total; b++) {
            long ref = b;
            for (; ; ) {
                MemorySegment c = chunkOf(ref);
                long base = baseOf(ref);
                for (int i = 0; i < SLOTS; i++) {
                    long v = (long) LONG.getAcquire(c, slotOffset(base, i));
                    if (v != 0) {
                        visitor.accept(v);
                    }
                }
                long next = (long) LONG.getAcquire(c, nextOffset(base));
                if (next == 0) {
                    break;
                }
                ref = -next;
            }
        }
    }

    // ---- writer (single thread, store's write lock) ----

    /** Points the key at {@code address}; returns the previous slot value, or 0 when the key was new. */
    public long put(long hash, KeyMatcher matcher, MemorySegment key, long keyOffset, int keyLength, long address) {
        long tag = tagOfHash(hash);
        long value = slot(tag, address);
        int restarts = 0;
        for (; ; ) {
            long ref = bucketOf(hash, splits());
            long emptyChunkRef = Long.MIN_VALUE;
            int emptySlot = -1;
            boolean stale = false;
            long last = ref;
            scan:
            for (; ; ) {
                MemorySegment c = chunkOf(ref);
                long base = baseOf(ref);
                for (int i = 0; i < SLOTS; i++) {
                    long off = slotOffset(base, i);
                    long v = (long) LONG.getAcquire(c, off);
                    if (v == 0) {
                        if (emptySlot < 0) {
                            emptyChunkRef = ref;
                            emptySlot = i;
                        }
                    } else if (tagOf(v) == tag) {
                        int r = matcher.test(v, key, keyOffset, keyLength);
                        if (r == KeyMatcher.MATCH) {
                            return (long) LONG.getAndSet(c, off, value);
                        } else if (r == KeyMatcher.STALE) {
                            restarts = DamageChecks.staleRestart(this, restarts, v);
                            stale = true;
                            break scan;
                        }
                    }
                }
                last = ref;
                long next = (long) LONG.getAcquire(c, nextOffset(base));
                if (next == 0) {
                    break;
                }
                ref = -next;
            }
            if (stale) {
                continue;
            }
            if (emptySlot >= 0) {
                LONG.setRelease(chunkOf(emptyChunkRef), slotOffset(baseOf(emptyChunkRef), emptySlot), value);
            } else {
                long o = allocateOverflow();
                MemorySegment oc = chunkOf(-o);
                LONG.setRelease(oc, slotOffset(baseOf(-o), 0), value);
                LONG.setRelease(chunkOf(last), nextOffset(baseOf(last)), o);
            }
            keyCount(keyCount() + 1);
            maybeSplit();
            return 0;
        }
    }

    /** Removes the key; returns the previous slot value, or 0 when absent. */
    public long remove(long hash, KeyMatcher matcher, MemorySegment key, long keyOffset, int keyLength) {
        long tag = tagOfHash(hash);
        int restarts = 0;
        outer:
        for (; ; ) {
            long ref = bucketOf(hash, splits());
            for (; ; ) {
                MemorySegment c = chunkOf(ref);
                long base = baseOf(ref);
                for (int i = 0; i < SLOTS; i++) {
                    long off = slotOffset(base, i);
                    long v = (long) LONG.getAcquire(c, off);
                    if (v != 0 && tagOf(v) == tag) {
                        int r = matcher.test(v, key, keyOffset, keyLength);
                        if (r == KeyMatcher.MATCH) {
                            // Count first: a kill between the two stores then leaves one slot more than
                            // counted, as a put does (slot, then count), which IndexVerifier.verify accepts.
                            keyCount(keyCount() - 1);
                            return (long) LONG.getAndSet(c, off, 0L);
                        } else if (r == KeyMatcher.STALE) {
                            restarts = DamageChecks.staleRestart(this, restarts, v);
                            continue outer;
                        }
                    }
                }
                long next = (long) LONG.getAcquire(c, nextOffset(base));
                if (next == 0) {
                    return 0;
                }
                ref = -next;
            }
        }
    }

    /** Adjusts the key count after a removal done by {@link SlotRelocator#removeIf} (writer thread only). */
    public void keyRemoved() {
        keyCount(keyCount() - 1);
    }

    // ---- growth ----

    private void maybeSplit() {
        if (keyCount() > bucketCount() * SLOTS * LOAD_FACTOR) {
            BucketSplitter.split(this);
        }
    }

    /** Recounts keys (after repair or rebuild). Single-threaded. */
    public void recount() {
        long[] n = {0};
        forEachSlot(v -> n[0]++);
        keyCount(n[0]);
    }

    long allocateOverflow() {
        long o = overflowUsed() + 1;
        IndexFiles.ensureOverflow(this, o + 1);
        MemorySegment c = chunkOf(-o);
        c.asSlice(baseOf(-o), BUCKET_BYTES).fill((byte) 0);
        LONG.setRelease(header, overflowUsedOffset(), o);
        return o;
    }

    /** Bytes of the index files. */
    public long fileBytes() {
        return HEADER_BYTES + (long) mainChunks.length * CHUNK_BYTES + (long) overflowChunks.length * CHUNK_BYTES;
    }

    /** msync of every mapped chunk and the header. */
    public void force() {
        for (MemorySegment c : mainChunks) {
            c.force();
        }
        for (MemorySegment c : overflowChunks) {
            c.force();
        }
        header.force();
    }

    @Override
    public void close() {
        try {
            arena.close();
        } catch (IllegalStateException ignored) {
            // already closed
        }
        try {
            mainChannel.close();
            overflowChannel.close();
        } catch (IOException ignored) {
            // nothing to recover
        }
    }
}
