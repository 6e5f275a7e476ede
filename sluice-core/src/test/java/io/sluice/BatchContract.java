package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.ConnectionContract.ColumnKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Connection#executeBatch} and {@link PreparedStatement#executeBatch} on every driver: one
 * affected-row count per parameter set, in set order, whatever the protocol does to send them; outside
 * a transaction a failing set undoes the whole batch, and the connection goes on serving requests.
 */
public abstract class BatchContract {

    /** The driver and server under test. */
    protected abstract ServerUnderTest server();

    private Connection connection;
    private String table;

    @BeforeEach
    void openConnection() {
        connection = Sluice.connect(server().config());
        table = "sltk_batch_" + Long.toHexString(System.nanoTime());
        connection.executeScript("CREATE TEMPORARY TABLE " + table + " (id " + server().columnType(ColumnKind.INT)
                + " PRIMARY KEY, n " + server().columnType(ColumnKind.INT) + ", name "
                + server().columnType(ColumnKind.TEXT) + ")");
    }

    @AfterEach
    void closeConnection() {
        connection.close();
    }

    private String insertSql() {
        return "INSERT INTO " + table + " (id, n, name) VALUES (" + server().placeholder(1) + ", "
                + server().placeholder(2) + ", " + server().placeholder(3) + ")";
    }

    private static List<Object[]> rows(int from, int to) {
        List<Object[]> sets = new ArrayList<>();
        for (int i = from; i <= to; i++) {
            sets.add(new Object[] {i, 0, "row-" + i});
        }
        return sets;
    }

    private long count() {
        return connection
                .queryFirst("SELECT COUNT(*) FROM " + table, r -> r.getLong(0))
                .orElseThrow();
    }

    @Test
    void shouldReturnEachSetsOwnCountWhenCountsDiffer() {
        connection.executeBatch(insertSql(), rows(1, 5));
        // n = n + 1 changes every matched row, so MySQL's changed-rows count equals the matched count
        String update = "UPDATE " + table + " SET n = n + 1 WHERE id <= " + server().placeholder(1);
        assertThat(connection.executeBatch(update, List.of(new Object[] {0}, new Object[] {1}, new Object[] {4})))
                .containsExactly(0L, 1L, 4L);
        String delete = "DELETE FROM " + table + " WHERE id = " + server().placeholder(1);
        assertThat(connection.executeBatch(delete, List.of(new Object[] {5}, new Object[] {5}, new Object[] {1})))
                .containsExactly(1L, 0L, 1L);
        assertThat(count()).isEqualTo(3);
    }

    @Test
    void shouldInsertEverySetWhenBatchIsLargerThanOnePipeline() {
        long[] counts = connection.executeBatch(insertSql(), rows(1, 1200));
        assertThat(counts).hasSize(1200).containsOnly(1L);
        assertThat(count()).isEqualTo(1200);
    }

    @Test
    void shouldReturnNoCountsWhenBatchIsEmpty() {
        assertThat(connection.executeBatch(insertSql(), List.of())).isEmpty();
        assertThat(count()).isZero();
    }

    @Test
    void shouldUndoWholeBatchWhenOneSetFailsOutsideTransaction() {
        List<Object[]> sets = rows(1, 6);
        sets.add(3, new Object[] {2, 0, "duplicate key"});
        assertThatThrownBy(() -> connection.executeBatch(insertSql(), sets)).isInstanceOf(ServerException.class);
        assertThat(connection.inTransaction()).isFalse();
        assertThat(connection.isBroken()).isFalse();
        assertThat(count()).as("no set of the failed batch stays").isZero();
        assertThat(connection.executeBatch(insertSql(), rows(1, 3))).containsExactly(1L, 1L, 1L);
        assertThat(count()).isEqualTo(3);
    }

    @Test
    void shouldUndoWholeBatchWhenFirstSetFails() {
        connection.execute(insertSql(), 1, 0, "existing");
        assertThatThrownBy(() -> connection.executeBatch(insertSql(), rows(1, 4)))
                .isInstanceOf(ServerException.class);
        assertThat(count()).isEqualTo(1);
    }

    /**
     * A query timeout that fires while a batch runs ends the batch with {@link QueryTimeoutException}:
     * outside a transaction nothing of it stays, and the connection serves the next batch. Each set
     * sleeps in a scalar subquery, so the first one is still running when the timer fires.
     */
    @Test
    void shouldKeepNothingAndStayUsableWhenBatchTimesOut() {
        String slow = "INSERT INTO " + table + " (id, n, name) VALUES (" + server().placeholder(1)
                + ", (SELECT COUNT(*) FROM (SELECT " + server().sleep(1) + ") s), " + server().placeholder(2) + ")";
        connection.queryTimeout(Duration.ofMillis(300));
        assertThatThrownBy(() -> connection.executeBatch(slow, List.of(new Object[] {1, "a"}, new Object[] {2, "b"})))
                .isInstanceOf(QueryTimeoutException.class);
        connection.queryTimeout(Duration.ZERO);
        assertThat(connection.isBroken()).isFalse();
        assertThat(connection.inTransaction()).isFalse();
        assertThat(count()).as("no set of the timed-out batch stays").isZero();
        assertThat(connection.executeBatch(insertSql(), rows(1, 3))).containsExactly(1L, 1L, 1L);
        assertThat(count()).isEqualTo(3);
    }

    @Test
    void shouldKeepNothingWhenTransactionWithFailedBatchRollsBack() {
        connection.begin();
        connection.execute(insertSql(), 100, 0, "before");
        List<Object[]> sets = rows(1, 4);
        sets.add(new Object[] {1, 0, "duplicate key"});
        assertThatThrownBy(() -> connection.executeBatch(insertSql(), sets)).isInstanceOf(ServerException.class);
        assertThat(connection.inTransaction()).isTrue();
        assertThat(connection.transactionFailed()).isTrue();
        connection.rollback();
        assertThat(count()).isZero();
    }

    @Test
    void shouldCommitBatchWithTransactionWhenItSucceeds() {
        connection.transaction(c -> c.executeBatch(insertSql(), rows(1, 10)));
        assertThat(count()).isEqualTo(10);
    }

    @Test
    void shouldReturnCountsAndStayReusableWhenPreparedStatementRunsBatches() {
        try (PreparedStatement insert = connection.prepare(insertSql())) {
            assertThat(insert.executeBatch(rows(1, 3))).containsExactly(1L, 1L, 1L);
            assertThatThrownBy(() -> insert.executeBatch(rows(3, 5))).isInstanceOf(ServerException.class);
            assertThat(insert.executeBatch(rows(4, 5))).containsExactly(1L, 1L);
        }
        assertThat(connection.query("SELECT id FROM " + table + " ORDER BY id", r -> r.getInt(0)))
                .containsExactly(1, 2, 3, 4, 5);
    }

    @Test
    void shouldBindNullsAndMixedValuesWhenSetsDifferInTypes() {
        List<Object[]> sets =
                List.of(new Object[] {1, null, "a"}, new Object[] {2, 7, null}, new Object[] {3, null, null});
        assertThat(connection.executeBatch(insertSql(), sets)).containsExactly(1L, 1L, 1L);
        assertThat(connection.query(
                        "SELECT id, n, name FROM " + table + " ORDER BY id",
                        r -> r.getInt(0) + ":" + r.getObject(1) + ":" + r.getString(2)))
                .containsExactly("1:null:a", "2:7:null", "3:null:null");
    }
}
