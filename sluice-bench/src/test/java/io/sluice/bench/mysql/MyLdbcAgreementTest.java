package io.sluice.bench.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Connection;
import io.sluice.Row;
import io.sluice.Sluice;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The benchmark's readers must see the same values: every column of every my_ldbc row read by Sluice
 * (binary and text protocol: a parameterless text runs as text on its first use, prepared on its second) equals what MariaDB Connector/J and MySQL Connector/J read.
 */
class MyLdbcAgreementTest {

    @BeforeAll
    static void table() throws SQLException {
        MyLdbcTable.ensure();
    }

    private static List<List<Object>> viaJdbc(String system) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (java.sql.Connection c = DriverManager.getConnection(MyEndpoint.jdbcUrl(system));
                Statement s = c.createStatement()) {
            s.execute("SET time_zone = '+00:00'");
            try (ResultSet rs = s.executeQuery(MyLdbcTable.fetchLiteral(MyLdbcTable.ROWS) + " ORDER BY id")) {
                while (rs.next()) {
                    rows.add(List.of(
                            rs.getLong(1),
                            rs.getShort(2),
                            rs.getInt(3),
                            rs.getFloat(4),
                            rs.getDouble(5),
                            rs.getBigDecimal(6),
                            rs.getString(7),
                            rs.getString(8),
                            rs.getObject(9, LocalDate.class),
                            rs.getObject(10, LocalTime.class),
                            rs.getObject(11, LocalDateTime.class),
                            rs.getObject(12, LocalDateTime.class),
                            rs.getBoolean(13),
                            rs.getInt(14),
                            rs.getLong(15),
                            rs.getString(16)));
                }
            }
        }
        return rows;
    }

    private static List<Object> viaSluice(Row r) {
        return List.of(
                r.getLong(0),
                r.getShort(1),
                r.getInt(2),
                r.getFloat(3),
                r.getDouble(4),
                r.getBigDecimal(5),
                r.getString(6),
                r.getString(7),
                r.getLocalDate(8),
                r.getLocalTime(9),
                r.getLocalDateTime(10),
                r.getLocalDateTime(11),
                r.getBoolean(12),
                r.getInt(13),
                r.getLong(14),
                r.getString(15));
    }

    @Test
    void shouldReadSameValuesAsBothJdbcPeersWhenFetchingLdbcTable() throws SQLException {
        List<List<Object>> mariadb = viaJdbc(MyEndpoint.MARIADB);
        assertThat(mariadb).hasSize(MyLdbcTable.ROWS);
        assertThat(viaJdbc(MyEndpoint.MYSQL)).isEqualTo(mariadb);
        try (Connection binary = Sluice.connect(MyEndpoint.sluiceUrl());
                Connection text = Sluice.connect(MyEndpoint.sluiceUrl() + "&statement_cache_size=0")) {
            String sql = MyLdbcTable.fetchLiteral(MyLdbcTable.ROWS) + " ORDER BY id";
            assertThat(binary.query(sql, MyLdbcAgreementTest::viaSluice))
                    .as("first use: text")
                    .isEqualTo(mariadb);
            assertThat(binary.query(sql, MyLdbcAgreementTest::viaSluice))
                    .as("second use: prepared")
                    .isEqualTo(mariadb);
            assertThat(text.query(sql, MyLdbcAgreementTest::viaSluice)).isEqualTo(mariadb);
            assertThat(binary.query(MyLdbcTable.FETCH_PARAM + " ORDER BY id", MyLdbcAgreementTest::viaSluice, 10))
                    .isEqualTo(mariadb.subList(0, 10));
        }
    }
}
