package io.sluice.jdbc;

import io.sluice.ServerException;
import io.sluice.sql.ParsedSql;
import io.sluice.sql.SqlDialect;
import java.sql.BatchUpdateException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A JDBC prepared statement: the SQL is translated once ({@code ?} to {@code $n} for PostgreSQL),
 * parameters are held as the Java values the native drivers bind (see {@link Parameters}), and the
 * native statement cache prepares the text on first use. Batches of one statement go to the native
 * batch, which pipelines them (PostgreSQL: one round trip; MySQL: bulk or pipelined execution).
 */
sealed class SluicePreparedStatement extends PreparedParameters implements PreparedStatement
        permits SluiceCallableStatement {
    private final ParsedSql parsed;
    private final GeneratedKeys keys;
    private List<Object[]> batch;

    SluicePreparedStatement(SluiceConnection connection, int resultSetType, ParsedSql parsed, GeneratedKeys keys) {
        super(connection, resultSetType, parsed.parameterCount());
        this.parsed = parsed;
        this.keys = keys;
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        if (!run(parsed, boundParams(), keys)) {
            throw new SQLException("the statement returned no result set (use executeUpdate or execute)", "02000");
        }
        return getResultSet();
    }

    @Override
    public int executeUpdate() throws SQLException {
        return (int) executeLargeUpdate();
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        return largeUpdate(parsed, boundParams(), keys);
    }

    @Override
    public boolean execute() throws SQLException {
        return run(parsed, boundParams(), keys);
    }

    // ---- batches ----

    @Override
    public void addBatch() throws SQLException {
        checkOpen();
        if (batch == null) {
            batch = new ArrayList<>();
        }
        batch.add(boundParams().clone());
    }

    @Override
    public void addBatch(String sql) throws SQLException {
        throw new SQLException("addBatch(String) is not allowed on a PreparedStatement", "HY000");
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
     * One native batch, sent pipelined. A batch is atomic outside a transaction on both servers, and a
     * failure aborts the transaction on PostgreSQL: the {@link BatchUpdateException} then reports
     * every entry {@code EXECUTE_FAILED}. Inside a MySQL transaction the entries before the failed one
     * stay done and are reported {@code SUCCESS_NO_INFO}. With generated keys wanted, the entries run
     * one by one so that each one's keys are collected.
     */
    @Override
    public long[] executeLargeBatch() throws SQLException {
        checkOpen();
        List<Object[]> sets = batch == null ? List.of() : batch;
        batch = null;
        clearResults();
        if (sets.isEmpty()) {
            return new long[0];
        }
        if (keys.wanted() || !parsed.isSingle()) {
            return oneByOne(sets);
        }
        boolean autoCommit = connection.getAutoCommit();
        connection.beforeRequest(null);
        try {
            long[] counts = ScopedValue.where(Warnings.CURRENT, warnings)
                    .call(() -> connection.nativeConnection().executeBatch(parsed.sql(), sets));
            for (int i = 0; i < counts.length; i++) {
                if (counts[i] < 0) {
                    counts[i] = SUCCESS_NO_INFO;
                }
            }
            return counts;
        } catch (RuntimeException e) {
            SQLException cause = SqlExceptions.translate(e);
            long[] counts = new long[sets.size()];
            Arrays.fill(counts, EXECUTE_FAILED);
            int done = failedIndex(e);
            if (!autoCommit && connection.dialect() == SqlDialect.MYSQL && done > 0) {
                Arrays.fill(counts, 0, done, SUCCESS_NO_INFO);
            }
            throw new BatchUpdateException(
                    cause.getMessage(), cause.getSQLState(), cause.getErrorCode(), counts, cause);
        }
    }

    private static int failedIndex(RuntimeException e) {
        if (e instanceof ServerException se && se.fields().get("batch_index") != null) {
            try {
                return Integer.parseInt(se.fields().get("batch_index"));
            } catch (NumberFormatException notANumber) {
                return -1;
            }
        }
        return -1;
    }

    private long[] oneByOne(List<Object[]> sets) throws SQLException {
        long[] counts = new long[sets.size()];
        List<io.sluice.Row> allKeys = new ArrayList<>();
        List<io.sluice.Column> keyColumns = null;
        for (int i = 0; i < counts.length; i++) {
            try {
                counts[i] = largeUpdate(parsed, sets.get(i), keys);
            } catch (SQLException e) {
                throw new BatchUpdateException(
                        e.getMessage(), e.getSQLState(), e.getErrorCode(), Arrays.copyOf(counts, i), e);
            }
            if (keys.wanted()) {
                SluiceResultSet k = (SluiceResultSet) getGeneratedKeys();
                keyColumns = k.cursor().columns();
                while (k.next()) {
                    allKeys.add(k.cursor().current());
                }
            }
        }
        if (keyColumns != null) {
            batchKeys(new SluiceResultSet(this, RowCursor.of(keyColumns, allKeys), ResultSet.TYPE_FORWARD_ONLY));
        }
        return counts;
    }

    // ---- metadata ----

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        connection.detachLive();
        try (io.sluice.PreparedStatement ps = connection.nativeConnection().prepare(parsed.sql())) {
            return ps.columns().isEmpty() ? null : new SluiceResultSetMetaData(ps.columns(), connection);
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    @Override
    public String toString() {
        return "SluicePreparedStatement[" + parsed.sql() + "]";
    }
}
