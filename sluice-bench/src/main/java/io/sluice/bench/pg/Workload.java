package io.sluice.bench.pg;

import java.util.concurrent.ThreadLocalRandom;

/**
 * What one operation does.
 *
 * @param kind    {@code fetch} (read {@code rows} rows) or {@code point} (one row by primary key)
 * @param variant {@code statement} (ad-hoc SQL text each time) or {@code prepared} (an explicit
 *                prepared statement, made once per connection)
 * @param rows    rows per fetch; ignored for point selects
 */
public record Workload(String kind, String variant, int rows) {

    public static Workload fetch(String variant, int rows) {
        return new Workload("fetch", variant, rows);
    }

    public static Workload point(String variant) {
        return new Workload("point", variant, 1);
    }

    public boolean prepared() {
        return variant.equals("prepared");
    }

    public boolean point() {
        return kind.equals("point");
    }

    /** The SQL with a {@code $1} parameter (rows for a fetch, the id for a point select). */
    public String parameterizedSql() {
        return point() ? LdbcTable.POINT_PARAM : LdbcTable.FETCH_PARAM;
    }

    /** The ad-hoc text for one operation, parameter written in. */
    public String literalSql(long id) {
        return point() ? LdbcTable.POINT_PARAM.replace("$1", Long.toString(id)) : LdbcTable.fetchLiteral(rows);
    }

    /** The parameter of the next operation: the row count, or a random id. */
    public int nextParameter() {
        return point() ? ThreadLocalRandom.current().nextInt(1, LdbcTable.ROWS + 1) : rows;
    }

    /** Names the session at the server, so that the replay server can tell workloads apart. */
    public String applicationName(String system) {
        return "sluice-bench-" + system.replace('+', '-') + "-" + kind + "-" + variant + "-" + rows;
    }
}
