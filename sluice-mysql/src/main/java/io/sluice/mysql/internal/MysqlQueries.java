package io.sluice.mysql.internal;

import static io.sluice.mysql.internal.protocol.Commands.*;

import io.sluice.RowHandler;
import io.sluice.RowMapper;
import io.sluice.RowStream;
import io.sluice.SluiceException;
import io.sluice.sql.NativeSql;
import io.sluice.sql.SqlDialect;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The ad-hoc SQL operations of a {@link MysqlConnection} (query, forEach, queryFirst, execute, executeBatch,
 * executeScript, stream): each binds {@code :name} placeholders to positional ones, takes the traced path only
 * while {@link MysqlTracing#observed observed}, and runs as one request through the connection's
 * {@link StatementExecutor}. Static, so a query costs no object beyond the request's own work.
 */
final class MysqlQueries {
    private MysqlQueries() {}

    static <T> List<T> query(MysqlConnection c, String sql, RowMapper<T> mapper, Object[] params) {
        List<T> out = new ArrayList<>();
        forEach(c, sql, row -> out.add(mapper.map(row)), params);
        return out;
    }

    static void forEach(MysqlConnection c, String sql, RowHandler handler, Object[] params) {
        if (NativeSql.isNamed(params)) {
            NativeSql n = NativeSql.translate(sql, SqlDialect.MYSQL, params);
            forEach(c, n.sql(), handler, n.bind(params));
            return;
        }
        if (MysqlTracing.observed(c)) {
            long[] rows = new long[1];
            MysqlTracing.traced(
                    c,
                    sql,
                    () -> c.request(() -> {
                        forEachRow(c, c.statements.start(sql, params, CURSOR_TYPE_NO_CURSOR), row -> {
                            rows[0]++;
                            handler.handle(row);
                        });
                        return null;
                    }),
                    result -> rows[0],
                    result -> 0);
            return;
        }
        c.request(() -> {
            forEachRow(c, c.statements.start(sql, params, CURSOR_TYPE_NO_CURSOR), handler);
            return null;
        });
    }

    /** Hands every row to {@code handler}; its failure is rethrown once the whole response has been read. */
    static void forEachRow(MysqlConnection c, ResultCursor cursor, RowHandler handler) {
        Throwable failure = null;
        while (cursor.advance()) {
            if (failure == null) {
                try {
                    handler.handle(cursor.row());
                } catch (RuntimeException | Error e) {
                    failure = e; // keep reading so that the connection stays in step
                }
            }
        }
        MysqlRequests.rethrowCallerFailure(c, failure);
    }

    /**
     * Runs the query without a server cursor, maps the first row and discards the rest: one round trip
     * for the usual single-row query (add LIMIT 1 to a query with many rows).
     */
    static <T> Optional<T> queryFirst(MysqlConnection c, String sql, RowMapper<T> mapper, Object[] params) {
        if (NativeSql.isNamed(params)) {
            NativeSql n = NativeSql.translate(sql, SqlDialect.MYSQL, params);
            return queryFirst(c, n.sql(), mapper, n.bind(params));
        }
        if (MysqlTracing.observed(c)) {
            return MysqlTracing.traced(
                    c,
                    sql,
                    () -> queryFirstUntraced(c, sql, mapper, params),
                    first -> first != null && first.isPresent() ? 1 : 0,
                    first -> 0);
        }
        return queryFirstUntraced(c, sql, mapper, params);
    }

    private static <T> Optional<T> queryFirstUntraced(
            MysqlConnection c, String sql, RowMapper<T> mapper, Object[] params) {
        return c.request(() -> {
            ResultCursor cursor = c.statements.start(sql, params, CURSOR_TYPE_NO_CURSOR);
            T first = null;
            boolean found = false;
            Throwable failure = null;
            while (cursor.advance()) {
                if (!found && failure == null) {
                    found = true;
                    try {
                        first = mapper.map(cursor.row());
                    } catch (RuntimeException | Error e) {
                        failure = e;
                    }
                }
            }
            MysqlRequests.rethrowCallerFailure(c, failure);
            return Optional.ofNullable(first);
        });
    }

    static long execute(MysqlConnection c, String sql, Object[] params) {
        if (NativeSql.isNamed(params)) {
            NativeSql n = NativeSql.translate(sql, SqlDialect.MYSQL, params);
            return execute(c, n.sql(), n.bind(params));
        }
        if (MysqlTracing.observed(c)) {
            return MysqlTracing.traced(c, sql, () -> executeUntraced(c, sql, params), n -> 0, n -> n);
        }
        return executeUntraced(c, sql, params);
    }

    private static long executeUntraced(MysqlConnection c, String sql, Object[] params) {
        return c.request(() -> {
            ResultCursor cursor = c.statements.start(sql, params, CURSOR_TYPE_NO_CURSOR);
            cursor.drain();
            return cursor.affectedRows();
        });
    }

    static long[] executeBatch(MysqlConnection c, String sql, List<Object[]> parameterSets) {
        if (!parameterSets.isEmpty() && NativeSql.isNamed(parameterSets.get(0))) {
            NativeSql n = NativeSql.translate(sql, SqlDialect.MYSQL, parameterSets.get(0));
            return executeBatch(c, n.sql(), n.bindAll(parameterSets));
        }
        if (MysqlTracing.observed(c)) {
            Supplier<long[]> call = () -> executeBatchUntraced(c, sql, parameterSets, null);
            return MysqlTracing.traced(
                    c, sql, call, counts -> 0, counts -> Arrays.stream(counts).sum());
        }
        return executeBatchUntraced(c, sql, parameterSets, null);
    }

    /** Runs a batch as one request; records each set's last insert id in {@code firstIds} if not null. */
    static long[] executeBatchUntraced(MysqlConnection c, String sql, List<Object[]> parameterSets, long[] firstIds) {
        return c.request(() -> {
            PreparedInfo info =
                    c.statements.statementFor(sql, parameterSets.isEmpty() ? 0 : parameterSets.get(0).length);
            if (info == PreparedInfo.TEXT_ONLY) {
                throw new SluiceException("statement cannot be prepared for a batch: sql=" + sql);
            }
            long[] counts = BatchExecutor.run(c, info, parameterSets, c.inTransactionNow(), firstIds);
            if (!c.statements.cache.enabled()) {
                c.statements.queueClose(info);
            }
            return counts;
        });
    }

    static void executeScript(MysqlConnection c, String sql) {
        if (MysqlTracing.observed(c)) {
            MysqlTracing.traced(c, sql, () -> executeScriptUntraced(c, sql), n -> 0, n -> 0);
        } else {
            executeScriptUntraced(c, sql);
        }
    }

    /** Runs {@code sql} (one or more statements) as text and reads every result; not traced. */
    static Object executeScriptUntraced(MysqlConnection c, String sql) {
        return c.request(() -> {
            c.sendText(sql).drain();
            return null;
        });
    }

    static RowStream stream(MysqlConnection c, String sql, int fetchSize, Object[] params) {
        if (NativeSql.isNamed(params)) {
            NativeSql n = NativeSql.translate(sql, SqlDialect.MYSQL, params);
            return stream(c, n.sql(), fetchSize, n.bind(params));
        }
        if (MysqlTracing.observed(c)) {
            return MysqlTracing.start(c, sql).observe(() -> streamUntraced(c, sql, fetchSize, params));
        }
        return streamUntraced(c, sql, fetchSize, params);
    }

    /** Starts the query and hands out a stream that holds the connection's lock until it is read or closed. */
    private static RowStream streamUntraced(MysqlConnection c, String sql, int fetchSize, Object[] params) {
        if (fetchSize <= 0) {
            throw new IllegalArgumentException("fetchSize must be > 0: fetchSize=" + fetchSize);
        }
        // An unbounded fetch size needs no server cursor: the rows are read from the socket as the
        // caller asks for them (TCP flow control bounds the memory) and need no COM_STMT_FETCH.
        int cursorType = fetchSize == Integer.MAX_VALUE ? CURSOR_TYPE_NO_CURSOR : CURSOR_TYPE_READ_ONLY;
        return MysqlRequests.startStream(
                c, () -> c.statements.start(sql, params, cursorType).fetchSize(fetchSize));
    }
}
