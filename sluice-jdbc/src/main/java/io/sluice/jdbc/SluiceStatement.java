package io.sluice.jdbc;

import io.sluice.Row;
import io.sluice.RowStream;
import io.sluice.jdbc.metadata.SelfWrapper;
import io.sluice.sql.ParsedSql;
import io.sluice.sql.SqlDialect;
import java.sql.BatchUpdateException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A JDBC statement. Each SQL text is parsed once ({@link io.sluice.sql.Placeholders}); a text of
 * several statements runs them in order, each result (rows or a count) reachable with
 * {@link #getMoreResults()}. The rows of the last (usually only) result are read from the server as
 * {@code next()} asks, in batches of the fetch size when one is set (bounded memory, in auto-commit
 * too), else as one stream the server sends in a single response.
 */
class SluiceStatement extends StatementSettings implements SelfWrapper {
    static final Object[] NO_PARAMS = new Object[0];

    final Warnings warnings = new Warnings();
    private SluiceResultSet resultSet;
    private long updateCount = -1;
    private final ArrayDeque<Object> moreResults = new ArrayDeque<>();
    private SluiceResultSet generatedKeys;
    private List<String> batch;
    private boolean closed;

    SluiceStatement(SluiceConnection connection, int resultSetType) {
        super(connection, resultSetType);
    }

    @Override
    final void checkOpen() throws SQLException {
        if (closed) {
            throw SqlExceptions.closed("statement");
        }
        connection.checkOpen();
    }

    /** Parses SQL given to a Statement method, honouring setEscapeProcessing. */
    private ParsedSql parse(String sql) throws SQLException {
        if (escapes) {
            return connection.parse(sql);
        }
        try {
            return io.sluice.sql.Placeholders.parse(sql, connection.dialect(), false);
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    // ---- running ----

    /**
     * Runs every statement of {@code parsed} with {@code params}; true if the first result is rows.
     * The last statement's rows stay live (read on demand); earlier ones are read into memory.
     */
    final boolean run(ParsedSql parsed, Object[] params, GeneratedKeys keys) throws SQLException {
        checkOpen();
        clearResults();
        if (parsed.parameterCount() != params.length && parsed.parameterCount() > 0) {
            throw new SQLException(
                    "parameter count mismatch: expected=" + parsed.parameterCount() + ", given=" + params.length,
                    "07001");
        }
        connection.beforeRequest(queryTimeout);
        // Notices the server sends while the statements run go to this statement's warnings.
        return ScopedValue.where(Warnings.CURRENT, warnings).call(() -> runStatements(parsed, params, keys));
    }

    private boolean runStatements(ParsedSql parsed, Object[] params, GeneratedKeys keys) throws SQLException {
        List<ParsedSql.Statement> statements = parsed.statements();
        int offset = 0;
        for (int i = 0; i < statements.size(); i++) {
            ParsedSql.Statement st = statements.get(i);
            Object[] p = statements.size() == 1 || st.parameterCount() == params.length
                    ? params
                    : Arrays.copyOfRange(params, offset, offset + st.parameterCount());
            offset += st.parameterCount();
            Object result = runOne(st.sql(), p, keys, i == statements.size() - 1);
            if (i == 0) {
                setCurrent(result);
            } else {
                moreResults.add(result);
            }
        }
        return resultSet != null;
    }

    private void setCurrent(Object result) {
        if (result instanceof SluiceResultSet rs) {
            resultSet = rs;
            updateCount = -1;
        } else {
            resultSet = null;
            updateCount = (Long) result;
        }
    }

    /** Runs one native statement: a live or detached result set, or the update count as a Long. */
    private Object runOne(String sql, Object[] params, GeneratedKeys keys, boolean last) throws SQLException {
        io.sluice.Connection nc = connection.nativeConnection();
        boolean postgres = connection.dialect() == SqlDialect.POSTGRESQL;
        String nativeSql = keys.wanted() && postgres ? keys.returning(sql) : sql;
        boolean returning = nativeSql != sql;
        int nativeFetch = fetchSize > 0 && !returning ? fetchSize : Integer.MAX_VALUE;
        if (maxRows > 0 && maxRows < nativeFetch) {
            nativeFetch = (int) maxRows;
        }
        int batchSize = nativeFetch;
        RowStream stream;
        try {
            stream = nc.stream(nativeSql, batchSize, params);
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
        try {
            if (stream.columns().isEmpty()) {
                stream.hasNext(); // reads to the end of the response: the count is then known
                long count = stream.affectedRows();
                stream.close();
                if (keys.wanted() && !postgres) {
                    generatedKeys = mysqlKeys(nc.lastInsertId(), count);
                }
                return count;
            }
            if (returning) {
                List<Row> rows = new ArrayList<>();
                while (stream.hasNext()) {
                    rows.add(stream.next().detach());
                }
                long count = rows.size();
                generatedKeys =
                        new SluiceResultSet(this, RowCursor.of(stream.columns(), rows), ResultSet.TYPE_FORWARD_ONLY);
                stream.close();
                return count;
            }
        } catch (RuntimeException e) {
            closeQuietly(stream);
            throw SqlExceptions.translate(e);
        }
        RowCursor[] holder = new RowCursor[1];
        RowCursor cursor = RowCursor.live(stream, maxRows, () -> connection.released(holder[0]));
        holder[0] = cursor;
        connection.live(cursor);
        SluiceResultSet rs = new SluiceResultSet(this, cursor, resultSetType);
        if (!last || resultSetType != ResultSet.TYPE_FORWARD_ONLY) {
            connection.detachLive();
        }
        return rs;
    }

    private static void closeQuietly(RowStream stream) {
        try {
            stream.close();
        } catch (RuntimeException suppressed) {
            // the first failure is the one reported
        }
    }

    private SluiceResultSet mysqlKeys(long first, long count) {
        return new SluiceResultSet(
                this, RowCursor.of(KeyRow.COLUMNS, KeyRow.keys(first, count)), ResultSet.TYPE_FORWARD_ONLY);
    }

    /** Sets the keys a batch collected, after its last entry ran. */
    void batchKeys(SluiceResultSet keys) {
        generatedKeys = keys;
    }

    final void clearResults() throws SQLException {
        SluiceResultSet rs = resultSet;
        resultSet = null;
        updateCount = -1;
        generatedKeys = null;
        if (rs != null) {
            rs.close();
        }
        for (Object r : moreResults) {
            if (r instanceof SluiceResultSet more) {
                more.close();
            }
        }
        moreResults.clear();
        warnings.clear();
    }

    /** Called by a result set of this statement as it closes. */
    void resultSetClosed(CursorResultSet rs) throws SQLException {
        if (closeOnCompletion && rs == resultSet && moreResults.isEmpty()) {
            close();
        }
    }

    // ---- Statement ----

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        if (!run(parse(sql), NO_PARAMS, GeneratedKeys.NONE)) {
            throw new SQLException("the statement returned no result set (use executeUpdate or execute)", "02000");
        }
        return resultSet;
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        return (int) executeLargeUpdate(sql);
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        return largeUpdate(parse(sql), NO_PARAMS, GeneratedKeys.NONE);
    }

    final long largeUpdate(ParsedSql parsed, Object[] params, GeneratedKeys keys) throws SQLException {
        if (run(parsed, params, keys)) {
            clearResults();
            throw new SQLException("the statement returned a result set (use executeQuery or execute)", "0100D");
        }
        return Math.max(updateCount, 0);
    }

    @Override
    public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        return (int) executeLargeUpdate(sql, autoGeneratedKeys);
    }

    @Override
    public int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
        return (int) executeLargeUpdate(sql, columnIndexes);
    }

    @Override
    public int executeUpdate(String sql, String[] columnNames) throws SQLException {
        return (int) executeLargeUpdate(sql, columnNames);
    }

    @Override
    public long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        return largeUpdate(
                parse(sql),
                NO_PARAMS,
                autoGeneratedKeys == RETURN_GENERATED_KEYS ? GeneratedKeys.ALL : GeneratedKeys.NONE);
    }

    @Override
    public long executeLargeUpdate(String sql, int[] columnIndexes) throws SQLException {
        return largeUpdate(parse(sql), NO_PARAMS, GeneratedKeys.indexes(columnIndexes));
    }

    @Override
    public long executeLargeUpdate(String sql, String[] columnNames) throws SQLException {
        return largeUpdate(parse(sql), NO_PARAMS, GeneratedKeys.names(columnNames));
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        return run(parse(sql), NO_PARAMS, GeneratedKeys.NONE);
    }

    @Override
    public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
        return run(
                parse(sql),
                NO_PARAMS,
                autoGeneratedKeys == RETURN_GENERATED_KEYS ? GeneratedKeys.ALL : GeneratedKeys.NONE);
    }

    @Override
    public boolean execute(String sql, int[] columnIndexes) throws SQLException {
        return run(parse(sql), NO_PARAMS, GeneratedKeys.indexes(columnIndexes));
    }

    @Override
    public boolean execute(String sql, String[] columnNames) throws SQLException {
        return run(parse(sql), NO_PARAMS, GeneratedKeys.names(columnNames));
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        checkOpen();
        return resultSet;
    }

    @Override
    public int getUpdateCount() throws SQLException {
        return (int) getLargeUpdateCount();
    }

    @Override
    public long getLargeUpdateCount() throws SQLException {
        checkOpen();
        return updateCount;
    }

    @Override
    public boolean getMoreResults() throws SQLException {
        return getMoreResults(CLOSE_CURRENT_RESULT);
    }

    @Override
    public boolean getMoreResults(int current) throws SQLException {
        checkOpen();
        if (resultSet != null && current != KEEP_CURRENT_RESULT) {
            resultSet.close();
        }
        if (moreResults.isEmpty()) {
            resultSet = null;
            updateCount = -1;
            return false;
        }
        setCurrent(moreResults.poll());
        return resultSet != null;
    }

    @Override
    public ResultSet getGeneratedKeys() throws SQLException {
        checkOpen();
        if (generatedKeys == null) {
            return new SluiceResultSet(this, RowCursor.of(KeyRow.COLUMNS, List.of()), ResultSet.TYPE_FORWARD_ONLY);
        }
        return generatedKeys;
    }

    // ---- batches ----

    @Override
    public void addBatch(String sql) throws SQLException {
        checkOpen();
        if (batch == null) {
            batch = new ArrayList<>();
        }
        batch.add(sql);
    }

    @Override
    public void clearBatch() throws SQLException {
        checkOpen();
        batch = null;
    }

    @Override
    public int[] executeBatch() throws SQLException {
        return toInts(executeLargeBatch());
    }

    /**
     * Runs the texts one after another and stops at the first failure: the
     * {@link BatchUpdateException} then holds the counts of the texts that ran (JDBC 4.3 section 14.1.3).
     */
    @Override
    public long[] executeLargeBatch() throws SQLException {
        checkOpen();
        List<String> texts = batch == null ? List.of() : batch;
        batch = null;
        long[] counts = new long[texts.size()];
        for (int i = 0; i < counts.length; i++) {
            try {
                counts[i] = largeUpdate(parse(texts.get(i)), NO_PARAMS, GeneratedKeys.NONE);
            } catch (SQLException e) {
                long[] done = Arrays.copyOf(counts, i);
                throw new BatchUpdateException(e.getMessage(), e.getSQLState(), e.getErrorCode(), done, e);
            }
        }
        return counts;
    }

    static int[] toInts(long[] counts) {
        int[] out = new int[counts.length];
        for (int i = 0; i < counts.length; i++) {
            out[i] = counts[i] > Integer.MAX_VALUE ? SUCCESS_NO_INFO : (int) counts[i];
        }
        return out;
    }

    @Override
    public void cancel() throws SQLException {
        checkOpen();
        try {
            connection.nativeConnection().cancel();
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return warnings.get();
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
        warnings.clear();
    }

    @Override
    public void close() throws SQLException {
        if (closed) {
            return;
        }
        try {
            clearResults();
        } finally {
            closed = true;
            connection.statementClosed(this);
        }
    }

    void closeQuietly() {
        try {
            close();
        } catch (SQLException e) {
            // the connection is closing; its native close follows
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }
}
