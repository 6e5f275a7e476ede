package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Connection;
import io.sluice.RowStream;
import org.junit.jupiter.api.Test;

/** Row streams over large results on MariaDB (the SEQUENCE engine makes them without a table). */
class MysqlStreamingTest {

    @Test
    void shouldStreamLargeResultAndStayUsableWhenClosedEarly() {
        try (Connection c = MysqlTestSupport.connect()) {
            try (RowStream s = c.stream("SELECT seq, REPEAT('x', 100) FROM seq_1_to_200000", 100)) {
                assertThat(s.columns()).hasSize(2);
                for (int i = 1; i <= 10; i++) {
                    assertThat(s.next().getLong(0)).isEqualTo(i);
                }
            }
            assertThat(c.query("SELECT 1", r -> r.getInt(0))).containsExactly(1);
        }
    }

    @Test
    void shouldFetchThroughServerCursorWhenStreaming() {
        try (Connection c = MysqlTestSupport.connect()) {
            long before = fetches(c);
            try (RowStream s = c.stream("SELECT seq FROM seq_1_to_1000 WHERE seq > ?", 100, 0)) {
                int n = 0;
                while (s.hasNext()) {
                    assertThat(s.next().getInt(0)).isEqualTo(++n);
                }
                assertThat(n).isEqualTo(1000);
            }
            assertThat(fetches(c) - before).isGreaterThanOrEqualTo(10);
        }
    }

    private static long fetches(Connection c) {
        return c.query(
                        "SELECT VARIABLE_VALUE FROM information_schema.SESSION_STATUS WHERE VARIABLE_NAME = 'COM_STMT_FETCH'",
                        r -> r.getLong(0))
                .get(0);
    }

    @Test
    void shouldStreamEveryRowInOrder() {
        try (Connection c = MysqlTestSupport.connect();
                RowStream s = c.stream("SELECT seq FROM seq_1_to_50000 WHERE seq > ?", 10, 0)) {
            long expected = 1;
            while (s.hasNext()) {
                assertThat(s.next().getLong(0)).isEqualTo(expected++);
            }
            assertThat(expected).isEqualTo(50001);
        }
    }

    @Test
    void shouldReturnFirstRowOnly() {
        try (Connection c = MysqlTestSupport.connect()) {
            assertThat(c.queryFirst("SELECT seq FROM seq_5_to_100000", r -> r.getLong(0)))
                    .contains(5L);
            assertThat(c.queryFirst("SELECT seq FROM seq_1_to_10 WHERE seq > 99", r -> r.getLong(0)))
                    .isEmpty();
        }
    }
}
