package io.sluice.kv.internal;

import static io.sluice.kv.internal.IndexDescriptor.*;

import io.sluice.kv.KvCorruptionException;
import io.sluice.kv.KvException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.function.LongConsumer;
import java.util.function.LongUnaryOperator;

/**
 * The index files as files: atomic creation, opening (with the checks that need no log), deletion, space
 * taken with written zeros, chunks mapped as the index grows, the copy a backup takes. The mapping methods are static over
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

    /**
     * Opens the index files in {@code dir} and checks what can be checked without the log: header
     * fields, file sizes, and after a clean close the checksums of the header and of every bucket
     * ({@link IndexVerifier}). Nothing stays open when it throws.
     *
     * @param slotHash hash of the key of the record a slot points at (reads the log; splits of very large tables)
     * @param missCheck checks the record of a slot whose tag matched a probe but whose key did not
     * @throws DamagedException when a check fails (Recovery then rebuilds the index from the segments)
     */
    static HashIndex open(Path dir, LongUnaryOperator slotHash, LongConsumer missCheck) {
        Path mainPath = dir.resolve(HashIndex.MAIN_FILE);
        Path overflowPath = dir.resolve(HashIndex.OVERFLOW_FILE);
        Arena arena = Arena.ofShared();
        FileChannel main = null;
        FileChannel overflow = null;
        try {
            if (!Files.exists(mainPath) || !Files.exists(overflowPath)) {
                throw new DamagedException("index file missing", Files.exists(mainPath) ? overflowPath : mainPath, 0);
            }
            main = FileChannel.open(mainPath, StandardOpenOption.READ, StandardOpenOption.WRITE);
            overflow = FileChannel.open(overflowPath, StandardOpenOption.READ, StandardOpenOption.WRITE);
            if (main.size() < HEADER_BYTES) {
                throw new DamagedException("index header truncated: size=" + main.size(), mainPath, main.size());
            }
            MemorySegment header = main.map(FileChannel.MapMode.READ_WRITE, 0, HEADER_BYTES, arena);
            long state = IndexVerifier.checkHeader(header, mainPath);
            HashIndex index = new HashIndex(mainPath, overflowPath, main, overflow, arena, header, slotHash, missCheck);
            long splits = index.splits();
            long used = index.overflowUsed();
            IndexVerifier.checkExtent(
                    index.initial, splits, used, mainPath, main.size(), overflowPath, overflow.size());
            ensureMain(index, index.initial + splits);
            ensureOverflow(index, used + 1);
            if (state == HashIndex.STATE_CLOSED
                    && header.get(ValueLayout.JAVA_INT, contentCrcOffset()) != IndexVerifier.contentCrc(index)) {
                throw new DamagedException("index bucket checksum mismatch", mainPath, HEADER_BYTES);
            }
            return index;
        } catch (IOException e) {
            closeQuietly(arena, main, overflow);
            throw new KvException("index open failed: file=" + mainPath, e);
        } catch (RuntimeException e) {
            closeQuietly(arena, main, overflow);
            throw e;
        }
    }

    private static void closeQuietly(Arena arena, FileChannel main, FileChannel overflow) {
        if (arena.scope().isAlive()) {
            arena.close();
        }
        try {
            if (main != null) {
                main.close();
            }
            if (overflow != null) {
                overflow.close();
            }
        } catch (IOException ignored) {
            // nothing to recover
        }
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

    /**
     * Index growth the next insert may need, mapped (and its disk space taken) before the writer appends
     * the record: a split's new bucket, and overflow buckets for a split and for the insert. Writer
     * thread, on every put and delete: mapping happens only when a chunk boundary is near.
     *
     * @throws KvException when the space cannot be had (a full disk), before anything was changed
     */
    static void reserveForInsert(HashIndex index) {
        long buckets = index.bucketCount() + 1;
        long overflow = index.overflowUsed() + 1 + RESERVED_OVERFLOW;
        if (((buckets + CHUNK_BUCKETS - 1) >>> CHUNK_SHIFT) > index.mainChunks.length) {
            ensureMain(index, buckets);
        }
        if (((overflow + CHUNK_BUCKETS - 1) >>> CHUNK_SHIFT) > index.overflowChunks.length) {
            ensureOverflow(index, overflow);
        }
    }

    /** Overflow buckets kept mapped ahead of use: more than one split and one insert can take. */
    private static final long RESERVED_OVERFLOW = 1024;

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
