package io.sluice.bench.pg;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The ldbc workload's table: 16 columns of mixed types, {@value #ROWS} rows, created and filled by
 * {@link #ensure()} (idempotent, safe against concurrent runs through an advisory lock).
 */
public final class LdbcTable {
    /** Rows in the table; the largest fetch reads all of them, point selects pick ids 1..ROWS. */
    public static final int ROWS = 2000;

    public static final String NAME = "bench_ldbc";
    /** Every column, in the order the readers read them. */
    public static final String COLUMNS = "id, c_smallint, c_int, c_real, c_double, c_numeric, c_varchar, c_text, "
            + "c_date, c_time, c_timestamp, c_timestamptz, c_boolean, c_int2, c_bigint2, c_varchar2";
    /** The fetch query with one parameter, the row count ({@code $1} placeholder). */
    public static final String FETCH_PARAM = "SELECT " + COLUMNS + " FROM " + NAME + " WHERE id <= $1";
    /** The point select by primary key ({@code $1} placeholder). */
    public static final String POINT_PARAM = "SELECT " + COLUMNS + " FROM " + NAME + " WHERE id = $1";

    private static final long LOCK_KEY = 0x5_1ce_be_1dbcL;
    private static final String DDL = "CREATE TABLE IF NOT EXISTS " + NAME + " ("
            + "id bigint PRIMARY KEY, c_smallint smallint NOT NULL, c_int integer NOT NULL, c_real real NOT NULL, "
            + "c_double double precision NOT NULL, c_numeric numeric(10,2) NOT NULL, c_varchar varchar(64) NOT NULL, "
            + "c_text text NOT NULL, c_date date NOT NULL, c_time time NOT NULL, c_timestamp timestamp NOT NULL, "
            + "c_timestamptz timestamptz NOT NULL, c_boolean boolean NOT NULL, c_int2 integer NOT NULL, "
            + "c_bigint2 bigint NOT NULL, c_varchar2 varchar(32) NOT NULL)";
    private static final String FILL = "INSERT INTO " + NAME + " SELECT g, (g % 32000)::smallint, g * 7, "
            + "(g * 1.5)::real, g * 2.25, (g * 3.14)::numeric(10,2), 'name-' || g, repeat('lorem ipsum ', 3) || g, "
            + "date '2024-01-01' + (g % 365), time '00:00' + (g % 86400) * interval '1 second', "
            + "timestamp '2024-01-01 00:00' + g * interval '1 minute', "
            + "timestamptz '2024-01-01 00:00:00+00' + g * interval '1 minute', g % 2 = 0, g * 13, g * 1000003::bigint, "
            + "'v' || g FROM generate_series(1, " + ROWS + ") g";

    private LdbcTable() {}

    /** The fetch query with the row count written into the text, as ad-hoc SQL is. */
    public static String fetchLiteral(int rows) {
        return "SELECT " + COLUMNS + " FROM " + NAME + " WHERE id <= " + rows;
    }

    /** The same SQL with JDBC's {@code ?} placeholders. */
    public static String jdbc(String sql) {
        return sql.replace("$1", "?");
    }

    /** Creates and fills the table unless it already holds exactly the expected rows. */
    public static void ensure() throws SQLException {
        try (Connection c = DriverManager.getConnection(
                        PgEndpoint.server("sluice-bench-setup").jdbcUrl());
                Statement s = c.createStatement()) {
            s.execute("SELECT pg_advisory_lock(" + LOCK_KEY + ")");
            try {
                s.execute(DDL);
                if (count(s) != ROWS || !lastRowMatches(s)) {
                    c.setAutoCommit(false);
                    s.execute("TRUNCATE " + NAME);
                    s.execute(FILL);
                    c.commit();
                    c.setAutoCommit(true);
                    s.execute("ANALYZE " + NAME);
                }
            } finally {
                s.execute("SELECT pg_advisory_unlock(" + LOCK_KEY + ")");
            }
        }
    }

    private static long count(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + NAME)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static boolean lastRowMatches(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT c_varchar2 FROM " + NAME + " WHERE id = " + ROWS)) {
            return rs.next() && rs.getString(1).equals("v" + ROWS);
        }
    }
}
