package io.sluice.jdbc.metadata;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.ResultSetMetaData;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Locale;

/**
 * An in-memory, read-only, scroll-insensitive result over the rows a {@link java.sql.DatabaseMetaData} call
 * produced. Every value has the Java class its {@link MetaColumn} type fixes (String, Integer, Short, Long,
 * Boolean) or is null, checked when the result is built; the getters convert between those classes the way
 * JDBC drivers do ({@code getInt} on a SMALLINT, {@code getString} on an INTEGER, {@code getBoolean} on a
 * number), and throw {@link SQLDataException} (SQLSTATE 22018 or 22003) for a value that does not convert.
 *
 * <p>Not thread-safe, like any result set. Closing it only drops the rows.
 */
final class MetaResultSet extends LabelResultSet implements SelfWrapper {

    private final List<MetaColumn> columns;
    private final List<Object[]> rows;
    private int cursor = -1;
    private boolean wasNull;
    private boolean closed;
    private int fetchSize;

    /**
     * A result over {@code rows}; each row holds one value per column. Integral numbers are narrowed or widened
     * to the column's type (exactly: a value out of range is a bug and throws), booleans given as 0/1 numbers
     * become Booleans.
     *
     * @throws IllegalArgumentException if a row has the wrong width or a value cannot have its column's type
     */
    MetaResultSet(List<MetaColumn> columns, List<Object[]> rows) {
        this.columns = columns;
        this.rows = new ArrayList<>(rows.size());
        for (Object[] row : rows) {
            if (row.length != columns.size()) {
                throw new IllegalArgumentException(
                        "metadata row has " + row.length + " values, layout has " + columns.size());
            }
            Object[] copy = new Object[row.length];
            for (int i = 0; i < row.length; i++) {
                copy[i] = MetaValues.coerce(row[i], columns.get(i));
            }
            this.rows.add(copy);
        }
    }

    /** An empty result with {@code columns}. */
    static MetaResultSet empty(List<MetaColumn> columns) {
        return new MetaResultSet(columns, List.of());
    }

    /** The columns of this result, in order. */
    List<MetaColumn> columns() {
        return columns;
    }

    private Object value(int column) throws SQLException {
        checkOpen();
        if (cursor < 0 || cursor >= rows.size()) {
            throw new SQLException("result set is not on a row: row=" + getRow(), "24000");
        }
        if (column < 1 || column > columns.size()) {
            throw new SQLException(
                    "column index out of range: index=" + column + ", columns=" + columns.size(), "07009");
        }
        Object value = rows.get(cursor)[column - 1];
        wasNull = value == null;
        return value;
    }

    private void checkOpen() throws SQLException {
        if (closed) {
            throw new SQLException("result set is closed", "24000");
        }
    }

    // ---- navigation: the rows are in memory, so every move is an index change

    @Override
    public boolean next() throws SQLException {
        checkOpen();
        if (cursor < rows.size()) {
            cursor++;
        }
        return cursor < rows.size();
    }

    @Override
    public boolean previous() throws SQLException {
        checkOpen();
        if (cursor >= 0) {
            cursor--;
        }
        return cursor >= 0;
    }

    @Override
    public boolean absolute(int row) throws SQLException {
        checkOpen();
        int target = row >= 0 ? row - 1 : rows.size() + row;
        cursor = Math.max(-1, Math.min(rows.size(), target));
        return cursor >= 0 && cursor < rows.size();
    }

    @Override
    public boolean relative(int rows) throws SQLException {
        checkOpen();
        if (cursor < 0 || cursor >= this.rows.size()) {
            throw new SQLException("relative move without a current row", "24000");
        }
        cursor = Math.max(-1, Math.min(this.rows.size(), cursor + rows));
        return cursor >= 0 && cursor < this.rows.size();
    }

    @Override
    public void beforeFirst() throws SQLException {
        checkOpen();
        cursor = -1;
    }

    @Override
    public void afterLast() throws SQLException {
        checkOpen();
        cursor = rows.size();
    }

    @Override
    public boolean first() throws SQLException {
        return absolute(1);
    }

    @Override
    public boolean last() throws SQLException {
        return absolute(-1);
    }

    @Override
    public boolean isBeforeFirst() throws SQLException {
        checkOpen();
        return cursor < 0 && !rows.isEmpty();
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        checkOpen();
        return cursor >= rows.size() && !rows.isEmpty();
    }

    @Override
    public boolean isFirst() throws SQLException {
        checkOpen();
        return cursor == 0 && !rows.isEmpty();
    }

    @Override
    public boolean isLast() throws SQLException {
        checkOpen();
        return cursor == rows.size() - 1 && !rows.isEmpty();
    }

    @Override
    public int getRow() throws SQLException {
        checkOpen();
        return cursor >= 0 && cursor < rows.size() ? cursor + 1 : 0;
    }

    @Override
    public int getType() throws SQLException {
        return TYPE_SCROLL_INSENSITIVE;
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        if (direction != FETCH_FORWARD && direction != FETCH_REVERSE && direction != FETCH_UNKNOWN) {
            throw new SQLException("invalid fetch direction: direction=" + direction, "HY024");
        }
    }

    @Override
    public int getFetchDirection() throws SQLException {
        return FETCH_FORWARD;
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        if (rows < 0) {
            throw new SQLException("fetch size must not be negative: rows=" + rows, "HY024");
        }
        fetchSize = rows;
    }

    @Override
    public int getFetchSize() throws SQLException {
        return fetchSize;
    }

    @Override
    public int getHoldability() throws SQLException {
        return HOLD_CURSORS_OVER_COMMIT;
    }

    // ---- columns and values

    @Override
    public int findColumn(String label) throws SQLException {
        checkOpen();
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equalsIgnoreCase(label)) {
                return i + 1;
            }
        }
        throw new SQLException("no such column: label=" + label, "42703");
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        return new MetaResultSetMetaData(columns);
    }

    @Override
    public boolean wasNull() throws SQLException {
        checkOpen();
        return wasNull;
    }

    @Override
    public String getString(int column) throws SQLException {
        Object value = value(column);
        return value == null ? null : value.toString();
    }

    @Override
    public String getNString(int column) throws SQLException {
        return getString(column);
    }

    @Override
    public boolean getBoolean(int column) throws SQLException {
        return MetaValues.toBoolean(value(column));
    }

    @Override
    public byte getByte(int column) throws SQLException {
        return (byte) MetaValues.toLong(value(column), Byte.MIN_VALUE, Byte.MAX_VALUE);
    }

    @Override
    public short getShort(int column) throws SQLException {
        return (short) MetaValues.toLong(value(column), Short.MIN_VALUE, Short.MAX_VALUE);
    }

    @Override
    public int getInt(int column) throws SQLException {
        return (int) MetaValues.toLong(value(column), Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    @Override
    public long getLong(int column) throws SQLException {
        return MetaValues.toLong(value(column), Long.MIN_VALUE, Long.MAX_VALUE);
    }

    @Override
    public float getFloat(int column) throws SQLException {
        return (float) getDouble(column);
    }

    @Override
    public double getDouble(int column) throws SQLException {
        BigDecimal decimal = getBigDecimal(column);
        return decimal == null ? 0 : decimal.doubleValue();
    }

    @Override
    public BigDecimal getBigDecimal(int column) throws SQLException {
        return MetaValues.toBigDecimal(value(column));
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(int column, int scale) throws SQLException {
        BigDecimal decimal = getBigDecimal(column);
        return decimal == null ? null : decimal.setScale(scale, RoundingMode.HALF_UP);
    }

    @Override
    public byte[] getBytes(int column) throws SQLException {
        String text = getString(column);
        return text == null ? null : text.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Date getDate(int column) throws SQLException {
        return noTemporal(column, "DATE");
    }

    @Override
    public Date getDate(int column, Calendar calendar) throws SQLException {
        return noTemporal(column, "DATE");
    }

    @Override
    public Time getTime(int column) throws SQLException {
        return noTemporal(column, "TIME");
    }

    @Override
    public Time getTime(int column, Calendar calendar) throws SQLException {
        return noTemporal(column, "TIME");
    }

    @Override
    public Timestamp getTimestamp(int column) throws SQLException {
        return noTemporal(column, "TIMESTAMP");
    }

    @Override
    public Timestamp getTimestamp(int column, Calendar calendar) throws SQLException {
        return noTemporal(column, "TIMESTAMP");
    }

    /** No metadata column holds a date or time: null stays null, anything else does not convert. */
    private <T> T noTemporal(int column, String target) throws SQLException {
        Object value = value(column);
        if (value == null) {
            return null;
        }
        throw MetaValues.cannotConvert(value, target);
    }

    @Override
    public Object getObject(int column) throws SQLException {
        return value(column);
    }

    @Override
    public <T> T getObject(int column, Class<T> type) throws SQLException {
        if (type == null) {
            throw new SQLException("type must not be null", "HY009");
        }
        Object value = value(column);
        if (value == null) {
            return null;
        }
        if (type.isInstance(value)) {
            return type.cast(value);
        }
        Object converted;
        if (type == String.class) {
            converted = value.toString();
        } else if (type == Integer.class) {
            converted = getInt(column);
        } else if (type == Long.class) {
            converted = getLong(column);
        } else if (type == Short.class) {
            converted = getShort(column);
        } else if (type == Byte.class) {
            converted = getByte(column);
        } else if (type == Boolean.class) {
            converted = getBoolean(column);
        } else if (type == BigDecimal.class) {
            converted = getBigDecimal(column);
        } else if (type == Double.class) {
            converted = getDouble(column);
        } else if (type == Float.class) {
            converted = getFloat(column);
        } else {
            throw MetaValues.cannotConvert(value, type.getSimpleName().toUpperCase(Locale.ROOT));
        }
        return type.cast(converted);
    }

    // ---- life cycle

    @Override
    public Statement getStatement() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
    }

    @Override
    public void close() {
        closed = true;
        rows.clear();
    }

    @Override
    public boolean isClosed() {
        return closed;
    }
}
