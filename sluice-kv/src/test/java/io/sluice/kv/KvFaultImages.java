package io.sluice.kv;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Store directories for {@link KvDamageSuiteTest}, each with the exact contents every acknowledged write
 * left (the model), and the ways a file of one can be damaged. An image is either closed cleanly or a
 * crash image: the files copied while the store is open and idle, which is what a SIGKILL at that
 * moment leaves (every mapped write is in the page cache, nothing was closed).
 */
final class KvFaultImages {
    static final int KEYS = 300;

    private KvFaultImages() {}

    /** A store directory and the value every key must have in it (absent keys map to null). */
    record Image(Path dir, boolean crash, Map<Integer, byte[]> model) {}

    static KvOptions options() {
        // Small segments, so that an image has several sealed ones; compaction only when asked, so that a
        // crash image is not copied in the middle of one.
        return KvOptions.defaults()
                .withSegmentBytes(64 << 10)
                .withCheckpointBytes(64 << 10)
                .withDurability(Durability.NONE)
                .withCompaction(false)
                .withHugePages(false);
    }

    static byte[] key(int k) {
        return ("kvfault-key-" + k).getBytes(StandardCharsets.US_ASCII);
    }

    /** A value that names its key and the step that wrote it, so a value of another key or step is told apart. */
    static byte[] value(Random r, int k, int step) {
        byte[] v = new byte[8 + r.nextInt(1500)];
        r.nextBytes(v);
        ByteBuffer.wrap(v).putInt(k).putInt(step);
        return v;
    }

    /** Runs a seeded workload of puts, deletes, batches, compactions and reopens in {@code dir}. */
    static Image build(Path dir, long seed, boolean crash) throws IOException {
        Random r = new Random(seed);
        Map<Integer, byte[]> model = new HashMap<>();
        int steps = 600 + r.nextInt(900);
        KvStore kv = KvStore.open(dir, options());
        try {
            for (int step = 0; step < steps; step++) {
                int k = r.nextInt(KEYS);
                int op = r.nextInt(100);
                if (op < 70) {
                    byte[] v = value(r, k, step);
                    kv.put(key(k), v);
                    model.put(k, v);
                } else if (op < 85) {
                    kv.delete(key(k));
                    model.remove(k);
                } else if (op < 96) {
                    WriteBatch b = new WriteBatch();
                    int k2 = (k + 1) % KEYS;
                    byte[] v = value(r, k, step);
                    b.put(key(k), v).delete(key(k2));
                    kv.write(b, Durability.NONE);
                    model.put(k, v);
                    model.remove(k2);
                } else if (op < 98) {
                    kv.compact();
                } else {
                    kv.close();
                    kv = KvStore.open(dir, options());
                }
            }
            if (crash) {
                Path copy = dir.resolveSibling(dir.getFileName() + "-crash");
                copyCrashImage(dir, copy);
                kv.close();
                deleteTree(dir);
                Files.move(copy, dir);
            }
        } finally {
            kv.close();
        }
        return new Image(dir, crash, model);
    }

    /**
     * Copies an open, idle store as a SIGKILL would leave it: the checkpoint first (a later one only
     * moves the redo start forward), then the segments, then the index (always at least as new as the
     * log it indexes, as in the page cache).
     */
    private static void copyCrashImage(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        List<Path> files = list(from);
        for (String order : List.of("CHECKPOINT", ".seg", "index.main", "index.overflow", "LOCK")) {
            for (Path f : files) {
                if (f.getFileName().toString().endsWith(order)) {
                    Files.copy(f, to.resolve(f.getFileName()));
                }
            }
        }
    }

    static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    static void copyTree(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        for (Path f : list(from)) {
            Files.copy(f, to.resolve(f.getFileName()));
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    // ---------------------------------------------------------------- damage

    static void zero(Path file, long offset, long length) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            long end = Math.min(ch.size(), offset + length);
            if (end > offset) {
                ch.write(ByteBuffer.allocate((int) (end - offset)), offset);
            }
        }
    }

    /** Flips 1-8 random bytes of {@code file[from, to)} (each to a different value). */
    static void flip(Path file, long from, long to, Random r) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            to = Math.min(to, ch.size());
            int n = 1 + r.nextInt(8);
            for (int i = 0; i < n && to > from; i++) {
                long at = from + (long) (r.nextDouble() * (to - from));
                ByteBuffer b = ByteBuffer.allocate(1);
                ch.read(b, at);
                b.put(0, (byte) (b.get(0) ^ (1 + r.nextInt(255))));
                b.rewind();
                ch.write(b, at);
            }
        }
    }

    static void truncate(Path file, long size) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(Math.max(0, size));
        }
    }

    static long size(Path file) throws IOException {
        return Files.size(file);
    }

    /** A little-endian long of {@code file} at {@code offset} (the layouts are native order, x86 and ARM alike). */
    static long readLong(Path file, long offset) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
            ch.read(b, offset);
            return b.getLong(0);
        }
    }

    /** End of a segment's records: its sealed length, or the file size when unsealed (a crash image's tail). */
    static long recordsEnd(Path segment) throws IOException {
        long sealed = readLong(segment, 32);
        int sealCrc = (int) readLong(segment, 48);
        long size = size(segment);
        return sealCrc != 0 && sealed >= 64 && sealed <= size ? sealed : size;
    }

    static boolean sameBytes(byte[] a, byte[] b) {
        return Arrays.equals(a, b);
    }
}
