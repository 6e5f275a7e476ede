package io.sluice.kv;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Random;

/**
 * Child process of {@link KvCrashTest}: writes a deterministic stream of operations (run r, step n)
 * with group commit, and after each group prints {@code ACK n} once every step up to n is durable.
 * It runs until it is killed.
 */
public final class KvCrashWriter {
    static final int KEYS = 400;
    static final int GROUP = 40;

    private KvCrashWriter() {}

    /** The operation of step {@code n} of run {@code run}: key, and value (null = delete). */
    record Step(int key, byte[] value) {}

    static Step step(long run, long n) {
        Random r = new Random(run * 1_000_003L + n);
        int key = r.nextInt(KEYS);
        if (r.nextInt(10) == 0) {
            return new Step(key, null);
        }
        byte[] v = new byte[16 + r.nextInt(3000)];
        r.nextBytes(v);
        writeLong(v, 0, run);
        writeLong(v, 8, n);
        return new Step(key, v);
    }

    static byte[] key(int k) {
        return ("crash-key-" + k).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    static long readLong(byte[] b, int at) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[at + i] & 0xFF);
        }
        return v;
    }

    private static void writeLong(byte[] b, int at, long v) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }

    static KvOptions options() {
        return KvOptions.defaults()
                .withSegmentBytes(1 << 20)
                .withCheckpointBytes(2 << 20)
                .withGroupCommitDelayMicros(200);
    }

    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        long run = Long.parseLong(args[1]);
        PrintStream out = System.out;
        // The test holds our stdin open; EOF means it died without killing us: stop rather than write for ever.
        Thread.ofPlatform().daemon().start(() -> {
            try {
                while (System.in.read() >= 0) {
                    // nothing is sent
                }
            } catch (java.io.IOException ignored) {
                // treated as EOF
            }
            Runtime.getRuntime().halt(3);
        });
        try (KvStore kv = KvStore.open(dir, options())) {
            out.println(
                    "READY " + kv.stats().recoveryMillis() + " " + kv.stats().recoveredRecords());
            out.flush();
            long n = 0;
            while (true) {
                long seq = 0;
                long groupEnd = n + GROUP;
                while (n < groupEnd) {
                    if (n % 13 == 5) { // an atomic batch of three steps
                        WriteBatch b = new WriteBatch();
                        for (int i = 0; i < 3; i++, n++) {
                            Step s = step(run, n);
                            if (s.value() == null) {
                                b.delete(key(s.key()));
                            } else {
                                b.put(key(s.key()), s.value());
                            }
                        }
                        seq = kv.write(b, Durability.GROUP_COMMIT);
                    } else {
                        Step s = step(run, n);
                        seq = s.value() == null
                                ? kv.delete(key(s.key()), Durability.GROUP_COMMIT)
                                : kv.put(key(s.key()), s.value(), Durability.GROUP_COMMIT);
                        n++;
                    }
                }
                kv.awaitDurable(seq);
                out.println("ACK " + (n - 1));
                out.flush();
            }
        }
    }
}
