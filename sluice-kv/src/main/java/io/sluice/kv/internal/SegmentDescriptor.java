package io.sluice.kv.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.zip.CRC32C;

/**
 * Layout of the 64-byte header at the start of every segment file ({@code NNNNN.seg}); records follow
 * from {@link #FIRST_RECORD}.
 *
 * <pre>
 *   0          8         12        16                24        28        32                    64
 *   +----------+---------+---------+-----------------+---------+---------+---------------------+
 *   | magic    | version | segId   | ordinal         | kind    | crc32c  | reserved (zero)     |
 *   +----------+---------+---------+-----------------+---------+---------+---------------------+
 *   magic   = "SLKVSEG1"; ordinal = creation order across all segments (replay order)
 *   kind    = 1 main log (appends, replayed after a checkpoint), 2 compaction output
 *   crc32c  = over bytes [0, 28)
 *
 *   32               40               48        52
 *   +----------------+----------------+---------+
 *   | sealedLength   | minSequence    | sealCrc |   written once when the segment is sealed
 *   +----------------+----------------+---------+
 *   sealedLength = end of the last record (no scan needed at open); minSequence = lowest sequence of
 *   a put record inside, Long.MAX_VALUE if none (tombstone reclamation; stores of earlier versions wrote 0
 *   for an empty segment and counted tombstones, which only keeps more tombstones); sealCrc = crc32c over [32, 48), 0 while unsealed
 * </pre>
 */
public final class SegmentDescriptor {
    public static final long MAGIC = 0x31474553564B4C53L; // "SLKVSEG1" little-endian
    public static final int VERSION = 1;
    public static final int HEADER_LENGTH = 64;
    public static final long FIRST_RECORD = HEADER_LENGTH;
    public static final int KIND_LOG = 1;
    public static final int KIND_COMPACTION = 2;

    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    private SegmentDescriptor() {}

    public static long magicOffset() {
        return 0;
    }

    public static long versionOffset() {
        return 8;
    }

    public static long segmentIdOffset() {
        return 12;
    }

    public static long ordinalOffset() {
        return 16;
    }

    public static long kindOffset() {
        return 24;
    }

    public static long crcOffset() {
        return 28;
    }

    public static long sealedLengthOffset() {
        return 32;
    }

    public static long minSequenceOffset() {
        return 40;
    }

    public static long sealCrcOffset() {
        return 48;
    }

    /** Records the final length and lowest sequence of a segment that will not be appended to again. */
    public static void seal(MemorySegment seg, long length, long minSequence) {
        seg.set(LONG, sealedLengthOffset(), length);
        seg.set(LONG, minSequenceOffset(), minSequence);
        seg.set(INT, sealCrcOffset(), sealCrc(seg));
    }

    /** The sealed length, or -1 when the segment was never sealed (or the seal is damaged). */
    public static long sealedLength(MemorySegment seg) {
        int c = seg.get(INT, sealCrcOffset());
        return c != 0 && c == sealCrc(seg) ? seg.get(LONG, sealedLengthOffset()) : -1;
    }

    public static long minSequence(MemorySegment seg) {
        return seg.get(LONG, minSequenceOffset());
    }

    private static int sealCrc(MemorySegment seg) {
        CRC32C crc = new CRC32C();
        crc.update(seg.asSlice(sealedLengthOffset(), 16).asByteBuffer());
        int v = (int) crc.getValue();
        return v == 0 ? 1 : v;
    }

    public static void write(MemorySegment seg, int segmentId, long ordinal, int kind) {
        seg.set(LONG, magicOffset(), MAGIC);
        seg.set(INT, versionOffset(), VERSION);
        seg.set(INT, segmentIdOffset(), segmentId);
        seg.set(LONG, ordinalOffset(), ordinal);
        seg.set(INT, kindOffset(), kind);
        seg.set(INT, crcOffset(), crc(seg));
    }

    public static boolean isValid(MemorySegment seg) {
        return seg.byteSize() >= HEADER_LENGTH
                && seg.get(LONG, magicOffset()) == MAGIC
                && seg.get(INT, versionOffset()) == VERSION
                && seg.get(INT, crcOffset()) == crc(seg);
    }

    public static int segmentId(MemorySegment seg) {
        return seg.get(INT, segmentIdOffset());
    }

    public static long ordinal(MemorySegment seg) {
        return seg.get(LONG, ordinalOffset());
    }

    public static int kind(MemorySegment seg) {
        return seg.get(INT, kindOffset());
    }

    private static int crc(MemorySegment seg) {
        CRC32C crc = new CRC32C();
        crc.update(seg.asSlice(0, crcOffset()).asByteBuffer());
        return (int) crc.getValue();
    }
}
