package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.ConnectionContract.ColumnKind;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Connection#stream} and {@link PreparedStatement#stream} on every driver: every row once and in
 * order whatever the fetch size, an empty or early-closed stream, a stream inside a transaction, and a
 * connection that serves the next request once the stream is closed or exhausted.
 */
public abstract class StreamContract {
    private static final int ROWS = 500;

    /** The driver and server under test. */
    protected abstract ServerUnderTest server();

    private Connection connection;
    private String table;

    @BeforeEach
    void openConnection() {
        connection = Sluice.connect(server().config());
        table = "sltk_stream_" + Long.toHexString(System.nanoTime());
        connection.executeScript("CREATE TEMPORARY TABLE " + table + " (id " + server().columnType(ColumnKind.INT)
                + " PRIMARY KEY, name " + server().columnType(ColumnKind.TEXT) + ")");
        List<Object[]> sets = new ArrayList<>();
        for (int i = 1; i <= ROWS; i++) {
            sets.add(new Object[] {i, "row-" + i});
        }
        connection.executeBatch(
                "INSERT INTO " + table + " (id, name) VALUES (" + server().placeholder(1) + ", "
                        + server().placeholder(2) + ")",
                sets);
    }

    @AfterEach
    void closeConnection() {
        connection.close();
    }

    private String ordered() {
        return "SELECT id, name FROM " + table + " ORDER BY id";
    }

    private static List<Integer> drain(RowStream rows) {
        List<Integer> ids = new ArrayList<>();
        while (rows.hasNext()) {
            Row row = rows.next();
            assertThat(row.getString(1)).isEqualTo("row-" + row.getInt(0));
            ids.add(row.getInt(0));
        }
        return ids;
    }

    @Test
    void shouldReadEveryRowInOrderWhateverTheFetchSize() {
        for (int fetchSize : new int[] {1, 7, ROWS, ROWS + 1, 10_000}) {
            try (RowStream rows = connection.stream(ordered(), fetchSize)) {
                assertThat(rows.columns()).extracting(Column::name).containsExactly("id", "name");
                List<Integer> ids = drain(rows);
                assertThat(ids).as("fetch size %d", fetchSize).hasSize(ROWS).isSorted();
                assertThat(rows.hasNext()).isFalse();
                assertThatThrownBy(rows::next).isInstanceOf(NoSuchElementException.class);
            }
        }
        assertThat(connection.queryFirst("SELECT COUNT(*) FROM " + table, r -> r.getLong(0)))
                .contains((long) ROWS);
    }

    @Test
    void shouldServeNextRequestWhenStreamIsClosedEarly() {
        for (int fetchSize : new int[] {1, 10, 100}) {
            RowStream rows = connection.stream(ordered(), fetchSize);
            for (int i = 1; i <= 15; i++) {
                assertThat(rows.next().getInt(0)).isEqualTo(i);
            }
            rows.close();
            rows.close(); // idempotent
            assertThat(connection.isBroken()).isFalse();
            assertThat(connection.query(
                            "SELECT name FROM " + table + " WHERE id = " + server().placeholder(1),
                            r -> r.getString(0),
                            250))
                    .containsExactly("row-250");
        }
    }

    @Test
    void shouldCloseWithoutReadingWhenNoRowWasAskedFor() {
        try (RowStream rows = connection.stream(ordered(), 5)) {
            assertThat(rows.columns()).hasSize(2);
        }
        assertThat(connection.queryFirst("SELECT 1", r -> r.getInt(0))).contains(1);
    }

    @Test
    void shouldEndAtOnceWhenResultIsEmpty() {
        try (RowStream rows =
                connection.stream("SELECT id FROM " + table + " WHERE id > " + server().placeholder(1), 10, ROWS)) {
            assertThat(rows.hasNext()).isFalse();
            assertThatThrownBy(rows::next).isInstanceOf(NoSuchElementException.class);
        }
        assertThat(connection.queryFirst("SELECT 2", r -> r.getInt(0))).contains(2);
    }

    @Test
    void shouldBindParametersWhenStreaming() {
        String sql = "SELECT id, name FROM " + table + " WHERE id > " + server().placeholder(1) + " ORDER BY id";
        try (RowStream rows = connection.stream(sql, 3, ROWS - 10)) {
            assertThat(drain(rows)).hasSize(10).first().isEqualTo(ROWS - 9);
        }
        try (PreparedStatement ps = connection.prepare(sql)) {
            for (int round = 0; round < 3; round++) {
                try (RowStream rows = ps.stream(4, ROWS - 5)) {
                    assertThat(drain(rows)).containsExactly(496, 497, 498, 499, 500);
                }
            }
        }
    }

    @Test
    void shouldStreamInsideTransactionAndCommitAfterIt() {
        connection.begin();
        connection.execute("DELETE FROM " + table + " WHERE id > " + server().placeholder(1), 100);
        try (RowStream rows = connection.stream(ordered(), 8)) {
            assertThat(drain(rows)).hasSize(100);
        }
        assertThat(connection.inTransaction()).isTrue();
        try (RowStream rows = connection.stream(ordered(), 8)) {
            rows.next();
        }
        connection.commit();
        assertThat(connection.queryFirst("SELECT COUNT(*) FROM " + table, r -> r.getLong(0)))
                .contains(100L);
    }

    @Test
    void shouldStayUsableWhenMapperFailsMidStream() {
        assertThatThrownBy(() -> {
                    try (RowStream rows = connection.stream(ordered(), 4)) {
                        while (rows.hasNext()) {
                            if (rows.next().getInt(0) == 9) {
                                throw new IllegalStateException("caller gave up");
                            }
                        }
                    }
                })
                .isInstanceOf(IllegalStateException.class);
        assertThat(connection.isBroken()).isFalse();
        assertThat(connection.queryFirst("SELECT 3", r -> r.getInt(0))).contains(3);
    }

    @Test
    void shouldThrowServerExceptionAndStayUsableWhenStreamedSqlIsBad() {
        assertThatThrownBy(() -> {
                    try (RowStream rows = connection.stream("SELECT no_such_column FROM " + table, 4)) {
                        rows.hasNext();
                    }
                })
                .isInstanceOf(ServerException.class);
        assertThat(connection.queryFirst("SELECT 4", r -> r.getInt(0))).contains(4);
    }
}
