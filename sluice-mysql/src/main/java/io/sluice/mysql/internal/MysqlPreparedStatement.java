package io.sluice.mysql.internal;

import io.sluice.Column;
import io.sluice.PreparedStatement;
import io.sluice.RowHandler;
import io.sluice.RowMapper;
import io.sluice.RowStream;
import io.sluice.mysql.internal.protocol.Commands;
import io.sluice.sql.NativeSql;
import java.util.ArrayList;
import java.util.List;

/** A statement prepared explicitly with {@link io.sluice.Connection#prepare}; not part of the automatic cache. */
final class MysqlPreparedStatement implements PreparedStatement {
    private final MysqlConnection connection;
    private final PreparedInfo info;
    private final NativeSql named; // null for positional placeholders

    MysqlPreparedStatement(MysqlConnection connection, PreparedInfo info, NativeSql named) {
        this.connection = connection;
        this.info = info;
        this.named = named;
    }

    /** The positional values of one execution: {@code params} unless the text has {@code :name} placeholders. */
    private Object[] bind(Object[] params) {
        return named == null ? params : named.bind(params);
    }

    @Override
    public List<Column> columns() {
        return info.columns();
    }

    private void checkOpen() {
        if (info.closed) {
            throw new IllegalStateException("prepared statement is closed: sql=" + info.sql);
        }
    }

    @Override
    public <T> List<T> query(RowMapper<T> mapper, Object... params) {
        List<T> out = new ArrayList<>();
        forEach(row -> out.add(mapper.map(row)), params);
        return out;
    }

    @Override
    public void forEach(RowHandler handler, Object... params) {
        checkOpen();
        if (MysqlTracing.observed(connection)) {
            long[] rows = new long[1];
            MysqlTracing.traced(
                    connection,
                    info.sql,
                    () -> forEachUntraced(
                            row -> {
                                rows[0]++;
                                handler.handle(row);
                            },
                            params),
                    result -> rows[0],
                    result -> 0);
            return;
        }
        forEachUntraced(handler, params);
    }

    private Object forEachUntraced(RowHandler handler, Object[] params) {
        return connection.request(() -> {
            MysqlQueries.forEachRow(
                    connection, connection.execute(info, bind(params), Commands.CURSOR_TYPE_NO_CURSOR), handler);
            return null;
        });
    }

    @Override
    public RowStream stream(int fetchSize, Object... params) {
        if (MysqlTracing.observed(connection)) {
            return MysqlTracing.start(connection, info.sql).observe(() -> streamUntraced(fetchSize, params));
        }
        return streamUntraced(fetchSize, params);
    }

    private RowStream streamUntraced(int fetchSize, Object[] params) {
        if (fetchSize <= 0) {
            throw new IllegalArgumentException("fetchSize must be > 0: fetchSize=" + fetchSize);
        }
        checkOpen();
        return MysqlRequests.startStream(connection, () -> connection
                .execute(info, bind(params), Commands.CURSOR_TYPE_READ_ONLY)
                .fetchSize(fetchSize));
    }

    @Override
    public long execute(Object... params) {
        checkOpen();
        if (MysqlTracing.observed(connection)) {
            return MysqlTracing.traced(connection, info.sql, () -> executeUntraced(params), n -> 0, n -> n);
        }
        return executeUntraced(params);
    }

    private long executeUntraced(Object[] params) {
        return connection.request(() -> {
            ResultCursor c = connection.execute(info, bind(params), Commands.CURSOR_TYPE_NO_CURSOR);
            c.drain();
            return c.affectedRows();
        });
    }

    @Override
    public long[] executeBatch(List<Object[]> parameterSets) {
        checkOpen();
        if (MysqlTracing.observed(connection)) {
            return MysqlTracing.traced(
                    connection,
                    info.sql,
                    () -> executeBatchUntraced(parameterSets),
                    counts -> 0,
                    counts -> sum(counts));
        }
        return executeBatchUntraced(parameterSets);
    }

    private static long sum(long[] counts) {
        long total = 0;
        for (long c : counts) {
            total += Math.max(0, c);
        }
        return total;
    }

    private long[] executeBatchUntraced(List<Object[]> parameterSets) {
        return connection.request(() -> {
            return BatchExecutor.run(
                    connection,
                    info,
                    named == null ? parameterSets : named.bindAll(parameterSets),
                    connection.inTransaction());
        });
    }

    @Override
    public void close() {
        if (info.closed || connection.isClosed()) {
            info.closed = true;
            return;
        }
        connection.request(() -> {
            connection.queueClose(info);
            connection.writer().flush();
            return null;
        });
    }
}
