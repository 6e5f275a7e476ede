package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The behaviour every Sluice driver promises through {@link Connection}, specified once against a
 * real server. A driver's test subclasses it and supplies the connection settings, its placeholder
 * syntax and its type names; everything else here is dialect-neutral SQL.
 *
 * <p>Each test works in a {@code TEMPORARY} table of its own connection, so that concurrent test
 * runs on a shared server never see each other's rows.
 */
public abstract class ConnectionContract {

    /** The column kinds the contract's tables use; subclasses name each in their dialect. */
    public enum ColumnKind {
        INT,
        BIGINT,
        TEXT,
        DOUBLE,
        DECIMAL_10_2,
        DECIMAL_30_10,
        BOOLEAN,
        DATE,
        TIME,
        TIMESTAMP
    }

    /** Settings for a connection to the real server under test. */
    protected abstract ConnectionConfig config();

    /** The positional placeholder for the 1-based parameter {@code index}: {@code $1} or {@code ?}. */
    protected abstract String placeholder(int index);

    /** The dialect's type name for a column of {@code kind}, for example {@code int4} or {@code DATETIME(6)}. */
    protected abstract String columnType(ColumnKind kind);

    protected Connection connection;
    private String table;

    @BeforeEach
    void openConnection() {
        connection = Sluice.connect(config());
        table = "contract_" + Long.toHexString(System.nanoTime());
        connection.executeScript("CREATE TEMPORARY TABLE " + table + " (id " + columnType(ColumnKind.INT)
                + " PRIMARY KEY, big " + columnType(ColumnKind.BIGINT) + ", name " + columnType(ColumnKind.TEXT)
                + ", ratio " + columnType(ColumnKind.DOUBLE) + ", price " + columnType(ColumnKind.DECIMAL_10_2)
                + ", flag " + columnType(ColumnKind.BOOLEAN) + ", day " + columnType(ColumnKind.DATE)
                + ", at " + columnType(ColumnKind.TIMESTAMP) + ")");
    }

    @AfterEach
    void closeConnection() {
        connection.close();
    }

    /** {@code INSERT INTO table (id, big, name, ratio, price, flag, day, at) VALUES (?, ...)} in the dialect. */
    protected String insertSql() {
        StringBuilder b =
                new StringBuilder("INSERT INTO " + table + " (id, big, name, ratio, price, flag, day, at) VALUES (");
        for (int i = 1; i <= 8; i++) {
            b.append(i == 1 ? "" : ", ").append(placeholder(i));
        }
        return b.append(')').toString();
    }

    private static Object[] sample(int id) {
        return new Object[] {
            id,
            10_000_000_000L + id,
            "name-" + id,
            id / 4.0,
            new BigDecimal(id + ".25"),
            id % 2 == 0,
            LocalDate.of(2024, 1, 1).plusDays(id),
            LocalDateTime.of(2024, 1, 1, 12, 30, 15).plusMinutes(id)
        };
    }

    private void insertRows(int n) {
        for (int i = 1; i <= n; i++) {
            assertThat(connection.execute(insertSql(), sample(i))).isEqualTo(1);
        }
    }

    private String selectAll() {
        return "SELECT id, big, name, ratio, price, flag, day, at FROM " + table;
    }

    @Test
    void shouldMapEveryRowWhenQuerying() {
        insertRows(5);
        List<String> names = connection.query(
                "SELECT name FROM " + table + " WHERE id > " + placeholder(1) + " ORDER BY id", r -> r.getString(0), 2);
        assertThat(names).containsExactly("name-3", "name-4", "name-5");
    }

    @Test
    void shouldVisitEveryRowWhenUsingForEach() {
        insertRows(4);
        List<Integer> ids = new ArrayList<>();
        connection.forEach(selectAll() + " ORDER BY id", r -> ids.add(r.getInt("id")));
        assertThat(ids).containsExactly(1, 2, 3, 4);
    }

    @Test
    void shouldStreamAllRowsInOrderWhenFetchSizeIsSmall() {
        insertRows(25);
        List<Integer> ids = new ArrayList<>();
        try (RowStream rows = connection.stream(selectAll() + " ORDER BY id", 4)) {
            assertThat(rows.columns()).extracting(Column::name).startsWith("id", "big", "name");
            while (rows.hasNext()) {
                ids.add(rows.next().getInt(0));
            }
        }
        assertThat(ids).hasSize(25).isSorted();
    }

    @Test
    void shouldStayUsableWhenStreamIsClosedEarly() {
        insertRows(25);
        try (RowStream rows = connection.stream(selectAll() + " ORDER BY id", 3)) {
            assertThat(rows.next().getInt(0)).isEqualTo(1);
        }
        assertThat(connection.queryFirst("SELECT count(*) FROM " + table, r -> r.getLong(0)))
                .contains(25L);
    }

    @Test
    void shouldReturnAffectedRowCountWhenExecuting() {
        insertRows(3);
        assertThat(connection.execute("UPDATE " + table + " SET name = " + placeholder(1), "x"))
                .isEqualTo(3);
        assertThat(connection.execute("DELETE FROM " + table + " WHERE id = " + placeholder(1), 2))
                .isEqualTo(1);
        assertThat(connection.execute("DELETE FROM " + table + " WHERE id = " + placeholder(1), 2))
                .isZero();
    }

    @Test
    void shouldReturnCountPerSetWhenExecutingBatch() {
        List<Object[]> sets = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            sets.add(sample(i));
        }
        assertThat(connection.executeBatch(insertSql(), sets)).hasSize(20).containsOnly(1L);
        assertThat(connection.queryFirst("SELECT count(*) FROM " + table, r -> r.getLong(0)))
                .contains(20L);
    }

    @Test
    void shouldReadSameValuesWhenUsingPreparedAndAdHocPaths() {
        insertRows(3);
        RowMapper<List<Object>> all = r -> List.of(
                r.getInt(0),
                r.getLong(1),
                r.getString(2),
                r.getDouble(3),
                r.getBigDecimal(4),
                r.getBoolean(5),
                r.getLocalDate(6),
                r.getLocalDateTime(7));
        String sql = selectAll() + " WHERE id = " + placeholder(1);
        List<Object> adHocFirst = connection.query(sql, all, 2).get(0);
        List<Object> adHocAgain = connection.query(sql, all, 2).get(0);
        List<Object> prepared;
        try (PreparedStatement ps = connection.prepare(sql)) {
            prepared = ps.query(all, 2).get(0);
            assertThat(ps.query(all, 2).get(0)).isEqualTo(prepared);
        }
        Object[] expected = sample(2);
        assertThat(adHocFirst).containsExactly(expected);
        assertThat(adHocAgain).isEqualTo(adHocFirst);
        assertThat(prepared).isEqualTo(adHocFirst);
    }

    /**
     * Edge values of the types both servers share, written as parameters and read back through every
     * path a driver has: literal SQL on its first uses (PostgreSQL unnamed statement, text results;
     * MySQL COM_QUERY) and once prepared (binary), parameterised SQL, an explicit prepared
     * statement, and a stream. Every path, on every driver, must give the same Java values.
     */
    @Test
    void shouldReadEdgeValuesAlikeThroughEveryPath() {
        String edges = "edges_" + Long.toHexString(System.nanoTime());
        connection.executeScript("CREATE TEMPORARY TABLE " + edges + " (id " + columnType(ColumnKind.INT)
                + " PRIMARY KEY, big " + columnType(ColumnKind.BIGINT) + ", d " + columnType(ColumnKind.DOUBLE)
                + ", num " + columnType(ColumnKind.DECIMAL_30_10) + ", day " + columnType(ColumnKind.DATE)
                + ", at " + columnType(ColumnKind.TIMESTAMP) + ", t " + columnType(ColumnKind.TIME)
                + ", s " + columnType(ColumnKind.TEXT) + ", flag " + columnType(ColumnKind.BOOLEAN) + ")");
        List<List<Object>> rows = List.of(
                List.of(
                        1,
                        Long.MIN_VALUE,
                        Double.MIN_VALUE,
                        new BigDecimal("-99999999999999999999.9999999999"),
                        LocalDate.of(1, 1, 1),
                        LocalDateTime.of(1970, 1, 1, 0, 0, 0, 1_000),
                        LocalTime.MIDNIGHT,
                        "",
                        false),
                List.of(
                        2,
                        Long.MAX_VALUE,
                        Double.MAX_VALUE,
                        new BigDecimal("0.0000000001"),
                        LocalDate.of(9999, 12, 31),
                        LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_000),
                        LocalTime.of(23, 59, 59, 999_999_000),
                        "\u00fcn\u00ef \uD83D\uDE00 \\ ' \" \t\n",
                        true),
                List.of(
                        3,
                        0L,
                        0.1,
                        new BigDecimal("12345678901234567890.1234567890"),
                        LocalDate.of(2000, 2, 29),
                        LocalDateTime.of(2024, 6, 1, 12, 0, 0, 123_456_000),
                        LocalTime.of(12, 0, 0, 500_000_000),
                        "x".repeat(10_000),
                        true));
        StringBuilder insert = new StringBuilder("INSERT INTO " + edges + " VALUES (");
        for (int i = 1; i <= 9; i++) {
            insert.append(i == 1 ? "" : ", ").append(placeholder(i));
        }
        String insertSql = insert.append(')').toString();
        for (List<Object> row : rows) {
            assertThat(connection.execute(insertSql, row.toArray())).isEqualTo(1);
        }
        RowMapper<List<Object>> read = r -> List.of(
                r.getInt(0),
                r.getLong(1),
                r.getDouble(2),
                r.getBigDecimal(3),
                r.getLocalDate(4),
                r.getLocalDateTime(5),
                r.getLocalTime(6),
                r.getString(7),
                r.getBoolean(8));
        String select = "SELECT id, big, d, num, day, at, t, s, flag FROM " + edges;
        for (int use = 1; use <= 4; use++) { // unprepared, then prepared on the third use (both drivers)
            assertThat(connection.query(select + " ORDER BY id", read))
                    .as("literal SQL, use %d", use)
                    .isEqualTo(rows);
        }
        String byId = select + " WHERE id = " + placeholder(1);
        for (List<Object> row : rows) {
            assertThat(connection.query(byId, read, row.get(0)))
                    .as("parameterised")
                    .containsExactly(row);
        }
        try (PreparedStatement ps = connection.prepare(byId)) {
            for (List<Object> row : rows) {
                assertThat(ps.query(read, row.get(0)))
                        .as("explicit prepared statement")
                        .containsExactly(row);
            }
        }
        List<List<Object>> streamed = new ArrayList<>();
        try (RowStream stream = connection.stream(select + " ORDER BY id", 2)) {
            while (stream.hasNext()) {
                streamed.add(read.map(stream.next()));
            }
        }
        assertThat(streamed).as("stream").isEqualTo(rows);
    }

    /**
     * The JFR event {@code io.sluice.Query}: one per query, statement and batch while a recording asks
     * for it (threshold 0 here), with the SQL, rows read, rows affected and the outcome.
     */
    @Test
    void shouldRecordAJfrEventPerStatementWhenARecordingAsks(@TempDir Path dir) throws Exception {
        insertRows(3);
        String byId = "SELECT name FROM " + table + " WHERE id = " + placeholder(1);
        String missing = "SELECT * FROM " + table + "_missing";
        List<RecordedEvent> events;
        try (Recording recording = new Recording()) {
            recording.enable("io.sluice.Query").withThreshold(Duration.ZERO);
            recording.start();
            connection.query(selectAll(), r -> r.getInt(0));
            connection.execute("UPDATE " + table + " SET big = big + 1 WHERE id < 3");
            connection.executeBatch(insertSql(), List.of(sample(4), sample(5)));
            connection.queryFirst(byId, r -> r.getString(0), 2);
            assertThatThrownBy(() -> connection.query(missing, r -> 1)).isInstanceOf(ServerException.class);
            recording.stop();
            Path file = dir.resolve("queries.jfr");
            recording.dump(file);
            events = RecordingFile.readAllEvents(file);
        }
        assertThat(events)
                .extracting(e -> e.getString("sql") + " | " + e.getLong("rows"))
                .containsExactly(
                        selectAll() + " | 3",
                        "UPDATE " + table + " SET big = big + 1 WHERE id < 3 | 0",
                        insertSql() + " | 0",
                        byId + " | 1",
                        missing + " | 0");
        assertThat(events.get(1).getLong("affected")).isEqualTo(2);
        assertThat(events.get(2).getLong("affected")).isEqualTo(2);
        assertThat(events.subList(0, 4))
                .allSatisfy(e -> assertThat(e.getString("outcome")).isEqualTo("ok"));
        assertThat(events.get(4).getString("outcome")).startsWith("ServerException ");
        assertThat(events).allSatisfy(e -> {
            assertThat(e.getString("driver"))
                    .isEqualTo(connection.serverInfo().product().equals("PostgreSQL") ? "postgresql" : "mysql");
            assertThat(e.getString("server")).isEqualTo(config().host() + ":" + config().port());
        });
    }

    @Test
    void shouldExecuteAndStreamWhenUsingPreparedStatement() {
        try (PreparedStatement insert = connection.prepare(insertSql())) {
            for (int i = 1; i <= 6; i++) {
                assertThat(insert.execute(sample(i))).isEqualTo(1);
            }
            assertThat(insert.executeBatch(List.of(sample(7), sample(8)))).containsExactly(1L, 1L);
        }
        try (PreparedStatement select =
                connection.prepare(selectAll() + " WHERE id > " + placeholder(1) + " ORDER BY id")) {
            List<Integer> ids = new ArrayList<>();
            select.forEach(r -> ids.add(r.getInt("id")), 5);
            assertThat(ids).containsExactly(6, 7, 8);
            try (RowStream rows = select.stream(1, 6)) {
                assertThat(rows.next().getInt(0)).isEqualTo(7);
            }
        }
    }

    @Test
    void shouldCommitOrRollBackWhenUsingTransactions() {
        connection.begin();
        assertThat(connection.inTransaction()).isTrue();
        connection.execute(insertSql(), sample(1));
        connection.rollback();
        assertThat(connection.inTransaction()).isFalse();
        connection.begin(IsolationLevel.REPEATABLE_READ);
        connection.execute(insertSql(), sample(2));
        connection.commit();
        long inserted = connection.transaction(c -> c.execute(insertSql(), sample(3)));
        assertThat(inserted).isEqualTo(1L);
        assertThatThrownBy(() -> connection.transaction(IsolationLevel.SERIALIZABLE, c -> {
                    c.execute(insertSql(), sample(4));
                    throw new IllegalStateException("abort");
                }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("abort");
        assertThat(connection.inTransaction()).isFalse();
        assertThat(connection.query("SELECT id FROM " + table + " ORDER BY id", r -> r.getInt(0)))
                .containsExactly(2, 3);
    }

    @Test
    void shouldReportNullsWhenColumnsAreNull() {
        connection.execute(insertSql(), 1, null, null, null, null, null, null, null);
        connection.forEach(selectAll(), r -> {
            for (int i = 1; i < r.columnCount(); i++) {
                assertThat(r.isNull(i)).as("column %d", i).isTrue();
                assertThat(r.getObject(i)).isNull();
                assertThat(r.getString(i)).isNull();
            }
            assertThat(r.getBigDecimal("price")).isNull();
            assertThat(r.getLocalDate("day")).isNull();
            assertThatThrownBy(() -> r.getInt("big")).isInstanceOf(ValueConversionException.class);
            assertThatThrownBy(() -> r.getLong(1)).isInstanceOf(ValueConversionException.class);
            assertThatThrownBy(() -> r.getDouble("ratio")).isInstanceOf(ValueConversionException.class);
            assertThatThrownBy(() -> r.getBoolean("flag")).isInstanceOf(ValueConversionException.class);
        });
    }

    @Test
    void shouldFindColumnsByNameWhenCaseDiffers() {
        insertRows(1);
        connection.forEach("SELECT id AS Ident, name FROM " + table, r -> {
            assertThat(r.getInt(r.indexOf(r.column(0).name()))).isEqualTo(1);
            assertThat(r.getString("NAME")).isEqualTo("name-1");
            assertThatThrownBy(() -> r.indexOf("missing"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("missing");
        });
    }

    /**
     * {@link Row#indexOf}, the same on every driver and every path (unprepared, then prepared on the
     * third use; a stream): the first column of exactly that name, else the first equal ignoring case,
     * else an {@link IllegalArgumentException} naming it. Both a narrow row and one of more than eight
     * columns, which the shared column index looks up through maps instead of a scan.
     */
    @Test
    void shouldFindColumnExactlyThenIgnoringCaseWhenLookingUpByName() {
        for (int filler : new int[] {0, 10}) {
            StringBuilder select = new StringBuilder("SELECT ");
            for (int i = 0; i < filler; i++) {
                select.append(i).append(" AS \"c").append(i).append("\", ");
            }
            String sql = select.append("1 AS \"name\", 2 AS \"NAME\", 3 AS \"Other\", 4 AS \"name\"")
                    .toString();
            RowMapper<List<Integer>> lookUp = r -> List.of(
                    r.columnCount(),
                    r.indexOf("name"),
                    r.indexOf("NAME"),
                    r.indexOf("Name"),
                    r.indexOf("Other"),
                    r.indexOf("OTHER"),
                    r.getInt("name"),
                    r.getInt("NAME"),
                    r.getInt("nAmE"),
                    r.getInt("other"));
            List<Integer> expected =
                    List.of(filler + 4, filler, filler + 1, filler, filler + 2, filler + 2, 1, 2, 1, 3);
            for (int use = 1; use <= 3; use++) {
                assertThat(connection.query(sql, lookUp))
                        .as("filler %d, use %d", filler, use)
                        .containsExactly(expected);
            }
            try (RowStream rows = connection.stream(sql, 1)) {
                Row row = rows.next();
                assertThat(lookUp.map(row)).as("filler %d, stream", filler).isEqualTo(expected);
                assertThatThrownBy(() -> row.indexOf("nope"))
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("no such column: name=nope");
                assertThatThrownBy(() -> row.getInt("nope"))
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("no such column: name=nope");
            }
        }
    }

    @Test
    void shouldReturnEmptyWhenQueryFirstFindsNoRow() {
        Optional<Integer> none = connection.queryFirst(
                "SELECT id FROM " + table + " WHERE id = " + placeholder(1), r -> r.getInt(0), 42);
        assertThat(none).isEmpty();
    }

    @Test
    void shouldThrowServerExceptionAndStayUsableWhenSqlIsBad() {
        assertThatThrownBy(() -> connection.query("SELECT no_such_column FROM " + table, r -> 1))
                .isInstanceOfSatisfying(ServerException.class, e -> {
                    assertThat(e.sqlState()).hasSize(5);
                    assertThat(e.serverMessage().message()).isNotBlank();
                    assertThat(e.isFatal()).isFalse();
                });
        assertThat(connection.isBroken()).isFalse();
        insertRows(1);
        assertThat(connection.queryFirst("SELECT count(*) FROM " + table, r -> r.getLong(0)))
                .contains(1L);
    }

    @Test
    void shouldKeepOtherStatementsWorkingWhenOneFailsInsideTransaction() {
        connection.begin();
        connection.execute(insertSql(), sample(1));
        assertThatThrownBy(() -> connection.execute(insertSql(), sample(1))).isInstanceOf(ServerException.class);
        assertThat(connection.inTransaction()).isTrue();
        connection.rollback();
        assertThat(connection.queryFirst("SELECT count(*) FROM " + table, r -> r.getLong(0)))
                .contains(0L);
    }

    @Test
    void shouldRunEveryStatementWhenExecutingScript() {
        connection.executeScript("INSERT INTO " + table + " (id, name) VALUES (1, 'a'); INSERT INTO " + table
                + " (id, name) VALUES (2, 'b')");
        assertThat(connection.query("SELECT name FROM " + table + " ORDER BY id", r -> r.getString(0)))
                .containsExactly("a", "b");
    }

    @Test
    void shouldPropagateMapperFailureAndStayUsableWhenMapperThrows() {
        insertRows(3);
        assertThatThrownBy(() -> connection.query(selectAll(), r -> {
                    throw new IllegalStateException("mapper");
                }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("mapper");
        assertThat(connection.queryFirst("SELECT count(*) FROM " + table, r -> r.getLong(0)))
                .contains(3L);
    }

    @Test
    void shouldThrowConnectionExceptionWhenUsedAfterClose() {
        connection.close();
        assertThat(connection.isClosed()).isTrue();
        assertThatThrownBy(() -> connection.query("SELECT 1", r -> 1)).isInstanceOf(ConnectionException.class);
        assertThatThrownBy(() -> connection.execute("SELECT 1")).isInstanceOf(ConnectionException.class);
        connection.close();
    }
}
