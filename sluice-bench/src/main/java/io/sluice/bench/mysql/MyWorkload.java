package io.sluice.bench.mysql;

import java.util.concurrent.ThreadLocalRandom;

/**
 * What one operation does.
 *
 * @param kind    {@code fetch} ({@code rows} rows of my_ldbc), {@code point} (one row by id),
 *                {@code insert} (the drizzle insert of {@code rows} rows in one transaction, one execute
 *                each), {@code batch} (the same rows as one batch of executes) or
 *                {@code read} (the drizzle read-back of {@code rows} rows)
 * @param variant {@code statement} (SQL text) or {@code prepared} (an explicit prepared statement)
 */
record MyWorkload(String kind, String variant, int rows) {

    boolean prepared() {
        return variant.equals("prepared");
    }

    /** The drizzle insert, one execute per row or one batch. */
    boolean inserts() {
        return kind.equals("insert") || kind.equals("batch");
    }

    String parameterizedSql() {
        return switch (kind) {
            case "point" -> MyLdbcTable.POINT_PARAM;
            case "fetch" -> MyLdbcTable.FETCH_PARAM;
            case "insert", "batch" -> DrizzleTable.INSERT;
            default -> DrizzleTable.READ;
        };
    }

    String literalSql(long parameter) {
        return switch (kind) {
            case "point" -> MyLdbcTable.pointLiteral(parameter);
            case "fetch" -> MyLdbcTable.fetchLiteral(rows);
            default -> DrizzleTable.READ_LITERAL;
        };
    }

    int nextParameter() {
        return kind.equals("point") ? ThreadLocalRandom.current().nextInt(1, MyLdbcTable.ROWS + 1) : rows;
    }
}
