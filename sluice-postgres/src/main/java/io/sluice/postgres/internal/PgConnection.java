package io.sluice.postgres.internal;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.GeneratedKeys;
import io.sluice.IsolationLevel;
import io.sluice.Notification;
import io.sluice.PreparedStatement;
import io.sluice.RowHandler;
import io.sluice.RowMapper;
import io.sluice.RowStream;
import io.sluice.Savepoint;
import io.sluice.ServerException;
import io.sluice.ServerInfo;
import io.sluice.SluiceException;
import io.sluice.postgres.internal.codec.PgRow;
import io.sluice.postgres.internal.protocol.BackendMessage;
import io.sluice.postgres.internal.protocol.FrontendEncoder;
import io.sluice.sql.NativeSql;
import io.sluice.sql.SqlDialect;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A connection to one PostgreSQL server over protocol v3. Safe to share between threads: requests
 * are pipelined (see {@link RequestPipeline}), each ends with its own Sync so that a failing one
 * leaves the others untouched. Ad-hoc SQL goes through the statement cache: the first execution
 * parses and describes it (text results), every later one sends only Bind/Execute/Sync and gets
 * binary results.
 *
 * <p>Do not use a connection from inside one of its own row callbacks: the callback runs in the
 * request's read turn, which a nested request would wait for forever.
 */
public final class PgConnection implements Connection {
    private final PgSession session;
    private final AtomicLong preparedNames = new AtomicLong();
    private final PgTransactions transactions;

    /** True for a server before 12, which needs {@code extra_float_digits} set (see {@link #applyFloatDigits}). */
    private final boolean roundsFloats;

    PgConnection(ConnectionConfig config) {
        this.session = new PgSession(config);
        this.transactions = new PgTransactions(this, session);
        this.roundsFloats = majorVersion(session.parameters.getOrDefault("server_version", "")) < 12;
        try {
            applyFloatDigits();
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /** The leading number of a server_version such as {@code 15.20 (Debian ...)}; MAX_VALUE if none. */
    private static int majorVersion(String version) {
        int end = 0;
        while (end < version.length() && Character.isDigit(version.charAt(end))) {
            end++;
        }
        // More than 9 digits is no real version (and would overflow an int): treat it as the newest.
        return end == 0 || end > 9 ? Integer.MAX_VALUE : Integer.parseInt(version.substring(0, end));
    }

    /**
     * Before PostgreSQL 12 a float's text form is rounded unless {@code extra_float_digits} is 3 (12+
     * prints the shortest exact form by default). Set with SET on such servers rather than in the
     * startup packet, which connection poolers such as PgBouncer refuse to forward.
     */
    private void applyFloatDigits() {
        if (roundsFloats) {
            simpleQuery("SET extra_float_digits = 3");
        }
    }

    PgSession session() {
        return session;
    }

    @Override
    public <T> List<T> query(String sql, RowMapper<T> mapper, Object... params) {
        CollectingHandler<T> h = new CollectingHandler<>(mapper, new ArrayList<>());
        NativeSql n = NativeSql.translate(sql, SqlDialect.POSTGRESQL, params);
        run(session.cache, n.sql(), n.bind(params), 0, h);
        return h.results;
    }

    @Override
    public <T> Optional<T> queryFirst(String sql, RowMapper<T> mapper, Object... params) {
        CollectingHandler<T> h = new CollectingHandler<>(mapper, new ArrayList<>(1));
        NativeSql n = NativeSql.translate(sql, SqlDialect.POSTGRESQL, params);
        run(session.cache, n.sql(), n.bind(params), 1, h);
        return h.results.isEmpty() ? Optional.empty() : Optional.ofNullable(h.results.get(0));
    }

    @Override
    public void forEach(String sql, RowHandler handler, Object... params) {
        NativeSql n = NativeSql.translate(sql, SqlDialect.POSTGRESQL, params);
        run(session.cache, n.sql(), n.bind(params), 0, new ForEachHandler(handler));
    }

    @Override
    public RowStream stream(String sql, int fetchSize, Object... params) {
        NativeSql n = NativeSql.translate(sql, SqlDialect.POSTGRESQL, params);
        Object[] bound = bindTypes(n.bind(params));
        if (PgTracing.observed(session)) {
            return PgTracing.start(session, n.sql())
                    .observe(() -> new PgRowStream(session, session.cache, n.sql(), fetchSize, bound));
        }
        return new PgRowStream(session, session.cache, n.sql(), fetchSize, bound);
    }

    @Override
    public long copyIn(String sql, InputStream data) {
        if (PgTracing.observed(session)) {
            return PgTracing.tracedCopy(session, sql, () -> PgCopy.in(session, sql, data));
        }
        return PgCopy.in(session, sql, data);
    }

    @Override
    public long copyOut(String sql, OutputStream out) {
        if (PgTracing.observed(session)) {
            return PgTracing.tracedCopy(session, sql, () -> PgCopy.out(session, sql, out));
        }
        return PgCopy.out(session, sql, out);
    }

    @Override
    public List<Notification> awaitNotifications(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        return session.asyncMessages.await(timeout);
    }

    @Override
    public long execute(String sql, Object... params) {
        QueryHandler h = new QueryHandler();
        NativeSql n = NativeSql.translate(sql, SqlDialect.POSTGRESQL, params);
        run(session.cache, n.sql(), n.bind(params), 0, h);
        return h.affected;
    }

    /**
     * Runs one extended-query request; when the server says a reused statement's plan is no longer
     * valid (0A000, 26000), forgets it and retries once with a fresh Parse, outside a transaction.
     */
    void run(StatementRegistry registry, String sql, Object[] arguments, int maxRows, QueryHandler h) {
        Objects.requireNonNull(sql, "sql");
        Object[] params = session.types == null ? arguments : session.types.bind(this, arguments);
        if (PgTracing.observed(session)) {
            PgTracing.traced(
                    session,
                    sql,
                    () -> runUntimed(registry, sql, params, maxRows, h),
                    () -> h.rowCount,
                    () -> h.affected);
        } else {
            runUntimed(registry, sql, params, maxRows, h);
        }
    }

    private void runUntimed(StatementRegistry registry, String sql, Object[] params, int maxRows, QueryHandler h) {
        StatementRegistry reg = registry == session.cache && !session.cache.enabled() ? null : registry;
        try {
            session.execute(this, h.request(session, reg, sql, params, maxRows), h);
        } catch (ServerException e) {
            if (!h.planInvalidated() || session.transactionStatus() != BackendMessage.TRANSACTION_IDLE) {
                throw e;
            }
            forget(h);
            h.resetForRetry();
            session.execute(this, h, h);
        }
    }

    private List<Object[]> bindTypes(List<Object[]> sets) {
        if (session.types == null) {
            return sets;
        }
        List<Object[]> bound = new ArrayList<>(sets.size());
        for (Object[] set : sets) {
            bound.add(session.types.bind(this, set));
        }
        return bound;
    }

    /** {@code params} with values of the application's type codecs' classes encoded (see {@link PgTypeCatalog}). */
    Object[] bindTypes(Object[] params) {
        return session.types == null ? params : session.types.bind(this, params);
    }

    /** An internal query (the type catalog's): no trace, no statement cache, no codecs applied to its parameters. */
    <T> List<T> internalQuery(String sql, RowMapper<T> mapper, Object... params) {
        CollectingHandler<T> h = new CollectingHandler<>(mapper, new ArrayList<>());
        runUntimed(null, sql, params, 0, h);
        return h.results;
    }

    private void forget(QueryHandler h) {
        session.lockWrite(this);
        try {
            h.registry.remove(h.statement);
        } finally {
            session.unlockWrite();
        }
        session.queueClose(h.statement.name);
    }

    @Override
    public long[] executeBatch(String sql, List<Object[]> parameterSets) {
        NativeSql n = NativeSql.translate(sql, SqlDialect.POSTGRESQL, first(parameterSets));
        return batch(session.cache.enabled() ? session.cache : null, n.sql(), n.bindAll(parameterSets));
    }

    static Object[] first(List<Object[]> parameterSets) {
        return parameterSets.isEmpty() ? new Object[0] : parameterSets.get(0);
    }

    long[] batch(StatementRegistry registry, String sql, List<Object[]> arguments) {
        return batch(registry, sql, arguments, null);
    }

    /** {@link #batch(StatementRegistry, String, List)} handing each result row (RETURNING) to {@code rows} if not null. */
    long[] batch(StatementRegistry registry, String sql, List<Object[]> arguments, Consumer<PgRow> rows) {
        if (arguments.isEmpty()) {
            return new long[0];
        }
        List<Object[]> parameterSets = bindTypes(arguments);
        BatchHandler h = new BatchHandler(parameterSets.size(), rows);
        long[] counts = h.counts;
        Runnable work = () -> session.execute(
                this,
                (QueryEncoder.Request) out -> QueryEncoder.encodeBatch(out, session, registry, sql, parameterSets, h),
                h);
        if (PgTracing.observed(session)) {
            PgTracing.traced(
                    session, sql, work, () -> 0, () -> Arrays.stream(counts).sum());
        } else {
            work.run();
        }
        return counts;
    }

    @Override
    public void executeScript(String sql) {
        if (PgTracing.observed(session)) {
            PgTracing.traced(session, sql, () -> simpleQuery(sql), () -> 0, () -> 0);
        } else {
            simpleQuery(sql);
        }
    }

    /** Runs SQL through the simple Query protocol; returns the handler for its outcome. */
    ResponseHandler simpleQuery(String sql) {
        Objects.requireNonNull(sql, "sql");
        ResponseHandler h = new ResponseHandler().simple();
        session.execute(this, out -> FrontendEncoder.query(out, sql), h);
        return h;
    }

    @Override
    public PreparedStatement prepare(String sql) {
        NativeSql portable = NativeSql.forStatement(sql, SqlDialect.POSTGRESQL);
        try {
            return PgPreparedStatement.prepare(
                    this, portable, "p" + session.nameTag + "_" + preparedNames.incrementAndGet());
        } catch (ServerException e) {
            // Without values to count, a lone ? may also be the jsonb operator of a native text (what
            // sluice-jdbc sends): when the portable reading is not even valid SQL, the native one is tried.
            if (portable.sql().equals(sql) || !"42601".equals(e.sqlState())) {
                throw e;
            }
            try {
                return PgPreparedStatement.prepare(
                        this, NativeSql.verbatim(sql), "p" + session.nameTag + "_" + preparedNames.incrementAndGet());
            } catch (ServerException nativeFailure) {
                e.addSuppressed(nativeFailure);
                throw e;
            }
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>Costs no round trip: the BEGIN is sent with the next request, in the same Sync group as an
     * extended query (which the server then skips if the BEGIN fails), as pgjdbc does. A listener sees
     * the BEGIN when it is deferred (its duration is that of the call).
     */
    @Override
    public void begin(IsolationLevel level) {
        transactions.begin(level);
    }

    @Override
    public void commit() {
        transactions.commit();
    }

    @Override
    public void rollback() {
        transactions.rollback();
    }

    @Override
    public boolean inTransaction() {
        return session.deferredBegin.requested() || session.transactionStatus() != BackendMessage.TRANSACTION_IDLE;
    }

    /** PostgreSQL's own state: ReadyForQuery says {@code E} until a rollback (to a savepoint) undoes the failure. */
    @Override
    public boolean transactionFailed() {
        return session.transactionStatus() == BackendMessage.TRANSACTION_FAILED;
    }

    @Override
    public Savepoint savepoint(String name) {
        return transactions.savepoint(name);
    }

    @Override
    public void rollbackTo(Savepoint savepoint) {
        transactions.rollbackTo(savepoint);
    }

    @Override
    public void release(Savepoint savepoint) {
        transactions.release(savepoint);
    }

    @Override
    public GeneratedKeys executeReturningKeys(String sql, String keyColumn, Object... params) {
        return PgGeneratedKeys.execute(this, sql, keyColumn, params);
    }

    @Override
    public GeneratedKeys executeBatchReturningKeys(String sql, String keyColumn, List<Object[]> parameterSets) {
        return PgGeneratedKeys.executeBatch(this, sql, keyColumn, parameterSets);
    }

    @Override
    public void queryTimeout(Duration timeout) {
        if (timeout == null || timeout.isNegative()) {
            throw new IllegalArgumentException("query timeout must be >= 0: timeout=" + timeout);
        }
        session.queryTimeout = timeout;
    }

    @Override
    public Duration queryTimeout() {
        return session.queryTimeout;
    }

    @Override
    public void cancel() {
        session.cancelRequest();
    }

    @Override
    public boolean isValid(Duration timeout) {
        if (session.isClosed()) {
            return false;
        }
        // A session that cannot answer a Sync within the timeout is dead for a pool's purposes: the
        // watchdog breaks it, which wakes this caller (and any other waiter) at once.
        java.util.concurrent.ScheduledFuture<?> watchdog = timeout == null || timeout.isZero()
                ? null
                : io.sluice.spi.QueryTimeouts.schedule(
                        () -> Thread.startVirtualThread(() -> session.fail(new io.sluice.ConnectionException(
                                "validation timed out: timeout=" + timeout + ", " + session.where()))),
                        timeout.toNanos());
        try {
            session.execute(this, FrontendEncoder::sync, new ResponseHandler().syncOnly());
            return true;
        } catch (SluiceException e) {
            return false;
        } finally {
            if (watchdog != null) {
                watchdog.cancel(false);
            }
        }
    }

    /**
     * Rolls back an open transaction and discards session state as DISCARD ALL does, except that
     * prepared statements stay, so the statement cache remains valid and warm.
     */
    @Override
    public void reset() {
        transactions.rollbackForReset();
        simpleQuery("CLOSE ALL; SET SESSION AUTHORIZATION DEFAULT; RESET ALL; UNLISTEN *; "
                + "SELECT pg_advisory_unlock_all(); DISCARD TEMP; DISCARD SEQUENCES");
        applyFloatDigits(); // RESET ALL undid it
        if (session.types != null) {
            session.types.reset();
        }
        session.queryTimeout = session.config.queryTimeout();
        session.asyncMessages.discard(); // UNLISTEN * above: what was queued belonged to the previous user
    }

    @Override
    public boolean isBroken() {
        return session.isBroken();
    }

    @Override
    public boolean isClosed() {
        return session.isClosed();
    }

    @Override
    public ServerInfo serverInfo() {
        Map<String, String> p = Map.copyOf(session.parameters);
        return new ServerInfo("PostgreSQL", p.getOrDefault("server_version", "?"), session.processId, p);
    }

    @Override
    public void close() {
        session.close();
    }

    @Override
    public String toString() {
        return "PgConnection[" + session.where() + "]";
    }
}
