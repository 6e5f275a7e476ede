package io.sluice.kv.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.zip.CRC32C;

/**
 * Layout of one log record inside a segment file. Records start on 8-byte boundaries; the next record
 * starts at {@code align(recordLength)}. The CRC covers every byte after itself up to recordLength, so
 * a torn or flipped record is never mistaken for data.
 *
 * <pre>
 *   0        4        8                16               24   25   26   28       32       36       40
 *   +--------+--------+----------------+----------------+----+----+----+--------+--------+--------+---------+-----------+
 *   | crc32c | length | sequence       | expiresAtMillis|type|flag|rsvd| keyLen | valLen | batchRm| key ... | value ... |
 *   +--------+--------+----------------+----------------+----+----+----+--------+--------+--------+---------+-----------+
 *   length   = header + key + value bytes (unpadded)
 *   sequence = strictly increasing per main-log append; a relocated (compacted) record keeps its own
 *   batchRm  = records still to follow in the same atomic batch (0 = last or single)
 * </pre>
 *
 * A record counts only when its CRC matches: recovery ends the log at the first one that does not (never
 * written, so zeros, or torn by a crash mid-append). Lock-free readers reach a record only through an
 * index slot, published with a release store after the whole record was written.
 */
public final class RecordDescriptor {
    public static final int HEADER_LENGTH = 40;
    public static final int ALIGNMENT = 8;
    public static final byte TYPE_PUT = 1;
    public static final byte TYPE_DELETE = 2;

    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    private RecordDescriptor() {}

    public static long crcOffset(long record) {
        return record;
    }

    public static long lengthOffset(long record) {
        return record + 4;
    }

    public static long sequenceOffset(long record) {
        return record + 8;
    }

    public static long expiresOffset(long record) {
        return record + 16;
    }

    public static long typeOffset(long record) {
        return record + 24;
    }

    public static long keyLengthOffset(long record) {
        return record + 28;
    }

    public static long valueLengthOffset(long record) {
        return record + 32;
    }

    public static long batchRemainingOffset(long record) {
        return record + 36;
    }

    public static long keyOffset(long record) {
        return record + HEADER_LENGTH;
    }

    public static long valueOffset(long record, int keyLength) {
        return record + HEADER_LENGTH + keyLength;
    }

    /** Total unpadded length of a record with these key and value sizes. */
    public static long recordLength(long keyLength, long valueLength) {
        return HEADER_LENGTH + keyLength + valueLength;
    }

    /** Padded length: where the next record starts relative to this one. */
    public static long alignedLength(long length) {
        return (length + ALIGNMENT - 1) & -ALIGNMENT;
    }

    public static int crc(MemorySegment seg, long record) {
        return seg.get(INT, crcOffset(record));
    }

    public static int length(MemorySegment seg, long record) {
        return seg.get(INT, lengthOffset(record));
    }

    public static long sequence(MemorySegment seg, long record) {
        return seg.get(LONG, sequenceOffset(record));
    }

    public static long expiresAt(MemorySegment seg, long record) {
        return seg.get(LONG, expiresOffset(record));
    }

    public static byte type(MemorySegment seg, long record) {
        return seg.get(ValueLayout.JAVA_BYTE, typeOffset(record));
    }

    public static int keyLength(MemorySegment seg, long record) {
        return seg.get(INT, keyLengthOffset(record));
    }

    public static int valueLength(MemorySegment seg, long record) {
        return seg.get(INT, valueLengthOffset(record));
    }

    public static int batchRemaining(MemorySegment seg, long record) {
        return seg.get(INT, batchRemainingOffset(record));
    }

    /** Writes every header field except length and CRC (see {@link #seal}). */
    public static void putHeader(
            MemorySegment seg,
            long record,
            long sequence,
            long expiresAt,
            byte type,
            int keyLength,
            int valueLength,
            int batchRemaining) {
        seg.set(LONG, sequenceOffset(record), sequence);
        seg.set(LONG, expiresOffset(record), expiresAt);
        seg.set(INT, typeOffset(record), type & 0xFF);
        seg.set(INT, keyLengthOffset(record), keyLength);
        seg.set(INT, valueLengthOffset(record), valueLength);
        seg.set(INT, batchRemainingOffset(record), batchRemaining);
    }

    /** Writes a whole record: header, key, value, then length and CRC ({@link #seal}). */
    public static void write(
            MemorySegment seg,
            long record,
            long sequence,
            long expiresAt,
            byte type,
            MemorySegment key,
            long keyOffset,
            int keyLength,
            MemorySegment value,
            long valueOffset,
            int valueLength,
            int batchRemaining) {
        putHeader(seg, record, sequence, expiresAt, type, keyLength, valueLength, batchRemaining);
        MemorySegment.copy(key, keyOffset, seg, keyOffset(record), keyLength);
        if (valueLength > 0) {
            MemorySegment.copy(value, valueOffset, seg, valueOffset(record, keyLength), valueLength);
        }
        seal(seg, record, (int) recordLength(keyLength, valueLength));
    }

    /** Computes the CRC, then writes length and CRC. */
    public static void seal(MemorySegment seg, long record, int length) {
        seg.set(INT, lengthOffset(record), length);
        int crc = computeCrc(seg, record, length);
        seg.set(INT, crcOffset(record), crc);
    }

    /** CRC32C over bytes [4, length) of the record. */
    public static int computeCrc(MemorySegment seg, long record, int length) {
        CRC32C crc = new CRC32C();
        update(crc, seg, record + 4, length - 4);
        return (int) crc.getValue();
    }

    /**
     * Copies the record's value to {@code dst[0, valueLength)} and returns the record's CRC32C, computed
     * over the copies in {@code dst} rather than over the mapping. The JDK checksums a mapped buffer
     * only after acquiring its arena's shared session (two CASes on one counter, next to the liveness
     * state that every access to the segment reads), so concurrent readers of one segment would bounce
     * that cache line on every get. Header and key are staged in {@code dst} first (then overwritten by
     * the value), so bytes of {@code dst} past the value may change; a {@code dst} too small to stage
     * them has them checksummed from the mapping. Requires {@code valueLength <= dst.byteSize()}.
     */
    public static int copyValueWithCrc(
            MemorySegment seg, long record, int keyLength, int valueLength, MemorySegment dst) {
        CRC32C crc = new CRC32C();
        int staged = HEADER_LENGTH - 4 + keyLength;
        if (staged <= dst.byteSize()) {
            MemorySegment.copy(seg, record + 4, dst, 0, staged);
            update(crc, dst, 0, staged);
        } else {
            update(crc, seg, record + 4, staged);
        }
        MemorySegment.copy(seg, valueOffset(record, keyLength), dst, 0, valueLength);
        update(crc, dst, 0, valueLength);
        return (int) crc.getValue();
    }

    /**
     * Adds {@code seg[offset, offset + length)} to {@code crc}: a byte[]-backed segment through the array
     * intrinsic; anything else through a buffer view (which acquires a shared arena's session).
     */
    private static void update(CRC32C crc, MemorySegment seg, long offset, int length) {
        if (seg.heapBase().orElse(null) instanceof byte[] array) {
            // a heap segment's address is its offset in the array
            crc.update(array, Math.toIntExact(seg.address() + offset), length);
        } else {
            crc.update(seg.asSlice(offset, length).asByteBuffer());
        }
    }

    /** True when the record at {@code record} has a plausible header and its CRC matches. */
    public static boolean isValid(MemorySegment seg, long record, long limit) {
        return isWhole(seg, record, limit) && computeCrc(seg, record, length(seg, record)) == crc(seg, record);
    }

    /**
     * True when the header of the record at {@code record} is consistent (lengths add up, known type) and
     * the record ends before {@code limit}; the CRC is not checked.
     */
    public static boolean isWhole(MemorySegment seg, long record, long limit) {
        if (record < 0 || record + HEADER_LENGTH > limit) {
            return false;
        }
        int length = length(seg, record);
        if (length < HEADER_LENGTH || record + length > limit) {
            return false;
        }
        int keyLength = keyLength(seg, record);
        int valueLength = valueLength(seg, record);
        if (keyLength < 0 || valueLength < 0 || (long) HEADER_LENGTH + keyLength + valueLength != length) {
            return false;
        }
        byte type = type(seg, record);
        return type == TYPE_PUT || type == TYPE_DELETE;
    }
}
