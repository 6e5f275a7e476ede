package io.sluice.mysql.internal;

import static io.sluice.mysql.internal.protocol.Commands.*;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.GeneratedKeys;
import io.sluice.IsolationLevel;
import io.sluice.PreparedStatement;
import io.sluice.ProtocolException;
import io.sluice.QueryCancelledException;
import io.sluice.QueryTimeoutException;
import io.sluice.RowHandler;
import io.sluice.RowMapper;
import io.sluice.RowStream;
import io.sluice.Savepoint;
import io.sluice.ServerAddress;
import io.sluice.ServerException;
import io.sluice.ServerInfo;
import io.sluice.SluiceException;
import io.sluice.mysql.internal.protocol.PacketReader;
import io.sluice.mysql.internal.protocol.PacketWriter;
import io.sluice.mysql.internal.protocol.Payload;
import io.sluice.mysql.internal.protocol.ServerPackets;
import io.sluice.spi.QueryEvent;
import io.sluice.spi.QueryTimeouts;
import io.sluice.spi.QueryTrace;
import io.sluice.spi.SavepointStack;
import io.sluice.spi.TimeoutToken;
import io.sluice.sql.NativeSql;
import io.sluice.sql.SqlDialect;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * A connection to a MySQL or MariaDB server. Requests are serialised by one lock; each request
 * renders its packets into the shared writer, flushes once and reads its response in place.
 * Ad-hoc SQL goes through the {@link StatementCache} and runs with the binary protocol.
 */
public final class MysqlConnection implements Connection {
    /**
     * Connection life-cycle (DEBUG: opened, with TLS protocol and cipher and the authentication plugin that
     * authenticated; closed; INFO: broken). Never logs a password, SQL text or a parameter value.
     */
    private static final System.Logger LOG = System.getLogger("io.sluice.mysql");
    /** From the last OK packet (https://mariadb.com/kb/en/ok_packet/); read by the thread that ran the statement. */
    private volatile long lastInsertId;

    private final ConnectionConfig config;
    private final Handshaker.Wire wire;
    private final PacketReader reader;
    private final PacketWriter writer;
    private final long capabilities;
    private final ReentrantLock lock = new ReentrantLock();
    final StatementExecutor statements;
    private final MysqlSettings settings;
    private volatile boolean broken;
    private volatile boolean closed;
    private volatile int serverStatus = SERVER_STATUS_AUTOCOMMIT;
    final SavepointStack savepoints = new SavepointStack('`');
    /** A statement failed with a server error inside the open transaction (see {@link #transactionFailed()}). */
    volatile boolean transactionFailed;
    /** {@code @@auto_increment_increment}, read when first needed; 0 until then. */
    volatile long autoIncrementIncrement;

    private volatile Duration queryTimeout;
    private volatile boolean timedOut;
    /**
     * The caller's own failure (a row handler's or mapper's) that the current request rethrows after reading
     * the whole response: the connection is still in step, so it must not be taken for a decoding failure.
     */
    private Throwable callerFailure;
    /** The query timeout's actions, kept so that arming allocates no lambda. */
    private final Runnable killOnTimeout = this::onTimeout;

    private final Runnable breakOnGrace = this::markBroken;

    private boolean pendingWarnings;
    /** The column metadata of the last text (COM_QUERY) result, reused when the next one is byte-identical. */
    PreparedInfo.ResultMetadata lastTextMetadata;

    MysqlConnection(ConnectionConfig config, MysqlSettings settings, Handshaker.Wire wire) {
        this.config = config;
        this.settings = settings;
        this.wire = wire;
        this.reader = wire.reader();
        this.writer = wire.writer();
        this.capabilities = wire.capabilities();
        this.queryTimeout = config.queryTimeout();
        this.statements = new StatementExecutor(
                this, reader, writer, capabilities, wire.handshake().mariaDb(), config.statementCacheSize());
    }

    /**
     * Connects, negotiates TLS as {@code config.sslMode()} says, authenticates and initialises the session, all
     * within {@code connect_timeout} (see {@link MysqlConnector}).
     *
     * @throws io.sluice.ConfigurationException for a malformed driver setting, before any socket is opened
     */
    public static MysqlConnection open(ConnectionConfig config) {
        return MysqlConnector.open(config);
    }

    boolean zeroDateAsNull() {
        return settings.zeroDateAsNull();
    }

    void serverStatus(int status) {
        serverStatus = status;
        if ((status & SERVER_STATUS_IN_TRANS) == 0) {
            transactionFailed = false; // the transaction ended, also through SQL text
        }
    }

    /** Records the last insert id of the statement whose OK packet was just read. */
    void lastInsertId(long id) {
        lastInsertId = id;
    }

    @Override
    public long lastInsertId() {
        return lastInsertId;
    }

    /** Notes the warning count of a finished statement; read only when a listener wants warnings. */
    void warnings(int count) {
        if (count > 0) {
            pendingWarnings = true;
        }
    }

    /** Delivers the warnings of a stream's statement at its end, as a request does at its own (see {@link #deliverWarnings()}). */
    void deliverPendingWarnings() {
        if (pendingWarnings && config.eventListener() != io.sluice.ServerEventListener.NONE) {
            deliverWarnings();
        }
    }

    /**
     * Hands the last statement's warnings to the {@link io.sluice.ServerEventListener} (SHOW WARNINGS, one
     * extra round trip, only when a listener is registered and the server reported warnings).
     */
    private void deliverWarnings() {
        pendingWarnings = false;
        io.sluice.ServerEventListener listener = config.eventListener();
        List<io.sluice.ServerMessage> messages = MysqlWarnings.read(this);
        pendingWarnings = false;
        MysqlWarnings.deliver(listener, messages);
    }

    /** Answers a LOAD DATA LOCAL INFILE request (see {@link LocalInfile}); non-null: refused, throw after the reply. */
    SluiceException answerLocalInfile(Payload p) {
        if (settings.localInfileFiles().isEmpty()) {
            throw new ProtocolException(
                    "LOCAL INFILE request although the client did not offer CLIENT_LOCAL_FILES: host=" + config.host());
        }
        return LocalInfile.answer(settings.localInfileFiles(), reader, writer, p);
    }

    // ---- request plumbing -------------------------------------------------------------------

    /** Work done under the lock; unexpected failures break the connection. */
    @FunctionalInterface
    interface Request<T> {
        T run();
    }

    <T> T request(Request<T> work) {
        lockForRequest();
        TimeoutToken timer = armTimeout();
        try {
            pendingWarnings = false;
            T result = work.run();
            if (pendingWarnings && config.eventListener() != io.sluice.ServerEventListener.NONE) {
                deliverWarnings();
            }
            checkNothingBuffered();
            return result;
        } catch (RuntimeException e) {
            throw failure(e);
        } catch (Error e) {
            if (e != callerFailure) {
                markBroken(); // the response may be half read: the session cannot be trusted
            }
            throw e;
        } finally {
            disarm(timer);
            lock.unlock();
        }
    }

    /**
     * After a whole response: a byte already buffered is a packet the server sent unasked (a duplicate, or a
     * result longer than its counts said); it would be read as the reply to the next command.
     */
    void checkNothingBuffered() {
        if (reader.hasBuffered()) {
            throw new ProtocolException("server sent bytes after the end of the response: host=" + config.host());
        }
    }

    /**
     * What a request that failed with {@code e} throws: the caller's own exception unchanged, a server error
     * translated (timeouts, cancels, killed sessions), and for anything else the connection is broken: a
     * connection failure, a protocol violation, or an unexpected exception while decoding (a malformed
     * message), which becomes a {@link ProtocolException}.
     */
    RuntimeException failure(RuntimeException e) {
        if (e == callerFailure) {
            return e;
        }
        if (e instanceof ServerException se) {
            if (ServerPackets.errorCode(se.serverMessage()) == ER_LOCK_DEADLOCK) {
                // an ERR packet carries no status flags: without this, inTransaction() would stay true
                serverStatus(serverStatus & ~SERVER_STATUS_IN_TRANS);
            } else if (inTransactionNow()) {
                transactionFailed = true;
            }
            if (reader.hasBuffered()) {
                markBroken();
                return new ProtocolException(
                        "server sent bytes after its error: host=" + config.host() + ", error=" + se.getMessage(), se);
            }
            return translate(se);
        }
        if (e instanceof ConnectionException ce) {
            markBroken();
            if (Thread.currentThread().isInterrupted()) {
                // A virtual thread interrupted in a socket read has its socket closed by the JDK: the
                // statement is cancelled, but the session is gone. The interrupt flag stays set.
                return new QueryCancelledException(
                        "query interrupted, connection closed: connection_id="
                                + wire.handshake().connectionId(),
                        e);
            }
            if (timedOut) {
                return new QueryTimeoutException(
                        "query timed out and the server did not end it within the grace,"
                                + " connection closed: timeout=" + queryTimeout + ", cancel_grace="
                                + config.cancelGrace()
                                + ", host=" + config.host() + " (setting query_timeout, cancel_grace)",
                        e);
            }
            if (e.getCause() instanceof SocketTimeoutException) {
                return new ConnectionException(
                        "server silent past the socket timeout, connection closed: socket_timeout="
                                + config.socketTimeout() + ", host=" + config.host() + " (setting socket_timeout)",
                        e);
            }
            return ce;
        }
        if (e instanceof SluiceException) {
            return e; // raised before the command went out or after its response was read: still in step
        }
        markBroken();
        return new ProtocolException(
                "malformed server message, connection closed: host=" + config.host() + ", cause=" + e, e);
    }

    void lockForRequest() {
        if (lock.isHeldByCurrentThread()) {
            throw new IllegalStateException(
                    "connection busy: a row callback or open stream of this thread still uses it");
        }
        lock.lock();
        if (closed || broken) {
            lock.unlock();
            throw new ConnectionException("connection is closed: broken=" + broken + ", host=" + config.host());
        }
        timedOut = false;
        callerFailure = null;
    }

    void unlock() {
        lock.unlock();
    }

    /**
     * Arms the query timeout of the request just locked; {@link TimeoutToken#NONE} (no timer, no clock read)
     * when none is set. On expiry KILL QUERY goes out on a second connection, and the server gets
     * {@code cancel_grace} to end the query: past it the connection is closed, which ends the blocked read,
     * and the request throws {@link QueryTimeoutException}. The token fires only while its own request runs.
     */
    TimeoutToken armTimeout() {
        return QueryTimeouts.arm(queryTimeout, killOnTimeout, config.cancelGrace(), breakOnGrace);
    }

    /**
     * Disarms the request's timer before the lock is released; after it fired, waits (at most the grace)
     * until KILL QUERY is delivered, so that a late KILL cannot hit the next request.
     */
    void disarm(TimeoutToken timer) {
        if (!timer.disarm() && !broken) {
            timer.awaitCancel(config.cancelGrace());
        }
    }

    private void onTimeout() {
        timedOut = true;
        try {
            cancel();
        } catch (RuntimeException e) {
            markBroken(); // the cancel cannot reach the server: closing the socket ends the blocked read
        }
    }

    RuntimeException translate(ServerException e) {
        int code = ServerPackets.errorCode(e.serverMessage());
        if (code == ER_QUERY_INTERRUPTED) {
            if (timedOut) {
                return new QueryTimeoutException(
                        "query timed out: timeout=" + queryTimeout + " (setting query_timeout)", e);
            }
            return new QueryCancelledException(
                    "query cancelled: connection_id=" + wire.handshake().connectionId(), e);
        }
        if (code == ER_CONNECTION_KILLED || code == ER_SERVER_SHUTDOWN) {
            markBroken();
            return new ConnectionException(
                    "server ended the connection: connection_id="
                            + wire.handshake().connectionId() + ", error=" + e.getMessage(),
                    e);
        }
        return e;
    }

    /**
     * Closes the socket and marks the connection broken; safe from any thread. The plain socket is closed
     * first: that ends a read blocked in another thread at once, where closing a TLS socket could wait.
     */
    void markBroken() {
        if (!closed) {
            broken = true;
            closed = true;
            Handshaker.closeQuietly(wire.plainSocket());
            Handshaker.closeQuietly(wire.socket());
            LOG.log(System.Logger.Level.INFO, "connection broken: {0}", where());
        }
    }

    /** Sends one command and reads its response fully; returns the affected-row count. */
    private long simpleCommand(int command) {
        writer.command(command).end();
        reader.expectSequence(1);
        writer.flush();
        ResultCursor c = new ResultCursor(this, reader, capabilities, null);
        c.drain();
        return c.affectedRows();
    }

    /** Queues COM_QUERY {@code sql}; the response is read by a {@link ResultCursor}. */
    void writeQuery(String sql) {
        writer.command(COM_QUERY).restString(sql).end();
    }

    ResultCursor sendText(String sql) {
        writeQuery(sql);
        reader.expectSequence(writer.nextSequence());
        writer.flush();
        return new ResultCursor(this, reader, capabilities, null);
    }

    /** Executes an explicitly prepared statement (the caller holds the lock). */
    ResultCursor execute(PreparedInfo info, Object[] params, int cursorFlags) {
        return statements.execute(info, params, cursorFlags);
    }

    /** Queues COM_STMT_CLOSE for {@code info} (the caller holds the lock). */
    void queueClose(PreparedInfo info) {
        statements.queueClose(info);
    }

    /** Hands every row to {@code handler}; its failure is rethrown once the whole response has been read. */
    void forEachRow(ResultCursor c, RowHandler handler) {
        Throwable failure = null;
        while (c.advance()) {
            if (failure == null) {
                try {
                    handler.handle(c.row());
                } catch (RuntimeException | Error e) {
                    failure = e; // keep reading so that the connection stays in step
                }
            }
        }
        rethrowCallerFailure(failure);
    }

    /** Rethrows the caller's own failure (null: none), marked so that it does not break the connection. */
    void rethrowCallerFailure(Throwable failure) {
        callerFailure = failure;
        if (failure instanceof RuntimeException e) {
            throw e;
        } else if (failure != null) {
            throw (Error) failure;
        }
    }

    // ---- Connection -------------------------------------------------------------------------

    @Override
    public <T> List<T> query(String sql, RowMapper<T> mapper, Object... params) {
        List<T> out = new ArrayList<>();
        forEach(sql, row -> out.add(mapper.map(row)), params);
        return out;
    }

    @Override
    public void forEach(String sql, RowHandler handler, Object... params) {
        if (NativeSql.isNamed(params)) {
            NativeSql n = NativeSql.translate(sql, SqlDialect.MYSQL, params);
            forEach(n.sql(), handler, n.bind(params));
            return;
        }
        if (observed()) {
            long[] rows = new long[1];
            traced(
                    sql,
                    () -> request(() -> {
                        forEachRow(statements.start(sql, params, CURSOR_TYPE_NO_CURSOR), row -> {
                            rows[0]++;
                            handler.handle(row);
                        });
                        return null;
                    }),
                    result -> rows[0],
                    result -> 0);
            return;
        }
        request(() -> {
            forEachRow(statements.start(sql, params, CURSOR_TYPE_NO_CURSOR), handler);
            return null;
        });
    }

    /**
     * Runs {@code call} (a whole request) inside a {@link QueryTrace} (the JFR {@link QueryEvent} and the
     * query listener), for use only while one of them is on, with the rows read and affected taken from the result.
     * {@code rows} is also asked after a failure, with a null result, so that rows handed out before a failure
     * mid-result are counted (as the PostgreSQL driver counts them); {@code affected} is then 0.
     */
    <T> T traced(String sql, Supplier<T> call, ToLongFunction<T> rows, ToLongFunction<T> affected) {
        QueryTrace trace = startTrace(sql);
        T result = null;
        Throwable failure = null;
        try {
            result = call.get();
            return result;
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        } finally {
            trace.finish(rows.applyAsLong(result), failure == null ? affected.applyAsLong(result) : 0, failure);
        }
    }

    QueryTrace startTrace(String sql) {
        return QueryTrace.start(
                config.queryListener(),
                "mysql",
                wire.handshake().mariaDb() ? "mariadb" : "mysql",
                new ServerAddress(config.host(), config.port() == 0 ? 3306 : config.port()),
                config.database(),
                sql);
    }

    @Override
    public RowStream stream(String sql, int fetchSize, Object... params) {
        if (NativeSql.isNamed(params)) {
            NativeSql n = NativeSql.translate(sql, SqlDialect.MYSQL, params);
            return stream(n.sql(), fetchSize, n.bind(params));
        }
        if (observed()) {
            return startTrace(sql).observe(() -> streamUntraced(sql, fetchSize, params));
        }
        return streamUntraced(sql, fetchSize, params);
    }

    private RowStream streamUntraced(String sql, int fetchSize, Object... params) {
        if (fetchSize <= 0) {
            throw new IllegalArgumentException("fetchSize must be > 0: fetchSize=" + fetchSize);
        }
        lockForRequest();
        pendingWarnings = false;
        TimeoutToken timer = armTimeout();
        try {
            // An unbounded fetch size needs no server cursor: the rows are read from the socket as the
            // caller asks for them (TCP flow control bounds the memory) and need no COM_STMT_FETCH.
            int cursorType = fetchSize == Integer.MAX_VALUE ? CURSOR_TYPE_NO_CURSOR : CURSOR_TYPE_READ_ONLY;
            ResultCursor c = statements.start(sql, params, cursorType).fetchSize(fetchSize);
            c.peekColumns();
            return new MysqlRowStream(this, c, timer);
        } catch (RuntimeException | Error e) {
            throw failStream(timer, e);
        }
    }

    /** A stream that failed before it was handed out: the request's failure rules, then the lock is released. */
    RuntimeException failStream(TimeoutToken timer, Throwable e) {
        try {
            if (e instanceof Error error) {
                markBroken();
                throw error;
            }
            return failure((RuntimeException) e);
        } finally {
            disarm(timer);
            lock.unlock();
        }
    }

    /** Closes the open server cursor of {@code c} (see {@link StatementExecutor#closeCursor}; the caller holds the lock). */
    void closeCursor(ResultCursor c) {
        statements.closeCursor(c);
    }

    /**
     * Runs the query without a server cursor, maps the first row and discards the rest: one round trip
     * for the usual single-row query (add LIMIT 1 to a query with many rows).
     */
    @Override
    public <T> java.util.Optional<T> queryFirst(String sql, RowMapper<T> mapper, Object... params) {
        if (NativeSql.isNamed(params)) {
            NativeSql n = NativeSql.translate(sql, SqlDialect.MYSQL, params);
            return queryFirst(n.sql(), mapper, n.bind(params));
        }
        if (observed()) {
            return traced(
                    sql,
                    () -> queryFirstUntraced(sql, mapper, params),
                    first -> first != null && first.isPresent() ? 1 : 0,
                    first -> 0);
        }
        return queryFirstUntraced(sql, mapper, params);
    }

    private <T> java.util.Optional<T> queryFirstUntraced(String sql, RowMapper<T> mapper, Object... params) {
        return request(() -> {
            ResultCursor c = statements.start(sql, params, CURSOR_TYPE_NO_CURSOR);
            T first = null;
            boolean found = false;
            Throwable failure = null;
            while (c.advance()) {
                if (!found && failure == null) {
                    found = true;
                    try {
                        first = mapper.map(c.row());
                    } catch (RuntimeException | Error e) {
                        failure = e;
                    }
                }
            }
            rethrowCallerFailure(failure);
            return java.util.Optional.ofNullable(first);
        });
    }

    @Override
    public long execute(String sql, Object... params) {
        if (NativeSql.isNamed(params)) {
            NativeSql n = NativeSql.translate(sql, SqlDialect.MYSQL, params);
            return execute(n.sql(), n.bind(params));
        }
        if (observed()) {
            return traced(sql, () -> executeUntraced(sql, params), n -> 0, n -> n);
        }
        return executeUntraced(sql, params);
    }

    private long executeUntraced(String sql, Object... params) {
        return request(() -> {
            ResultCursor c = statements.start(sql, params, CURSOR_TYPE_NO_CURSOR);
            c.drain();
            return c.affectedRows();
        });
    }

    @Override
    public long[] executeBatch(String sql, List<Object[]> parameterSets) {
        if (!parameterSets.isEmpty() && NativeSql.isNamed(parameterSets.get(0))) {
            NativeSql n = NativeSql.translate(sql, SqlDialect.MYSQL, parameterSets.get(0));
            return executeBatch(n.sql(), n.bindAll(parameterSets));
        }
        if (observed()) {
            Supplier<long[]> call = () -> executeBatchUntraced(sql, parameterSets, null);
            return traced(
                    sql, call, counts -> 0, counts -> Arrays.stream(counts).sum());
        }
        return executeBatchUntraced(sql, parameterSets, null);
    }

    /** Runs a batch as one request; records each set's last insert id in {@code firstIds} if not null. */
    long[] executeBatchUntraced(String sql, List<Object[]> parameterSets, long[] firstIds) {
        return request(() -> {
            PreparedInfo info = statements.statementFor(sql, parameterSets.isEmpty() ? 0 : parameterSets.get(0).length);
            if (info == PreparedInfo.TEXT_ONLY) {
                throw new SluiceException("statement cannot be prepared for a batch: sql=" + sql);
            }
            long[] counts = BatchExecutor.run(this, info, parameterSets, inTransactionNow(), firstIds);
            if (!statements.cache.enabled()) {
                statements.queueClose(info);
            }
            return counts;
        });
    }

    PacketWriter writer() {
        return writer;
    }

    PacketReader reader() {
        return reader;
    }

    long capabilities() {
        return capabilities;
    }

    boolean inTransactionNow() {
        return (serverStatus & SERVER_STATUS_IN_TRANS) != 0;
    }

    @Override
    public void executeScript(String sql) {
        if (observed()) {
            traced(sql, () -> executeScriptUntraced(sql), n -> 0, n -> 0);
        } else {
            executeScriptUntraced(sql);
        }
    }

    Object executeScriptUntraced(String sql) {
        return request(() -> {
            sendText(sql).drain();
            return null;
        });
    }

    /** True while a query listener or a JFR recording observes this connection's queries. */
    boolean observed() {
        return QueryTrace.active(config.queryListener());
    }

    @Override
    public PreparedStatement prepare(String sql) {
        NativeSql n = NativeSql.forStatement(sql, SqlDialect.MYSQL);
        NativeSql named = n.names().isEmpty() ? null : n; // positional: the server counts the placeholders
        return request(() -> new MysqlPreparedStatement(this, statements.prepareOnServer(n.sql()), named));
    }

    @Override
    public void begin(IsolationLevel level) {
        MysqlTransactions.begin(this, level);
    }

    /** Reads the responses of {@code n} commands written before one flush; the first server error is thrown after all are read. */
    void readPipelined(int n) {
        reader.expectSequence(1);
        writer.flush();
        ServerException first = null;
        for (int i = 0; i < n; i++) {
            reader.expectSequence(1);
            try {
                new ResultCursor(this, reader, capabilities, null).drain();
            } catch (ServerException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    @Override
    public void commit() {
        MysqlTransactions.end(this, "COMMIT");
    }

    @Override
    public void rollback() {
        MysqlTransactions.end(this, "ROLLBACK");
    }

    @Override
    public boolean inTransaction() {
        return inTransactionNow();
    }

    /** Set by the driver on a server error inside a transaction: MySQL itself undoes just the failing statement. */
    @Override
    public boolean transactionFailed() {
        return transactionFailed && inTransactionNow();
    }

    @Override
    public Savepoint savepoint(String name) {
        return savepoints.set(name, inTransactionNow(), this::executeScript);
    }

    @Override
    public void rollbackTo(Savepoint savepoint) {
        savepoints.rollbackTo(savepoint, inTransactionNow(), this::executeScript);
        transactionFailed = false;
    }

    @Override
    public void release(Savepoint savepoint) {
        savepoints.release(savepoint, inTransactionNow(), this::executeScript);
    }

    @Override
    public GeneratedKeys executeReturningKeys(String sql, String keyColumn, Object... params) {
        return MysqlGeneratedKeys.execute(this, sql, keyColumn, params);
    }

    @Override
    public GeneratedKeys executeBatchReturningKeys(String sql, String keyColumn, List<Object[]> parameterSets) {
        return MysqlGeneratedKeys.executeBatch(this, sql, keyColumn, parameterSets);
    }

    @Override
    public void queryTimeout(Duration timeout) {
        if (timeout == null || timeout.isNegative()) {
            throw new IllegalArgumentException("query timeout must be >= 0: timeout=" + timeout);
        }
        this.queryTimeout = timeout;
    }

    @Override
    public Duration queryTimeout() {
        return queryTimeout;
    }

    @Override
    public void cancel() {
        if (closed) {
            return;
        }
        // The cancel is useless once the grace is over: its own connect waits no longer than that.
        Duration connectTimeout =
                config.connectTimeout().isZero() || config.connectTimeout().compareTo(config.cancelGrace()) > 0
                        ? config.cancelGrace()
                        : config.connectTimeout();
        ConnectionConfig killer = config.toBuilder()
                .queryTimeout(Duration.ZERO)
                .socketTimeout(config.cancelGrace())
                .connectTimeout(connectTimeout)
                .statementCacheSize(0)
                .build();
        try (MysqlConnection c = open(killer)) {
            c.executeScriptUntraced("KILL QUERY " + wire.handshake().connectionId());
        }
    }

    @Override
    public boolean isValid(Duration timeout) {
        if (closed || broken) {
            return false;
        }
        try {
            return request(() -> {
                try {
                    wire.socket().setSoTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis())));
                    simpleCommand(COM_PING);
                    wire.socket().setSoTimeout((int)
                            Math.min(Integer.MAX_VALUE, config.socketTimeout().toMillis()));
                    return true;
                } catch (java.io.IOException e) {
                    throw new ConnectionException("ping failed: " + e.getMessage(), e);
                }
            });
        } catch (SluiceException e) {
            if (e.getCause() instanceof SocketTimeoutException) {
                markBroken();
            }
            return false;
        }
    }

    @Override
    public void reset() {
        savepoints.clear();
        transactionFailed = false;
        autoIncrementIncrement = 0;
        request(() -> {
            simpleCommand(COM_RESET_CONNECTION);
            statements.cache.clear(); // the server closed every prepared statement
            serverStatus = SERVER_STATUS_AUTOCOMMIT;
            sendText("SET time_zone = '+00:00'").drain();
            return null;
        });
    }

    /** Number of statements in the cache (for tests). */
    int cachedStatements() {
        return statements.cache.size();
    }

    long connectionId() {
        return wire.handshake().connectionId();
    }

    @Override
    public boolean isBroken() {
        return broken;
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public ServerInfo serverInfo() {
        return new ServerInfo(
                wire.handshake().mariaDb() ? "MariaDB" : "MySQL",
                wire.handshake().serverVersion(),
                wire.handshake().connectionId(),
                Map.of("tls", Boolean.toString(wire.tls())));
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        if (lock.tryLock()) {
            try {
                if (!closed) {
                    writer.command(COM_QUIT).end();
                    writer.flush();
                }
            } catch (RuntimeException ignored) {
                // closing anyway
            } finally {
                lock.unlock();
            }
        }
        closed = true;
        Handshaker.closeQuietly(wire.socket());
        Handshaker.closeQuietly(wire.plainSocket());
        if (LOG.isLoggable(System.Logger.Level.DEBUG)) {
            LOG.log(System.Logger.Level.DEBUG, "connection closed: {0}", where());
        }
    }

    /** {@code host=.., port=.., connection_id=..} for log lines. */
    String where() {
        return "host=" + config.host() + ", port=" + (config.port() == 0 ? 3306 : config.port()) + ", connection_id="
                + wire.handshake().connectionId();
    }
}
