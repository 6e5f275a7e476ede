package io.sluice.jdbc.metadata;

import java.sql.Types;

/**
 * PostgreSQL types as JDBC sees them: the JDBC type code of a type name, and the size, scale and radix of a
 * column from its type and type modifier ({@code atttypmod}), computed the way pgjdbc computes them so that
 * tools tested with pgjdbc see the same numbers. An unbounded length is {@link Integer#MAX_VALUE}.
 */
final class PgTypes {

    /** The size pgjdbc reports for a value of unbounded length. */
    static final int UNBOUNDED = Integer.MAX_VALUE;

    private PgTypes() {}

    /**
     * The JDBC type code of a type.
     *
     * @param typname  {@code pg_type.typname}
     * @param typtype  {@code pg_type.typtype}: b base, c composite, d domain, e enum, p pseudo, r range, m multirange
     * @param isArray  true for an array type (one whose input function is {@code array_in}; {@code int2vector} and
     *                 {@code oidvector} are not)
     */
    static int jdbcType(String typname, String typtype, boolean isArray) {
        if (isArray) {
            return Types.ARRAY;
        }
        switch (typtype == null ? "b" : typtype) {
            case "c":
                return Types.STRUCT;
            case "d":
                return Types.DISTINCT;
            case "e":
                return Types.VARCHAR;
            default:
                break;
        }
        return switch (typname) {
            case "int2" -> Types.SMALLINT;
            case "int4" -> Types.INTEGER;
            case "oid", "int8" -> Types.BIGINT;
            case "money", "float8" -> Types.DOUBLE;
            case "numeric" -> Types.NUMERIC;
            case "float4" -> Types.REAL;
            case "char", "bpchar" -> Types.CHAR;
            case "varchar", "text", "name" -> Types.VARCHAR;
            case "bytea" -> Types.BINARY;
            case "bool", "bit" -> Types.BIT;
            case "date" -> Types.DATE;
            case "time", "timetz" -> Types.TIME;
            case "timestamp", "timestamptz" -> Types.TIMESTAMP;
            case "refcursor" -> Types.REF_CURSOR;
            case "xml" -> Types.SQLXML;
            default -> Types.OTHER;
        };
    }

    /** The column size (JDBC COLUMN_SIZE) of a base type with {@code typmod} (-1 when there is none). */
    static int columnSize(String typname, int typmod) {
        return switch (typname) {
            case "int2" -> 5;
            case "int4", "oid" -> 10;
            case "int8" -> 19;
            case "float4" -> 8;
            case "float8" -> 17;
            case "numeric" -> typmod == -1 ? 0 : ((typmod - 4) >> 16) & 0xffff;
            case "char", "bool" -> 1;
            case "bpchar", "varchar" -> typmod == -1 ? UNBOUNDED : typmod - 4;
            case "bit" -> typmod == -1 ? 1 : typmod;
            case "varbit" -> typmod == -1 ? UNBOUNDED : typmod;
            case "date" -> 13;
            // "hh:mm:ss" or "yyyy-mm-dd hh:mm:ss BC", the fraction, and "+hh:mm" for the zoned kinds
            case "time" -> 8 + fractionWidth(typmod);
            case "timetz" -> 8 + fractionWidth(typmod) + 6;
            case "timestamp" -> 22 + fractionWidth(typmod);
            case "timestamptz" -> 22 + fractionWidth(typmod) + 6;
            case "interval" -> 49;
            default -> UNBOUNDED;
        };
    }

    /** The decimal digits (JDBC DECIMAL_DIGITS); null for a numeric without a declared scale. */
    static Integer decimalDigits(String typname, int typmod) {
        return switch (typname) {
            case "float4" -> 8;
            case "float8" -> 17;
            case "numeric" -> typmod == -1 ? null : (typmod - 4) & 0xffff;
            case "time", "timetz", "timestamp", "timestamptz" -> secondsScale(typmod);
            case "interval" -> typmod == -1 ? 6 : typmod & 0xffff;
            default -> 0;
        };
    }

    /** The radix of the column size: 2 for bit strings, 10 otherwise. */
    static int radix(String typname) {
        return typname.equals("bit") || typname.equals("varbit") ? 2 : 10;
    }

    /** True for the JDBC types whose size is a length in characters or bytes (CHAR_OCTET_LENGTH applies). */
    static boolean isCharacterOrBinary(int jdbcType) {
        return switch (jdbcType) {
            case Types.CHAR, Types.VARCHAR, Types.LONGVARCHAR, Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY ->
                true;
            default -> false;
        };
    }

    private static int secondsScale(int typmod) {
        return typmod == -1 ? 6 : typmod;
    }

    private static int fractionWidth(int typmod) {
        int scale = secondsScale(typmod);
        return scale > 0 ? scale + 1 : 0;
    }
}
