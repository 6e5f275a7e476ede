package io.sluice.jdbc;

import io.sluice.Column;
import io.sluice.Row;
import io.sluice.RowStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows behind a result set: either live, read from the native stream as {@code next()} asks
 * (the row is a view valid until the next one, so getters allocate only what they return), or
 * detached into a list, which also allows scrolling. A live cursor holds its connection; the
 * connection {@link #detach()}es it before it runs anything else, so a result set stays readable
 * while the application runs other statements (as pgjdbc's fully read results do).
 */
final class RowCursor {
    private final List<Column> columns;
    private final long maxRows;
    private RowStream stream;
    private List<Row> rows;
    /** Position in {@link #rows}: -1 before the first row, rows.size() after the last. */
    private int index = -1;

    private Row current;
    private long read;
    private Runnable onRelease;
    /** The result set reading this cursor: it caches the current row, which {@link #detach()} replaces. */
    private CursorResultSet owner;

    private RowCursor(List<Column> columns, long maxRows) {
        this.columns = columns;
        this.maxRows = maxRows;
    }

    /** A live cursor over {@code stream}; {@code onRelease} runs once the stream no longer holds the connection. */
    static RowCursor live(RowStream stream, long maxRows, Runnable onRelease) {
        RowCursor c = new RowCursor(stream.columns(), maxRows);
        c.stream = stream;
        c.onRelease = onRelease;
        return c;
    }

    /** A cursor over rows already detached. */
    static RowCursor of(List<Column> columns, List<Row> rows) {
        RowCursor c = new RowCursor(columns, 0);
        c.rows = rows;
        return c;
    }

    void owner(CursorResultSet owner) {
        this.owner = owner;
    }

    List<Column> columns() {
        return columns;
    }

    Row current() {
        return current;
    }

    boolean isLive() {
        return stream != null;
    }

    boolean next() {
        if (stream != null) {
            if ((maxRows <= 0 || read < maxRows) && stream.hasNext()) {
                current = stream.next();
                read++;
                return true;
            }
            current = null;
            release();
            rows = List.of();
            index = 0;
            return false;
        }
        return moveTo(index + 1);
    }

    /** Moves to row {@code i} (0-based) of the detached rows; false (before first or after last) outside them. */
    boolean moveTo(int i) {
        index = Math.max(-1, Math.min(i, rows.size()));
        current = index >= 0 && index < rows.size() ? rows.get(index) : null;
        return current != null;
    }

    /** Reads the rest of a live cursor into memory and releases the connection; the current row stays current. */
    void detach() {
        if (stream == null) {
            return;
        }
        List<Row> rest = new ArrayList<>();
        if (current != null) {
            rest.add(current.detach());
        }
        while ((maxRows <= 0 || read < maxRows) && stream.hasNext()) {
            rest.add(stream.next().detach());
            read++;
        }
        release();
        rows = rest;
        index = current != null ? 0 : -1;
        current = current != null ? rest.get(0) : null;
        if (owner != null) {
            owner.currentReplaced(current);
        }
    }

    /** Detached rows (after {@link #detach()}); the position index. */
    int size() {
        return rows == null ? -1 : rows.size();
    }

    int index() {
        return index;
    }

    void close() {
        release();
        current = null;
        rows = List.of();
    }

    private void release() {
        if (stream != null) {
            RowStream s = stream;
            stream = null;
            try {
                s.close();
            } finally {
                onRelease.run();
            }
        }
    }
}
