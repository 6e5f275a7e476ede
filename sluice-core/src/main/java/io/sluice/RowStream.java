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
    @Override
    void close();
}
