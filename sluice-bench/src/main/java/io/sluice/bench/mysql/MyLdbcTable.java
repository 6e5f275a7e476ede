package io.sluice.bench.mysql;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The ldbc workload's 16-column table {@code my_ldbc} (bigint, smallint, int, float, double,
 * decimal(10,2), varchar, text, date, time, datetime, timestamp, boolean, int, bigint, varchar) with
 * {@value #ROWS} rows, created and filled by {@link #ensure()} under a named lock (idempotent).
 */
public final class MyLdbcTable {
    public static final int ROWS = 2000;
    static final String NAME = "my_ldbc";
    static final String COLUMNS =
            "id, c_smallint, c_int, c_float, c_double, c_decimal, c_varchar, c_text, c_date, c_time, "
                    + "c_datetime, c_timestamp, c_boolean, c_int2, c_bigint2, c_varchar2";
    public static final String FETCH_PARAM = "SELECT " + COLUMNS + " FROM " + NAME + " WHERE id <= ?";
    public static final String POINT_PARAM = "SELECT " + COLUMNS + " FROM " + NAME + " WHERE id = ?";

    private static final String DDL = "CREATE TABLE IF NOT EXISTS " + NAME + " (id BIGINT PRIMARY KEY, "
            + "c_smallint SMALLINT NOT NULL, c_int INT NOT NULL, c_float FLOAT NOT NULL, c_double DOUBLE NOT NULL, "
            + "c_decimal DECIMAL(10,2) NOT NULL, c_varchar VARCHAR(64) NOT NULL, c_text TEXT NOT NULL, c_date DATE NOT NULL, "
            + "c_time TIME NOT NULL, c_datetime DATETIME NOT NULL, c_timestamp TIMESTAMP NOT NULL, c_boolean BOOLEAN NOT NULL, "
            + "c_int2 INT NOT NULL, c_bigint2 BIGINT NOT NULL, c_varchar2 VARCHAR(32) NOT NULL) ENGINE=InnoDB";
    private static final String FILL =
            "INSERT INTO " + NAME + " SELECT seq, seq % 32000, seq * 7, seq * 1.5, seq * 2.25, "
                    + "seq * 3.14, CONCAT('name-', seq), CONCAT(REPEAT('lorem ipsum ', 3), seq), DATE '2024-01-01' + INTERVAL (seq % 365) DAY, "
                    + "SEC_TO_TIME(seq % 86400), TIMESTAMP '2024-01-01 00:00:00' + INTERVAL seq MINUTE, "
                    + "TIMESTAMP '2024-01-01 00:00:00' + INTERVAL seq MINUTE, seq % 2 = 0, seq * 13, seq * 1000003, CONCAT('v', seq) "
                    + "FROM seq_1_to_" + ROWS;

    private MyLdbcTable() {}

    public static String fetchLiteral(int rows) {
        return "SELECT " + COLUMNS + " FROM " + NAME + " WHERE id <= " + rows;
    }

    static String pointLiteral(long id) {
        return "SELECT " + COLUMNS + " FROM " + NAME + " WHERE id = " + id;
    }

    public static void ensure() throws SQLException {
        try (Connection c = DriverManager.getConnection(MyEndpoint.jdbcUrl(MyEndpoint.MARIADB));
                Statement s = c.createStatement()) {
            s.execute("SET time_zone = '+00:00'");
            s.execute("SELECT GET_LOCK('my_ldbc_fill', 60)");
            try {
                s.execute(DDL);
                if (count(s) != ROWS) {
                    s.execute("TRUNCATE " + NAME);
                    s.execute(FILL);
                }
            } finally {
                s.execute("SELECT RELEASE_LOCK('my_ldbc_fill')");
            }
        }
    }

    private static long count(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + NAME)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
