package io.sluice.postgres.internal;

import io.sluice.RowHandler;
import io.sluice.postgres.internal.codec.PgRow;

/** A {@link QueryHandler} that hands each row to the caller's {@link RowHandler}: the handler of {@code forEach}. */
final class ForEachHandler extends QueryHandler {
    private final RowHandler handler;

    ForEachHandler(RowHandler handler) {
        this.handler = handler;
    }

    @Override
    void row(PgRow row) {
        super.row(row);
        handler.handle(row);
    }
}
