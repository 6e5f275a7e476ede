package io.sluice.kv.internal;

import static io.sluice.kv.internal.IndexDescriptor.address;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * The segment compaction copies surviving records into, written through its file in staged pieces
 * (compaction thread, or a caller holding the compaction lock).
 *
 * <p>Every record compaction reads is first copied into a 1 MiB heap stage and checked there: its CRC
 * runs on the array (no buffer view over the mapping, so no acquire of the segment's shared session,
 * whose counter shares a cache line with the liveness state every reader checks). A survivor stays in
 * the stage; when the stage fills, or the victim ends, the survivors go to the output file in one
 * positional write and only then are their index slots switched to the output (a CAS each, as before).
 * Written through the file, new pages of the output are not zero-filled by a page fault first and then
 * overwritten (memset was a seventh of compaction's CPU), and they are not mapped writable, so the fsync
 * that follows need not write-protect them again in every thread's page tables.
 */
final class CompactionOutput {
    private static final int STAGE_BYTES = 1 << 20;

    private final StoreEngine e;
    private final byte[] stage = new byte[STAGE_BYTES];
    private final MemorySegment staged = MemorySegment.ofArray(stage);
    /** Bytes of survivors in the stage: they go to the output at its write position. */
    private int used;
    /** Survivors in the stage: key hash, address in the victim, offset in the stage. */
    private int count;

    private long[] hashes = new long[1024];
    private long[] sources = new long[1024];
    private int[] offsets = new int[1024];
    /** The segment the staged survivors come from (one victim at a time). */
    private LogSegment victim;

    private LogSegment out;
    /** Bytes and records relocated (index switched) since {@link #takeMoved()}. */
    private long moved;

    private long movedRecords;

    CompactionOutput(StoreEngine engine) {
        this.e = engine;
    }

    /** The output segment being filled, or null. */
    LogSegment segment() {
        return out;
    }

    /** The heap segment {@link #read} copies records into. */
    MemorySegment stage() {
        return staged;
    }

    /**
     * Copies the record of {@code length} bytes at {@code pos} of {@code map} into the stage (after the
     * staged survivors, flushing them first if there is no room) and returns its offset there, or -1 when
     * the record is larger than the stage (the caller then reads it in the mapping).
     */
    long read(MemorySegment map, long pos, int length) {
        long aligned = RecordDescriptor.alignedLength(length);
        if (aligned > STAGE_BYTES) {
            return -1;
        }
        if (used + aligned > STAGE_BYTES) {
            flush();
        }
        MemorySegment.copy(map, pos, staged, used, length);
        return used;
    }

    /**
     * Keeps the record just {@link #read} (at {@code stageOffset}, or at {@code pos} of the victim's
     * mapping when it was too big for the stage): it goes to the output, and a put's index slot is
     * switched to its new address once it is written.
     */
    void keep(LogSegment from, long hash, long pos, long stageOffset, int length) {
        long aligned = RecordDescriptor.alignedLength(length);
        if (victim != from) {
            flush();
            victim = from;
        }
        if (stageOffset < 0) {
            flush();
            roomFor(aligned);
            long at = out.writePosition();
            out.write(from.map().asSlice(pos, length), at); // through the file, as every other output write
            out.writePosition(at + aligned);
            install(from.map(), pos, hash, address(from.id(), pos), at, aligned);
            return;
        }
        int at = (int) stageOffset;
        if (out == null || out.writePosition() + used + aligned > out.capacity()) {
            flush();
            if (at != 0) {
                System.arraycopy(stage, at, stage, 0, length);
                at = 0;
            }
            roomFor(aligned);
        }
        Arrays.fill(stage, at + length, at + (int) aligned, (byte) 0); // padding, as in a fresh file
        if (count == hashes.length) {
            hashes = Arrays.copyOf(hashes, count * 2);
            sources = Arrays.copyOf(sources, count * 2);
            offsets = Arrays.copyOf(offsets, count * 2);
        }
        hashes[count] = hash;
        sources[count] = address(from.id(), pos);
        offsets[count] = at;
        count++;
        used = at + (int) aligned;
    }

    /** Writes the staged survivors to the output and switches their index slots to it. */
    void flush() {
        if (used == 0) {
            return;
        }
        long base = out.writePosition();
        out.write(stage, used, base);
        for (int i = 0; i < count; i++) {
            int at = offsets[i];
            long aligned = RecordDescriptor.alignedLength(RecordDescriptor.length(staged, at));
            install(staged, at, hashes[i], sources[i], base + at, aligned);
        }
        out.writePosition(base + used);
        used = 0;
        count = 0;
    }

    /** Accounts the record (read at {@code rec} of {@code src}) now at {@code at} of the output; switches a put's slot. */
    private void install(MemorySegment src, long rec, long hash, long source, long at, long aligned) {
        byte type = RecordDescriptor.type(src, rec);
        out.appended(RecordDescriptor.sequence(src, rec), type);
        if (type != RecordDescriptor.TYPE_PUT) {
            out.liveBytes.addAndGet(aligned); // a kept tombstone is live until it can be dropped
        } else if (SlotRelocator.replace(e.index, hash, source, address(out.id(), at))) {
            victim.liveBytes.addAndGet(-aligned);
            out.liveBytes.addAndGet(aligned);
            moved += aligned;
            movedRecords++;
        }
    }

    private void roomFor(long aligned) {
        if (out == null || out.writePosition() + aligned > out.capacity()) {
            finish();
            e.writeLock.lock();
            try {
                out = SegmentTable.newSegment(e, SegmentDescriptor.KIND_COMPACTION, aligned);
            } finally {
                e.writeLock.unlock();
            }
        }
    }

    /** Flushes, then forces the output: what the victims held reaches the disk before their files are deleted. */
    void force() {
        flush();
        if (out != null) {
            out.force();
            e.fsyncs.incrementAndGet();
        }
    }

    /** Flushes, seals and forces the output, if any; the next survivor starts a new one. */
    void finish() {
        flush();
        if (out != null) {
            out.seal();
            out.force();
            e.fsyncs.incrementAndGet();
            out = null;
        }
    }

    /** Bytes relocated since the last call; {@link #takeMovedRecords()} gives the record count. */
    long takeMoved() {
        long m = moved;
        moved = 0;
        return m;
    }

    long takeMovedRecords() {
        long m = movedRecords;
        movedRecords = 0;
        return m;
    }
}
