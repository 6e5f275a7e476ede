package io.sluice.mysql.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The per-connection LRU of prepared statements, keyed by SQL text (MySQL parameters carry their
 * types in each execute, so the text alone identifies a statement). Same policy as the PostgreSQL
 * driver: every ad-hoc SQL text is prepared on first use; the least recently used statement is
 * closed on the server when the cache is full. Guarded by the connection's lock.
 */
final class StatementCache {
    private final int capacity;
    private final Consumer<PreparedInfo> onEvict;
    private final LinkedHashMap<String, PreparedInfo> map;

    StatementCache(int capacity, Consumer<PreparedInfo> onEvict) {
        this.capacity = capacity;
        this.onEvict = onEvict;
        this.map = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, PreparedInfo> eldest) {
                if (size() > StatementCache.this.capacity) {
                    StatementCache.this.onEvict.accept(eldest.getValue());
                    return true;
                }
                return false;
            }
        };
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
    }
}
