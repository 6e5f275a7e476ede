package io.sluice;

import java.util.Iterator;
import java.util.List;

/**
 * Rows of a result read as they arrive, with bounded buffering. The {@link Row} returned by
 * {@link #next()} is valid until the next call to {@code next()} or {@code close()}.
 *
 * <p>Close it (try-with-resources) even when not read to the end: closing discards the rest of the
 * result and frees the connection for other requests.
 */
public interface RowStream extends Iterator<Row>, AutoCloseable {

    /** The result's columns. */
    List<Column> columns();

    /** Discards unread rows and releases the connection. Idempotent. */
    /**
     * The number of rows the statement affected (INSERT, UPDATE, DELETE...), known once the stream has
     * ended ({@link #hasNext()} returned false); -1 before that, or if the driver does not report it.
     * A statement that returns no columns is not a query: its stream has no rows and this count.
     */
    default long affectedRows() {
        return -1;
    }

    @Override
    void close();
}
