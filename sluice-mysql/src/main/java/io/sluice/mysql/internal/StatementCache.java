package io.sluice.mysql.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The per-connection LRU of prepared statements, keyed by SQL text (MySQL parameters carry their
 * types in each execute, so the text alone identifies a statement); the least recently used statement
 * is closed on the server when the cache is full. It also remembers, in a second LRU of the same
 * capacity, the parameterless texts seen once: such a text runs as COM_QUERY on its first use and is
 * prepared on its second (a text built with literals, used once, then costs no prepare and close).
 * Guarded by the connection's lock.
 */
final class StatementCache {
    private final int capacity;
    private final Consumer<PreparedInfo> onEvict;
    private final LinkedHashMap<String, PreparedInfo> map;
    private final LinkedHashMap<String, Boolean> seenOnce;

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
        this.seenOnce = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                return size() > StatementCache.this.capacity;
            }
        };
    }

    /**
     * True on the first use of {@code sql} (it is remembered), false on a later one (it is forgotten,
     * as the caller is about to prepare and cache it). Only asked for texts not in the cache.
     */
    boolean firstUse(String sql) {
        if (seenOnce.remove(sql) != null) {
            return false;
        }
        seenOnce.put(sql, Boolean.TRUE);
        return true;
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
        seenOnce.clear();
    }
}
