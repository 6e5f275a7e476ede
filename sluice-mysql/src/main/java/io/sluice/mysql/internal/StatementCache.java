package io.sluice.mysql.internal;

import io.sluice.spi.StatementAdmission;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The per-connection LRU of prepared statements, keyed by SQL text (MySQL parameters carry their
 * types in each execute, so the text alone identifies a statement); the least recently used statement
 * is closed on the server when the cache is full. A parameterless text is admitted on its third use
 * ({@link StatementAdmission}, the policy both drivers share), and runs as COM_QUERY until then.
 * Guarded by the connection's lock.
 */
final class StatementCache {
    private static final System.Logger LOG = System.getLogger("io.sluice.mysql");
    private final int capacity;
    private final Consumer<PreparedInfo> onEvict;
    private final LinkedHashMap<String, PreparedInfo> map;
    private final StatementAdmission<String> admission;

    StatementCache(int capacity, Consumer<PreparedInfo> onEvict) {
        this.capacity = capacity;
        this.onEvict = onEvict;
        this.map = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, PreparedInfo> eldest) {
                if (size() > StatementCache.this.capacity) {
                    if (LOG.isLoggable(System.Logger.Level.DEBUG)) { // the id only: SQL text may hold literal values
                        LOG.log(
                                System.Logger.Level.DEBUG,
                                "statement evicted from the cache: statement_id={0}, capacity={1}",
                                eldest.getValue().id,
                                StatementCache.this.capacity);
                    }
                    StatementCache.this.onEvict.accept(eldest.getValue());
                    return true;
                }
                return false;
            }
        };
        this.admission = new StatementAdmission<>(capacity);
    }

    /** True while {@code sql}, missing from the cache, should still run as COM_QUERY: see {@link StatementAdmission}. */
    boolean runUnprepared(String sql) {
        return admission.runUnprepared(sql);
    }

    boolean enabled() {
        return capacity > 0;
    }

    PreparedInfo get(String sql) {
        return map.get(sql);
    }

    void put(String sql, PreparedInfo info) {
        if (capacity > 0) {
            map.put(sql, info);
        }
    }

    void remove(String sql) {
        map.remove(sql);
    }

    int size() {
        return map.size();
    }

    /** Forgets every statement without closing it (after COM_RESET_CONNECTION closed them on the server). */
    void clear() {
        map.clear();
        admission.clear();
    }
}
