package io.sluice.jdbc.metadata;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;

/**
 * The by-label half of a metadata {@link java.sql.ResultSet}: every getter taking a column label resolves it with
 * {@link #findColumn} (case-insensitive) and reads by index. Getters for value kinds no metadata column holds
 * (streams, LOBs, arrays, refs, row ids, XML, URLs, custom type maps) throw
 * {@link SQLFeatureNotSupportedException}, and so does {@link #getCursorName()}.
 */
abstract class LabelResultSet extends ReadOnlyResultSet {

    @Override
    protected final SQLFeatureNotSupportedException readOnly() {
        return new SQLFeatureNotSupportedException("metadata result sets are read-only", "0A000");
    }

    /** The exception a getter for a value kind no metadata column holds throws. */
    static SQLFeatureNotSupportedException unsupported(String method) {
        return new SQLFeatureNotSupportedException("not supported by metadata result sets: method=" + method, "0A000");
    }

    @Override
    public final String getCursorName() throws SQLException {
        throw unsupported("getCursorName");
    }

    @Override
    public final Array getArray(int column) throws SQLException {
        throw unsupported("getArray");
    }

    @Override
    public final InputStream getAsciiStream(int column) throws SQLException {
        throw unsupported("getAsciiStream");
    }

    @Override
    public final InputStream getBinaryStream(int column) throws SQLException {
        throw unsupported("getBinaryStream");
    }

    @Override
    public final Blob getBlob(int column) throws SQLException {
        throw unsupported("getBlob");
    }

    @Override
    public final Reader getCharacterStream(int column) throws SQLException {
        throw unsupported("getCharacterStream");
    }

    @Override
    public final Clob getClob(int column) throws SQLException {
        throw unsupported("getClob");
    }

    @Override
    public final Reader getNCharacterStream(int column) throws SQLException {
        throw unsupported("getNCharacterStream");
    }

    @Override
    public final NClob getNClob(int column) throws SQLException {
        throw unsupported("getNClob");
    }

    @Override
    public final Object getObject(int column, Map<String, Class<?>> typeMap) throws SQLException {
        throw unsupported("getObject");
    }

    @Override
    public final Ref getRef(int column) throws SQLException {
        throw unsupported("getRef");
    }

    @Override
    public final RowId getRowId(int column) throws SQLException {
        throw unsupported("getRowId");
    }

    @Override
    public final SQLXML getSQLXML(int column) throws SQLException {
        throw unsupported("getSQLXML");
    }

    @Override
    public final URL getURL(int column) throws SQLException {
        throw unsupported("getURL");
    }

    @Override
    @Deprecated
    public final InputStream getUnicodeStream(int column) throws SQLException {
        throw unsupported("getUnicodeStream");
    }

    @Override
    public final Array getArray(String label) throws SQLException {
        throw unsupported("getArray");
    }

    @Override
    public final InputStream getAsciiStream(String label) throws SQLException {
        throw unsupported("getAsciiStream");
    }

    @Override
    public final InputStream getBinaryStream(String label) throws SQLException {
        throw unsupported("getBinaryStream");
    }

    @Override
    public final Blob getBlob(String label) throws SQLException {
        throw unsupported("getBlob");
    }

    @Override
    public final Reader getCharacterStream(String label) throws SQLException {
        throw unsupported("getCharacterStream");
    }

    @Override
    public final Clob getClob(String label) throws SQLException {
        throw unsupported("getClob");
    }

    @Override
    public final Reader getNCharacterStream(String label) throws SQLException {
        throw unsupported("getNCharacterStream");
    }

    @Override
    public final NClob getNClob(String label) throws SQLException {
        throw unsupported("getNClob");
    }

    @Override
    public final Ref getRef(String label) throws SQLException {
        throw unsupported("getRef");
    }

    @Override
    public final RowId getRowId(String label) throws SQLException {
        throw unsupported("getRowId");
    }

    @Override
    public final SQLXML getSQLXML(String label) throws SQLException {
        throw unsupported("getSQLXML");
    }

    @Override
    public final URL getURL(String label) throws SQLException {
        throw unsupported("getURL");
    }

    @Override
    @Deprecated
    public final InputStream getUnicodeStream(String label) throws SQLException {
        throw unsupported("getUnicodeStream");
    }

    @Override
    public final Object getObject(String label, Map<String, Class<?>> typeMap) throws SQLException {
        throw unsupported("getObject(String, Map)");
    }

    @Override
    @Deprecated
    public final BigDecimal getBigDecimal(String label, int x) throws SQLException {
        return getBigDecimal(findColumn(label), x);
    }

    @Override
    public final BigDecimal getBigDecimal(String label) throws SQLException {
        return getBigDecimal(findColumn(label));
    }

    @Override
    public final boolean getBoolean(String label) throws SQLException {
        return getBoolean(findColumn(label));
    }

    @Override
    public final byte getByte(String label) throws SQLException {
        return getByte(findColumn(label));
    }

    @Override
    public final byte[] getBytes(String label) throws SQLException {
        return getBytes(findColumn(label));
    }

    @Override
    public final Date getDate(String label, Calendar calendar) throws SQLException {
        return getDate(findColumn(label), calendar);
    }

    @Override
    public final Date getDate(String label) throws SQLException {
        return getDate(findColumn(label));
    }

    @Override
    public final double getDouble(String label) throws SQLException {
        return getDouble(findColumn(label));
    }

    @Override
    public final float getFloat(String label) throws SQLException {
        return getFloat(findColumn(label));
    }

    @Override
    public final int getInt(String label) throws SQLException {
        return getInt(findColumn(label));
    }

    @Override
    public final long getLong(String label) throws SQLException {
        return getLong(findColumn(label));
    }

    @Override
    public final String getNString(String label) throws SQLException {
        return getNString(findColumn(label));
    }

    @Override
    public final <T> T getObject(String label, Class<T> type) throws SQLException {
        return getObject(findColumn(label), type);
    }

    @Override
    public final Object getObject(String label) throws SQLException {
        return getObject(findColumn(label));
    }

    @Override
    public final short getShort(String label) throws SQLException {
        return getShort(findColumn(label));
    }

    @Override
    public final String getString(String label) throws SQLException {
        return getString(findColumn(label));
    }

    @Override
    public final Time getTime(String label, Calendar calendar) throws SQLException {
        return getTime(findColumn(label), calendar);
    }

    @Override
    public final Time getTime(String label) throws SQLException {
        return getTime(findColumn(label));
    }

    @Override
    public final Timestamp getTimestamp(String label, Calendar calendar) throws SQLException {
        return getTimestamp(findColumn(label), calendar);
    }

    @Override
    public final Timestamp getTimestamp(String label) throws SQLException {
        return getTimestamp(findColumn(label));
    }
}
