package io.sluice.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Arrays;
import java.util.Calendar;

/**
 * The parameter half of {@link SluicePreparedStatement}: the values bound so far and which are set.
 * Each {@code setXxx} turns its JDBC value into the Java value the native drivers bind (see
 * {@link Parameters}) and stores it with {@link #bind}; nothing is sent until the statement runs.
 */
abstract sealed class PreparedParameters extends SluiceStatement implements PreparedStatement
        permits SluicePreparedStatement {
    private final Object[] params;
    private final boolean[] set;

    PreparedParameters(SluiceConnection connection, int resultSetType, int parameterCount) {
        super(connection, resultSetType);
        this.params = new Object[parameterCount];
        this.set = new boolean[parameterCount];
    }

    /** The parameter values, each one set: the array itself, not a copy. */
    final Object[] boundParams() throws SQLException {
        for (int i = 0; i < set.length; i++) {
            if (!set[i]) {
                throw new SQLException("no value specified for parameter " + (i + 1), "07001");
            }
        }
        return params;
    }

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

    @Override
    public ParameterMetaData getParameterMetaData() throws SQLException {
        checkOpen();
        return new SluiceParameterMetaData(params.length);
    }
}
