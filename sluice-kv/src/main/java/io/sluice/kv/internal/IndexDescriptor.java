package io.sluice.kv.internal;

/**
 * Layout of the index files. {@code index.main} holds a 4 KiB header and the primary buckets of the
 * linear-hashing table; {@code index.overflow} holds overflow buckets (numbered from 1; bucket 0 unused).
 *
 * <pre>
 * index.main header (offset 0):
 *   0          8         12        16               24               32               40
 *   +----------+---------+---------+----------------+----------------+----------------+
 *   | magic    | version | initial | splits         | overflowUsed   | splitState     |
 *   +----------+---------+---------+----------------+----------------+----------------+
 *   40               48               56               64         68         72
 *   +----------------+----------------+----------------+----------+----------+
 *   | keyCount       | bootId         | openState      | bucketCrc| headerCrc|
 *   +----------------+----------------+----------------+----------+----------+
 *   initial    = primary buckets at level 0 (power of two); buckets = initial + splits
 *   splits     = buckets split so far; read with acquire by lock-free readers, which retry a miss
 *                when it changed under them
 *   splitState = splits + 1 while a split is in progress (crash repair), else 0
 *   openState  = 1 while open (unclean shutdown detection), 0 after a clean close, 2 from creation
 *                until the first open has built it (a crash meanwhile makes the next open rebuild it)
 *   bucketCrc  = CRC32C of primary buckets [0, buckets) and overflow buckets [0, overflowUsed],
 *                headerCrc = CRC32C of header bytes [0, 68): both written at a clean close and checked
 *                at the next open only when openState = 0 (while open, writers change both regions)
 *
 * bucket (64 bytes, one cache line), primary bucket b at HEADER + b * 64, overflow o at o * 64:
 *   0       8       16      24      32      40      48      56      64
 *   +-------+-------+-------+-------+-------+-------+-------+-------+
 *   | slot0 | slot1 | slot2 | slot3 | slot4 | slot5 | slot6 | next  |
 *   +-------+-------+-------+-------+-------+-------+-------+-------+
 *   next = overflow bucket number, 0 = end of chain
 *
 * slot (one 64-bit word, published with a release store, read with an acquire load):
 *   63                 45 44            29 28                              0
 *   +--------------------+----------------+--------------------------------+
 *   | hash bits 10..28   | segment id     | record offset / 8              |
 *   +--------------------+----------------+--------------------------------+
 *   0 = empty (segment ids start at 1). Records start on 8-byte boundaries in segments under 4 GiB,
 *   so 29 bits hold any offset. The kept hash bits serve twice: those above the bucket number filter
 *   out most non-matching keys before the log is touched (19 - log2(buckets / 1024) bits of them), and
 *   a split reads the bit that decides a key's bucket from them instead of re-reading the key from
 *   the log (up to 2^29 buckets; beyond that it falls back to the log).
 * </pre>
 */
public final class IndexDescriptor {
    public static final long MAGIC = 0x31584449564B4C53L; // "SLKVIDX1"
    public static final int VERSION = 3;
    public static final int HEADER_BYTES = 4096;
    public static final int BUCKET_BYTES = 64;
    public static final int SLOTS = 7;
    public static final int CHUNK_SHIFT = 14; // buckets per mapped chunk: 16384 (1 MiB)
    public static final long CHUNK_BUCKETS = 1L << CHUNK_SHIFT;
    public static final long CHUNK_BYTES = CHUNK_BUCKETS * BUCKET_BYTES;

    private IndexDescriptor() {}

    public static long magicOffset() {
        return 0;
    }

    public static long versionOffset() {
        return 8;
    }

    public static long initialOffset() {
        return 12;
    }

    public static long splitsOffset() {
        return 16;
    }

    public static long overflowUsedOffset() {
        return 24;
    }

    public static long splitStateOffset() {
        return 32;
    }

    public static long keyCountOffset() {
        return 40;
    }

    public static long bootIdOffset() {
        return 48;
    }

    public static long openStateOffset() {
        return 56;
    }

    public static long contentCrcOffset() {
        return 64;
    }

    public static long headerCrcOffset() {
        return 68;
    }

    /** Offset of slot {@code i} (0..6) inside a bucket. */
    public static long slotOffset(long bucketBase, int i) {
        return bucketBase + (long) i * 8;
    }

    /** Offset of the overflow link inside a bucket. */
    public static long nextOffset(long bucketBase) {
        return bucketBase + 56;
    }

    /** Lowest key-hash bit a slot keeps: the bits below it are the bucket number at level 0 (1024 buckets). */
    public static final int TAG_LOW_BIT = 10;
    /** Key-hash bits a slot keeps, from {@link #TAG_LOW_BIT} up. */
    public static final int TAG_BITS = 19;

    private static final int SEGMENT_SHIFT = 29;
    private static final long OFFSET_UNITS_MASK = (1L << SEGMENT_SHIFT) - 1;

    /** Slot for a key whose hash has tag {@code tag} ({@link #tagOfHash}) and whose record is at log {@code address}. */
    public static long slot(long tag, long address) {
        return tag << (SEGMENT_SHIFT + 16) | (long) segmentOf(address) << SEGMENT_SHIFT | offsetOf(address) >>> 3;
    }

    public static long tagOf(long slot) {
        return slot >>> (SEGMENT_SHIFT + 16);
    }

    public static long tagOfHash(long hash) {
        return (hash >>> TAG_LOW_BIT) & ((1L << TAG_BITS) - 1);
    }

    public static long addressOf(long slot) {
        return address((int) (slot >>> SEGMENT_SHIFT) & 0xFFFF, (slot & OFFSET_UNITS_MASK) << 3);
    }

    /** Whether the slot keeps key-hash bit {@code bit}; then {@link #hashBit} reads it. */
    public static boolean keepsHashBit(int bit) {
        return bit >= TAG_LOW_BIT && bit < TAG_LOW_BIT + TAG_BITS;
    }

    /** Key-hash bit {@code bit} of the key in {@code slot} (requires {@link #keepsHashBit}). */
    public static long hashBit(long slot, int bit) {
        return (tagOf(slot) >>> (bit - TAG_LOW_BIT)) & 1;
    }

    /** Log address: segment id and offset. */
    public static long address(int segmentId, long offset) {
        return ((long) segmentId << 32) | offset;
    }

    public static int segmentOf(long address) {
        return (int) ((address >>> 32) & 0xFFFF);
    }

    public static long offsetOf(long address) {
        return address & 0xFFFF_FFFFL;
    }
}
