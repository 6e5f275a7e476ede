package io.sluice;

import java.util.List;

/**
 * A statement prepared on the server, bound to the connection that prepared it. Executing it sends
 * only the parameters; results arrive in binary format. Thread-safe like its connection.
 */
public interface PreparedStatement extends AutoCloseable {

    /** The result columns, or an empty list for a statement that returns no rows. */
    List<Column> columns();

    /** Executes with {@code params} and maps every row. */
    <T> List<T> query(RowMapper<T> mapper, Object... params);

    /** Executes with {@code params} and maps every row to {@code type} (see {@link Connection#query(String, Class, Object...)}). */
    default <T> List<T> query(Class<T> type, Object... params) {
        return query(ClassMapper.of(type), params);
    }

    /** Executes with {@code params} and hands each row to {@code handler}, valid only during the call. */
    void forEach(RowHandler handler, Object... params);

    /** Executes and streams, at most {@code fetchSize} rows buffered at a time. */
    RowStream stream(int fetchSize, Object... params);

    /** Executes and returns the affected-row count. */
    long execute(Object... params);

    /** Executes once per parameter set in one round trip where possible; see {@link Connection#executeBatch}. */
    long[] executeBatch(List<Object[]> parameterSets);

    /** Releases the statement on the server. Idempotent. */
    @Override
    void close();
}
