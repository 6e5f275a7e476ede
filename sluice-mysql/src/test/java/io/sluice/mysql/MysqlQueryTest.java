package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.ServerException;
import io.sluice.Sluice;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Text and binary protocol round trips against the real MariaDB. */
class MysqlQueryTest {

    @Test
    void shouldSelectConstantsWhenConnectedAsRoot() {
        try (Connection c = MysqlTestSupport.connect()) {
            List<String> r = c.query("SELECT 1 AS a, 'x' AS b", row -> row.getInt(0) + row.getString("b"));
            assertThat(r).containsExactly("1x");
            assertThat(c.serverInfo().product()).isEqualTo("MariaDB");
        }
    }

    @Test
    void shouldFindDriverThroughUrl() {
        try (Connection c = Sluice.connect("mariadb://root@127.0.0.1:3306/test?sslmode=disable")) {
            assertThat(c.query("SELECT ? + 1", row -> row.getLong(0), 41L)).containsExactly(42L);
        }
    }

    @Test
    void shouldRunTextProtocolWhenCacheDisabled() {
        try (Connection c = MysqlTestSupport.connect(MysqlTestSupport.root().statementCacheSize(0))) {
            assertThat(c.query("SELECT 40 + 2", row -> row.getInt(0))).containsExactly(42);
            assertThat(c.query("SELECT ? * 2", row -> row.getInt(0), 21)).containsExactly(42);
        }
    }

    @Test
    void shouldReportServerErrorAndStayUsable() {
        try (Connection c = MysqlTestSupport.connect()) {
            assertThatThrownBy(() -> c.execute("SELECT * FROM my_no_such_table"))
                    .isInstanceOf(ServerException.class)
                    .satisfies(e -> {
                        ServerException se = (ServerException) e;
                        assertThat(se.sqlState()).isEqualTo("42S02");
                        assertThat(se.fields()).containsEntry("error_code", "1146");
                    });
            assertThat(c.isBroken()).isFalse();
            assertThat(c.query("SELECT 7", row -> row.getInt(0))).containsExactly(7);
        }
    }

    @Test
    void shouldStayInStepWhenPipelinedPrepareFails() {
        try (Connection c = MysqlTestSupport.connect()) {
            for (int i = 0; i < 3; i++) {
                assertThatThrownBy(() -> c.query("SELEC oops ?", r -> r.getInt(0), 1))
                        .isInstanceOf(ServerException.class)
                        .satisfies(e ->
                                assertThat(((ServerException) e).sqlState()).isEqualTo("42000"));
            }
            assertThatThrownBy(() -> c.query("SELECT ? + ?", r -> r.getInt(0), 1))
                    .isInstanceOf(io.sluice.ParameterException.class)
                    .hasMessageContaining("wrong number of parameters: expected=2, given=1");
            assertThat(c.isBroken()).isFalse();
            assertThat(c.query("SELECT ? + ?", r -> r.getInt(0), 1, 2)).containsExactly(3);
        }
    }

    @Test
    void shouldReadDecimalsExactlyOnFastAndSlowPaths() {
        try (Connection c = MysqlTestSupport.connect()) {
            assertThat(c.query(
                                    "SELECT CAST(-0.05 AS DECIMAL(10,2)), CAST(123456789012345678.9 AS DECIMAL(30,1)), CAST(7 AS DECIMAL(5,0))",
                                    r -> List.of(r.getBigDecimal(0), r.getBigDecimal(1), r.getBigDecimal(2)))
                            .get(0))
                    .containsExactly(
                            new java.math.BigDecimal("-0.05"),
                            new java.math.BigDecimal("123456789012345678.9"),
                            new java.math.BigDecimal("7"));
        }
    }
}
