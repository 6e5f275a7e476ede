package io.sluice.jdbc;

import io.sluice.Column;
import io.sluice.ColumnType;
import io.sluice.Row;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.List;

/**
 * The position half of Sluice's result set: the {@link RowCursor} it walks, the current row and its
 * number, forward and scroll-insensitive moves, open/closed state, fetch settings, and the statement
 * and metadata it answers with. {@link SluiceResultSet} reads the current row's values.
 */
abstract class CursorResultSet extends DerivedResultSet {
    private final SluiceStatement statement;
    private final RowCursor cursor;
    private final int type;
    private final int columnCount;
    /**
     * The current row, or null before the first and after the last. Only this class assigns it; the
     * getters of {@link SluiceResultSet} read it after {@link #col} checked it is set.
     */
    Row row;

    private boolean closed;
    private int rowNumber;
    private int fetchSize;
    private SluiceResultSetMetaData metaData;

    CursorResultSet(SluiceStatement statement, RowCursor cursor, int type) {
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

    final void checkOpen() throws SQLException {
        if (closed) {
            throw SqlExceptions.closed("result set");
        }
    }

    /** The 0-based native index of a JDBC column, checking that a row is current. */
    final int col(int columnIndex) throws SQLException {
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

    // Scrolling: a scroll-insensitive result set is detached (read into memory) when it is opened.

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
