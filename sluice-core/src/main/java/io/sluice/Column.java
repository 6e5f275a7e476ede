package io.sluice;

/**
 * A result column.
 *
 * @param name         the column's label as the server sent it
 * @param type         the driver-independent kind of value
 * @param nativeType   the server's own type name, for example {@code int4} or {@code BIGINT UNSIGNED}
 * @param nativeTypeId the server's type identifier (PostgreSQL type OID, MySQL field type)
 * @param unsigned     true for MySQL unsigned integer columns (values may exceed the signed range)
 * @param details      what the server says besides the type: source table, precision and scale,
 *                     nullability, auto-increment ({@link ColumnDetails#UNKNOWN} where it says nothing)
 */
public record Column(
        String name, ColumnType type, String nativeType, int nativeTypeId, boolean unsigned, ColumnDetails details) {
    /** A column the server describes by its type only. */
    public Column(String name, ColumnType type, String nativeType, int nativeTypeId, boolean unsigned) {
        this(name, type, nativeType, nativeTypeId, unsigned, ColumnDetails.UNKNOWN);
    }
}
