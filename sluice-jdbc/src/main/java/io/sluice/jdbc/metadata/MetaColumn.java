package io.sluice.jdbc.metadata;

import java.sql.JDBCType;

/**
 * One column of a metadata result: its name as the {@link java.sql.DatabaseMetaData} Javadoc spells it and
 * the JDBC type the Javadoc gives it. The type fixes the Java class of every value in the column (see
 * {@link MetaResultSet}).
 *
 * @param name the column name, for example {@code TABLE_NAME}
 * @param type one of VARCHAR, INTEGER, SMALLINT, BIGINT or BOOLEAN
 */
record MetaColumn(String name, JDBCType type) {

    /** The Java class a value of this column has ({@link String}, {@link Integer}, ...). */
    Class<?> javaClass() {
        return switch (type) {
            case VARCHAR -> String.class;
            case INTEGER -> Integer.class;
            case SMALLINT -> Short.class;
            case BIGINT -> Long.class;
            case BOOLEAN -> Boolean.class;
            default -> throw new IllegalArgumentException("no metadata column has type " + type);
        };
    }
}
