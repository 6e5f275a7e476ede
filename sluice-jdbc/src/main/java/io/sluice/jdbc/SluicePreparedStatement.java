package io.sluice.jdbc;

import io.sluice.ServerException;
import io.sluice.sql.ParsedSql;
import io.sluice.sql.SqlDialect;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.BatchUpdateException;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;

/**
 * A JDBC prepared statement: the SQL is translated once ({@code ?} to {@code $n} for PostgreSQL),
 * parameters are held as the Java values the native drivers bind (see {@link Parameters}), and the
 * native statement cache prepares the text on first use. Batches of one statement go to the native
 * batch, which pipelines them (PostgreSQL: one round trip; MySQL: bulk or pipelined execution).
 */
sealed class SluicePreparedStatement extends SluiceStatement implements PreparedStatement
        permits SluiceCallableStatement {
    private final ParsedSql parsed;
    private final GeneratedKeys keys;
    private Object[] params;
    private final boolean[] set;
    private List<Object[]> batch;

    SluicePreparedStatement(SluiceConnection connection, int resultSetType, ParsedSql parsed, GeneratedKeys keys) {
        super(connection, resultSetType);
        this.parsed = parsed;
        this.keys = keys;
        this.params = new Object[parsed.parameterCount()];
        this.set = new boolean[parsed.parameterCount()];
    }

    private Object[] boundParams() throws SQLException {
        for (int i = 0; i < set.length; i++) {
            if (!set[i]) {
                throw new SQLException("no value specified for parameter " + (i + 1), "07001");
            }
        }
        return params;
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

    // ---- parameters ----

    void bind(int index, Object value) throws SQLException {
        checkOpen();
        if (index < 1 || index > params.length) {
            throw new SQLException(
                    "parameter index out of range: index=" + index + ", parameters=" + params.length, "22023");
        }
        params[index - 1] = value;
        set[index - 1] = true;
    }

    @Override
    public void clearParameters() throws SQLException {
        checkOpen();
        Arrays.fill(params, null);
        Arrays.fill(set, false);
    }

    @Override
    public void setNull(int i, int sqlType) throws SQLException {
        bind(i, null);
    }

    @Override
    public void setNull(int i, int sqlType, String typeName) throws SQLException {
        bind(i, null);
    }

    @Override
    public void setBoolean(int i, boolean x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setByte(int i, byte x) throws SQLException {
        bind(i, (short) x);
    }

    @Override
    public void setShort(int i, short x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setInt(int i, int x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setLong(int i, long x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setFloat(int i, float x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setDouble(int i, double x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setBigDecimal(int i, BigDecimal x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setString(int i, String x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setNString(int i, String x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setBytes(int i, byte[] x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setDate(int i, Date x) throws SQLException {
        bind(i, Parameters.date(x, null));
    }

    @Override
    public void setDate(int i, Date x, Calendar cal) throws SQLException {
        bind(i, Parameters.date(x, cal));
    }

    @Override
    public void setTime(int i, Time x) throws SQLException {
        bind(i, Parameters.time(x, null));
    }

    @Override
    public void setTime(int i, Time x, Calendar cal) throws SQLException {
        bind(i, Parameters.time(x, cal));
    }

    @Override
    public void setTimestamp(int i, Timestamp x) throws SQLException {
        bind(i, Parameters.timestamp(x, null));
    }

    @Override
    public void setTimestamp(int i, Timestamp x, Calendar cal) throws SQLException {
        bind(i, Parameters.timestamp(x, cal));
    }

    @Override
    public void setObject(int i, Object x) throws SQLException {
        bind(i, Parameters.object(x));
    }

    @Override
    public void setObject(int i, Object x, int targetSqlType) throws SQLException {
        bind(i, Parameters.convert(Parameters.object(x), targetSqlType, -1));
    }

    @Override
    public void setObject(int i, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
        bind(i, Parameters.convert(Parameters.object(x), targetSqlType, scaleOrLength));
    }

    @Override
    public void setObject(int i, Object x, SQLType targetSqlType) throws SQLException {
        setObject(i, x, Parameters.vendorNumber(targetSqlType));
    }

    @Override
    public void setObject(int i, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
        setObject(i, x, Parameters.vendorNumber(targetSqlType), scaleOrLength);
    }

    @Override
    public void setArray(int i, Array x) throws SQLException {
        bind(i, Parameters.object(x));
    }

    @Override
    public void setURL(int i, URL x) throws SQLException {
        bind(i, x == null ? null : x.toString());
    }

    @Override
    public void setAsciiStream(int i, InputStream x, int length) throws SQLException {
        bind(i, Parameters.ascii(x, length));
    }

    @Override
    public void setAsciiStream(int i, InputStream x, long length) throws SQLException {
        bind(i, Parameters.ascii(x, length));
    }

    @Override
    public void setAsciiStream(int i, InputStream x) throws SQLException {
        bind(i, Parameters.ascii(x, -1));
    }

    @Override
    @Deprecated
    public void setUnicodeStream(int i, InputStream x, int length) throws SQLException {
        byte[] b = Parameters.bytes(x, length);
        bind(i, b == null ? null : new String(b, java.nio.charset.StandardCharsets.UTF_8));
    }

    @Override
    public void setBinaryStream(int i, InputStream x, int length) throws SQLException {
        bind(i, Parameters.bytes(x, length));
    }

    @Override
    public void setBinaryStream(int i, InputStream x, long length) throws SQLException {
        bind(i, Parameters.bytes(x, length));
    }

    @Override
    public void setBinaryStream(int i, InputStream x) throws SQLException {
        bind(i, Parameters.bytes(x, -1));
    }

    @Override
    public void setCharacterStream(int i, Reader x, int length) throws SQLException {
        bind(i, Parameters.chars(x, length));
    }

    @Override
    public void setCharacterStream(int i, Reader x, long length) throws SQLException {
        bind(i, Parameters.chars(x, length));
    }

    @Override
    public void setCharacterStream(int i, Reader x) throws SQLException {
        bind(i, Parameters.chars(x, -1));
    }

    @Override
    public void setNCharacterStream(int i, Reader x, long length) throws SQLException {
        bind(i, Parameters.chars(x, length));
    }

    @Override
    public void setNCharacterStream(int i, Reader x) throws SQLException {
        bind(i, Parameters.chars(x, -1));
    }

    @Override
    public void setRef(int i, Ref x) throws SQLException {
        throw SqlExceptions.unsupported("Ref");
    }

    @Override
    public void setBlob(int i, Blob x) throws SQLException {
        bind(i, x == null ? null : x.getBytes(1, (int) x.length()));
    }

    @Override
    public void setBlob(int i, InputStream x, long length) throws SQLException {
        bind(i, Parameters.bytes(x, length));
    }

    @Override
    public void setBlob(int i, InputStream x) throws SQLException {
        bind(i, Parameters.bytes(x, -1));
    }

    @Override
    public void setClob(int i, Clob x) throws SQLException {
        bind(i, x == null ? null : x.getSubString(1, (int) x.length()));
    }

    @Override
    public void setClob(int i, Reader x, long length) throws SQLException {
        bind(i, Parameters.chars(x, length));
    }

    @Override
    public void setClob(int i, Reader x) throws SQLException {
        bind(i, Parameters.chars(x, -1));
    }

    @Override
    public void setNClob(int i, NClob x) throws SQLException {
        setClob(i, x);
    }

    @Override
    public void setNClob(int i, Reader x, long length) throws SQLException {
        bind(i, Parameters.chars(x, length));
    }

    @Override
    public void setNClob(int i, Reader x) throws SQLException {
        bind(i, Parameters.chars(x, -1));
    }

    @Override
    public void setRowId(int i, RowId x) throws SQLException {
        throw SqlExceptions.unsupported("RowId");
    }

    @Override
    public void setSQLXML(int i, SQLXML x) throws SQLException {
        throw SqlExceptions.unsupported("SQLXML");
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
    public ParameterMetaData getParameterMetaData() throws SQLException {
        checkOpen();
        return new SluiceParameterMetaData(params.length);
    }

    @Override
    public String toString() {
        return "SluicePreparedStatement[" + parsed.sql() + "]";
    }
}
