package io.sluice.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import io.sluice.Column;
import io.sluice.Row;
import java.io.IOException;
import java.util.List;

/**
 * Writes rows of one result as JSON objects or arrays. Built once per result from its columns: the
 * per-column writers and the pre-encoded, pre-escaped field names are reused for every row, so a
 * row costs only the values' own encoding. Not thread-safe; cheap to build.
 */
public final class RowJsonWriter {
    private final SerializableString[] names;
    private final ColumnWriter[] writers;

    private RowJsonWriter(List<Column> columns, NonFinite nonFinite) {
        int n = columns.size();
        names = new SerializableString[n];
        writers = new ColumnWriter[n];
        for (int i = 0; i < n; i++) {
            names[i] = new SerializedString(columns.get(i).name());
            writers[i] = ColumnWriters.forColumn(columns.get(i), nonFinite);
        }
    }

    /** A writer for rows with these columns. */
    public static RowJsonWriter forColumns(List<Column> columns, NonFinite nonFinite) {
        return new RowJsonWriter(columns, nonFinite);
    }

    /** Writes {@code row} as {@code {"name":value,...}}. */
    public void writeObject(Row row, JsonGenerator out) throws IOException {
        out.writeStartObject();
        for (int i = 0; i < writers.length; i++) {
            out.writeFieldName(names[i]);
            writeValue(row, i, out);
        }
        out.writeEndObject();
    }

    /** Writes {@code row} as {@code [value,...]}. */
    public void writeArray(Row row, JsonGenerator out) throws IOException {
        out.writeStartArray();
        for (int i = 0; i < writers.length; i++) {
            writeValue(row, i, out);
        }
        out.writeEndArray();
    }

    private void writeValue(Row row, int i, JsonGenerator out) throws IOException {
        if (row.isNull(i)) {
            out.writeNull();
        } else {
            writers[i].write(row, i, out);
        }
    }
}
