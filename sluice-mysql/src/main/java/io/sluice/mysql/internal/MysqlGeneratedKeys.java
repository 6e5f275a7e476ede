package io.sluice.mysql.internal;

import static io.sluice.mysql.internal.protocol.Commands.CURSOR_TYPE_NO_CURSOR;

import io.sluice.GeneratedKeys;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * Generated keys from OK packets (https://mariadb.com/kb/en/ok_packet/): each statement's last insert id
 * is the AUTO_INCREMENT value of its first row, and the rows after it get the next values, one
 * {@code @@auto_increment_increment} apart (read once per connection, only for a statement that inserted
 * several rows). That holds while the server hands a statement consecutive values: see
 * {@link io.sluice.Connection#executeReturningKeys} for the lock modes and statements where it does not.
 */
final class MysqlGeneratedKeys {
    private MysqlGeneratedKeys() {}

    static GeneratedKeys execute(MysqlConnection c, String sql, String keyColumn, Object[] params) {
        GeneratedKeys.requireKeyColumn(keyColumn);
        long[] affectedAndId = executeForInsertId(c, sql, params);
        return keys(c, new long[] {affectedAndId[0]}, new long[] {affectedAndId[1]});
    }

    static GeneratedKeys executeBatch(MysqlConnection c, String sql, String keyColumn, List<Object[]> sets) {
        GeneratedKeys.requireKeyColumn(keyColumn);
        long[] firstIds = new long[sets.size()];
        long[] counts = executeBatchForInsertIds(c, sql, sets, firstIds);
        return keys(c, counts, firstIds);
    }

    /** Expands each statement's first id to one key per affected row; a statement with id 0 generated none. */
    private static GeneratedKeys keys(MysqlConnection c, long[] counts, long[] firstIds) {
        long affected = 0;
        int size = 0;
        boolean several = false;
        for (int i = 0; i < counts.length; i++) {
            affected += counts[i];
            if (firstIds[i] != 0) {
                size = Math.addExact(size, Math.toIntExact(counts[i]));
                several |= counts[i] > 1;
            }
        }
        long increment = several ? autoIncrementIncrement(c) : 1;
        long[] keys = new long[size];
        int k = 0;
        for (int i = 0; i < counts.length; i++) {
            if (firstIds[i] != 0) {
                for (long row = 0; row < counts[i]; row++) {
                    keys[k++] = firstIds[i] + row * increment;
                }
            }
        }
        return new GeneratedKeys(affected, keys);
    }

    /** Runs one statement; returns its affected-row count and its OK packet's last insert id. */
    private static long[] executeForInsertId(MysqlConnection c, String sql, Object[] params) {
        Supplier<long[]> call = () -> c.request(() -> {
            ResultCursor cursor = c.statements.start(sql, params, CURSOR_TYPE_NO_CURSOR);
            cursor.drain();
            return new long[] {cursor.affectedRows(), c.lastInsertId()};
        });
        return MysqlTracing.observed(c) ? MysqlTracing.traced(c, sql, call, r -> 0, r -> r[0]) : call.get();
    }

    /** {@link MysqlConnection#executeBatch} recording each set's last insert id in {@code firstIds}; returns the counts. */
    private static long[] executeBatchForInsertIds(
            MysqlConnection c, String sql, List<Object[]> parameterSets, long[] firstIds) {
        Supplier<long[]> call = () -> MysqlQueries.executeBatchUntraced(c, sql, parameterSets, firstIds);
        return MysqlTracing.observed(c)
                ? MysqlTracing.traced(
                        c, sql, call, r -> 0, r -> Arrays.stream(r).sum())
                : call.get();
    }

    /** {@code @@auto_increment_increment} of this session, read once (one round trip) and kept until reset. */
    private static long autoIncrementIncrement(MysqlConnection c) {
        long n = c.autoIncrementIncrement;
        if (n == 0) {
            n = c.queryFirst("SELECT @@auto_increment_increment", r -> r.getLong(0))
                    .orElse(1L);
            c.autoIncrementIncrement = n;
        }
        return n;
    }
}
