package io.sluice.kv;

/** Root of every error the store throws: I/O failures, misuse (closed store, oversized key), locking. */
public class KvException extends RuntimeException {
    public KvException(String message) {
        super(message);
    }

    public KvException(String message, Throwable cause) {
        super(message, cause);
    }
}
