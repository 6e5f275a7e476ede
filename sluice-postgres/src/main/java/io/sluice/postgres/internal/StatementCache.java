package io.sluice.postgres.internal;

import io.sluice.spi.StatementAdmission;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-connection LRU cache of server-side prepared statements behind ad-hoc SQL, keyed by SQL
 * text plus the parameter type OIDs (the same text with other parameter types is another statement
 * on the server). Guarded by the connection's write lock: entries are created and evicted in the
 * order requests go on the wire, so an eviction's Close always follows the last Bind that used it.
 */
final class StatementCache implements StatementRegistry {
    private static final System.Logger LOG = System.getLogger("io.sluice.postgres");
    /** SQL text and parameter type OIDs. */
    record Key(String sql, int[] paramOids) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && sql.equals(k.sql) && Arrays.equals(paramOids, k.paramOids);
        }

        @Override
        public int hashCode() {
            return sql.hashCode() * 31 + Arrays.hashCode(paramOids);
        }

        @Override
        public String toString() {
            return "Key[sql=" + sql + ", paramOids=" + Arrays.toString(paramOids) + "]";
        }
    }

    /**
     * A reusable lookup key for the hit path: equal to (and hashing like) the {@link Key} that
     * {@link QueryEncoder#paramOids} would build for the same SQL and parameters, without allocating
     * one. Map lookups call {@code probe.equals(storedKey)}, which is all it supports. One per
     * connection, used under the write lock.
     */
    static final class Probe implements StatementAdmission.Probe<Key> {
        private String sql;
        private int[] oids = new int[8]; // the parameter OIDs of the current lookup, in [0, count)
        private int count;
        private int hash;

        /** Points the probe at {@code sql} and {@code params}, working out each parameter's OID once. */
        Probe set(String sql, Object[] params) {
            if (params.length > oids.length) {
                oids = new int[params.length];
            }
            int h = 1; // Arrays.hashCode(int[]) of the parameter OIDs
            for (int i = 0; i < params.length; i++) {
                oids[i] = QueryEncoder.paramOid(params[i]);
                h = 31 * h + oids[i];
            }
            this.sql = sql;
            this.count = params.length;
            this.hash = sql.hashCode() * 31 + h;
            return this;
        }

        /** The key a miss records: the probe's SQL and a copy of its OIDs. */
        @Override
        public Key toKey() {
            return new Key(sql, Arrays.copyOf(oids, count));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k
                    && k.sql.equals(sql)
                    && Arrays.equals(k.paramOids, 0, k.paramOids.length, oids, 0, count);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    private final int capacity;
    private final LinkedHashMap<Key, PgStatement> entries;
    private final StatementAdmission<Key> admission;

    private long counter;

    private final String namePrefix;

    /** @param namePrefix starts every statement name, unique per connection (see {@link PgSession#nameTag}) */
    StatementCache(int capacity, String namePrefix) {
        this.capacity = capacity;
        this.namePrefix = namePrefix;
        this.entries = new LinkedHashMap<>(16, 0.75f, true);
        this.admission = new StatementAdmission<>(capacity);
    }

    /** True while a parameterless SQL text missing from the cache should still run unprepared: see {@link StatementAdmission}. */
    boolean runUnprepared(Probe probe) {
        return admission.runUnprepared(probe);
    }

    boolean enabled() {
        return capacity > 0;
    }

    @Override
    public PgStatement get(Object key) {
        return entries.get(key);
    }

    /** A fresh server-side name for a statement. */
    @Override
    public String nextName() {
        return namePrefix + (++counter);
    }

    /** Adds {@code statement}; returns the entries evicted to make room (to be closed on the server). */
    @Override
    public List<PgStatement> put(Key key, PgStatement statement) {
        entries.put(key, statement);
        List<PgStatement> evicted = List.of();
        if (entries.size() > capacity) {
            evicted = new ArrayList<>(1);
            Iterator<Map.Entry<Key, PgStatement>> it = entries.entrySet().iterator();
            while (entries.size() > capacity && it.hasNext()) {
                PgStatement old = it.next().getValue();
                evicted.add(old);
                it.remove();
                if (LOG.isLoggable(System.Logger.Level.DEBUG)) { // the name only: SQL text may hold literal values
                    LOG.log(
                            System.Logger.Level.DEBUG,
                            "statement evicted from the cache: name={0}, capacity={1}",
                            old.name,
                            capacity);
                }
            }
        }
        return evicted;
    }

    /** Removes {@code statement} if it is still cached (a scan: only after a plan invalidation). */
    @Override
    public void remove(PgStatement statement) {
        entries.values().remove(statement);
    }

    void clear() {
        entries.clear();
        admission.clear();
    }

    int size() {
        return entries.size();
    }
}
