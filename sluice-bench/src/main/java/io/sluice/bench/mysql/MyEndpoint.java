package io.sluice.bench.mysql;

/**
 * Where the MariaDB under test is and how each system reaches it: root on 127.0.0.1:3306, database
 * {@code test}, TLS off for every system, every driver at its default settings otherwise. For a
 * fairness check (sluice-bench README), the system properties {@code sluice.bench.mariadb.options} and
 * {@code sluice.bench.mysql.options} append URL options to that peer's JDBC URL, e.g.
 * {@code useServerPrepStmts=true}; the suites' documented cells run without them.
 */
public final class MyEndpoint {
    private MyEndpoint() {}

    static final String SLUICE = "sluice";
    public static final String MARIADB = "mariadb-connector-j";
    public static final String MYSQL = "mysql-connector-j";

    static String sluiceUrl() {
        return "mariadb://root@127.0.0.1:3306/test?sslmode=disable";
    }

    public static String jdbcUrl(String system) {
        return switch (system) {
            case MARIADB ->
                "jdbc:mariadb://127.0.0.1:3306/test?user=root&sslMode=disable"
                        + options("sluice.bench.mariadb.options");
            case MYSQL ->
                "jdbc:mysql://127.0.0.1:3306/test?user=root&sslMode=DISABLED&connectionTimeZone=UTC"
                        + options("sluice.bench.mysql.options");
            default -> throw new IllegalArgumentException("not a JDBC system: system=" + system);
        };
    }

    private static String options(String property) {
        String options = System.getProperty(property, "");
        return options.isEmpty() ? "" : "&" + options;
    }
}
