package io.sluice.spi;

import io.sluice.Column;
import io.sluice.Row;
import io.sluice.RowStream;
import java.util.List;

/**
 * A {@link RowStream} under a {@link QueryTrace}: counts the rows handed out and ends the trace once, when the
 * stream is exhausted, fails or is closed, whichever comes first. So a stream's observed duration runs from
 * the request until the caller is done with the rows, the caller's own work between rows included.
 */
final class ObservedRowStream implements RowStream {
    private final RowStream delegate;
    private final QueryTrace trace;
    private long rows;
    private boolean ended;

    ObservedRowStream(RowStream delegate, QueryTrace trace) {
        this.delegate = delegate;
        this.trace = trace;
    }

    @Override
    public List<Column> columns() {
        return delegate.columns();
    }

    @Override
    public boolean hasNext() {
        boolean more;
        try {
            more = delegate.hasNext();
        } catch (RuntimeException e) {
            end(e);
            throw e;
        }
        if (!more) {
            end(null);
        }
        return more;
    }

    @Override
    public Row next() {
        Row row;
        try {
            row = delegate.next();
        } catch (RuntimeException e) {
            end(e);
            throw e;
        }
        rows++;
        return row;
    }

    @Override
    public void close() {
        try {
            delegate.close();
        } catch (RuntimeException e) {
            end(e);
            throw e;
        }
        end(null);
    }

    private void end(Throwable failure) {
        if (!ended) {
            ended = true;
            trace.finish(rows, 0, failure);
        }
    }
}
