package io.sluice.kv;

import java.util.ArrayList;
import java.util.List;

/**
 * Puts and deletes applied atomically by {@link KvStore#write(WriteBatch, Durability)}: after a crash
 * either all of them are present or none. The batch is written as consecutive log records framed by a
 * remaining-count, and recovery applies it only if every record is intact. Not thread-safe.
 */
public final class WriteBatch {
    /** One operation; value null means delete. */
    public record Op(byte[] key, byte[] value, long expiresAtMillis) {}

    private final List<Op> ops = new ArrayList<>();

    /** Adds a put. The arrays are not copied: do not change them before the batch is written. */
    public WriteBatch put(byte[] key, byte[] value) {
        ops.add(new Op(key, value, 0));
        return this;
    }

    /** Adds a put that expires at {@code expiresAtMillis} (epoch milliseconds). */
    public WriteBatch put(byte[] key, byte[] value, long expiresAtMillis) {
        ops.add(new Op(key, value, expiresAtMillis));
        return this;
    }

    /** Adds a delete. */
    public WriteBatch delete(byte[] key) {
        ops.add(new Op(key, null, 0));
        return this;
    }

    /** Number of operations. */
    public int size() {
        return ops.size();
    }

    /** The operations in order. */
    public List<Op> ops() {
        return ops;
    }
}
