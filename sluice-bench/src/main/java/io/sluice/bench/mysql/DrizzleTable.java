package io.sluice.bench.mysql;

/**
 * The drizzle-jdbc load test's shape: a per-connection temporary InnoDB table, 1000 rows inserted one
 * statement at a time in one transaction, then read back.
 */
final class DrizzleTable {
    private DrizzleTable() {}

    static final int ROWS = 1000;
    static final String DDL = "CREATE TEMPORARY TABLE my_drizzle (id INT PRIMARY KEY, name VARCHAR(64), "
            + "amount DOUBLE, created DATETIME) ENGINE=InnoDB";
    static final String INSERT = "INSERT INTO my_drizzle VALUES (?, ?, ?, ?)";
    static final String READ = "SELECT id, name, amount, created FROM my_drizzle WHERE id > ?";
    static final String READ_LITERAL = "SELECT id, name, amount, created FROM my_drizzle WHERE id > 0";
    static final String CLEAR = "DELETE FROM my_drizzle";

    static String name(int i) {
        return "row-name-" + i;
    }
}
