package io.sluice.jdbc;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Map;

/**
 * The result set getters answered from other getters or with a fixed answer: streams and readers over
 * {@link #getString(int)} and {@link #getBytes(int)}, URLs, the calendar-less date/time getters, the
 * value kinds sluice-jdbc does not hand out (LOBs, refs, row ids, SQLXML, named cursors), and the fixed
 * fetch direction and holdability.
 */
abstract class DerivedResultSet extends LabelledResultSet {
    @Override
    @Deprecated
    public BigDecimal getBigDecimal(int columnIndex, int scale) throws SQLException {
        BigDecimal v = getBigDecimal(columnIndex);
        return v == null ? null : v.setScale(scale, RoundingMode.HALF_UP);
    }

    @Override
    public Date getDate(int columnIndex) throws SQLException {
        return getDate(columnIndex, null);
    }

    @Override
    public Time getTime(int columnIndex) throws SQLException {
        return getTime(columnIndex, null);
    }

    @Override
    public Timestamp getTimestamp(int columnIndex) throws SQLException {
        return getTimestamp(columnIndex, null);
    }

    @Override
    public Object getObject(int columnIndex, Map<String, Class<?>> map) throws SQLException {
        return getObject(columnIndex);
    }

    @Override
    public InputStream getAsciiStream(int columnIndex) throws SQLException {
        String s = getString(columnIndex);
        return s == null ? null : new ByteArrayInputStream(s.getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    @Deprecated
    public InputStream getUnicodeStream(int columnIndex) throws SQLException {
        String s = getString(columnIndex);
        return s == null ? null : new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public InputStream getBinaryStream(int columnIndex) throws SQLException {
        byte[] b = getBytes(columnIndex);
        return b == null ? null : new ByteArrayInputStream(b);
    }

    @Override
    public Reader getCharacterStream(int columnIndex) throws SQLException {
        String s = getString(columnIndex);
        return s == null ? null : new StringReader(s);
    }

    @Override
    public Reader getNCharacterStream(int columnIndex) throws SQLException {
        return getCharacterStream(columnIndex);
    }

    @Override
    public String getNString(int columnIndex) throws SQLException {
        return getString(columnIndex);
    }

    @Override
    public URL getURL(int columnIndex) throws SQLException {
        String s = getString(columnIndex);
        try {
            return s == null ? null : URI.create(s).toURL();
        } catch (MalformedURLException | IllegalArgumentException e) {
            throw new SQLException("bad URL: column=" + columnIndex + ", value=" + s, "22000", e);
        }
    }

    @Override
    public Ref getRef(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("Ref");
    }

    @Override
    public Blob getBlob(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("Blob (read bytea/BLOB columns with getBytes or getBinaryStream)");
    }

    @Override
    public Clob getClob(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("Clob (read text columns with getString or getCharacterStream)");
    }

    @Override
    public NClob getNClob(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("NClob");
    }

    @Override
    public SQLXML getSQLXML(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("SQLXML");
    }

    @Override
    public RowId getRowId(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("RowId");
    }

    @Override
    public int getFetchDirection() {
        return FETCH_FORWARD;
    }

    @Override
    public int getHoldability() {
        return HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public String getCursorName() throws SQLException {
        throw SqlExceptions.unsupported("named cursors (positioned UPDATE ... WHERE CURRENT OF)");
    }
}
