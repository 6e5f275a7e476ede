package io.sluice;

import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A connection to one database server.
 *
 * <p>Thread safety: every method may be called from any number of threads at once. Requests are
 * serialised on the wire in call order; a driver that supports pipelining writes a request while
 * earlier ones still await their results, and hands each result to its own caller. A transaction
 * ({@link #begin()} ... {@link #commit()}) belongs to the connection, not to a thread: share a
 * connection between threads only for autocommit work, or give each transaction its own connection.
 *
 * <p>Parameters are positional ({@code ?} in both drivers, also {@code $1, $2} in PostgreSQL), or
 * named ({@code :name}) when the only parameter is a {@link NamedParams}; the rules, and how
 * PostgreSQL's {@code ?} operators are written, are in {@link io.sluice.sql.NativeSql}. A wrong
 * count or a missing name throws {@link ParameterException} before the statement runs. Values may be
 * {@code null}, {@link Boolean}, {@link Short}, {@link Integer}, {@link Long}, {@link Float},
 * {@link Double}, {@link java.math.BigDecimal}, {@link java.math.BigInteger}, {@link String},
 * {@code byte[]}, the {@code java.time} types, {@link java.util.UUID}, {@link Interval},
 * {@link Json}, and arrays or {@link List}s of these where the server has array types.
 *
 * <p>Costs: ad-hoc SQL goes through the driver's statement cache, so the second execution of the
 * same text runs as a prepared statement with binary results. {@link #forEach} and {@link #stream}
 * allocate nothing per row beyond what the caller's code does.
 */
public interface Connection extends AutoCloseable {

    /**
     * Runs a query and maps every row. The mapper sees each row once, inside the call.
     *
     * @throws ServerException if the server rejects the statement
     */
    <T> List<T> query(String sql, RowMapper<T> mapper, Object... params);

    /**
     * Runs a query and maps every row to {@code type} by column label: a record, a bean or a
     * single-column value ({@link ClassMapper}, built once per class and column layout).
     *
     * @throws MappingException if a property has no column or a value does not convert
     * @throws ServerException  if the server rejects the statement
     */
    default <T> List<T> query(String sql, Class<T> type, Object... params) {
        return query(sql, ClassMapper.of(type), params);
    }

    /** {@link #queryFirst(String, RowMapper, Object...)} mapping to {@code type} as {@link #query(String, Class, Object...)} does. */
    default <T> Optional<T> queryFirst(String sql, Class<T> type, Object... params) {
        return queryFirst(sql, ClassMapper.of(type), params);
    }

    /** Runs a query and maps its first row, if any; the remaining rows are discarded unread. */
    default <T> Optional<T> queryFirst(String sql, RowMapper<T> mapper, Object... params) {
        try (RowStream rows = stream(sql, 1, params)) {
            return rows.hasNext() ? Optional.ofNullable(mapper.map(rows.next())) : Optional.empty();
        }
    }

    /**
     * Runs a query and hands every row to {@code handler} as it is decoded; the {@link Row} is valid
     * only during the call. The whole result is not held in memory.
     */
    void forEach(String sql, RowHandler handler, Object... params);

    /**
     * Runs a query and returns its rows as they arrive, at most {@code fetchSize} rows buffered at a
     * time (memory stays bounded whatever the result's size), also outside a transaction. The
     * connection serves no other request until the stream is closed or exhausted.
     */
    RowStream stream(String sql, int fetchSize, Object... params);

    /** Runs a statement and returns the number of rows it affected (0 for statements without a count). */
    long execute(String sql, Object... params);

    /**
     * Runs one statement once per parameter set, in one round trip where the protocol allows it, and
     * returns each execution's affected-row count. Outside a transaction the executions are atomic
     * together: a failure rolls back all of them.
     */
    long[] executeBatch(String sql, List<Object[]> parameterSets);

    /**
     * Runs one or more semicolon-separated statements without parameters through the protocol's
     * simple (text) path. Meant for DDL and scripts; results, if any, are discarded.
     */
    void executeScript(String sql);

    /** Prepares a statement on the server; the returned statement is bound to this connection. */
    PreparedStatement prepare(String sql);

    /** Starts a transaction at the server's default isolation level. */
    default void begin() {
        begin(IsolationLevel.DEFAULT);
    }

    /** Starts a transaction at {@code level}. */
    void begin(IsolationLevel level);

    /** Commits the current transaction. */
    void commit();

    /** Rolls back the current transaction; does nothing when none is open. */
    void rollback();

    /** True while a transaction is open (also after an error inside it, until rollback). */
    boolean inTransaction();

    /**
     * Runs {@code work} in a transaction at {@code level}: commits when it returns, rolls back when it
     * throws (and rethrows).
     */
    default <T> T transaction(IsolationLevel level, TransactionCallback<T> work) {
        begin(level);
        T result;
        try {
            result = work.run(this);
        } catch (Throwable t) {
            try {
                rollback();
            } catch (RuntimeException rollbackFailure) {
                t.addSuppressed(rollbackFailure);
            }
            throw t;
        }
        commit();
        return result;
    }

    /** {@link #transaction(IsolationLevel, TransactionCallback)} at the default isolation level. */
    default <T> T transaction(TransactionCallback<T> work) {
        return transaction(IsolationLevel.DEFAULT, work);
    }

    /** Sets the timeout for every later query on this connection; {@link Duration#ZERO} means none. */
    void queryTimeout(Duration timeout);

    /** The current query timeout; {@link Duration#ZERO} means none. */
    Duration queryTimeout();

    /**
     * Asks the server to cancel whatever this connection is running now (out of band). The cancelled
     * caller gets a {@link QueryCancelledException}; the connection stays usable.
     */
    void cancel();

    /**
     * The notifications this connection has received (PostgreSQL {@code LISTEN}/{@code NOTIFY}),
     * waiting up to {@code timeout} for the first one if none is queued; an empty list when the time
     * runs out ({@link Duration#ZERO} only collects what has already been read). Notifications that
     * arrive while other requests run are kept, in arrival order, until this is called, and each is
     * also passed to {@link ServerEventListener#onNotification} as it is read. While this waits, the
     * connection is busy: requests from other threads queue behind the wait, so listen on a
     * connection of its own.
     *
     * @throws UnsupportedOperationException if the database has no notifications (MySQL, MariaDB)
     * @throws QueryCancelledException if the waiting thread is interrupted: the flag is set again, the
     *                                 connection stays usable and keeps what has arrived
     */
    default List<Notification> awaitNotifications(Duration timeout) {
        throw new UnsupportedOperationException(
                "notifications are not supported by " + getClass().getName());
    }

    /**
     * Runs {@code COPY ... FROM STDIN} (PostgreSQL), sending the bytes of {@code data} in the format
     * the statement names (text, csv or binary) until the stream ends; returns the rows copied. The
     * connection is busy until then. A server error (a malformed line, a constraint) is thrown once
     * the input has been sent; a failing {@code data} stream aborts the COPY (CopyFail) and is thrown
     * as {@link SluiceException} with the {@link java.io.IOException} as its cause. The connection
     * stays usable in both cases. The stream is not closed.
     *
     * @throws IllegalArgumentException      if {@code sql} is not a {@code COPY ... FROM STDIN}
     * @throws UnsupportedOperationException if the database has no COPY (MySQL, MariaDB)
     */
    default long copyIn(String sql, InputStream data) {
        throw new UnsupportedOperationException(
                "COPY is not supported by " + getClass().getName());
    }

    /**
     * Runs {@code COPY ... TO STDOUT} (PostgreSQL), writing the server's bytes to {@code out} as they
     * arrive (bounded memory); returns the rows copied. If {@code out} fails, the COPY is cancelled,
     * the rest of its answer is read and dropped, and the failure is thrown as {@link SluiceException}
     * with the {@link java.io.IOException} as its cause; the connection stays usable. The stream is
     * neither flushed nor closed.
     *
     * @throws IllegalArgumentException      if {@code sql} is not a {@code COPY ... TO STDOUT}
     * @throws UnsupportedOperationException if the database has no COPY (MySQL, MariaDB)
     */
    default long copyOut(String sql, OutputStream out) {
        throw new UnsupportedOperationException(
                "COPY is not supported by " + getClass().getName());
    }

    /**
     * The AUTO_INCREMENT value the last statement on this connection generated, as the server
     * reported it with the statement's result (MySQL's OK packet; for a multi-row INSERT the first
     * row's value), 0 if it generated none. Costs nothing: no round trip.
     *
     * @throws UnsupportedOperationException for a driver whose server reports no such value
     *                                       (PostgreSQL: use {@code RETURNING})
     */
    default long lastInsertId() {
        throw new UnsupportedOperationException(
                "last insert id is not reported by " + getClass().getName());
    }

    /** Sends a round trip to the server and waits at most {@code timeout}; false if it fails. */
    boolean isValid(Duration timeout);

    /** Discards session state (open transaction, temporary settings) so that a pool can reuse the connection. */
    void reset();

    /** True after a failure that makes the connection unusable; a pool must discard it. */
    boolean isBroken();

    /** True after {@link #close()} or after the connection broke. */
    boolean isClosed();

    /** Facts about the server and this session. */
    ServerInfo serverInfo();

    /** Closes the connection, politely if possible. Idempotent; never throws for an I/O failure. */
    @Override
    void close();
}
