package io.sluice.postgres.internal;

import io.sluice.RowMapper;
import io.sluice.postgres.internal.codec.PgRow;
import java.util.List;

/**
 * A {@link QueryHandler} that maps each row with the caller's {@link RowMapper} and collects the
 * results: the handler of {@code query} and {@code queryFirst}, on connections and prepared statements.
 */
final class CollectingHandler<T> extends QueryHandler {
    final List<T> results;
    private final RowMapper<T> mapper;

    CollectingHandler(RowMapper<T> mapper, List<T> results) {
        this.mapper = mapper;
        this.results = results;
    }

    @Override
    void row(PgRow row) {
        super.row(row);
        results.add(mapper.map(row));
    }
}
