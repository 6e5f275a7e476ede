package io.sluice.bench.orm;

import io.sluice.bench.mysql.MyLdbcTable;
import io.sluice.bench.pg.LdbcTable;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.LongFunction;

/**
 * The server side of the {@code orm} suites: where each system connects, the entity that maps the ldbc
 * table there, and the database the insert workload fills ({@value #INSERT_DATABASE}, its table created
 * by Hibernate from the entity, so that the shared ldbc table is never written).
 */
enum OrmTarget {
    /** PostgreSQL: {@code bench_ldbc} in database {@code test}; baseline pgjdbc. */
    POSTGRESQL("pgjdbc", "org.hibernate.dialect.PostgreSQLDialect", PgLdbcEntity.class, PgLdbcEntity::of) {
        @Override
        String url(String system, String database) {
            String prefix = system.equals(SLUICE_JDBC) ? "jdbc:sluice:postgresql://" : "jdbc:postgresql://";
            return prefix + "127.0.0.1:5432/" + database + "?user=postgres&sslmode=disable";
        }

        @Override
        void createInsertDatabase() throws SQLException {
            try (Connection c = DriverManager.getConnection(url(baseline, "postgres"));
                    Statement s = c.createStatement();
                    var rs = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + INSERT_DATABASE + "'")) {
                if (!rs.next()) {
                    s.execute("CREATE DATABASE " + INSERT_DATABASE);
                }
            }
        }
    },
    /** MariaDB: {@code my_ldbc} in database {@code test}; baseline MariaDB Connector/J. */
    MARIADB("mariadb-connector-j", "org.hibernate.dialect.MariaDBDialect", MyLdbcEntity.class, MyLdbcEntity::of) {
        @Override
        String url(String system, String database) {
            return system.equals(SLUICE_JDBC)
                    ? "jdbc:sluice:mariadb://127.0.0.1:3306/" + database + "?user=root&sslmode=disable"
                    : "jdbc:mariadb://127.0.0.1:3306/" + database + "?user=root&sslMode=disable";
        }

        @Override
        void createInsertDatabase() throws SQLException {
            try (Connection c = DriverManager.getConnection(url(baseline, "test"));
                    Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE IF NOT EXISTS " + INSERT_DATABASE);
            }
        }
    };

    /** The system name of sluice-jdbc in these suites. */
    static final String SLUICE_JDBC = "sluice-jdbc";
    /** The database the insert workload writes to. */
    static final String INSERT_DATABASE = "compat_orm_bench";

    final String baseline;
    final String dialect;
    final Class<?> entity;
    final LongFunction<Object> newRow;

    OrmTarget(String baseline, String dialect, Class<?> entity, LongFunction<Object> newRow) {
        this.baseline = baseline;
        this.dialect = dialect;
        this.entity = entity;
        this.newRow = newRow;
    }

    /** The JDBC URL of {@code database} for {@code system}. */
    abstract String url(String system, String database);

    /** Creates {@link #INSERT_DATABASE} unless it exists, through the baseline driver. */
    abstract void createInsertDatabase() throws SQLException;

    /** Creates and fills the ldbc table the reads use, as the fetch suites do. */
    void ensureTable() throws SQLException {
        if (this == POSTGRESQL) {
            LdbcTable.ensure();
        } else {
            MyLdbcTable.ensure();
        }
    }

    /** True when a driver on the class path takes sluice-jdbc's URLs for this server. */
    boolean sluiceAvailable() {
        try {
            DriverManager.getDriver(url(SLUICE_JDBC, "test"));
            return true;
        } catch (SQLException e) {
            return false;
        }
    }
}
