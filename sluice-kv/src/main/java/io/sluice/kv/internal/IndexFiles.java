package io.sluice.kv.internal;

import static io.sluice.kv.internal.IndexDescriptor.*;

import io.sluice.kv.KvCorruptionException;
import io.sluice.kv.KvException;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * The index files as files: atomic creation, deletion, space taken with written zeros, chunks mapped as
 * the index grows, the copy a backup takes, damage found at open. The mapping methods are static over
 * {@link HashIndex}'s fields, so a split that maps a chunk reaches them as the index itself would.
 */
final class IndexFiles {
    private IndexFiles() {}

    /**
     * Creates an empty index in {@code dir} atomically: both files are written and forced under temporary
     * names, and {@code index.main} is renamed into place last, so a crash leaves either no index (the
     * next open creates one) or a whole one. The new index is in state "building": an open that finds it
     * so rebuilds it from the segments, so a crash during a rebuild never leaves a partial index trusted.
     */
    static void create(Path dir) {
        Path mainTmp = dir.resolve(HashIndex.MAIN_FILE + ".tmp");
        Path overflowTmp = dir.resolve(HashIndex.OVERFLOW_FILE + ".tmp");
        ByteBuffer h = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.nativeOrder());
        h.putLong((int) magicOffset(), MAGIC);
        h.putInt((int) versionOffset(), VERSION);
        h.putInt((int) initialOffset(), HashIndex.INITIAL_BUCKETS);
        h.putLong((int) openStateOffset(), HashIndex.STATE_BUILDING);
        try {
            try (FileChannel ch = FileChannel.open(
                    overflowTmp,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                allocate(ch, CHUNK_BYTES);
                ch.force(true);
            }
            try (FileChannel ch = FileChannel.open(
                    mainTmp,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                while (h.hasRemaining()) {
                    ch.write(h);
                }
                allocate(ch, HEADER_BYTES + CHUNK_BYTES);
                ch.force(true);
            }
            Files.move(
                    overflowTmp,
                    dir.resolve(HashIndex.OVERFLOW_FILE),
                    StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
            Files.move(
                    mainTmp,
                    dir.resolve(HashIndex.MAIN_FILE),
                    StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new KvException("index create failed: dir=" + dir, e);
        }
        StoreFiles.syncDirectory(dir);
    }

    /** Deletes both index files ({@code index.main} first: without it the pair counts as absent). */
    static void delete(Path dir) {
        try {
            Files.deleteIfExists(dir.resolve(HashIndex.MAIN_FILE));
            Files.deleteIfExists(dir.resolve(HashIndex.OVERFLOW_FILE));
        } catch (IOException e) {
            throw new KvException("index delete failed: dir=" + dir, e);
        }
        StoreFiles.syncDirectory(dir);
    }

    /** Maps chunks of {@code index.main} up to {@code buckets} primary buckets (writer thread, or open). */
    static void ensureMain(HashIndex index, long buckets) {
        MemorySegment[] grown =
                grown(index, index.mainChunks, buckets, index.mainChannel, index.mainPath, HEADER_BYTES);
        if (grown != null) {
            index.mainChunks = grown;
        }
    }

    /** Maps chunks of {@code index.overflow} up to {@code buckets} overflow buckets (writer thread, or open). */
    static void ensureOverflow(HashIndex index, long buckets) {
        MemorySegment[] grown =
                grown(index, index.overflowChunks, buckets, index.overflowChannel, index.overflowPath, 0);
        if (grown != null) {
            index.overflowChunks = grown;
        }
    }

    /**
     * {@code chunks} with chunks mapped up to {@code buckets} buckets of the file whose first chunk starts
     * at {@code first}, or null when they are mapped already: the caller then writes no volatile field (a
     * split asks on every put that splits). A grown array replaces the old one whole, so a lock-free
     * reader sees either.
     */
    private static MemorySegment[] grown(
            HashIndex index, MemorySegment[] chunks, long buckets, FileChannel ch, Path path, long first) {
        int need = (int) ((buckets + CHUNK_BUCKETS - 1) >>> CHUNK_SHIFT);
        if (need <= chunks.length) {
            return null;
        }
        MemorySegment[] grown = Arrays.copyOf(chunks, need);
        for (int i = chunks.length; i < need; i++) {
            grown[i] = map(index, ch, path, first + i * CHUNK_BYTES);
        }
        return grown;
    }

    private static MemorySegment map(HashIndex index, FileChannel ch, Path path, long offset) {
        try {
            allocate(ch, offset + CHUNK_BYTES);
            return ch.map(FileChannel.MapMode.READ_WRITE, offset, CHUNK_BYTES, index.arena);
        } catch (IOException e) {
            throw new KvException("index map failed: file=" + path + ", offset=" + offset, e);
        }
    }

    /** Copies the index files into {@code target} (hot backup), forced first; call under the writer lock. */
    static void copyTo(HashIndex index, Path target) {
        index.force();
        try {
            Files.copy(index.mainPath, target.resolve(index.mainPath.getFileName()));
            Files.copy(index.overflowPath, target.resolve(index.overflowPath.getFileName()));
        } catch (IOException e) {
            throw new KvException("index backup failed: target=" + target, e);
        }
    }

    /** An index file failed a check at open; the index is rebuilt from the segments. */
    public static final class DamagedException extends KvCorruptionException {
        DamagedException(String what, Path file, long offset) {
            super(what, file, offset);
        }
    }

    /**
     * Extends the file to {@code size} with written zeros rather than a sparse hole, so that the disk
     * space is taken here, where a full disk is an IOException, and not later by a page fault of a
     * store into the mapping, which a full disk turns into a SIGBUS (an InternalError in the writer,
     * in the middle of an index update).
     */
    static void allocate(FileChannel ch, long size) throws IOException {
        long at = ch.size();
        if (at >= size) {
            return;
        }
        ByteBuffer zeros = ByteBuffer.allocate((int) Math.min(CHUNK_BYTES, size - at));
        while (at < size) {
            zeros.clear().limit((int) Math.min(zeros.capacity(), size - at));
            at += ch.write(zeros, at);
        }
    }
}
