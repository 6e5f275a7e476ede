package io.sluice.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Connection;
import io.sluice.Row;
import io.sluice.RowStream;
import org.junit.jupiter.api.Test;

/**
 * A stream whose request evicts a cached statement carries Close messages after its Execute: their
 * CloseCompletes arrive after the result's CommandComplete and belong to the request, not to a desync.
 */
class StreamEvictionTest {
    @Test
    void shouldReadEveryStreamWhenEachEvictsACachedStatement() {
        try (Connection c = new PgDriver()
                .connect(PgTestConfig.trust().statementCacheSize(1).build())) {
            for (int fetchSize : new int[] {1, 50, Integer.MAX_VALUE}) {
                for (int round = 0; round < 6; round++) {
                    String sql = "SELECT g FROM generate_series(1, $1::int) g WHERE g > " + (round % 3);
                    long sum = 0;
                    try (RowStream rows = c.stream(sql, fetchSize, 20)) {
                        while (rows.hasNext()) {
                            Row r = rows.next();
                            sum += r.getLong(0);
                        }
                    }
                    int skip = round % 3;
                    assertThat(sum)
                            .as("round %d, fetch size %d", round, fetchSize)
                            .isEqualTo(210L - (long) skip * (skip + 1) / 2);
                }
            }
            assertThat(c.isBroken()).isFalse();
            assertThat(c.query("SELECT 1", r -> r.getInt(0))).containsExactly(1);
        }
    }
}
