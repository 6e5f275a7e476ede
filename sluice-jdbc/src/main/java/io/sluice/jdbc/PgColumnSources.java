package io.sluice.jdbc;

import io.sluice.Column;
import io.sluice.ColumnDetails;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What PostgreSQL's catalog says about the table columns a result comes from: schema, table, NOT NULL and whether the column is an identity or takes its default from a sequence
 * ({@code serial}). A RowDescription names a source column by table OID and attribute number only;
 * one catalog query answers for every column of a result not yet known, and the answers stay cached
 * per connection by (table OID, attribute number), as pgjdbc does.
 *
 * <p>Hazard: a cached answer outlives an {@code ALTER TABLE} made after it (a later NOT NULL, a
 * dropped identity); a new connection sees the change. The cache is bounded: it starts over past
 * {@link #MAX_ENTRIES}.
 */
final class PgColumnSources {
    /** A table column as the catalog describes it. */
    record Source(String schema, String table, boolean notNull, boolean autoIncrement) {}

    /** Source of a column that no longer exists (a dropped table): names empty, nothing known. */
    static final Source GONE = new Source("", "", false, false);

    static final int MAX_ENTRIES = 10_000;

    // Keyed by (unsigned table OID, attribute number), found through unnest so that the text stays the
    // same for every result and the native statement cache prepares it once.
    private static final String SELECT = """
            SELECT k.reloid, k.attnum, n.nspname, c.relname, a.attnotnull,
                   (a.attidentity <> '' OR coalesce(pg_catalog.pg_get_expr(d.adbin, d.adrelid), '') LIKE '%nextval(%')
              FROM unnest($1::int8[], $2::int4[]) AS k(reloid, attnum)
              JOIN pg_catalog.pg_class c ON c.oid = k.reloid::oid
              JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
              JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
              LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum""";

    private final io.sluice.Connection catalog;
    private final Map<Long, Source> cache = new ConcurrentHashMap<>();

    /** @param catalog the connection catalog queries run on; it must free itself of a live result first */
    PgColumnSources(io.sluice.Connection catalog) {
        this.catalog = catalog;
    }

    private static long key(long tableOid, int attnum) {
        return tableOid << 16 | (attnum & 0xffff);
    }

    /**
     * The source of each column, null for a column not taken from a table; asks the catalog (once, for
     * all the columns not cached) only when some column is not cached.
     *
     * @throws SQLException with the server's SQLSTATE if the catalog query fails
     */
    Source[] resolve(List<Column> columns) throws SQLException {
        Source[] sources = new Source[columns.size()];
        List<Long> missing = new ArrayList<>();
        for (int i = 0; i < sources.length; i++) {
            ColumnDetails d = columns.get(i).details();
            if (d.hasSource()) {
                long k = key(Integer.toUnsignedLong(d.tableId()), d.columnNumber());
                Source s = cache.get(k);
                if (s == null && !missing.contains(k)) {
                    missing.add(k);
                }
                sources[i] = s;
            }
        }
        if (!missing.isEmpty()) {
            fetch(missing);
            for (int i = 0; i < sources.length; i++) {
                ColumnDetails d = columns.get(i).details();
                if (d.hasSource() && sources[i] == null) {
                    sources[i] = cache.getOrDefault(key(Integer.toUnsignedLong(d.tableId()), d.columnNumber()), GONE);
                }
            }
        }
        return sources;
    }

    private void fetch(List<Long> keys) throws SQLException {
        long[] oids = new long[keys.size()];
        int[] attnums = new int[keys.size()];
        for (int i = 0; i < oids.length; i++) {
            oids[i] = keys.get(i) >>> 16;
            attnums[i] = (short) (keys.get(i) & 0xffff);
        }
        List<Object[]> rows;
        try {
            rows = catalog.query(
                    SELECT,
                    row -> new Object[] {
                        row.getLong(0),
                        row.getInt(1),
                        new Source(row.getString(2), row.getString(3), row.getBoolean(4), row.getBoolean(5))
                    },
                    oids,
                    attnums);
        } catch (ServerException e) {
            throw new SQLException("column catalog query failed: " + e.getMessage(), e.sqlState(), e);
        } catch (SluiceException e) {
            throw new SQLException("column catalog query failed: " + e.getMessage(), "08000", e);
        }
        if (cache.size() + rows.size() > MAX_ENTRIES) {
            cache.clear();
        }
        for (Object[] r : rows) {
            cache.put(key((Long) r[0], (Integer) r[1]), (Source) r[2]);
        }
    }
}
