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
    /**
     * Every page before this offset has disk space behind it: written through the file, faulted in by
     * the pre-fault thread, or holding records. Only grows (a CAS to the maximum: the appender and the
     * pre-fault thread both raise it). The appender never stores into the mapping past it: a store into
     * a page the file system cannot back (a full disk) is a SIGBUS, which the JVM may deliver as an
     * InternalError at a later point of the thread, not at the store.
     */
    private volatile long backedUpTo;

    private static final java.lang.invoke.VarHandle BACKED_UP_TO;
    /** Space the appender backs at a time when the pre-fault thread has not run ahead (a full disk, a burst). */
    private static final long BACK_STEP = 256 << 10;

    static {
        try {
            BACKED_UP_TO =
                    java.lang.invoke.MethodHandles.lookup().findVarHandle(LogSegment.class, "backedUpTo", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private LogSegment(
            Path path,
            int id,
            long ordinal,
            int kind,
            FileChannel channel,
            Arena arena,
            MemorySegment map,
            long writePosition) {
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
        } catch (IOException e) {
            throw new KvException("segment create failed: file=" + path + ", capacity=" + capacity, e);
        }
        FileChannel ch = null;
        Arena arena = Arena.ofShared();
        try {
            ch = FileChannel.open(
                    tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
            MemorySegment map = ch.map(FileChannel.MapMode.READ_WRITE, 0, capacity, arena);
            if (hugePages) {
                MappingAdvice.hugePages(map);
            }
            // The header goes through the file, not the mapping: a full disk is then an IOException here.
            MemorySegment header = MemorySegment.ofArray(new byte[SegmentDescriptor.HEADER_LENGTH]);
            SegmentDescriptor.write(header, id, ordinal, kind);
            java.nio.ByteBuffer h = header.asByteBuffer();
            while (h.hasRemaining()) {
                ch.write(h, h.position());
            }
            ch.force(true);
            Files.move(tmp, path, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            StoreFiles.syncDirectory(dir);
            LogSegment seg = new LogSegment(path, id, ordinal, kind, ch, arena, map, SegmentDescriptor.FIRST_RECORD);
            seg.backedUpTo = Math.min(capacity, 4096); // the header's page
            return seg;
        } catch (IOException | InternalError | java.io.UncheckedIOException e) {
            // InternalError: the header's page could not be backed (disk full), a SIGBUS in the mapped write.
            arena.close();
            try {
                if (ch != null) {
                    ch.close();
                }
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the temporary file is deleted at the next open
            }
            throw new KvException(
                    "segment create failed (disk full?): file=" + path + ", capacity=" + capacity + ", dir=" + dir, e);
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
            LogSegment seg = new LogSegment(
                    path,
                    SegmentDescriptor.segmentId(map),
                    SegmentDescriptor.ordinal(map),
                    SegmentDescriptor.kind(map),
                    ch,
                    arena,
                    map,
                    -1);
            long sealedLength = SegmentDescriptor.sealedLength(map);
            if (sealedLength > size) {
                seg.close();
                throw new KvCorruptionException(
                        "segment truncated: sealedLength=" + sealedLength + ", size=" + size, path, size);
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

    public Path path() {
        return path;
    }

    public int id() {
        return id;
    }

    public long ordinal() {
        return ordinal;
    }

    public int kind() {
        return kind;
    }

    public MemorySegment map() {
        return map;
    }

    public long capacity() {
        return map.byteSize();
    }

    public long writePosition() {
        return writePosition;
    }

    public void writePosition(long position) {
        this.writePosition = position;
    }

    public long liveBytes() {
        return liveBytes.get();
    }

    public long minSequence() {
        return minSequence;
    }

    public boolean sealed() {
        return sealed;
    }

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
     * Makes sure {@code [from, end)} has disk space behind it before the appender stores into it through
     * the mapping (appender thread). Usually a volatile read: the pre-fault thread runs ahead. Otherwise
     * writes zeros through the file from {@code from} (the write position: nothing past it is data),
     * {@link #BACK_STEP} at a time.
     *
     * @throws KvException when the file system has no room (disk full), before anything was stored
     */
    public void ensureBacked(long from, long end) {
        if (end > backedUpTo) {
            backSlowPath(from, end);
        }
    }

    private void backSlowPath(long from, long end) {
        long start = Math.max(backedUpTo, from);
        long step = Math.min(capacity(), (Math.max(end, start + BACK_STEP) + 4095) & ~4095L);
        long least = Math.min(capacity(), (end + 4095) & ~4095L);
        try {
            writeZeros(start, step);
            raiseBackedUpTo(step);
        } catch (IOException full) {
            try {
                writeZeros(start, least); // no room for a step ahead: room for this record will do
                raiseBackedUpTo(least);
            } catch (IOException e) {
                throw new KvException(
                        "segment space allocation failed (disk full?): file=" + path + ", offset=" + start + ", bytes="
                                + (least - start) + ", dir=" + path.getParent(),
                        e);
            }
        }
    }

    private void writeZeros(long from, long to) throws IOException {
        java.nio.ByteBuffer zeros = java.nio.ByteBuffer.allocate((int) Math.min(BACK_STEP, to - from));
        for (long at = from; at < to; ) {
            zeros.clear().limit((int) Math.min(zeros.capacity(), to - at));
            at += channel.write(zeros, at);
        }
    }

    /** Offset up to which the pages have disk space ({@link #ensureBacked}). */
    long backedUpTo() {
        return backedUpTo;
    }

    /** Records that the pages before {@code offset} have disk space (pre-fault thread, appender). */
    void raiseBackedUpTo(long offset) {
        for (long cur = backedUpTo; cur < offset; cur = backedUpTo) {
            if (BACKED_UP_TO.compareAndSet(this, cur, offset)) {
                return;
            }
        }
    }

    /** Writes {@code src} at {@code offset} through the file (a record too big for compaction's stage). */
    public void write(MemorySegment src, long offset) {
        java.nio.ByteBuffer b = src.asByteBuffer();
        try {
            while (b.hasRemaining()) {
                offset += channel.write(b, offset);
            }
        } catch (IOException e) {
            throw new KvException("segment write failed: file=" + path + ", offset=" + offset, e);
        }
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

    /** Deletes the file and leaves the mapping open (see {@code SegmentRetirer.retirePending}); {@link #close()} later. */
    public void unlink() {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new KvException("segment delete failed: file=" + path, e);
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
