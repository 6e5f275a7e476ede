package io.sluice.kv.internal;

import io.sluice.kv.KvCorruptionException;
import io.sluice.kv.KvException;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One segment file, memory-mapped read-write over its whole capacity (the file is sparse until
 * written). Records are appended by exactly one thread (the writer for the main log, the compactor for
 * its output); readers access the mapping without locks. Closing the mapping uses a shared arena, so a
 * reader that races with the retirement of a compacted segment gets an {@link IllegalStateException}
 * and retries from the index.
 */
public final class LogSegment {
    private final Path path;
    private final int id;
    private final long ordinal;
    private final int kind;
    private final FileChannel channel;
    private final Arena arena;
    private final MemorySegment map;
    /** Next append offset; written by the single appender, read by syncers and compaction. */
    private volatile long writePosition;
    /** Bytes of records this segment holds that the index still points at. */
    final AtomicLong liveBytes = new AtomicLong();
    /** Lowest sequence of a put record appended (Long.MAX_VALUE while it holds none): tombstone reclamation. */
    private volatile long minSequence = Long.MAX_VALUE;
    private volatile boolean sealed;
    /** Handed to retirement, waiting for open snapshots to close (maintenance thread only). */
    boolean retiring;
    /** Pages before this offset were faulted in ahead of the appender (pre-fault thread only). */
    long touchedUpTo;

    private LogSegment(Path path, int id, long ordinal, int kind, FileChannel channel, Arena arena,
                       MemorySegment map, long writePosition) {
        this.path = path;
        this.id = id;
        this.ordinal = ordinal;
        this.kind = kind;
        this.channel = channel;
        this.arena = arena;
        this.map = map;
        this.writePosition = writePosition;
    }

    /** File name of segment {@code id}. */
    public static String fileName(int id) {
        return String.format("%05d.seg", id);
    }

    /** Creates a new, empty segment file of {@code capacity} bytes (sparse), with 2 MiB pages if {@code hugePages}. */
    public static LogSegment create(Path dir, int id, long ordinal, int kind, long capacity, boolean hugePages) {
        Path path = dir.resolve(fileName(id));
        Path tmp = dir.resolve(fileName(id) + ".tmp");
        try {
            // Created under a temporary name and renamed once the header is on disk, so a crash never
            // leaves a segment without a valid header.
            Files.deleteIfExists(tmp);
            FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            Arena arena = Arena.ofShared();
            MemorySegment map = ch.map(FileChannel.MapMode.READ_WRITE, 0, capacity, arena);
            if (hugePages) {
                MappingAdvice.hugePages(map);
            }
            SegmentDescriptor.write(map, id, ordinal, kind);
            ch.force(true);
            Files.move(tmp, path, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            StoreFiles.syncDirectory(dir);
            return new LogSegment(path, id, ordinal, kind, ch, arena, map, SegmentDescriptor.FIRST_RECORD);
        } catch (IOException e) {
            throw new KvException("segment create failed: file=" + path + ", capacity=" + capacity, e);
        }
    }

    /**
     * Opens an existing segment; its write position is found later by recovery. {@code hugePages} says,
     * per segment kind, whether to map it with 2 MiB pages.
     */
    public static LogSegment open(Path path, java.util.function.IntPredicate hugePages) {
        try {
            FileChannel ch = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
            long size = ch.size();
            if (size < SegmentDescriptor.HEADER_LENGTH) {
                ch.close();
                throw new KvCorruptionException("segment header truncated", path, 0);
            }
            Arena arena = Arena.ofShared();
            MemorySegment map = ch.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
            if (!SegmentDescriptor.isValid(map)) {
                arena.close();
                ch.close();
                throw new KvCorruptionException("segment header invalid (magic, version or checksum)", path, 0);
            }
            if (hugePages.test(SegmentDescriptor.kind(map))) {
                MappingAdvice.hugePages(map);
            }
            LogSegment seg = new LogSegment(path, SegmentDescriptor.segmentId(map), SegmentDescriptor.ordinal(map),
                    SegmentDescriptor.kind(map), ch, arena, map, -1);
            long sealedLength = SegmentDescriptor.sealedLength(map);
            if (sealedLength > size) {
                seg.close();
                throw new KvCorruptionException("segment truncated: sealedLength=" + sealedLength + ", size=" + size,
                        path, size);
            }
            if (sealedLength >= SegmentDescriptor.FIRST_RECORD) {
                seg.writePosition = sealedLength;
                seg.minSequence = SegmentDescriptor.minSequence(map);
                seg.sealed = true;
            }
            return seg;
        } catch (IOException e) {
            throw new KvException("segment open failed: file=" + path, e);
        }
    }

    public Path path() { return path; }
    public int id() { return id; }
    public long ordinal() { return ordinal; }
    public int kind() { return kind; }
    public MemorySegment map() { return map; }
    public long capacity() { return map.byteSize(); }
    public long writePosition() { return writePosition; }
    public void writePosition(long position) { this.writePosition = position; }
    public long liveBytes() { return liveBytes.get(); }
    public long minSequence() { return minSequence; }
    public boolean sealed() { return sealed; }

    /**
     * Notes a record with {@code sequence} was appended (appender thread only). Only puts count: a
     * tombstone is kept by compaction while an older put could survive elsewhere, and tombstones in
     * other segments cannot bring a value back.
     */
    public void appended(long sequence, byte type) {
        if (type == RecordDescriptor.TYPE_PUT && sequence < minSequence) {
            minSequence = sequence;
        }
    }

    /** Marks the segment final: its length and lowest sequence go into the header (appender thread only). */
    public void seal() {
        if (!sealed) {
            SegmentDescriptor.seal(map, writePosition, minSequence);
            sealed = true;
        }
    }

    /**
     * Ends a sealed segment at {@code end}, before its sealed length: after an OS crash, recovery found
     * no whole record there (pages the OS had not written back read as zeros). Recovery only.
     */
    public void cut(long end) {
        writePosition = end;
        SegmentDescriptor.seal(map, end, minSequence);
        sealed = true;
    }

    /**
     * Writes {@code src[0, length)} at {@code offset} through the file rather than the mapping (the
     * mapping sees the same page-cache pages). Single appender; the caller advances the write position.
     */
    public void write(byte[] src, int length, long offset) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(src, 0, length);
        try {
            while (b.hasRemaining()) {
                offset += channel.write(b, offset);
            }
        } catch (IOException e) {
            throw new KvException("segment write failed: file=" + path + ", offset=" + offset, e);
        }
    }

    /**
     * Makes every record appended so far durable: an msync of the written range only, which on Linux
     * is the fdatasync of that range (data, the file's block allocations, a device cache flush). The
     * pages pre-faulted ahead of the appender stay out of it, so they are neither written to disk as
     * zeros nor write-protected again (which would cost the writer a page fault on each of them).
     */
    public void force() {
        long end = writePosition;
        try {
            (end > 0 && end < map.byteSize() ? map.asSlice(0, end) : map).force();
        } catch (IllegalStateException | java.io.UncheckedIOException e) {
            throw new KvException("segment fsync failed: file=" + path, e);
        }
    }

    /** Unmaps and closes; concurrent readers get IllegalStateException and retry. */
    public void close() {
        while (arena.scope().isAlive()) {
            try {
                arena.close();
            } catch (IllegalStateException acquired) {
                // A CRC of a buffer over the mapping holds the session for a moment (or it closed meanwhile);
                // giving up here would leave a deleted file mapped for the life of the process. Yield, not
                // spin: on a busy machine the holder may be waiting for this core.
                Thread.yield();
            }
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing to recover
        }
    }

    /** Closes and deletes the file. */
    public void delete() {
        close();
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new KvException("segment delete failed: file=" + path, e);
        }
    }

    @Override
    public String toString() {
        return "LogSegment[id=" + id + ", ordinal=" + ordinal + ", kind=" + kind + ", write=" + writePosition + "]";
    }
}
