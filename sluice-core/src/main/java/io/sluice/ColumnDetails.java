package io.sluice;

/**
 * What a server's result description says about a column besides its type, as far as it says it
 * without a catalog query: MySQL's column definition gives all of it, PostgreSQL's RowDescription
 * the precision and scale (from the type modifier) and the source table's OID and the column's
 * attribute number, from which a catalog query finds the rest.
 *
 * @param schema        the source table's schema (MySQL: database), "" if not a table column or not known
 * @param table         the source table's name, "" if not a table column or not known
 * @param precision     digits of a decimal, characters of a string, fractional second digits of a
 *                      date-time; 0 if not known
 * @param scale         digits after the decimal point of a decimal; 0 if none or not known
 * @param nullability   whether the source column admits NULL
 * @param autoIncrement whether the source column is AUTO_INCREMENT (MySQL)
 * @param tableId       PostgreSQL: the source table's OID (an unsigned 32-bit value held in an int), 0 if
 *                      not a table column; 0 for MySQL
 * @param columnNumber  PostgreSQL: the source column's attribute number ({@code pg_attribute.attnum}), 0
 *                      if not a table column; 0 for MySQL
 */
public record ColumnDetails(
        String schema,
        String table,
        int precision,
        int scale,
        Nullability nullability,
        boolean autoIncrement,
        int tableId,
        int columnNumber) {
    /** Nothing known. */
    public static final ColumnDetails UNKNOWN = new ColumnDetails("", "", 0, 0, Nullability.UNKNOWN, false);

    /** Details without a source table id (MySQL, or nothing known). */
    public ColumnDetails(
            String schema, String table, int precision, int scale, Nullability nullability, boolean autoIncrement) {
        this(schema, table, precision, scale, nullability, autoIncrement, 0, 0);
    }

    /** Whether a column admits NULL. */
    public enum Nullability {
        /** Declared NOT NULL. */
        NOT_NULL,
        /** Admits NULL. */
        NULLABLE,
        /** The server does not say. */
        UNKNOWN
    }

    /** Only a precision and scale known (PostgreSQL). */
    public static ColumnDetails ofPrecision(int precision, int scale) {
        return precision == 0 && scale == 0
                ? UNKNOWN
                : new ColumnDetails("", "", precision, scale, Nullability.UNKNOWN, false);
    }

    /**
     * Precision, scale and the source column's identity (PostgreSQL RowDescription); the names,
     * nullability and auto-increment are left unknown for a catalog query to answer.
     */
    public static ColumnDetails ofSource(int precision, int scale, int tableId, int columnNumber) {
        if (tableId == 0) {
            return ofPrecision(precision, scale);
        }
        return new ColumnDetails("", "", precision, scale, Nullability.UNKNOWN, false, tableId, columnNumber);
    }

    /** True when {@link #tableId} names a source table (PostgreSQL). */
    public boolean hasSource() {
        return tableId != 0;
    }
}
