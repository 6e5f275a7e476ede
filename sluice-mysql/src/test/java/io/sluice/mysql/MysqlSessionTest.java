package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.IsolationLevel;
import io.sluice.PreparedStatement;
import io.sluice.RowStream;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Transactions, batches, multiple result sets, COM_PING, COM_RESET_CONNECTION and the statement cache on MariaDB. */
class MysqlSessionTest {

    @Test
    void shouldCommitAndRollBackAtRequestedIsolation() {
        try (Connection c = MysqlTestSupport.connect()) {
            c.executeScript("CREATE TEMPORARY TABLE my_tx (id INT PRIMARY KEY) ENGINE=InnoDB");
            c.begin(IsolationLevel.READ_COMMITTED);
            assertThat(c.inTransaction()).isTrue();
            c.execute("INSERT INTO my_tx VALUES (?)", 1);
            assertThat(c.query(
                            "SELECT trx_isolation_level FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id = CONNECTION_ID()",
                            r -> r.getString(0)))
                    .containsExactly("READ COMMITTED");
            c.rollback();
            assertThat(c.inTransaction()).isFalse();
            c.transaction(tx -> tx.execute("INSERT INTO my_tx VALUES (?)", 2));
            assertThatThrownBy(() -> c.transaction(tx -> {
                        tx.execute("INSERT INTO my_tx VALUES (?)", 3);
                        throw new IllegalStateException("boom");
                    }))
                    .hasMessage("boom");
            assertThat(c.query("SELECT id FROM my_tx ORDER BY id", r -> r.getInt(0)))
                    .containsExactly(2);
        }
    }

    @Test
    void shouldRunBatchPipelinedAndAtomically() {
        try (Connection c = MysqlTestSupport.connect()) {
            c.executeScript("CREATE TEMPORARY TABLE my_batch (id INT PRIMARY KEY, s VARCHAR(10)) ENGINE=InnoDB");
            List<Object[]> sets = new ArrayList<>();
            for (int i = 0; i < 1500; i++) {
                sets.add(new Object[] {i, "v" + i});
            }
            long[] counts = c.executeBatch("INSERT INTO my_batch VALUES (?, ?)", sets);
            assertThat(counts).hasSize(1500).containsOnly(1L);
            assertThat(c.query("SELECT COUNT(*) FROM my_batch", r -> r.getLong(0)))
                    .containsExactly(1500L);
            List<Object[]> bad =
                    List.of(new Object[] {5000, "a"}, new Object[] {1, "duplicate"}, new Object[] {5001, "b"});
            assertThatThrownBy(() -> c.executeBatch("INSERT INTO my_batch VALUES (?, ?)", bad))
                    .isInstanceOf(ServerException.class);
            assertThat(c.query("SELECT COUNT(*) FROM my_batch", r -> r.getLong(0)))
                    .containsExactly(1500L);
            assertThat(c.inTransaction()).isFalse();
        }
    }

    @Test
    void shouldBulkInsertSetsWithNullsTypeChangesAndSeveralCommands() {
        try (Connection c = MysqlTestSupport.connect()) {
            c.executeScript(
                    "CREATE TEMPORARY TABLE my_bulk (id BIGINT PRIMARY KEY, s VARCHAR(1000), n INT) ENGINE=InnoDB");
            String pad = "x".repeat(900); // 1500 sets of ~900 bytes: more than one 1 MiB command
            List<Object[]> sets = new ArrayList<>();
            for (int i = 0; i < 1500; i++) {
                Object id = i < 700 ? (Object) i : (Object) (long) i; // Integer, then Long: a new command
                sets.add(new Object[] {id, i % 3 == 0 ? null : pad + i, i % 5 == 0 ? null : i});
            }
            assertThat(c.executeBatch("INSERT INTO my_bulk (id, s, n) VALUES (?, ?, ?)", sets))
                    .hasSize(1500)
                    .containsOnly(1L);
            assertThat(c.query(
                            "SELECT COUNT(*), COUNT(s), COUNT(n), SUM(id), SUM(n), MAX(s) FROM my_bulk",
                            r -> r.getLong(0) + " " + r.getLong(1) + " " + r.getLong(2) + " " + r.getLong(3) + " "
                                    + r.getLong(4) + " " + r.getString(5).equals(pad + "998")))
                    .containsExactly("1500 1000 1200 1124250 900000 true");
        }
    }

    @Test
    void shouldReportEachCountWhenBatchIsNotASingleRowInsert() {
        try (Connection c = MysqlTestSupport.connect()) {
            c.executeScript("CREATE TEMPORARY TABLE my_counts (id INT PRIMARY KEY, v INT) ENGINE=InnoDB");
            c.executeScript("INSERT INTO my_counts VALUES (1, 0), (2, 0), (3, 0)");
            assertThat(c.executeBatch(
                            "UPDATE my_counts SET v = v + 1 WHERE id <= ?",
                            List.of(new Object[] {1}, new Object[] {3}, new Object[] {0})))
                    .containsExactly(1, 3, 0);
            assertThat(c.executeBatch(
                            "INSERT INTO my_counts VALUES (?, 0), (?, 0)",
                            java.util.Collections.singletonList(new Object[] {4, 5})))
                    .containsExactly(2);
        }
    }

    @Test
    void shouldThrowAndStayUsableWhenBulkInsertFailsInsideTransaction() {
        try (Connection c = MysqlTestSupport.connect()) {
            c.executeScript("CREATE TEMPORARY TABLE my_bulk_tx (id INT PRIMARY KEY) ENGINE=InnoDB");
            c.begin();
            List<Object[]> bad = List.of(new Object[] {1}, new Object[] {1}, new Object[] {2});
            assertThatThrownBy(() -> c.executeBatch("INSERT INTO my_bulk_tx VALUES (?)", bad))
                    .isInstanceOf(ServerException.class)
                    .hasMessageContaining("Duplicate")
                    .satisfies(e -> {
                        ServerException se = (ServerException) e;
                        assertThat(se.fields()).doesNotContainKey("batch_index"); // the server does not say which set
                        assertThat(se.fields().get("where"))
                                .startsWith("executeBatch: one of parameter sets 0..2 (0-based) of 3 failed")
                                .endsWith("0 sets that succeeded remain done in the transaction");
                    });
            assertThat(c.query("SELECT COUNT(*) FROM my_bulk_tx", r -> r.getLong(0)))
                    .containsExactly(0L); // undone as one statement
            assertThat(c.inTransaction()).isTrue();
            c.rollback();
            assertThat(c.query("SELECT COUNT(*) FROM my_bulk_tx", r -> r.getLong(0)))
                    .containsExactly(0L);
            assertThat(c.executeBatch(
                            "INSERT INTO my_bulk_tx VALUES (?)", java.util.Collections.singletonList(new Object[] {7})))
                    .containsExactly(1);
        }
    }

    @Test
    void shouldNameFailedSetAndWhatRanWhenPipelinedBatchFails() {
        try (Connection c = MysqlTestSupport.connect()) {
            c.executeScript("CREATE TEMPORARY TABLE my_batch_fail (id INT PRIMARY KEY) ENGINE=InnoDB");
            c.execute("INSERT INTO my_batch_fail VALUES (1)");
            String sql =
                    "INSERT INTO my_batch_fail (id) SELECT ?"; // not a plain VALUES row: pipelined, one reply per set
            List<Object[]> bad = List.of(new Object[] {10}, new Object[] {1}, new Object[] {11}, new Object[] {1});

            assertThatThrownBy(() -> c.executeBatch(sql, bad)).isInstanceOfSatisfying(ServerException.class, e -> {
                assertThat(e.fields()).containsEntry("batch_index", "1").containsEntry("error_code", "1062");
                assertThat(e.fields().get("where"))
                        .isEqualTo("executeBatch: parameter set 1 (0-based) of 4 failed; the 2 sets after it"
                                + " were already sent: 1 succeeded, 1 failed; the whole batch was rolled back");
            });
            assertThat(c.query("SELECT id FROM my_batch_fail ORDER BY id", r -> r.getInt(0)))
                    .containsExactly(1);

            c.begin();
            assertThatThrownBy(() -> c.executeBatch(sql, bad))
                    .isInstanceOfSatisfying(ServerException.class, e -> assertThat(
                                    e.fields().get("where"))
                            .endsWith("1 succeeded, 1 failed; 2 sets that succeeded remain done in the transaction"));
            assertThat(c.query("SELECT id FROM my_batch_fail ORDER BY id", r -> r.getInt(0)))
                    .containsExactly(1, 10, 11);
            c.rollback();
        }
    }

    @Test
    void shouldReadEveryResultSetWhenProcedureReturnsSeveral() {
        try (Connection c = MysqlTestSupport.connect()) {
            c.executeScript(
                    "CREATE OR REPLACE PROCEDURE my_two_results() BEGIN SELECT 1 AS a; SELECT 'x' AS b, 2 AS c; END");
            List<String> seen = new ArrayList<>();
            c.forEach("CALL my_two_results()", r -> seen.add(r.columnCount() + ":" + r.getString(0)));
            assertThat(seen).containsExactly("1:1", "2:x");
            c.executeScript("SELECT 1; SELECT 2; DO 3");
            assertThat(c.query("SELECT 4", r -> r.getInt(0))).containsExactly(4);
        }
    }

    @Test
    void shouldPingAndResetSessionState() {
        try (Connection c = MysqlTestSupport.connect()) {
            assertThat(c.isValid(Duration.ofSeconds(5))).isTrue();
            c.executeScript("SET @my_var = 42");
            c.begin();
            c.reset();
            assertThat(c.inTransaction()).isFalse();
            assertThat(c.query("SELECT @my_var IS NULL", r -> r.getBoolean(0))).containsExactly(true);
            assertThat(c.query("SELECT ? + 1", r -> r.getInt(0), 1)).containsExactly(2);
        }
    }

    @Test
    void shouldEvictLeastRecentlyUsedStatementsWhenCacheIsFull() {
        try (Connection c = MysqlTestSupport.connect(MysqlTestSupport.root().statementCacheSize(2))) {
            long before = preparedCount(c);
            for (int i = 0; i < 10; i++) {
                assertThat(c.query("SELECT " + i + " + ?", r -> r.getInt(0), 1)).containsExactly(i + 1);
            }
            assertThat(preparedCount(c) - before).isLessThanOrEqualTo(3);
        }
    }

    @Test
    void shouldRunParameterlessTextAsQueryOnFirstTwoUsesAndPrepareItOnThird() {
        try (Connection c = MysqlTestSupport.connect()) {
            prepares(c); // prepares and caches the status query itself
            long before = prepares(c);
            for (int use = 1; use <= 2; use++) {
                assertThat(c.query("SELECT 41 + 1", r -> r.getInt(0))).containsExactly(42);
            }
            assertThat(prepares(c) - before).as("two uses as COM_QUERY").isEqualTo(0);
            for (int use = 3; use <= 4; use++) {
                assertThat(c.query("SELECT 41 + 1", r -> r.getInt(0))).containsExactly(42);
            }
            assertThat(prepares(c) - before).as("one prepare, on the third use").isEqualTo(1);
            assertThat(c.query("SELECT 40 + 1", r -> r.getInt(0))).containsExactly(41);
            assertThat(prepares(c) - before).as("a new text runs as COM_QUERY").isEqualTo(1);
        }
    }

    @Test
    void shouldRefuseMultiStatementTextOnFirstUseToo() {
        try (Connection c = MysqlTestSupport.connect()) {
            assertThatThrownBy(() -> c.query("SELECT 1; SELECT 2", r -> r.getInt(0)))
                    .isInstanceOf(ServerException.class);
            assertThat(c.query("SELECT 3", r -> r.getInt(0))).containsExactly(3);
        }
    }

    @Test
    void shouldDecodeEachTextResultWithItsOwnColumnsWhenShapesAlternate() {
        try (Connection c = MysqlTestSupport.connect(MysqlTestSupport.root().statementCacheSize(0))) {
            for (int i = 0; i < 3; i++) {
                assertThat(c.query("SELECT 1 AS a", r -> r.column(0).name() + "=" + r.getInt(0)))
                        .containsExactly("a=1");
                assertThat(c.query(
                                "SELECT 'x' AS b, 2 AS c",
                                r -> r.column(1).name() + "=" + r.getString(0) + r.getInt(1)))
                        .containsExactly("c=x2");
                assertThat(c.query("SELECT 'y' AS b, 3 AS c", r -> r.columnCount() + r.getString("b") + r.getInt("c")))
                        .containsExactly("2y3");
            }
        }
    }

    private static long prepares(Connection c) {
        return c.query(
                        "SELECT VARIABLE_VALUE FROM information_schema.SESSION_STATUS WHERE VARIABLE_NAME = ?",
                        r -> r.getLong(0),
                        "COM_STMT_PREPARE")
                .get(0);
    }

    private static long preparedCount(Connection c) {
        return c
                .query(
                        "SELECT VARIABLE_VALUE FROM information_schema.SESSION_STATUS WHERE VARIABLE_NAME = 'PREPARED_STMT_COUNT'",
                        r -> r.getLong(0))
                .stream()
                .findFirst()
                .orElse(0L);
    }

    @Test
    void shouldExecuteExplicitPreparedStatementRepeatedly() {
        try (Connection c = MysqlTestSupport.connect();
                PreparedStatement ps = c.prepare("SELECT ? * 2 AS twice")) {
            assertThat(ps.columns()).extracting(io.sluice.Column::name).containsExactly("twice");
            for (int i = 0; i < 5; i++) {
                assertThat(ps.query(r -> r.getLong("twice"), i)).containsExactly(2L * i);
            }
            try (RowStream s = ps.stream(10, 21)) {
                assertThat(s.next().getInt(0)).isEqualTo(42);
            }
        }
    }

    @Test
    void shouldRefuseLocalInfileUnlessEnabled() {
        try (Connection c = MysqlTestSupport.connect()) {
            c.executeScript("CREATE TEMPORARY TABLE my_infile (s VARCHAR(10))");
            assertThatThrownBy(() -> c.executeScript("LOAD DATA LOCAL INFILE '/etc/passwd' INTO TABLE my_infile"))
                    .isInstanceOf(SluiceException.class);
            assertThat(c.query("SELECT COUNT(*) FROM my_infile", r -> r.getInt(0)))
                    .containsExactly(0);
        }
    }

    @Test
    void shouldThrowWhenRowCallbackUsesItsOwnConnection() {
        try (Connection c = MysqlTestSupport.connect()) {
            assertThatThrownBy(() -> c.forEach("SELECT 1", r -> c.execute("DO 1")))
                    .isInstanceOf(IllegalStateException.class);
            assertThat(c.query("SELECT 2", r -> r.getInt(0))).containsExactly(2);
        }
    }

    @Test
    void shouldSeeNewColumnsWhenCachedStatementsTableChanges() {
        try (Connection c = MysqlTestSupport.connect()) {
            c.executeScript("CREATE TEMPORARY TABLE my_alter (id INT)");
            c.execute("INSERT INTO my_alter VALUES (?)", 1);
            assertThat(c.query("SELECT * FROM my_alter", r -> r.columnCount())).containsExactly(1);
            assertThat(c.query("SELECT * FROM my_alter", r -> r.columnCount())).containsExactly(1);
            c.executeScript("ALTER TABLE my_alter ADD COLUMN name VARCHAR(10) DEFAULT 'x'");
            assertThat(c.query("SELECT * FROM my_alter", r -> r.getString("name")))
                    .containsExactly("x");
        }
    }

    @Test
    void shouldServeManyThreadsOnOneConnection() throws Exception {
        try (Connection c = MysqlTestSupport.connect()) {
            List<Thread> threads = new ArrayList<>();
            java.util.concurrent.atomic.AtomicInteger wrong = new java.util.concurrent.atomic.AtomicInteger();
            for (int t = 0; t < 8; t++) {
                int base = t * 1000;
                threads.add(Thread.ofVirtual().start(() -> {
                    for (int i = 0; i < 100; i++) {
                        int expected = base + i;
                        if (c.query("SELECT ? + 0", r -> r.getInt(0), expected).get(0) != expected) {
                            wrong.incrementAndGet();
                        }
                    }
                }));
            }
            for (Thread t : threads) {
                t.join();
            }
            assertThat(wrong.get()).isZero();
            assertThat(c.isBroken()).isFalse();
        }
    }

    @Test
    void shouldHandWarningsToListener() {
        List<io.sluice.ServerMessage> notices = new java.util.concurrent.CopyOnWriteArrayList<>();
        io.sluice.ServerEventListener listener = new io.sluice.ServerEventListener() {
            @Override
            public void onNotice(io.sluice.ServerMessage notice) {
                notices.add(notice);
            }
        };
        try (Connection c = MysqlTestSupport.connect(MysqlTestSupport.root().eventListener(listener))) {
            c.executeScript("CREATE TEMPORARY TABLE my_warn (v TINYINT)");
            c.executeScript("SET SESSION sql_mode = ''");
            c.execute("INSERT INTO my_warn VALUES (?)", 1000);
            assertThat(notices).isNotEmpty();
            assertThat(notices.get(0).severity()).isEqualTo("WARNING");
            assertThat(notices.get(0).field("error_code")).isEqualTo("1264");
            assertThat(c.query("SELECT v FROM my_warn", r -> r.getInt(0))).containsExactly(127);
        }
    }

    @Test
    void shouldSendOnlyListedFileWhenLocalInfileIsEnabled(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path data = dir.resolve("rows.txt");
        java.nio.file.Files.writeString(data, "a\nb\nc\n");
        java.nio.file.Path other = dir.resolve("other.txt");
        java.nio.file.Files.writeString(other, "x\n");
        try (Connection c =
                MysqlTestSupport.connect(MysqlTestSupport.root().property("local_infile_files", data.toString()))) {
            c.executeScript("CREATE TEMPORARY TABLE my_infile (s VARCHAR(10))");
            c.executeScript("LOAD DATA LOCAL INFILE '" + data + "' INTO TABLE my_infile");
            assertThat(c.query("SELECT s FROM my_infile ORDER BY s", r -> r.getString(0)))
                    .containsExactly("a", "b", "c");
            assertThatThrownBy(() -> c.executeScript("LOAD DATA LOCAL INFILE '" + other + "' INTO TABLE my_infile"))
                    .isInstanceOf(SluiceException.class)
                    .hasMessageContaining("local_infile_files");
            assertThat(c.query("SELECT COUNT(*) FROM my_infile", r -> r.getInt(0)))
                    .containsExactly(3);
        }
    }
}
