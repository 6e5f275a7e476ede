package io.sluice;

/** Transaction isolation levels, as SQL names them. */
public enum IsolationLevel {
    /** Whatever the server or session is configured with. */
    DEFAULT(null),
    READ_UNCOMMITTED("READ UNCOMMITTED"),
    READ_COMMITTED("READ COMMITTED"),
    REPEATABLE_READ("REPEATABLE READ"),
    SERIALIZABLE("SERIALIZABLE");

    private final String sql;

    IsolationLevel(String sql) {
        this.sql = sql;
    }

    /** The level as written in SQL ({@code SERIALIZABLE}), or null for {@link #DEFAULT}. */
    public String sql() {
        return sql;
    }
}
