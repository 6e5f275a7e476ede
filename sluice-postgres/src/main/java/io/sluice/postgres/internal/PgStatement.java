package io.sluice.postgres.internal;

import io.sluice.postgres.internal.codec.CodecLookup;
import io.sluice.postgres.internal.codec.PgRow;
import io.sluice.postgres.internal.codec.PgTypes;
import io.sluice.postgres.internal.codec.RowLayout;

/**
 * A statement prepared on the server under {@link #name}: its SQL, its parameter types, and once a
 * Describe has answered, its result layout and the result formats later Binds ask for (binary for
 * every column {@link PgTypes#binaryResultSupported} accepts, text for the rest).
 *
 * <p>Written by the one reader that receives the Describe's answer, read by later writers: the
 * fields are published through the volatile {@link #described}.
 */
final class PgStatement {
    final String name;
    final String sql;
    final int[] paramOids;
    private short[] resultFormats; // null: no result columns
    private RowLayout resultLayout; // layout of rows bound with resultFormats
    private volatile boolean described;
    private PgRow row; // reused by every response of this statement: reads are one at a time per connection

    PgStatement(String name, String sql, int[] paramOids) {
        this.name = name;
        this.sql = sql;
        this.paramOids = paramOids;
    }

    /** Records the statement's RowDescription (as Describe of a statement sends it: all formats 0). */
    void describe(RowLayout layout) {
        CodecLookup codecs = layout.codecs();
        int n = layout.columnCount();
        String[] names = new String[n];
        int[] oids = new int[n];
        int[] mods = new int[n];
        short[] formats = new short[n];
        int[] tables = new int[n];
        int[] attnums = new int[n];
        for (int i = 0; i < n; i++) {
            names[i] = layout.name(i);
            tables[i] = layout.tableOid(i);
            attnums[i] = layout.attributeNumber(i);
            oids[i] = layout.typeOid(i);
            mods[i] = layout.typeModifier(i);
            formats[i] = PgTypes.binaryResultSupported(oids[i]) || PgTypeCatalog.binary(codecs, oids[i])
                    ? (short) 1
                    : (short) 0;
        }
        this.resultFormats = formats;
        this.resultLayout = new RowLayout(names, oids, mods, formats, tables, attnums);
        this.resultLayout.codecs(codecs);
        this.described = true;
    }

    /** Records that the statement returns no rows (NoData). */
    void describeNoData() {
        this.resultFormats = null;
        this.resultLayout = null;
        this.described = true;
    }

    /**
     * The row view for this statement's results, created once. Safe to share because a connection
     * reads one response at a time and a row is valid only during its callback (or until the
     * stream's next row, while the stream holds the connection).
     */
    PgRow row() {
        RowLayout layout = resultLayout();
        PgRow r = row;
        if (r == null || r.layout() != layout) {
            r = new PgRow(layout);
            row = r;
        }
        return r;
    }

    /** True once a Describe answered; until then Binds ask for text and describe the portal. */
    boolean described() {
        return described;
    }

    /** Result format codes for Bind, or null (all text / no columns). */
    short[] resultFormats() {
        return described ? resultFormats : null;
    }

    /** The layout of rows bound with {@link #resultFormats()}, or null when there are no columns. */
    RowLayout resultLayout() {
        return described ? resultLayout : null;
    }

    @Override
    public String toString() {
        return "PgStatement[name=" + name + ", sql=" + sql + "]";
    }
}
