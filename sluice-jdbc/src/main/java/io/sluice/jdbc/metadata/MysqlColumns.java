package io.sluice.jdbc.metadata;

import io.sluice.Connection;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@link java.sql.DatabaseMetaData#getColumns} on MySQL and MariaDB: one {@code information_schema.COLUMNS} query,
 * then the JDBC type and size of each column worked out here, as MariaDB Connector/J reports them:
 * {@code tinyint(1)} (signed or not) is BOOLEAN, {@code mediumint} INTEGER, {@code text} kinds LONGVARCHAR (but
 * {@code tinytext} VARCHAR), the type name is COLUMN_TYPE without lengths ({@link #typeName}); temporal sizes are
 * the length of their text form.
 * Lengths above {@link Integer#MAX_VALUE} (LONGTEXT's 4 GiB) are capped. Types the mapping does not know
 * (spatial types, MariaDB's INET6 and UUID) are OTHER.
 */
final class MysqlColumns {

    /** The query; the caller adds the filters on TABLE_SCHEMA, TABLE_NAME and COLUMN_NAME. */
    static final String SELECT = """
            SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, DATA_TYPE, COLUMN_TYPE, NUMERIC_PRECISION, NUMERIC_SCALE,
              CHARACTER_MAXIMUM_LENGTH, CHARACTER_OCTET_LENGTH, DATETIME_PRECISION, IS_NULLABLE, COLUMN_COMMENT,
              COLUMN_DEFAULT, ORDINAL_POSITION, EXTRA
            FROM information_schema.COLUMNS WHERE 1 = 1""";

    private MysqlColumns() {}

    /** Runs {@code sql} (built on {@link #SELECT}) and builds the result. */
    static MetaResultSet read(Connection connection, CatalogSql sql) throws SQLException {
        sql.append(" ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION");
        List<Object[]> rows = new ArrayList<>();
        for (Object[] raw : sql.rows(connection)) {
            rows.add(column(raw));
        }
        return new MetaResultSet(MetaLayouts.COLUMNS, rows);
    }

    private static Object[] column(Object[] raw) {
        String dataTypeName = ((String) raw[3]).toLowerCase(Locale.ROOT);
        String columnType = ((String) raw[4]).toLowerCase(Locale.ROOT);
        boolean bool = columnType.startsWith("tinyint(1)");
        int dataType = bool ? Types.BOOLEAN : jdbcType(dataTypeName);
        String typeName = bool ? "BOOLEAN" : typeName((String) raw[4]);
        Integer size =
                switch (dataTypeName) {
                    case "date" -> 10;
                    case "time" -> 10 + fraction(raw[9]);
                    case "datetime", "timestamp" -> 19 + fraction(raw[9]);
                    case "year" -> null;
                    default ->
                        raw[5] != null
                                ? Integer.valueOf(capped(raw[5]))
                                : raw[7] != null ? Integer.valueOf(capped(raw[7])) : null;
                };
        boolean nullable = "YES".equals(raw[10]);
        String extra = raw[14] == null ? "" : ((String) raw[14]).toLowerCase(Locale.ROOT);
        return new Object[] {
            raw[0],
            null,
            raw[1],
            raw[2],
            dataType,
            typeName,
            size,
            65535,
            raw[6] == null ? null : capped(raw[6]),
            10,
            nullable ? 1 : 0,
            raw[11],
            raw[12],
            0,
            0,
            raw[8] == null ? null : capped(raw[8]),
            capped(raw[13]),
            nullable ? "YES" : "NO",
            null,
            null,
            null,
            null,
            extra.contains("auto_increment") ? "YES" : "NO",
            // VIRTUAL/STORED/PERSISTENT GENERATED; MySQL 8's DEFAULT_GENERATED is a default, not a generated column
            extra.contains("virtual") || extra.contains("persistent") || extra.contains("stored") ? "YES" : "NO"
        };
    }

    /** The JDBC type code of an information_schema DATA_TYPE, as MariaDB Connector/J maps it. */
    static int jdbcType(String dataType) {
        return switch (dataType) {
            case "bit" -> Types.BIT;
            case "tinyint" -> Types.TINYINT;
            case "smallint" -> Types.SMALLINT;
            case "mediumint", "int", "integer" -> Types.INTEGER;
            case "bigint" -> Types.BIGINT;
            case "decimal", "numeric" -> Types.DECIMAL;
            case "float" -> Types.REAL;
            case "double", "real" -> Types.DOUBLE;
            case "char" -> Types.CHAR;
            case "varchar", "tinytext", "enum", "set" -> Types.VARCHAR;
            case "text", "mediumtext", "longtext", "json" -> Types.LONGVARCHAR;
            case "binary" -> Types.BINARY;
            case "varbinary", "tinyblob" -> Types.VARBINARY;
            case "blob", "mediumblob", "longblob" -> Types.LONGVARBINARY;
            case "date", "year" -> Types.DATE;
            case "time" -> Types.TIME;
            case "datetime", "timestamp" -> Types.TIMESTAMP;
            default -> Types.OTHER;
        };
    }

    /**
     * A column's type name as Connector/J gives it: COLUMN_TYPE without its parenthesized lengths or values, upper
     * case ({@code int(10) unsigned} is {@code INT UNSIGNED}, {@code enum('a','b')} is {@code ENUM}). Quotes
     * inside the parentheses are skipped over, so a value containing a parenthesis cannot end them early.
     */
    static String typeName(String columnType) {
        StringBuilder name = new StringBuilder(columnType.length());
        int depth = 0;
        char quote = 0;
        for (int i = 0; i < columnType.length(); i++) {
            char c = columnType.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (depth > 0 && (c == '\'' || c == '"')) {
                quote = c;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth = Math.max(0, depth - 1);
            } else if (depth == 0) {
                name.append(c);
            }
        }
        return name.toString().trim().replaceAll("\\s+", " ").toUpperCase(Locale.ROOT);
    }

    /** The width of ".ffffff" for a DATETIME_PRECISION, 0 without fractional seconds. */
    private static int fraction(Object precision) {
        int digits = precision == null ? 0 : ((Number) precision).intValue();
        return digits > 0 ? digits + 1 : 0;
    }

    private static int capped(Object number) {
        long value = ((Number) number).longValue();
        return (int) Math.min(value, Integer.MAX_VALUE);
    }
}
