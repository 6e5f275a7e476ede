/**
 * Sluice KV: an embedded, crash-safe key-value store with a memory-mapped linear-hashing index and
 * log-structured value segments. Depends on the JDK only; exports only {@code io.sluice.kv}.
 */
module io.sluice.kv {
    requires jdk.jfr;

    exports io.sluice.kv;
}
