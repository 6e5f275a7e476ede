package io.sluice.kv.internal;

import io.sluice.kv.KvException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** File-system chores: directory fsync, the process lock, the kernel boot id, free space. */
public final class StoreFiles {
    public static final String LOCK_FILE = "LOCK";

    private StoreFiles() {}

    /** fsync of a directory so created, renamed or deleted entries survive an OS crash. */
    public static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // Some file systems refuse fsync on a directory; the entries are then as durable as they get.
        }
    }

    /** Free bytes for the files in {@code dir}, or -1 when the file system does not say. */
    public static long usableBytes(Path dir) {
        try {
            return Files.getFileStore(dir).getUsableSpace();
        } catch (IOException e) {
            return -1;
        }
    }

    /** Takes the exclusive lock on {@code dir/LOCK}; fails clearly when another process (or store) holds it. */
    public static FileLock lock(Path dir) {
        Path path = dir.resolve(LOCK_FILE);
        FileChannel ch = null;
        try {
            ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = ch.tryLock();
            if (lock == null) {
                ch.close();
                throw new KvException(
                        "store directory is locked by another process: dir=" + dir + ", lockFile=" + path);
            }
            return lock;
        } catch (OverlappingFileLockException e) {
            closeQuietly(ch);
            throw new KvException("store directory is already open in this process: dir=" + dir + ", lockFile=" + path);
        } catch (IOException e) {
            closeQuietly(ch);
            throw new KvException("store lock failed: dir=" + dir + ", lockFile=" + path, e);
        }
    }

    /**
     * A 64-bit digest of the kernel's boot id, or 0 when unknown. A store left open under a different
     * boot id went through an OS crash (not just a process crash), so its page cache was lost.
     */
    public static long bootId() {
        try {
            String id = Files.readString(Path.of("/proc/sys/kernel/random/boot_id"), StandardCharsets.US_ASCII)
                    .trim();
            long h = 1125899906842597L;
            for (int i = 0; i < id.length(); i++) {
                h = 31 * h + id.charAt(i);
            }
            return h == 0 ? 1 : h;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // nothing to do
            }
        }
    }
}
