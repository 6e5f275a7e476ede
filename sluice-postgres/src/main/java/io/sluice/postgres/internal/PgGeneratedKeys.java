package io.sluice.postgres.internal;

import io.sluice.GeneratedKeys;
import io.sluice.postgres.internal.codec.PgRow;
import java.util.Arrays;
import java.util.List;

/**
 * Generated keys through {@code RETURNING} (see {@link ReturningClause}): the key rows are read in the
 * statement's own round trip, with the binary results of a prepared statement from its second run on.
 */
final class PgGeneratedKeys {
    private long[] keys = new long[4];
    private int size;
    private int column = -1;
    private final ReturningClause clause;

    private PgGeneratedKeys(ReturningClause clause) {
        this.clause = clause;
    }

    static GeneratedKeys execute(PgConnection c, String sql, String keyColumn, Object[] params) {
        PgGeneratedKeys k = new PgGeneratedKeys(ReturningClause.of(sql, keyColumn));
        QueryHandler h = new QueryHandler() {
            @Override
            void row(PgRow row) {
                super.row(row);
                k.add(row);
            }
        };
        c.run(c.session().cache, k.clause.sql(), params, 0, h);
        return new GeneratedKeys(h.affected, Arrays.copyOf(k.keys, k.size));
    }

    static GeneratedKeys executeBatch(PgConnection c, String sql, String keyColumn, List<Object[]> parameterSets) {
        PgGeneratedKeys k = new PgGeneratedKeys(ReturningClause.of(sql, keyColumn));
        PgSession session = c.session();
        long[] counts = c.batch(session.cache.enabled() ? session.cache : null, k.clause.sql(), parameterSets, k::add);
        return new GeneratedKeys(Arrays.stream(counts).sum(), Arrays.copyOf(k.keys, k.size));
    }

    private void add(PgRow row) {
        if (column < 0) {
            column = clause.appended() ? 0 : row.indexOf(clause.column());
        }
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
        }
        keys[size++] = row.getLong(column);
    }
}
