package io.sluice;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The derived forms of one SQL text (see {@link QueryInfo}), kept in a small per-dialect cache keyed by the
 * text. A text that misses is lexed once; when the cache is full it is emptied and refilled by the texts in
 * use, which bounds its memory without the bookkeeping of an LRU. Texts carrying literal values (a new text
 * per query) only churn the cache; they are never wrong.
 */
final class SqlShape {
    static final int CACHE_SIZE = 1024;
    private static final ConcurrentHashMap<String, SqlShape> POSTGRESQL = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<String, SqlShape> MYSQL = new ConcurrentHashMap<>();

    final String operation;
    final String collection;
    final String summary;
    private final String sql;
    private final boolean mysql;
    private volatile String sanitized;

    private SqlShape(String sql, boolean mysql) {
        this.sql = sql;
        this.mysql = mysql;
        this.operation = SqlSummary.operation(sql, mysql);
        this.collection = operation == null ? null : SqlSummary.collection(sql, operation, mysql);
        this.summary = operation == null ? null : collection == null ? operation : operation + " " + collection;
    }

    /** The shape of {@code sql}, from the cache or lexed now. */
    static SqlShape of(String sql, boolean mysql) {
        ConcurrentHashMap<String, SqlShape> cache = mysql ? MYSQL : POSTGRESQL;
        SqlShape s = cache.get(sql);
        if (s == null) {
            s = new SqlShape(sql, mysql);
            if (cache.size() >= CACHE_SIZE) {
                cache.clear();
            }
            cache.put(sql, s);
        }
        return s;
    }

    /** The text with its literals replaced, computed on first use (a race computes it twice, harmlessly). */
    String sanitized() {
        String s = sanitized;
        if (s == null) {
            s = SqlSummary.sanitize(sql, mysql);
            sanitized = s;
        }
        return s;
    }
}
