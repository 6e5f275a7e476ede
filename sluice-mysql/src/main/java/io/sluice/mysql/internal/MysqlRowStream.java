package io.sluice.mysql.internal;

import io.sluice.Column;
import io.sluice.Row;
import io.sluice.RowStream;
import io.sluice.spi.TimeoutToken;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * Rows read from the socket as the caller asks for them: memory stays bounded by the reader's
 * buffer, whatever the result's size, because the server is held back by TCP flow control. Holds
 * the connection's lock from creation until exhausted or closed; closing early drains the rest.
 */
final class MysqlRowStream implements RowStream {
    private final MysqlConnection connection;
    private final ResultCursor cursor;
    private final TimeoutToken timer;
    private boolean ready;
    private boolean finished;

    MysqlRowStream(MysqlConnection connection, ResultCursor cursor, TimeoutToken timer) {
        this.connection = connection;
        this.cursor = cursor;
        this.timer = timer;
    }

    @Override
    public List<Column> columns() {
        return cursor.columns();
    }

    @Override
    public long affectedRows() {
        return finished ? cursor.affectedRows() : -1;
    }

    @Override
    public boolean hasNext() {
        if (finished) {
            return false;
        }
        if (!ready) {
            ready = guarded(true);
        }
        return ready;
    }

    @Override
    public Row next() {
        if (!hasNext()) {
            throw new NoSuchElementException("row stream exhausted");
        }
        ready = false;
        return cursor.row();
    }

    /** Advances (or drains), releasing the connection when the response has been read or failed. */
    private boolean guarded(boolean one) {
        try {
            boolean more = one ? cursor.advance() : drain();
            if (!more) {
                try {
                    MysqlRequests.checkNothingBuffered(connection);
                    connection.deliverPendingWarnings(); // the statement's warnings, before another request may run
                } finally {
                    release();
                }
            }
            return more;
        } catch (RuntimeException e) {
            RuntimeException t = MysqlRequests.failure(connection, e);
            release();
            throw t;
        } catch (Error e) {
            connection.markBroken();
            release();
            throw e;
        }
    }

    private boolean drain() {
        cursor.finishFetchBatch();
        if (cursor.cursorOpen()) {
            connection.closeCursor(cursor); // COM_STMT_RESET: the server drops the unread rows
        } else {
            cursor.drain();
        }
        return false;
    }

    private void release() {
        if (!finished) {
            finished = true;
            MysqlRequests.disarm(connection, timer);
            connection.lock.unlock();
        }
    }

    @Override
    public void close() {
        if (!finished) {
            ready = false;
            guarded(false);
        }
    }
}
