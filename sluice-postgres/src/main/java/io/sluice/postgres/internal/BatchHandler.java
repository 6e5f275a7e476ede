package io.sluice.postgres.internal;

import io.sluice.postgres.internal.codec.PgRow;
import java.util.function.Consumer;

/**
 * The {@link QueryHandler} of a batch: the update count of each parameter set, in order, and each
 * result row (RETURNING) handed to an optional consumer, as generated keys read them.
 */
final class BatchHandler extends QueryHandler {
    final long[] counts;
    private final Consumer<PgRow> rows; // null when the rows are not wanted
    private int next;

    BatchHandler(int sets, Consumer<PgRow> rows) {
        this.counts = new long[sets];
        this.rows = rows;
    }

    @Override
    void row(PgRow row) {
        super.row(row);
        if (rows != null) {
            rows.accept(row);
        }
    }

    @Override
    void commandComplete(long count, boolean rollback) {
        super.commandComplete(count, rollback);
        if (next < counts.length) {
            counts[next++] = count;
        }
    }
}
