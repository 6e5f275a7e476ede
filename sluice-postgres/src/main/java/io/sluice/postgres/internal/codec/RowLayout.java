package io.sluice.postgres.internal.codec;

import io.sluice.Column;
import io.sluice.ColumnDetails;
import io.sluice.spi.ColumnIndex;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Result columns as a RowDescription message describes them: names, type OIDs, type modifiers, the
 * format code (0 text, 1 binary) each column's values arrive in and, for a column taken straight
 * from a table, the table's OID and the column's attribute number (kept in the columns'
 * {@link ColumnDetails}). Built once per result (or once
 * per cached statement) and shared by every row of it; immutable.
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-message-formats.html">RowDescription</a>
 */
public final class RowLayout {
    private final String[] names;
    private final int[] typeOids;
    private final int[] typeModifiers;
    private final short[] formats;
    /** Per column, the source table's OID (0 when none) and attribute number; null when no column has one. */
    private final int[] tableOids;

    private final int[] attributeNumbers;
    /**
     * Attaches the connection's type codecs (see {@link CodecLookup}); called by the reader that
     * received the RowDescription, before it builds a row.
     */
    public void codecs(CodecLookup codecs) {
        this.codecs = codecs;
    }

    /** The connection's type codecs, or null. */
    public CodecLookup codecs() {
        return codecs;
    }

    /** Per column, the one size its (binary) values have, or 0: see {@link PgRow#reset}. */
    private final int[] fixedWidths;

    private final List<Column> columns;
    private final ColumnIndex index;
    /** The connection's type codecs; null when it has none. Set before any row of the layout is built. */
    private CodecLookup codecs;

    /**
     * @param names         column labels, in order
     * @param typeOids      the type OID of each column
     * @param typeModifiers the type modifier of each column (-1 when none)
     * @param formats       the format code of each column's values: 0 text, 1 binary
     * @throws IllegalArgumentException if the arrays differ in length
     */
    public RowLayout(String[] names, int[] typeOids, int[] typeModifiers, short[] formats) {
        this(names, typeOids, typeModifiers, formats, null, null);
    }

    /**
     * @param tableOids        per column, the source table's OID, 0 when not a table column; null when none is
     * @param attributeNumbers per column, the source column's attribute number; null when {@code tableOids} is
     * @throws IllegalArgumentException if the arrays differ in length
     */
    public RowLayout(
            String[] names,
            int[] typeOids,
            int[] typeModifiers,
            short[] formats,
            int[] tableOids,
            int[] attributeNumbers) {
        int n = names.length;
        if (typeOids.length != n
                || typeModifiers.length != n
                || formats.length != n
                || (tableOids == null) != (attributeNumbers == null)
                || (tableOids != null && (tableOids.length != n || attributeNumbers.length != n))) {
            throw new IllegalArgumentException("row layout arrays differ in length: names=" + n + ", typeOids="
                    + typeOids.length + ", typeModifiers=" + typeModifiers.length + ", formats=" + formats.length);
        }
        this.names = names.clone();
        this.typeOids = typeOids.clone();
        this.typeModifiers = typeModifiers.clone();
        this.formats = formats.clone();
        this.tableOids = tableOids == null ? null : tableOids.clone();
        this.attributeNumbers = attributeNumbers == null ? null : attributeNumbers.clone();
        this.fixedWidths = new int[n];
        List<Column> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int oid = typeOids[i];
            fixedWidths[i] = formats[i] == 1 ? PgTypes.binaryFixedWidth(oid) : 0;
            list.add(new Column(
                    names[i],
                    PgTypes.columnType(oid),
                    PgTypes.typeName(oid),
                    oid,
                    false,
                    detailsOf(
                            oid,
                            typeModifiers[i],
                            tableOids == null ? 0 : tableOids[i],
                            attributeNumbers == null ? 0 : attributeNumbers[i])));
        }
        this.columns = Collections.unmodifiableList(list);
        this.index = ColumnIndex.of(this.names);
    }

    private static ColumnDetails detailsOf(int oid, int typmod, int tableOid, int attributeNumber) {
        ColumnDetails d = precisionOf(oid, typmod);
        return tableOid == 0 ? d : ColumnDetails.ofSource(d.precision(), d.scale(), tableOid, attributeNumber);
    }

    /**
     * Precision and scale from a type modifier, as PostgreSQL encodes them (format_type.c):
     * numeric {@code ((precision << 16) | scale) + 4}, varchar and char {@code length + 4}, time and
     * timestamp types the fractional second digits; -1 is "none".
     */
    static ColumnDetails precisionOf(int oid, int typmod) {
        if (typmod < 0) {
            return ColumnDetails.UNKNOWN;
        }
        return switch (oid) {
            case PgTypes.NUMERIC -> ColumnDetails.ofPrecision(((typmod - 4) >> 16) & 0xffff, (typmod - 4) & 0xffff);
            case PgTypes.VARCHAR, PgTypes.BPCHAR -> ColumnDetails.ofPrecision(typmod - 4, 0);
            case PgTypes.TIME, PgTypes.TIMETZ, PgTypes.TIMESTAMP, PgTypes.TIMESTAMPTZ ->
                ColumnDetails.ofPrecision(typmod, 0);
            default -> ColumnDetails.UNKNOWN;
        };
    }

    /** Per column, the size every non-NULL value has (binary int8: 8...), or 0 when sizes vary; shared, do not modify. */
    int[] fixedWidths() {
        return fixedWidths;
    }

    /** Number of columns. */
    public int columnCount() {
        return names.length;
    }

    /** The column label as RowDescription gave it. */
    public String name(int index) {
        return names[index];
    }

    /** The column's type OID. */
    public int typeOid(int index) {
        return typeOids[index];
    }

    /** The column's type modifier (-1 when none). */
    public int typeModifier(int index) {
        return typeModifiers[index];
    }

    /** The OID of the table the column comes from, 0 when it is not a table column. */
    public int tableOid(int index) {
        return tableOids == null ? 0 : tableOids[index];
    }

    /** The column's attribute number in its source table, 0 when it is not a table column. */
    public int attributeNumber(int index) {
        return attributeNumbers == null ? 0 : attributeNumbers[index];
    }

    /** The format code of the column's values: 0 text, 1 binary. */
    public short format(int index) {
        return formats[index];
    }

    /** True when the column's values arrive in binary format. */
    public boolean binary(int index) {
        return formats[index] == 1;
    }

    /** The columns as {@link Column} records (unmodifiable, built once). */
    public List<Column> columns() {
        return columns;
    }

    /** The index of the column named {@code name}: see {@link ColumnIndex#indexOf}. */
    public int indexOf(String name) {
        return index.indexOf(name);
    }
}
