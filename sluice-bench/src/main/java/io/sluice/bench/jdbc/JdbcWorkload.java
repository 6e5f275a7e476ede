package io.sluice.bench.jdbc;

import io.sluice.bench.mysql.MyEndpoint;
import io.sluice.bench.mysql.MyLdbcTable;
import io.sluice.bench.pg.LdbcTable;
import io.sluice.bench.pg.PgEndpoint;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The seed 16-column workload through the JDBC API only: the same code for every driver, only the URL
 * differs. PostgreSQL reads {@code bench_ldbc} ({@link LdbcTable}), MariaDB {@code my_ldbc}
 * ({@link MyLdbcTable}); every column is read with its typed getter, java.time through
 * {@code getObject(i, Class)}.
 */
final class JdbcWorkload {
    static final String POSTGRESQL = "postgresql";
    static final String MARIADB = "mariadb";
    static final String SLUICE = "sluice-jdbc";
    static final String PGJDBC = "pgjdbc";

    private JdbcWorkload() {}

    /** The JDBC URL {@code system} reaches {@code server} with (TLS off for all, as in the native suites). */
    static String url(String server, String system) {
        return switch (server) {
            case POSTGRESQL ->
                system.equals(SLUICE)
                        ? "jdbc:sluice:"
                                + PgEndpoint.server("sluice-bench-jdbc").sluiceUrl()
                        : PgEndpoint.server("sluice-bench-jdbc").jdbcUrl();
            case MARIADB ->
                system.equals(SLUICE)
                        ? "jdbc:sluice:mariadb://root@127.0.0.1:3306/test?sslmode=disable"
                        : MyEndpoint.jdbcUrl(system);
            default -> throw new IllegalArgumentException("unknown server: server=" + server);
        };
    }

    /** The fetch with one {@code ?} parameter, the row count. */
    static String fetchPrepared(String server) {
        return server.equals(POSTGRESQL) ? LdbcTable.jdbc(LdbcTable.FETCH_PARAM) : MyLdbcTable.FETCH_PARAM;
    }

    /** The fetch with the row count written into the text. */
    static String fetchLiteral(String server, int rows) {
        return server.equals(POSTGRESQL) ? LdbcTable.fetchLiteral(rows) : MyLdbcTable.fetchLiteral(rows);
    }

    /** The point select by primary key with one {@code ?}. */
    static String point(String server) {
        return server.equals(POSTGRESQL) ? LdbcTable.jdbc(LdbcTable.POINT_PARAM) : MyLdbcTable.POINT_PARAM;
    }

    static int tableRows(String server) {
        return server.equals(POSTGRESQL) ? LdbcTable.ROWS : MyLdbcTable.ROWS;
    }

    /** Reads every row's 16 columns with the typed getters; returns the rows read. */
    static int read(ResultSet rs, boolean postgres, Blackhole bh) throws SQLException {
        int n = 0;
        while (rs.next()) {
            bh.consume(rs.getLong(1));
            bh.consume(rs.getShort(2));
            bh.consume(rs.getInt(3));
            bh.consume(rs.getFloat(4));
            bh.consume(rs.getDouble(5));
            bh.consume(rs.getBigDecimal(6));
            bh.consume(rs.getString(7));
            bh.consume(rs.getString(8));
            bh.consume(rs.getObject(9, LocalDate.class));
            bh.consume(rs.getObject(10, LocalTime.class));
            bh.consume(rs.getObject(11, LocalDateTime.class));
            bh.consume(postgres ? rs.getObject(12, OffsetDateTime.class) : rs.getObject(12, LocalDateTime.class));
            bh.consume(rs.getBoolean(13));
            bh.consume(rs.getInt(14));
            bh.consume(rs.getLong(15));
            bh.consume(rs.getString(16));
            n++;
        }
        return n;
    }
}
