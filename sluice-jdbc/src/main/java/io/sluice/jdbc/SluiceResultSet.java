package io.sluice.jdbc;

import io.sluice.Column;
import io.sluice.ColumnType;
import io.sluice.Row;
import io.sluice.jdbc.metadata.SelfWrapper;
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
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZonedDateTime;
import java.util.Calendar;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A forward-only (or, when asked for, scroll-insensitive) read-only result set over native rows.
 * Each getter reads the native row's value directly (JDBC columns are 1-based, native ones 0-based):
 * no per-row object beyond what the getter returns. Conversions the native row does not make are in
 * {@link Conversions}.
 */
final class SluiceResultSet extends LabelledResultSet implements SelfWrapper {
    private final SluiceStatement statement;
    private final RowCursor cursor;
    private final int type;
    private final int columnCount;
    private Row row;
    private boolean wasNull;
    private boolean closed;
    private int rowNumber;
    private int fetchSize;
    private SluiceResultSetMetaData metaData;

    SluiceResultSet(SluiceStatement statement, RowCursor cursor, int type) {
        this.statement = statement;
        this.cursor = cursor;
        this.type = type;
        this.columnCount = cursor.columns().size();
        cursor.owner(this);
    }

    /** The cursor detached its rows: the current row is now the detached copy. */
    void currentReplaced(Row current) {
        row = current;
    }

    RowCursor cursor() {
        return cursor;
    }

    // ---- navigation ----

    @Override
    public boolean next() throws SQLException {
        checkOpen();
        try {
            boolean more = cursor.next();
            row = cursor.current();
            rowNumber = more ? rowNumber + 1 : 0;
            return more;
        } catch (RuntimeException e) {
            row = null;
            throw SqlExceptions.translate(e);
        }
    }

    @Override
    public void close() throws SQLException {
        if (!closed) {
            closed = true;
            row = null;
            try {
                cursor.close();
            } catch (RuntimeException e) {
                throw SqlExceptions.translate(e);
            } finally {
                if (statement != null) {
                    statement.resultSetClosed(this);
                }
            }
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    private void checkOpen() throws SQLException {
        if (closed) {
            throw SqlExceptions.closed("result set");
        }
    }

    /** The 0-based native index of a JDBC column, checking that a row is current. */
    private int col(int columnIndex) throws SQLException {
        if (row == null) {
            checkOpen();
            throw new SQLException("no current row: call next() first (or the result set is past its end)", "24000");
        }
        if (columnIndex < 1 || columnIndex > columnCount) {
            throw new SQLException(
                    "column index out of range: index=" + columnIndex + ", columns=" + columnCount, "22023");
        }
        return columnIndex - 1;
    }

    @Override
    public boolean wasNull() {
        return wasNull;
    }

    private boolean isNull(int c) {
        return wasNull = row.isNull(c);
    }

    // ---- getters ----

    @Override
    public String getString(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return null;
        }
        try {
            return row.getString(c);
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    @Override
    public boolean getBoolean(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return false;
        }
        try {
            return row.getBoolean(c);
        } catch (RuntimeException e) {
            return Conversions.bool(row, c, e);
        }
    }

    @Override
    public byte getByte(int columnIndex) throws SQLException {
        return (byte) integral(columnIndex, Byte.MIN_VALUE, Byte.MAX_VALUE);
    }

    @Override
    public short getShort(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return 0;
        }
        try {
            return row.getShort(c);
        } catch (RuntimeException e) {
            return (short)
                    Conversions.exact(Conversions.number(row, c, e), Short.MIN_VALUE, Short.MAX_VALUE, row.column(c));
        }
    }

    @Override
    public int getInt(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return 0;
        }
        try {
            return row.getInt(c);
        } catch (RuntimeException e) {
            return (int) Conversions.exact(
                    Conversions.number(row, c, e), Integer.MIN_VALUE, Integer.MAX_VALUE, row.column(c));
        }
    }

    @Override
    public long getLong(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return 0;
        }
        try {
            return row.getLong(c);
        } catch (RuntimeException e) {
            return Conversions.exact(Conversions.number(row, c, e), Long.MIN_VALUE, Long.MAX_VALUE, row.column(c));
        }
    }

    private long integral(int columnIndex, long min, long max) throws SQLException {
        long v = getLong(columnIndex);
        if (v < min || v > max) {
            throw new java.sql.SQLDataException("value out of range: column=" + columnIndex + ", value=" + v, "22003");
        }
        return v;
    }

    @Override
    public float getFloat(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return 0;
        }
        try {
            return row.getFloat(c);
        } catch (RuntimeException e) {
            return Conversions.number(row, c, e).floatValue();
        }
    }

    @Override
    public double getDouble(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return 0;
        }
        try {
            return row.getDouble(c);
        } catch (RuntimeException e) {
            return Conversions.number(row, c, e).doubleValue();
        }
    }

    @Override
    public BigDecimal getBigDecimal(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return null;
        }
        try {
            return row.getBigDecimal(c);
        } catch (RuntimeException e) {
            return Conversions.number(row, c, e);
        }
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(int columnIndex, int scale) throws SQLException {
        BigDecimal v = getBigDecimal(columnIndex);
        return v == null ? null : v.setScale(scale, RoundingMode.HALF_UP);
    }

    /**
     * The bytes of a binary or text column. Other types are refused: pgjdbc hands out its wire bytes,
     * which differ between its text and binary paths, and MariaDB Connector/J refuses them too.
     */
    @Override
    public byte[] getBytes(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return null;
        }
        switch (row.column(c).type()) {
            case BYTES, TEXT, JSON, OTHER -> {
                // readable as bytes
            }
            default ->
                throw new java.sql.SQLDataException(
                        "a " + row.column(c).nativeType() + " column cannot be read as bytes: column="
                                + row.column(c).name(),
                        "22018");
        }
        try {
            return row.getBytes(c);
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    @Override
    public Date getDate(int columnIndex) throws SQLException {
        return getDate(columnIndex, null);
    }

    @Override
    public Date getDate(int columnIndex, Calendar cal) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return null;
        }
        try {
            return Conversions.date(row, c, cal);
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    @Override
    public Time getTime(int columnIndex) throws SQLException {
        return getTime(columnIndex, null);
    }

    @Override
    public Time getTime(int columnIndex, Calendar cal) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return null;
        }
        try {
            return Conversions.time(row, c, cal);
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    @Override
    public Timestamp getTimestamp(int columnIndex) throws SQLException {
        return getTimestamp(columnIndex, null);
    }

    @Override
    public Timestamp getTimestamp(int columnIndex, Calendar cal) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return null;
        }
        try {
            return Conversions.timestamp(row, c, cal);
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    @Override
    public Object getObject(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return null;
        }
        try {
            return switch (JdbcTypes.type(row.column(c))) {
                case SMALLINT -> (int) row.getShort(c);
                case DATE -> Date.valueOf(row.getLocalDate(c));
                case TIME, TIME_TZ -> Conversions.time(row, c, null);
                case TIMESTAMP, TIMESTAMP_TZ -> Conversions.timestamp(row, c, null);
                case ARRAY -> new SluiceArray(row.column(c), row.getList(c, Object.class));
                case JSON, INTERVAL -> row.getString(c);
                default -> jdbcObject(c);
            };
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    /**
     * The native value, except for the native API's own value types (ranges, bit strings, network
     * prefixes), which JDBC code cannot know: those read as their server text, as pgjdbc's
     * {@code PGobject} holds them ({@code getObject(i, Range.class)} still gives the typed value).
     */
    private Object jdbcObject(int c) {
        Object value = row.getObject(c);
        return value != null && value.getClass().getPackageName().equals("io.sluice.types") ? row.getString(c) : value;
    }

    @Override
    public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
        int c = col(columnIndex);
        if (type == null) {
            throw new SQLException("type must not be null", "22023");
        }
        if (isNull(c)) {
            return null;
        }
        try {
            return type.cast(typed(c, type));
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
    }

    /** The value of a non-null column as {@code type}: java.time first (the common case of modern code). */
    private Object typed(int c, Class<?> type) throws SQLException {
        if (type == LocalDate.class) {
            return row.getLocalDate(c);
        } else if (type == LocalTime.class) {
            return row.getLocalTime(c);
        } else if (type == LocalDateTime.class) {
            return row.getLocalDateTime(c);
        } else if (type == OffsetDateTime.class) {
            return Conversions.offsetDateTime(row, c);
        } else if (type == String.class) {
            return row.getString(c);
        } else if (type == Integer.class) {
            return getInt(c + 1);
        } else if (type == Long.class) {
            return getLong(c + 1);
        } else if (type == BigDecimal.class) {
            return getBigDecimal(c + 1);
        } else if (type == Boolean.class) {
            return getBoolean(c + 1);
        } else if (type == Short.class) {
            return getShort(c + 1);
        } else if (type == Byte.class) {
            return getByte(c + 1);
        } else if (type == Double.class) {
            return getDouble(c + 1);
        } else if (type == Float.class) {
            return getFloat(c + 1);
        } else if (type == Instant.class) {
            return row.getInstant(c);
        } else if (type == OffsetTime.class) {
            return row.getOffsetTime(c);
        } else if (type == ZonedDateTime.class) {
            return Conversions.offsetDateTime(row, c).toZonedDateTime();
        } else if (type == UUID.class) {
            return row.getUuid(c);
        } else if (type == byte[].class) {
            return row.getBytes(c);
        } else if (type == Date.class) {
            return getDate(c + 1);
        } else if (type == Time.class) {
            return getTime(c + 1);
        } else if (type == Timestamp.class) {
            return getTimestamp(c + 1);
        } else if (type == Array.class) {
            return getArray(c + 1);
        } else if (type == Object.class) {
            return getObject(c + 1);
        }
        return row.get(c, type);
    }

    @Override
    public Object getObject(int columnIndex, Map<String, Class<?>> map) throws SQLException {
        return getObject(columnIndex);
    }

    @Override
    public Array getArray(int columnIndex) throws SQLException {
        int c = col(columnIndex);
        if (isNull(c)) {
            return null;
        }
        try {
            return new SluiceArray(row.column(c), row.getList(c, Object.class));
        } catch (RuntimeException e) {
            throw SqlExceptions.translate(e);
        }
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

    // ---- by label ----

    @Override
    public int findColumn(String columnLabel) throws SQLException {
        checkOpen();
        List<Column> columns = cursor.columns();
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equalsIgnoreCase(columnLabel)) {
                return i + 1;
            }
        }
        throw new SQLException(
                "no such column: label=" + columnLabel + ", columns="
                        + columns.stream().map(Column::name).toList(),
                "42703");
    }

    // ---- scrolling (scroll-insensitive result sets are detached when opened) ----

    private void checkScrollable() throws SQLException {
        checkOpen();
        if (type == TYPE_FORWARD_ONLY) {
            throw new SQLException(
                    "the result set is TYPE_FORWARD_ONLY: ask for TYPE_SCROLL_INSENSITIVE when creating the statement",
                    "24000");
        }
    }

    private boolean moveTo(int index) {
        boolean on = cursor.moveTo(index);
        row = cursor.current();
        rowNumber = on ? cursor.index() + 1 : 0;
        return on;
    }

    @Override
    public boolean isBeforeFirst() throws SQLException {
        checkOpen();
        return cursor.isLive()
                ? rowNumber == 0 && row == null && cursor.size() != 0
                : cursor.index() < 0 && cursor.size() > 0;
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        checkOpen();
        return !cursor.isLive() && cursor.size() > 0 && cursor.index() >= cursor.size();
    }

    @Override
    public boolean isFirst() throws SQLException {
        checkOpen();
        return row != null && rowNumber == 1;
    }

    @Override
    public boolean isLast() throws SQLException {
        checkOpen();
        if (row == null) {
            return false;
        }
        if (cursor.isLive()) {
            cursor.detach(); // the only way to know is to look ahead
        }
        return cursor.index() == cursor.size() - 1;
    }

    @Override
    public void beforeFirst() throws SQLException {
        checkScrollable();
        moveTo(-1);
    }

    @Override
    public void afterLast() throws SQLException {
        checkScrollable();
        moveTo(Integer.MAX_VALUE);
    }

    @Override
    public boolean first() throws SQLException {
        checkScrollable();
        return moveTo(0);
    }

    @Override
    public boolean last() throws SQLException {
        checkScrollable();
        return moveTo(cursor.size() - 1);
    }

    @Override
    public int getRow() throws SQLException {
        checkOpen();
        return row == null ? 0 : rowNumber;
    }

    @Override
    public boolean absolute(int r) throws SQLException {
        checkScrollable();
        return moveTo(r >= 0 ? r - 1 : cursor.size() + r);
    }

    @Override
    public boolean relative(int rows) throws SQLException {
        checkScrollable();
        return moveTo(cursor.index() + rows);
    }

    @Override
    public boolean previous() throws SQLException {
        checkScrollable();
        return moveTo(cursor.index() - 1);
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        if (direction != FETCH_FORWARD && type == TYPE_FORWARD_ONLY) {
            throw new SQLException("a TYPE_FORWARD_ONLY result set fetches forward only", "24000");
        }
    }

    @Override
    public int getFetchDirection() {
        return FETCH_FORWARD;
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        checkOpen();
        if (rows < 0) {
            throw new SQLException("fetch size must be >= 0: rows=" + rows, "22023");
        }
        fetchSize = rows; // the native stream's batch size is fixed when the statement runs
    }

    @Override
    public int getFetchSize() {
        return fetchSize;
    }

    @Override
    public int getType() {
        return type;
    }

    @Override
    public int getHoldability() {
        return HOLD_CURSORS_OVER_COMMIT;
    }

    // ---- the rest ----

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        if (metaData == null) {
            metaData = new SluiceResultSetMetaData(cursor.columns(), statement == null ? null : statement.connection);
        }
        return metaData;
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public void clearWarnings() {
        // no warnings of its own: the server's notices go to the statement
    }

    @Override
    public String getCursorName() throws SQLException {
        throw SqlExceptions.unsupported("named cursors (positioned UPDATE ... WHERE CURRENT OF)");
    }

    @Override
    public Statement getStatement() {
        return statement;
    }

    @Override
    public String toString() {
        return "SluiceResultSet[columns=" + columnCount + ", row=" + rowNumber + (closed ? ", closed" : "") + "]";
    }

    /** A column's type, for the statement's getGeneratedKeys and the tests. */
    ColumnType columnType(int columnIndex) {
        return cursor.columns().get(columnIndex - 1).type();
    }
}
