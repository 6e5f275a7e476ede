package io.sluice.bench.mysql;

/**
 * Where the MariaDB under test is and how each system reaches it: root on 127.0.0.1:3306, database
 * {@code test}, TLS off for every system, every driver at its default settings otherwise.
 */
final class MyEndpoint {
    private MyEndpoint() {}

    static final String SLUICE = "sluice";
    static final String MARIADB = "mariadb-connector-j";
    static final String MYSQL = "mysql-connector-j";

    static String sluiceUrl() {
        return "mariadb://root@127.0.0.1:3306/test?sslmode=disable";
    }

    static String jdbcUrl(String system) {
        return switch (system) {
            case MARIADB -> "jdbc:mariadb://127.0.0.1:3306/test?user=root&sslMode=disable";
            case MYSQL -> "jdbc:mysql://127.0.0.1:3306/test?user=root&sslMode=DISABLED&connectionTimeZone=UTC";
            default -> throw new IllegalArgumentException("not a JDBC system: system=" + system);
        };
    }
}
