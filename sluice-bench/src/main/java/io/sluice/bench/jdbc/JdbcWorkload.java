package io.sluice.bench.jdbc;

import io.sluice.bench.mysql.MyEndpoint;
import io.sluice.bench.mysql.MyLdbcTable;
import io.sluice.bench.pg.LdbcTable;
import io.sluice.bench.pg.PgEndpoint;

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
}
