package io.sluice.mysql.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which batch statements may go out as COM_STMT_BULK_EXECUTE: only an INSERT that affects one row per execution. */
class SingleRowInsertTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "INSERT INTO my_drizzle VALUES (?, ?, ?, ?)",
                "  insert into t (a, b) values (?, NOW())  ",
                "INSERT INTO `select` (a) VALUE (?)",
                "INSERT INTO t(a,b)VALUES(?,COALESCE(?, 1))",
                "INSERT INTO t SET_x VALUES (?)"
            })
    void shouldMatchWhenInsertHasOneRow(String sql) {
        assertThat(SingleRowInsert.matches(sql)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "INSERT INTO t VALUES (?), (?)",
                "INSERT IGNORE INTO t VALUES (?)",
                "INSERT INTO t VALUES (?) ON DUPLICATE KEY UPDATE a = 1",
                "INSERT INTO t SELECT ? FROM dual",
                "INSERT INTO t VALUES (?) RETURNING id",
                "INSERT INTO t VALUES ('a;b', ?)",
                "INSERT INTO t VALUES (?) -- comment",
                "INSERT INTO t VALUES (?) /* c */",
                "INSERT INTO t VALUES (?); DELETE FROM t",
                "REPLACE INTO t VALUES (?)",
                "UPDATE t SET a = ? WHERE id = ?",
                "INSERT INTO t SET a = ?",
                "INSERT INTO t VALUES (?"
            })
    void shouldNotMatchWhenRowsPerExecutionCanDiffer(String sql) {
        assertThat(SingleRowInsert.matches(sql)).isFalse();
    }
}
