package io.sluice.bench.kv;

import io.sluice.kv.Durability;
import io.sluice.kv.KvOptions;
import io.sluice.kv.KvStore;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * A cross-check of kv-seed's populate phase for Sluice KV alone: the same keys, values and order as
 * {@link KvChild}, no fsync, and the phase's time split by how long each put took, so that a few slow
 * puts can be told apart from a slow common case (the mean put of a 1,000,000-key populate was 3.7 us
 * while the median was 1.1 us). The checkpoint interval is an argument, to measure what checkpoints
 * cost the writer.
 *
 * <p>After {@code bin/bench} has compiled:
 * {@code java -Xms8g -Xmx8g -XX:+AlwaysPreTouch --enable-native-access=ALL-UNNAMED -cp "sluice-bench/target/classes:$(cat sluice-bench/target/classpath.txt)" io.sluice.bench.kv.PopulateLatency 1000000 /tmp/kv-populate 64}
 * (keys, an empty directory, checkpoint interval in MiB); the directory is left behind.
 */
public final class PopulateLatency {
    /** Upper bounds of the latency classes, in nanoseconds. */
    private static final long[] LIMITS = {2_000, 10_000, 100_000, 1_000_000, Long.MAX_VALUE};

    private static final String[] NAMES = {"< 2 us", "2-10 us", "10-100 us", "0.1-1 ms", "> 1 ms"};

    private PopulateLatency() {}

    public static void main(String[] args) throws Exception {
        int keys = Integer.parseInt(args[0]);
        Path dir = Path.of(args[1]);
        long checkpointMiB = Long.parseLong(args[2]);
        KvData data = KvData.make(keys);
        MemorySegment[] values = new MemorySegment[data.values().length];
        for (int i = 0; i < values.length; i++) {
            values[i] = MemorySegment.ofArray(data.values()[i]);
        }
        Files.createDirectories(dir);
        MemorySegment[] keySegments = new MemorySegment[keys];
        for (int i = 0; i < keys; i++) {
            keySegments[i] = MemorySegment.ofArray(data.keys()[i]);
        }
        Random r = new Random(11); // as KvChild: the shuffle, then each put's value
        int[] order = KvChild.shuffled(keys, r);
        long[] count = new long[LIMITS.length];
        long[] nanos = new long[LIMITS.length];
        var threads = ManagementFactory.getThreadMXBean();
        KvOptions options =
                KvOptions.defaults().withDurability(Durability.NONE).withCheckpointBytes(checkpointMiB << 20);
        try (KvStore store = KvStore.open(dir, options)) {
            long cpu = threads.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            for (int i : order) {
                MemorySegment key = keySegments[i];
                MemorySegment value = values[r.nextInt(values.length)];
                long t0 = System.nanoTime();
                store.put(key, 0, (int) key.byteSize(), value, Durability.NONE);
                long took = System.nanoTime() - t0;
                int c = 0;
                while (took >= LIMITS[c]) {
                    c++;
                }
                count[c]++;
                nanos[c] += took;
            }
            long wall = System.nanoTime() - start;
            cpu = threads.getCurrentThreadCpuTime() - cpu;
            System.out.printf(
                    "populate %,d keys, checkpoint every %d MiB: %.1f ops/ms, %.2f us of CPU and %.2f us of wall time per put%n",
                    keys, checkpointMiB, keys / (wall / 1e6), cpu / 1e3 / keys, wall / 1e3 / keys);
            for (int c = 0; c < LIMITS.length; c++) {
                System.out.printf(
                        "  %-10s %,9d puts %,9.1f ms (%.2f us per put of the phase)%n",
                        NAMES[c], count[c], nanos[c] / 1e6, nanos[c] / 1e3 / keys);
            }
        }
    }
}
