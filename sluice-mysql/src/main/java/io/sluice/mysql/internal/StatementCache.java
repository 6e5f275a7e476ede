package io.sluice.mysql.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The per-connection LRU of prepared statements, keyed by SQL text (MySQL parameters carry their
 * types in each execute, so the text alone identifies a statement); the least recently used statement
 * is closed on the server when the cache is full. It also counts, in a second LRU of the same
 * capacity, the uses of parameterless texts not yet prepared: such a text runs as COM_QUERY on its
 * first {@value #TEXT_USES} uses and is prepared on the next one. A text built with literals, used
 * once, then costs no prepare and close; and one from a large set of literal texts (a random id in
 * the text, more texts than the cache holds) is rarely prepared, where preparing on the second use
 * prepared many such texts only to evict each after about one more use, for a prepare and a close on
 * the server each, which cost more client and server CPU per point select than never preparing them.
 * Guarded by the connection's lock.
 */
final class StatementCache {
    private static final System.Logger LOG = System.getLogger("io.sluice.mysql");
    private final int capacity;
    private final Consumer<PreparedInfo> onEvict;
    private final LinkedHashMap<String, PreparedInfo> map;
    /** Uses of a parameterless text as COM_QUERY before it is prepared. */
    static final int TEXT_USES = 2;

    private final LinkedHashMap<String, Integer> textUses;

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
        this.textUses = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
                return size() > StatementCache.this.capacity;
            }
        };
    }

    /**
     * True while {@code sql} should still run as text: its use is counted, up to {@value #TEXT_USES};
     * false on the use after (it is forgotten, as the caller is about to prepare and cache it). Only
     * asked for texts not in the cache.
     */
    boolean runAsText(String sql) {
        int uses = textUses.getOrDefault(sql, 0);
        if (uses >= TEXT_USES) {
            textUses.remove(sql);
            return false;
        }
        textUses.put(sql, uses + 1);
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
        textUses.clear();
    }
}
