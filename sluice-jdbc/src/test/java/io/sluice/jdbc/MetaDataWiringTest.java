package io.sluice.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code Connection.getMetaData()} answers from the catalog while a streamed result set is still open. */
class MetaDataWiringTest {
    @ParameterizedTest
    @ValueSource(
            strings = {
                "jdbc:sluice:postgresql://postgres@127.0.0.1:5432/test?sslmode=disable",
                "jdbc:sluice:mariadb://root@127.0.0.1:3306/test?sslmode=disable"
            })
    void shouldAnswerCatalogQueriesWhenAStreamedResultIsOpen(String url) throws Exception {
        boolean postgres = url.contains("postgresql");
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            DatabaseMetaData md = c.getMetaData();
            assertThat(md).isSameAs(c.getMetaData());
            assertThat(md.getConnection()).isSameAs(c);
            assertThat(md.getDatabaseProductName()).isEqualTo(postgres ? "PostgreSQL" : "MariaDB");
            s.setFetchSize(10);
            String sql = postgres ? "SELECT g FROM generate_series(1, 500) g" : "SELECT seq FROM seq_1_to_500";
            try (ResultSet rs = s.executeQuery(sql)) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(1);
                try (ResultSet tables = md.getTables(null, null, "%", new String[] {"TABLE"})) {
                    tables.next(); // answers instead of waiting for the open stream
                }
                int rows = 1;
                while (rs.next()) {
                    rows++;
                    assertThat(rs.getInt(1)).isEqualTo(rows);
                }
                assertThat(rows).isEqualTo(500);
            }
        }
    }
}
