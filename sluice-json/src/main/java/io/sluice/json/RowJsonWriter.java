package io.sluice.json;

import io.sluice.Column;
import io.sluice.Row;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Writes rows of one result as JSON objects or arrays into one {@link JsonOutput}. Built once per
 * result from its columns: the per-column writers and the keys, encoded and escaped once with their
 * separators ({@code "id":}, {@code ,"name":}), are reused for every row, so a row costs only the
 * values' own encoding. Not thread-safe; cheap to build.
 */
final class RowJsonWriter {
    private final byte[][] keys;
    private final ColumnWriter[] writers;
    private final JsonOutput out;

    private RowJsonWriter(List<Column> columns, NonFinite nonFinite, JsonOutput out) {
        int n = columns.size();
        this.keys = new byte[n][];
        this.writers = new ColumnWriter[n];
        for (int i = 0; i < n; i++) {
            keys[i] = key(columns.get(i).name(), i > 0);
            writers[i] = ColumnWriters.forColumn(columns.get(i), nonFinite);
        }
        this.out = out;
    }

    /** A writer of rows with these columns into {@code out}. */
    static RowJsonWriter forColumns(List<Column> columns, NonFinite nonFinite, JsonOutput out) {
        return new RowJsonWriter(columns, nonFinite, out);
    }

    private static byte[] key(String name, boolean comma) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JsonOutput out = new JsonOutput(bytes, 64);
        try {
            if (comma) {
                out.writeByte(',');
            }
            out.writeQuoted(name);
            out.writeByte(':');
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
        return bytes.toByteArray();
    }

    /** Writes {@code row} as {@code {"name":value,...}}. */
    void writeObject(Row row) throws IOException {
        out.writeByte('{');
        for (int i = 0; i < writers.length; i++) {
            out.writeRaw(keys[i]);
            writeValue(row, i);
        }
        out.writeByte('}');
    }

    /** Writes {@code row} as {@code [value,...]}. */
    void writeArray(Row row) throws IOException {
        out.writeByte('[');
        for (int i = 0; i < writers.length; i++) {
            if (i > 0) {
                out.writeByte(',');
            }
            writeValue(row, i);
        }
        out.writeByte(']');
    }

    private void writeValue(Row row, int i) throws IOException {
        if (row.isNull(i)) {
            ColumnWriters.writeNull(out);
        } else {
            writers[i].write(row, i, out);
        }
    }
}
