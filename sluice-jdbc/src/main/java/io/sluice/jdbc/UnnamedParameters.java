package io.sluice.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;

/**
 * The {@link CallableStatement} methods that address a parameter by name: sluice-jdbc does not
 * support named parameters (the native drivers bind by position, and resolving names would need the
 * routine's catalog entry), so every one of them is refused with SQLSTATE 0A000.
 */
interface UnnamedParameters extends CallableStatement {
    private static SQLFeatureNotSupportedException named() {
        return SqlExceptions.unsupported("Addressing a CallableStatement parameter by name");
    }

    @Override
    default <T> T getObject(String name, Class<T> a) throws SQLException {
        throw named();
    }

    @Override
    default boolean getBoolean(String name) throws SQLException {
        throw named();
    }

    @Override
    default byte getByte(String name) throws SQLException {
        throw named();
    }

    @Override
    default byte[] getBytes(String name) throws SQLException {
        throw named();
    }

    @Override
    default double getDouble(String name) throws SQLException {
        throw named();
    }

    @Override
    default float getFloat(String name) throws SQLException {
        throw named();
    }

    @Override
    default int getInt(String name) throws SQLException {
        throw named();
    }

    @Override
    default Reader getCharacterStream(String name) throws SQLException {
        throw named();
    }

    @Override
    default Reader getNCharacterStream(String name) throws SQLException {
        throw named();
    }

    @Override
    default Object getObject(String name) throws SQLException {
        throw named();
    }

    @Override
    default Object getObject(String name, Map<String, Class<?>> a) throws SQLException {
        throw named();
    }

    @Override
    default String getNString(String name) throws SQLException {
        throw named();
    }

    @Override
    default String getString(String name) throws SQLException {
        throw named();
    }

    @Override
    default BigDecimal getBigDecimal(String name) throws SQLException {
        throw named();
    }

    @Override
    default URL getURL(String name) throws SQLException {
        throw named();
    }

    @Override
    default Array getArray(String name) throws SQLException {
        throw named();
    }

    @Override
    default Blob getBlob(String name) throws SQLException {
        throw named();
    }

    @Override
    default Clob getClob(String name) throws SQLException {
        throw named();
    }

    @Override
    default Date getDate(String name) throws SQLException {
        throw named();
    }

    @Override
    default Date getDate(String name, Calendar a) throws SQLException {
        throw named();
    }

    @Override
    default NClob getNClob(String name) throws SQLException {
        throw named();
    }

    @Override
    default Ref getRef(String name) throws SQLException {
        throw named();
    }

    @Override
    default RowId getRowId(String name) throws SQLException {
        throw named();
    }

    @Override
    default SQLXML getSQLXML(String name) throws SQLException {
        throw named();
    }

    @Override
    default Time getTime(String name) throws SQLException {
        throw named();
    }

    @Override
    default Time getTime(String name, Calendar a) throws SQLException {
        throw named();
    }

    @Override
    default Timestamp getTimestamp(String name) throws SQLException {
        throw named();
    }

    @Override
    default Timestamp getTimestamp(String name, Calendar a) throws SQLException {
        throw named();
    }

    @Override
    default long getLong(String name) throws SQLException {
        throw named();
    }

    @Override
    default short getShort(String name) throws SQLException {
        throw named();
    }

    @Override
    default void registerOutParameter(String name, int a) throws SQLException {
        throw named();
    }

    @Override
    default void registerOutParameter(String name, int a, int b) throws SQLException {
        throw named();
    }

    @Override
    default void registerOutParameter(String name, int a, String b) throws SQLException {
        throw named();
    }

    @Override
    default void setAsciiStream(String name, InputStream a) throws SQLException {
        throw named();
    }

    @Override
    default void setAsciiStream(String name, InputStream a, int b) throws SQLException {
        throw named();
    }

    @Override
    default void setAsciiStream(String name, InputStream a, long b) throws SQLException {
        throw named();
    }

    @Override
    default void setBigDecimal(String name, BigDecimal a) throws SQLException {
        throw named();
    }

    @Override
    default void setBinaryStream(String name, InputStream a) throws SQLException {
        throw named();
    }

    @Override
    default void setBinaryStream(String name, InputStream a, int b) throws SQLException {
        throw named();
    }

    @Override
    default void setBinaryStream(String name, InputStream a, long b) throws SQLException {
        throw named();
    }

    @Override
    default void setBlob(String name, InputStream a) throws SQLException {
        throw named();
    }

    @Override
    default void setBlob(String name, InputStream a, long b) throws SQLException {
        throw named();
    }

    @Override
    default void setBlob(String name, Blob a) throws SQLException {
        throw named();
    }

    @Override
    default void setBoolean(String name, boolean a) throws SQLException {
        throw named();
    }

    @Override
    default void setByte(String name, byte a) throws SQLException {
        throw named();
    }

    @Override
    default void setBytes(String name, byte[] a) throws SQLException {
        throw named();
    }

    @Override
    default void setCharacterStream(String name, Reader a) throws SQLException {
        throw named();
    }

    @Override
    default void setCharacterStream(String name, Reader a, int b) throws SQLException {
        throw named();
    }

    @Override
    default void setCharacterStream(String name, Reader a, long b) throws SQLException {
        throw named();
    }

    @Override
    default void setClob(String name, Reader a) throws SQLException {
        throw named();
    }

    @Override
    default void setClob(String name, Reader a, long b) throws SQLException {
        throw named();
    }

    @Override
    default void setClob(String name, Clob a) throws SQLException {
        throw named();
    }

    @Override
    default void setDate(String name, Date a) throws SQLException {
        throw named();
    }

    @Override
    default void setDate(String name, Date a, Calendar b) throws SQLException {
        throw named();
    }

    @Override
    default void setDouble(String name, double a) throws SQLException {
        throw named();
    }

    @Override
    default void setFloat(String name, float a) throws SQLException {
        throw named();
    }

    @Override
    default void setInt(String name, int a) throws SQLException {
        throw named();
    }

    @Override
    default void setLong(String name, long a) throws SQLException {
        throw named();
    }

    @Override
    default void setNCharacterStream(String name, Reader a) throws SQLException {
        throw named();
    }

    @Override
    default void setNCharacterStream(String name, Reader a, long b) throws SQLException {
        throw named();
    }

    @Override
    default void setNClob(String name, Reader a) throws SQLException {
        throw named();
    }

    @Override
    default void setNClob(String name, Reader a, long b) throws SQLException {
        throw named();
    }

    @Override
    default void setNClob(String name, NClob a) throws SQLException {
        throw named();
    }

    @Override
    default void setNString(String name, String a) throws SQLException {
        throw named();
    }

    @Override
    default void setNull(String name, int a) throws SQLException {
        throw named();
    }

    @Override
    default void setNull(String name, int a, String b) throws SQLException {
        throw named();
    }

    @Override
    default void setObject(String name, Object a) throws SQLException {
        throw named();
    }

    @Override
    default void setObject(String name, Object a, int b) throws SQLException {
        throw named();
    }

    @Override
    default void setObject(String name, Object a, int b, int c) throws SQLException {
        throw named();
    }

    @Override
    default void setRowId(String name, RowId a) throws SQLException {
        throw named();
    }

    @Override
    default void setSQLXML(String name, SQLXML a) throws SQLException {
        throw named();
    }

    @Override
    default void setShort(String name, short a) throws SQLException {
        throw named();
    }

    @Override
    default void setString(String name, String a) throws SQLException {
        throw named();
    }

    @Override
    default void setTime(String name, Time a) throws SQLException {
        throw named();
    }

    @Override
    default void setTime(String name, Time a, Calendar b) throws SQLException {
        throw named();
    }

    @Override
    default void setTimestamp(String name, Timestamp a) throws SQLException {
        throw named();
    }

    @Override
    default void setTimestamp(String name, Timestamp a, Calendar b) throws SQLException {
        throw named();
    }

    @Override
    default void setURL(String name, URL a) throws SQLException {
        throw named();
    }

    @Override
    default void registerOutParameter(String name, SQLType a) throws SQLException {
        throw named();
    }

    @Override
    default void registerOutParameter(String name, SQLType a, int b) throws SQLException {
        throw named();
    }

    @Override
    default void registerOutParameter(String name, SQLType a, String b) throws SQLException {
        throw named();
    }

    @Override
    default void setObject(String name, Object a, SQLType b) throws SQLException {
        throw named();
    }

    @Override
    default void setObject(String name, Object a, SQLType b, int c) throws SQLException {
        throw named();
    }
}
