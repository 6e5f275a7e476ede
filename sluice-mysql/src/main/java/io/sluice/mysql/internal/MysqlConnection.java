package io.sluice.mysql.internal;

import static io.sluice.mysql.internal.protocol.Commands.*;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.GeneratedKeys;
import io.sluice.IsolationLevel;
import io.sluice.PreparedStatement;
import io.sluice.ProtocolException;
import io.sluice.RowHandler;
import io.sluice.RowMapper;
import io.sluice.RowStream;
import io.sluice.Savepoint;
import io.sluice.ServerException;
import io.sluice.ServerInfo;
import io.sluice.SluiceException;
import io.sluice.mysql.internal.protocol.PacketReader;
import io.sluice.mysql.internal.protocol.PacketWriter;
import io.sluice.mysql.internal.protocol.Payload;
import io.sluice.spi.SavepointStack;
import io.sluice.sql.NativeSql;
import io.sluice.sql.SqlDialect;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A connection to a MySQL or MariaDB server. Requests are serialised by one lock; each request
 * renders its packets into the shared writer, flushes once and reads its response in place.
 * Ad-hoc SQL goes through the {@link StatementCache} and runs with the binary protocol.
 *
 * <p>The connection holds the session's state; its jobs are static helpers that take it: the request life
 * cycle ({@link MysqlRequests}), the ad-hoc SQL operations ({@link MysqlQueries}), query tracing
 * ({@link MysqlTracing}), session commands ({@link MysqlSessionCommands}), transactions, warnings and
 * generated keys; opening is {@link MysqlConnector}'s.
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
    /** Serialises requests (see {@link MysqlRequests}); held by an open stream until it is read or closed. */
    final ReentrantLock lock = new ReentrantLock();

    final StatementExecutor statements;
    private final MysqlSettings settings;
    /** Set with {@link #closed} when the session cannot be trusted any more (see {@link #markBroken()}). */
    volatile boolean broken;

    volatile boolean closed;
    /** The status flags of the last OK or EOF packet (SERVER_STATUS_*). */
    volatile int serverStatus = SERVER_STATUS_AUTOCOMMIT;

    final SavepointStack savepoints = new SavepointStack('`');
    /** A statement failed with a server error inside the open transaction (see {@link #transactionFailed()}). */
    volatile boolean transactionFailed;
    /** {@code @@auto_increment_increment}, read when first needed; 0 until then. */
    volatile long autoIncrementIncrement;

    private volatile Duration queryTimeout;
    /** The current request's query timeout fired (see {@link MysqlRequests#onTimeout}). */
    volatile boolean timedOut;
    /**
     * The caller's own failure (a row handler's or mapper's) that the current request rethrows after reading
     * the whole response: the connection is still in step, so it must not be taken for a decoding failure.
     */
    Throwable callerFailure;
    /** The query timeout's actions, kept so that arming allocates no lambda. */
    final Runnable killOnTimeout = () -> MysqlRequests.onTimeout(this);

    final Runnable breakOnGrace = this::markBroken;

    /** The current statement reported warnings (see {@link #deliverPendingWarnings()}). */
    boolean pendingWarnings;
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

    ConnectionConfig config() {
        return config;
    }

    boolean mariaDb() {
        return wire.handshake().mariaDb();
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

    /**
     * At the end of a request or stream: hands the statement's warnings to the {@link io.sluice.ServerEventListener}
     * (see {@link MysqlWarnings#deliver(MysqlConnection)}), only when one is registered and the server reported any.
     */
    void deliverPendingWarnings() {
        if (pendingWarnings && config.eventListener() != io.sluice.ServerEventListener.NONE) {
            MysqlWarnings.deliver(this);
        }
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

    /** Runs {@code work} as one request, under the lock and the query timeout (see {@link MysqlRequests}). */
    <T> T request(Request<T> work) {
        return MysqlRequests.run(this, work);
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

    // ---- Connection -------------------------------------------------------------------------

    @Override
    public <T> List<T> query(String sql, RowMapper<T> mapper, Object... params) {
        return MysqlQueries.query(this, sql, mapper, params);
    }

    @Override
    public void forEach(String sql, RowHandler handler, Object... params) {
        MysqlQueries.forEach(this, sql, handler, params);
    }

    @Override
    public RowStream stream(String sql, int fetchSize, Object... params) {
        return MysqlQueries.stream(this, sql, fetchSize, params);
    }

    /** Closes the open server cursor of {@code c} (see {@link StatementExecutor#closeCursor}; the caller holds the lock). */
    void closeCursor(ResultCursor c) {
        statements.closeCursor(c);
    }

    /** One round trip for the usual single-row query (see {@link MysqlQueries#queryFirst}). */
    @Override
    public <T> java.util.Optional<T> queryFirst(String sql, RowMapper<T> mapper, Object... params) {
        return MysqlQueries.queryFirst(this, sql, mapper, params);
    }

    @Override
    public long execute(String sql, Object... params) {
        return MysqlQueries.execute(this, sql, params);
    }

    @Override
    public long[] executeBatch(String sql, List<Object[]> parameterSets) {
        return MysqlQueries.executeBatch(this, sql, parameterSets);
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
        MysqlQueries.executeScript(this, sql);
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
        MysqlSessionCommands.cancel(this);
    }

    @Override
    public boolean isValid(Duration timeout) {
        return MysqlSessionCommands.isValid(this, timeout);
    }

    @Override
    public void reset() {
        MysqlSessionCommands.reset(this);
    }

    /** Number of statements in the cache (for tests). */
    int cachedStatements() {
        return statements.cache.size();
    }

    java.net.Socket socket() {
        return wire.socket();
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
