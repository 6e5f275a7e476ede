package io.sluice.kv.internal;

import io.sluice.kv.KvCorruptionException;
import io.sluice.kv.KvException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * The {@code CHECKPOINT} file: where redo starts. Replaced atomically (write temp, fsync, rename,
 * fsync directory).
 *
 * <pre>
 *   0          8         12        16               24               32               40       44
 *   +----------+---------+---------+----------------+----------------+----------------+--------+
 *   | magic    | version | segId   | offset         | sequence       | nextOrdinal    | crc32c |
 *   +----------+---------+---------+----------------+----------------+----------------+--------+
 *   segId/offset = first main-log byte not covered by the index on disk; sequence = last applied
 * </pre>
 *
 * @param segmentId   main-log segment where replay starts
 * @param offset      offset in it
 * @param sequence    last sequence number covered
 * @param nextOrdinal next segment ordinal to hand out
 */
public record CheckpointFile(int segmentId, long offset, long sequence, long nextOrdinal) {
    public static final String NAME = "CHECKPOINT";
    private static final long MAGIC = 0x31504B43564B4C53L; // "SLKVCKP1"
    private static final int LENGTH = 44;

    static long magicOffset() {
        return 0;
    }

    static long versionOffset() {
        return 8;
    }

    static long segmentIdOffset() {
        return 12;
    }

    static long offsetOffset() {
        return 16;
    }

    static long sequenceOffset() {
        return 24;
    }

    static long nextOrdinalOffset() {
        return 32;
    }

    static long crcOffset() {
        return 40;
    }

    /** Reads {@code dir/CHECKPOINT}, or null when the store is new. */
    public static CheckpointFile read(Path dir) {
        Path path = dir.resolve(NAME);
        if (!Files.exists(path)) {
            return null;
        }
        try {
            byte[] bytes = Files.readAllBytes(path);
            if (bytes.length != LENGTH) {
                throw new KvCorruptionException("checkpoint file has wrong length " + bytes.length, path, 0);
            }
            ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            CRC32C crc = new CRC32C();
            crc.update(bytes, 0, (int) crcOffset());
            if (b.getLong((int) magicOffset()) != MAGIC || b.getInt((int) crcOffset()) != (int) crc.getValue()) {
                throw new KvCorruptionException("checkpoint file magic or checksum mismatch", path, 0);
            }
            return new CheckpointFile(
                    b.getInt((int) segmentIdOffset()),
                    b.getLong((int) offsetOffset()),
                    b.getLong((int) sequenceOffset()),
                    b.getLong((int) nextOrdinalOffset()));
        } catch (IOException e) {
            throw new KvException("checkpoint read failed: file=" + path, e);
        }
    }

    /** Writes this checkpoint durably and atomically. */
    public void write(Path dir) {
        ByteBuffer b = ByteBuffer.allocate(LENGTH).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong((int) magicOffset(), MAGIC);
        b.putInt((int) versionOffset(), 1);
        b.putInt((int) segmentIdOffset(), segmentId);
        b.putLong((int) offsetOffset(), offset);
        b.putLong((int) sequenceOffset(), sequence);
        b.putLong((int) nextOrdinalOffset(), nextOrdinal);
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 0, (int) crcOffset());
        b.putInt((int) crcOffset(), (int) crc.getValue());
        Path tmp = dir.resolve(NAME + ".tmp");
        try (FileChannel ch = FileChannel.open(
                tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            while (b.hasRemaining()) {
                ch.write(b);
            }
            ch.force(true);
        } catch (IOException e) {
            throw new KvException("checkpoint write failed: file=" + tmp, e);
        }
        try {
            Files.move(tmp, dir.resolve(NAME), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new KvException("checkpoint rename failed: file=" + tmp, e);
        }
        StoreFiles.syncDirectory(dir);
    }
}
