package io.sluice;

import java.util.Objects;

/**
 * What a {@link QueryListener} is told about a query: where it runs and its SQL, with the derived forms
 * monitoring wants. The derived forms are computed on first use and kept, so a listener that never asks
 * for them does not pay for them. Not thread-safe beyond that (a race only computes a form twice).
 *
 * <p>The raw {@link #sql()} may carry literal values; {@link #sanitizedSql()} replaces every literal with
 * {@code ?}. Bound parameter values are never part of a {@code QueryInfo}.
 *
 * <p>The derived forms of the most recent distinct SQL texts (up to {@value SqlShape#CACHE_SIZE} per dialect)
 * are shared between queries, so a listener asking for them on every query lexes each text once, not every
 * time: applications run a few texts over and over.
 */
public final class QueryInfo {
    private final String system;
    private final ServerAddress server;
    private final String database;
    private final String sql;
    private SqlShape shape;

    /**
     * Created by a driver for each observed query.
     *
     * @param system   the database system as OpenTelemetry names it: {@code postgresql}, {@code mysql}, {@code mariadb}
     * @param server   the server the connection talks to, with its actual port
     * @param database the connection's database, or null
     * @param sql      the SQL text as the application gave it
     */
    public QueryInfo(String system, ServerAddress server, String database, String sql) {
        this.system = Objects.requireNonNull(system, "system");
        this.server = Objects.requireNonNull(server, "server");
        this.database = database;
        this.sql = Objects.requireNonNull(sql, "sql");
    }

    /** {@code postgresql}, {@code mysql} or {@code mariadb} (OpenTelemetry's {@code db.system.name}). */
    public String system() {
        return system;
    }

    /** The server, with its actual port. */
    public ServerAddress server() {
        return server;
    }

    /** The connection's database, or null when none was named. */
    public String database() {
        return database;
    }

    /** The SQL as given, literals included (never bound parameter values: those are sent apart). */
    public String sql() {
        return sql;
    }

    /**
     * The statement's leading keyword in upper case ({@code SELECT}, {@code INSERT}, {@code BEGIN}...); for a
     * {@code WITH} query the keyword of its main statement; {@code BEGIN} for {@code START TRANSACTION} too, so
     * that every transaction start has one name. Null when the text starts with no keyword.
     */
    public String operation() {
        return shape().operation;
    }

    /**
     * The first table the statement names (after {@code FROM} in a SELECT or DELETE, {@code INTO} in an
     * INSERT or MERGE, the target of an UPDATE, COPY, TRUNCATE), as written (schema prefix and quotes kept),
     * or null when there is none or it is a subquery.
     */
    public String collection() {
        return shape().collection;
    }

    /**
     * A low-cardinality summary: {@link #operation()} and {@link #collection()}, such as
     * {@code SELECT orders}; the operation alone when there is no table; null when there is no operation.
     */
    public String summary() {
        return shape().summary;
    }

    /**
     * The SQL with every string, number and (PostgreSQL) dollar-quoted literal replaced by {@code ?} and
     * comments removed; identifiers, keywords and parameter markers are kept. MySQL's double-quoted strings
     * and backslash escapes are honoured for {@code mysql} and {@code mariadb}.
     */
    public String sanitizedSql() {
        return shape().sanitized();
    }

    private SqlShape shape() {
        SqlShape s = shape;
        if (s == null) {
            s = SqlShape.of(sql, !system.equals("postgresql"));
            shape = s;
        }
        return s;
    }

    @Override
    public String toString() {
        return "QueryInfo[system=" + system + ", server=" + server + ", database=" + database + ", summary=" + summary()
                + "]";
    }
}
