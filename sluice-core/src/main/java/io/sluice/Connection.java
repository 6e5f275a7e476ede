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

    /**
     * Starts a transaction at the server's default isolation level.
     *
     * @throws TransactionStateException if a transaction is already open (see {@link #begin(IsolationLevel)})
     */
    default void begin() {
        begin(IsolationLevel.DEFAULT);
    }

    /**
     * Starts a transaction at {@code level}.
     *
     * @throws TransactionStateException if a transaction is already open: nothing is sent and the open
     *                                   transaction is untouched (MySQL would silently commit it, PostgreSQL
     *                                   would ignore the request). Nest with {@link #transaction} or
     *                                   {@link #savepoint()} instead.
     */
    void begin(IsolationLevel level);

    /** Commits the current transaction. */
    void commit();

    /** Rolls back the current transaction; does nothing when none is open. */
    void rollback();

    /** True while a transaction is open (also after an error inside it, until rollback). */
    boolean inTransaction();

    /**
     * True while the open transaction holds a statement that failed with a server error and has not been
     * undone since (by {@link #rollbackTo} a savepoint set before it, or by ending the transaction).
     * PostgreSQL then refuses every further statement but a rollback (SQLSTATE 25P02); MySQL carries on,
     * and {@link #transaction} treats both alike. False outside a transaction. Costs no round trip.
     */
    default boolean transactionFailed() {
        return false;
    }

    /**
     * Sets a savepoint with a generated name ({@code sluice_sp_<n>}, unique in this JVM) in the open
     * transaction. One round trip.
     *
     * @throws TransactionStateException if no transaction is open
     */
    default Savepoint savepoint() {
        return savepoint(io.sluice.spi.SavepointStack.generatedName());
    }

    /**
     * Sets savepoint {@code name} in the open transaction. One round trip. Savepoints set through SQL text
     * are unknown to {@link #rollbackTo} and {@link #release}.
     *
     * @throws IllegalArgumentException      if {@code name} is not a valid {@link Savepoint} name
     * @throws TransactionStateException     if no transaction is open, or a savepoint of that name (in any
     *                                       letter case) is already active
     * @throws UnsupportedOperationException if the driver has no savepoints
     */
    default Savepoint savepoint(String name) {
        throw new UnsupportedOperationException(
                "savepoints are not supported by " + getClass().getName());
    }

    /**
     * Undoes the work done since {@code savepoint} was set, and the failed state of the transaction (see
     * {@link #transactionFailed()}), which goes on. {@code savepoint} stays active; savepoints set after it
     * are gone. One round trip.
     *
     * @throws TransactionStateException if no transaction is open or {@code savepoint} is not active in it
     */
    default void rollbackTo(Savepoint savepoint) {
        throw new UnsupportedOperationException(
                "savepoints are not supported by " + getClass().getName());
    }

    /**
     * Forgets {@code savepoint} and those set after it; their work stays in the transaction. One round trip.
     *
     * @throws TransactionStateException if no transaction is open or {@code savepoint} is not active in it;
     *                                   {@link ServerException} on PostgreSQL when the transaction has failed
     */
    default void release(Savepoint savepoint) {
        throw new UnsupportedOperationException(
                "savepoints are not supported by " + getClass().getName());
    }

    /**
     * Runs {@code work} in a transaction at {@code level}; inside an open transaction, as a savepoint. See
     * {@link #transaction(IsolationLevel, TransactionNesting, TransactionCallback)}.
     */
    default <T> T transaction(IsolationLevel level, TransactionCallback<T> work) {
        return transaction(level, TransactionNesting.SAVEPOINT, work);
    }

    /**
     * {@link #transaction(IsolationLevel, TransactionNesting, TransactionCallback)} at the default isolation
     * level, nested as a savepoint.
     */
    default <T> T transaction(TransactionCallback<T> work) {
        return transaction(IsolationLevel.DEFAULT, TransactionNesting.SAVEPOINT, work);
    }

    /**
     * Runs {@code work} as one unit, the same on every driver.
     *
     * <p>Outside a transaction: begins one at {@code level}, commits when {@code work} returns, rolls back
     * when it throws (and rethrows). Inside an open transaction with {@link TransactionNesting#SAVEPOINT}:
     * sets a savepoint, releases it when {@code work} returns, and when it throws rolls back to it (and
     * rethrows), which leaves the outer transaction usable, also on PostgreSQL after a server error; the
     * outer code may catch the failure and carry on or commit. With {@link TransactionNesting#JOIN}:
     * runs {@code work} as part of the open transaction, without a savepoint.
     *
     * <p>A block that catches a server error of one of its own statements and returns normally has not
     * done its work (PostgreSQL refuses every statement after the error; MySQL undid just the failing one):
     * instead of committing or releasing, this rolls back the transaction or to the block's savepoint and
     * throws {@link TransactionStateException}. To try a statement that
     * may fail and go on, run it in an inner block of its own. A block during which
     * the transaction ended (commit or rollback called inside it, or a MySQL deadlock, which ends the whole
     * transaction on the server) throws {@link TransactionStateException} when it returns: what ran after
     * the end was autocommitted.
     *
     * @param level   the isolation level of a new transaction; an inner block must pass
     *                {@link IsolationLevel#DEFAULT}, since no server changes the level of a running transaction
     * @param nesting what to do inside an open transaction
     * @throws TransactionStateException if an inner block names a level, if it starts while the open
     *                                   transaction has failed ({@link #transactionFailed()}), or as above
     */
    default <T> T transaction(IsolationLevel level, TransactionNesting nesting, TransactionCallback<T> work) {
        java.util.Objects.requireNonNull(nesting, "nesting");
        java.util.Objects.requireNonNull(work, "work");
        if (!inTransaction()) {
            return TransactionBlock.outermost(this, level, work);
        }
        return TransactionBlock.inner(this, level, nesting, work);
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

    /**
     * Runs an INSERT (or another statement that generates keys) and returns the integer keys it generated
     * with the affected-row count, one key per inserted row. PostgreSQL: appends
     * {@code RETURNING keyColumn} and reads it in the same round trip; a statement that already has a
     * top-level {@code RETURNING} runs unchanged and the key is read from its column named
     * {@code keyColumn}. MySQL: the keys come from the OK packet's last insert id (no extra round trip) and
     * whatever {@code keyColumn} names, are those of the table's AUTO_INCREMENT column; a multi-row INSERT
     * gets {@code id, id + @@auto_increment_increment, ...} (read with one extra round trip the first time a connection needs it, then kept until {@link #reset()}).
     * That holds for an {@code INSERT ... VALUES} whose ids are all generated with
     * {@code innodb_autoinc_lock_mode} 0 or 1 (MariaDB's default); with 2 (MySQL 8's default) MySQL does
     * not promise consecutive values while other inserts run at the same time. It does not hold for
     * {@code INSERT ... SELECT}, for rows given some explicit ids, or for {@code ON DUPLICATE KEY UPDATE}
     * and {@code INSERT IGNORE} when rows were updated or skipped.
     *
     * @param keyColumn a plain identifier (folded to lower case by PostgreSQL) or a double-quoted one
     * @throws IllegalArgumentException   if {@code keyColumn} is neither
     * @throws ValueConversionException   if the key column is not an integer (use {@code RETURNING} with
     *                                    {@link #query} for other keys)
     * @throws ServerException            if the server rejects the statement
     */
    default GeneratedKeys executeReturningKeys(String sql, String keyColumn, Object... params) {
        throw new UnsupportedOperationException(
                "generated keys are not supported by " + getClass().getName());
    }

    /**
     * {@link #executeBatch} returning the keys every parameter set generated, in set order. PostgreSQL:
     * one round trip, {@code RETURNING} as in {@link #executeReturningKeys}. MySQL: one reply per set
     * gives each set's first id (the MariaDB bulk command, which reports one id for all, is not used).
     * Atomic outside a transaction, as {@link #executeBatch}.
     */
    default GeneratedKeys executeBatchReturningKeys(String sql, String keyColumn, List<Object[]> parameterSets) {
        throw new UnsupportedOperationException(
                "generated keys are not supported by " + getClass().getName());
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
