package io.sluice.kv.internal;

import static io.sluice.kv.internal.IndexDescriptor.*;

import io.sluice.kv.KvCorruptionException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.zip.CRC32C;

/**
 * Decides whether an index can be trusted at open. Without the log ({@link HashIndex}'s constructor):
 * header fields, file sizes, and after a clean close the CRC32C checksums of the header and of every
 * bucket in use, which {@link HashIndex#markClosed} writes. Against the log ({@link #verify}): an index
 * left open by a process crash, slot by slot. A failed check is index damage, which a rebuild from the
 * segments repairs; log damage, which a rebuild would turn into silent loss, is refused instead.
 */
final class IndexVerifier {
    private IndexVerifier() {}

    /**
     * Checks the header's magic, layout version and open state, and after a clean close its checksum.
     *
     * @return the open state
     * @throws IndexFiles.DamagedException when a check fails
     */
    static long checkHeader(MemorySegment header, Path mainPath) {
        if (header.get(ValueLayout.JAVA_LONG, magicOffset()) != MAGIC) {
            throw new IndexFiles.DamagedException("index header magic mismatch", mainPath, magicOffset());
        }
        int version = header.get(ValueLayout.JAVA_INT, versionOffset());
        if (version != VERSION) {
            throw new IndexFiles.DamagedException(
                    "index layout version " + version + " is not this build's " + VERSION, mainPath, versionOffset());
        }
        long state = header.get(ValueLayout.JAVA_LONG, openStateOffset());
        if (state != HashIndex.STATE_CLOSED && state != HashIndex.STATE_OPEN && state != HashIndex.STATE_BUILDING) {
            throw new IndexFiles.DamagedException(
                    "index open state invalid: openState=" + state, mainPath, openStateOffset());
        }
        if (state == HashIndex.STATE_CLOSED
                && header.get(ValueLayout.JAVA_INT, headerCrcOffset()) != headerCrc(header)) {
            throw new IndexFiles.DamagedException("index header checksum mismatch", mainPath, headerCrcOffset());
        }
        return state;
    }

    /**
     * Checks the header's bucket counts, and that the files are long enough for them.
     *
     * @throws IndexFiles.DamagedException when a check fails
     */
    static void checkExtent(
            long initial, long splits, long used, Path mainPath, long mainSize, Path overflowPath, long overflowSize) {
        if (initial <= 0 || Long.bitCount(initial) != 1 || initial > 1 << 30) {
            throw new IndexFiles.DamagedException(
                    "index header has invalid initial bucket count " + initial, mainPath, initialOffset());
        }
        if (splits < 0 || splits > (1L << 40) || used < 0 || used > (1L << 40)) {
            throw new IndexFiles.DamagedException(
                    "index header counts out of range: splits=" + splits + ", overflowUsed=" + used,
                    mainPath,
                    splitsOffset());
        }
        long needMain = HEADER_BYTES + ((initial + splits + CHUNK_BUCKETS - 1) >>> CHUNK_SHIFT) * CHUNK_BYTES;
        if (mainSize < needMain) {
            throw new IndexFiles.DamagedException(
                    "index file truncated: size=" + mainSize + ", expected>=" + needMain, mainPath, mainSize);
        }
        long needOverflow = ((used + 1 + CHUNK_BUCKETS - 1) >>> CHUNK_SHIFT) * CHUNK_BYTES;
        if (overflowSize < needOverflow) {
            throw new IndexFiles.DamagedException(
                    "index file truncated: size=" + overflowSize + ", expected>=" + needOverflow,
                    overflowPath,
                    overflowSize);
        }
    }

    /** CRC32C of the header up to its checksum field. */
    static int headerCrc(MemorySegment header) {
        CRC32C crc = new CRC32C();
        crc.update(header.asSlice(0, headerCrcOffset()).asByteBuffer());
        return (int) crc.getValue();
    }

    /** CRC32C of the primary buckets and the overflow buckets in use (the rest of the files is not read). */
    static int contentCrc(HashIndex index) {
        CRC32C crc = new CRC32C();
        long total = index.bucketCount();
        for (long b = 0; b < total; b += CHUNK_BUCKETS) {
            long n = Math.min(CHUNK_BUCKETS, total - b);
            crc.update(index.mainChunks[(int) (b >>> CHUNK_SHIFT)]
                    .asSlice(0, n * BUCKET_BYTES)
                    .asByteBuffer());
        }
        long used = index.overflowUsed() + 1;
        for (long o = 0; o < used; o += CHUNK_BUCKETS) {
            long n = Math.min(CHUNK_BUCKETS, used - o);
            crc.update(index.overflowChunks[(int) (o >>> CHUNK_SHIFT)]
                    .asSlice(0, n * BUCKET_BYTES)
                    .asByteBuffer());
        }
        return (int) crc.getValue();
    }

    /**
     * Checks every bucket chain (overflow links in range, no bucket linked twice), counts the slots
     * against the header's key count and checks each slot against the record it points at
     * ({@link #checkSlot}). For an index left open by a process crash, whose checksums are not
     * maintained while open. Single-threaded, at open, before any replay.
     *
     * @return why the index cannot be trusted (it is then rebuilt), or null when it can
     * @throws KvCorruptionException when the index may be right and the log is damaged
     */
    static String verify(StoreEngine e, HashIndex index) {
        long total = index.bucketCount();
        long used = index.overflowUsed();
        BitSet linked = new BitSet();
        long slots = 0;
        for (long b = 0; b < total; b++) {
            long ref = b;
            for (; ; ) {
                MemorySegment c = index.chunkOf(ref);
                long base = HashIndex.baseOf(ref);
                for (int i = 0; i < SLOTS; i++) {
                    long v = c.get(ValueLayout.JAVA_LONG, slotOffset(base, i));
                    if (v != 0) {
                        slots++;
                        String problem = checkSlot(e, index, v, b);
                        if (problem != null) {
                            return problem;
                        }
                    }
                }
                long next = c.get(ValueLayout.JAVA_LONG, nextOffset(base));
                if (next == 0) {
                    break;
                }
                if (next < 0 || next > used) {
                    return "overflow link out of range: bucket=" + b + ", next=" + next + ", overflowUsed=" + used;
                }
                if (linked.get((int) next)) {
                    return "overflow bucket linked twice: bucket=" + b + ", next=" + next;
                }
                linked.set((int) next);
                ref = -next;
            }
        }
        // A put stores its slot before the count, a remove the count before clearing its slot, so a kill
        // between the two leaves one slot more than counted; fewer slots than counted is lost slots.
        if (slots < index.keyCount() || slots > index.keyCount() + 1) {
            return "key count mismatch: header=" + index.keyCount() + ", slots=" + slots;
        }
        return null;
    }

    /**
     * Checks one slot of an index left open by a process crash against the record it points at. A slot
     * whose segment is missing, or that points past the end of a segment file or into the unsealed tail
     * of the log at a record that is not whole, is reported as corruption (refused): the index may be
     * right and the log damaged, and a rebuild from that log would lose the key without a word. A slot
     * pointing at a whole record of another key or bucket is index damage: the index is rebuilt.
     */
    private static String checkSlot(StoreEngine e, HashIndex index, long slot, long bucket) {
        long a = addressOf(slot);
        LogSegment s = e.segments.get(segmentOf(a));
        long rec = offsetOf(a);
        Path indexFile = e.dir.resolve(HashIndex.MAIN_FILE);
        if (s == null) {
            throw new KvCorruptionException(
                    "index points at a missing segment file " + LogSegment.fileName(segmentOf(a))
                            + " (deleted or lost; its records cannot be recovered from the other files)",
                    indexFile,
                    -1);
        }
        long limit = s.sealed() ? s.writePosition() : s.capacity();
        if (rec < SegmentDescriptor.FIRST_RECORD || rec + RecordDescriptor.HEADER_LENGTH > limit) {
            throw new KvCorruptionException(
                    "index points past the end of segment " + s.path().getFileName() + " (truncated?): offset=" + rec
                            + ", end=" + limit,
                    s.path(),
                    rec);
        }
        MemorySegment map = s.map();
        int length = RecordDescriptor.length(map, rec);
        int kl = RecordDescriptor.keyLength(map, rec);
        int vl = RecordDescriptor.valueLength(map, rec);
        if (RecordDescriptor.type(map, rec) != RecordDescriptor.TYPE_PUT
                || kl <= 0
                || vl < 0
                || (long) RecordDescriptor.HEADER_LENGTH + kl + vl != length
                || rec + length > limit) {
            if (!s.sealed()) {
                throw new KvCorruptionException(
                        "index points at a record that is not whole in the log's unsealed tail", s.path(), rec);
            }
            return "index slot points at no record: slot=0x" + Long.toHexString(slot);
        }
        long hash = KeyHash.hash(map, RecordDescriptor.keyOffset(rec), kl);
        if (IndexDescriptor.tagOfHash(hash) != IndexDescriptor.tagOf(slot)
                || index.bucketOf(hash, index.splits()) != bucket) {
            return "index slot does not match its record's key: slot=0x" + Long.toHexString(slot) + ", bucket="
                    + bucket;
        }
        return null;
    }
}
