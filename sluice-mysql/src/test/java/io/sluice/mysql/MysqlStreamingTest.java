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
    void shouldStreamEveryRowInOrder() {
        try (Connection c = MysqlTestSupport.connect(); RowStream s = c.stream("SELECT seq FROM seq_1_to_50000 WHERE seq > ?", 10, 0)) {
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
            assertThat(c.queryFirst("SELECT seq FROM seq_5_to_100000", r -> r.getLong(0))).contains(5L);
            assertThat(c.queryFirst("SELECT seq FROM seq_1_to_10 WHERE seq > 99", r -> r.getLong(0))).isEmpty();
        }
    }
}
