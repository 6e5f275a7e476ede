package io.sluice.jdbc;

import io.sluice.Column;
import io.sluice.ColumnType;
import java.math.BigDecimal;
import java.sql.Types;

/**
 * Native column types to JDBC's {@link Types} codes and Java classes, as the reference drivers
 * report them (pgjdbc: boolean is {@code BIT}, timestamptz is {@code TIMESTAMP}, json and uuid are
 * {@code OTHER}; MariaDB Connector/J alike for the MySQL types).
 */
final class JdbcTypes {
    private JdbcTypes() {}

    /**
     * The column's type as JDBC sees it: MySQL's TIME, which the native driver reports as an interval
     * (it holds -838 to 838 hours), is a TIME for JDBC, as for MariaDB Connector/J.
     */
    static ColumnType type(Column c) {
        return c.type() == ColumnType.INTERVAL && "TIME".equalsIgnoreCase(c.nativeType()) ? ColumnType.TIME : c.type();
    }

    /** The {@link Types} code of a column. */
    static int sqlType(Column c) {
        return switch (type(c)) {
            case BOOLEAN -> Types.BIT;
            case SMALLINT -> isTinyInt(c) ? Types.TINYINT : Types.SMALLINT;
            case INTEGER -> Types.INTEGER;
            case BIGINT -> Types.BIGINT;
            case REAL -> Types.REAL;
            case DOUBLE -> Types.DOUBLE;
            case DECIMAL -> nativeIs(c, "numeric") ? Types.NUMERIC : Types.DECIMAL;
            case TEXT -> nativeIs(c, "bpchar") || nativeIs(c, "char") ? Types.CHAR : Types.VARCHAR;
            case BYTES -> Types.BINARY;
            case DATE -> Types.DATE;
            case TIME, TIME_TZ -> Types.TIME;
            case TIMESTAMP, TIMESTAMP_TZ -> Types.TIMESTAMP;
            case ARRAY -> Types.ARRAY;
            case INTERVAL, UUID, JSON, OTHER -> Types.OTHER;
        };
    }

    private static boolean isTinyInt(Column c) {
        return c.nativeType() != null
                && c.nativeType().toUpperCase(java.util.Locale.ROOT).startsWith("TINYINT");
    }

    private static boolean nativeIs(Column c, String name) {
        return name.equalsIgnoreCase(c.nativeType());
    }

    /** The class {@code getObject} returns for a column. */
    static Class<?> javaClass(Column c) {
        return javaClass(type(c));
    }

    static Class<?> javaClass(ColumnType type) {
        return switch (type) {
            case BOOLEAN -> Boolean.class;
            case SMALLINT, INTEGER -> Integer.class;
            case BIGINT -> Long.class;
            case REAL -> Float.class;
            case DOUBLE -> Double.class;
            case DECIMAL -> BigDecimal.class;
            case TEXT, JSON, INTERVAL, OTHER -> String.class;
            case BYTES -> byte[].class;
            case DATE -> java.sql.Date.class;
            case TIME, TIME_TZ -> java.sql.Time.class;
            case TIMESTAMP, TIMESTAMP_TZ -> java.sql.Timestamp.class;
            case UUID -> java.util.UUID.class;
            case ARRAY -> java.sql.Array.class;
        };
    }

    /** Digits (or characters) a value of the type can hold, as far as the type alone tells; 0 if unknown. */
    static int precision(ColumnType type) {
        return switch (type) {
            case BOOLEAN -> 1;
            case SMALLINT -> 5;
            case INTEGER -> 10;
            case BIGINT -> 19;
            case REAL -> 8;
            case DOUBLE -> 17;
            case DATE -> 13;
            case TIME -> 15;
            case TIME_TZ -> 21;
            case TIMESTAMP -> 29;
            case TIMESTAMP_TZ -> 35;
            case UUID -> 36;
            default -> 0;
        };
    }

    /** Whether the type is signed (numbers only). */
    static boolean signed(Column c) {
        return switch (c.type()) {
            case SMALLINT, INTEGER, BIGINT, REAL, DOUBLE, DECIMAL -> !c.unsigned();
            default -> false;
        };
    }
}
