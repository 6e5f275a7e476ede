package io.sluice.json;

import io.sluice.Connection;
import io.sluice.PreparedStatement;
import io.sluice.RowStream;
import io.sluice.SluiceException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * Runs a query and writes its result as JSON to an {@link OutputStream} while the rows arrive:
 * nothing but {@link JsonOptions#fetchSize()} rows and a {@value #BUFFER_SIZE}-byte output buffer is
 * held, whatever the result's size. The stream gets the JSON in writes of up to that size (a 500-row
 * response of 16 columns, about 170 KB, in 6), then one flush; it is not closed.
 */
public final class JsonResults {
    /** Bytes handed to the stream per write: few enough writes, small enough to allocate per result. */
    static final int BUFFER_SIZE = 32 * 1024;

    private JsonResults() {}

    /**
     * Runs {@code sql} on {@code connection} and writes the result; returns the number of rows.
     *
     * @throws SluiceException as the query would
     * @throws UncheckedIOException if writing to {@code out} fails (the result is then discarded)
     */
    public static long write(Connection connection, String sql, OutputStream out, JsonOptions options, Object... params) {
        try (RowStream rows = connection.stream(sql, options.fetchSize(), params)) {
            return write(rows, out, options);
        }
    }

    /** Executes {@code statement} with {@code params} and writes the result; returns the number of rows. */
    public static long write(PreparedStatement statement, OutputStream out, JsonOptions options, Object... params) {
        try (RowStream rows = statement.stream(options.fetchSize(), params)) {
            return write(rows, out, options);
        }
    }

    /** Writes the remaining rows of {@code rows}; returns how many. Does not close {@code rows}. */
    public static long write(RowStream rows, OutputStream out, JsonOptions options) {
        JsonOutput json = new JsonOutput(out, BUFFER_SIZE);
        RowJsonWriter writer = RowJsonWriter.forColumns(rows.columns(), options.nonFinite(), json);
        long count = 0;
        try {
            switch (options.shape()) {
                case OBJECTS -> {
                    json.writeByte('[');
                    while (rows.hasNext()) {
                        if (count > 0) {
                            json.writeByte(',');
                        }
                        writer.writeObject(rows.next());
                        count++;
                    }
                    json.writeByte(']');
                }
                case ARRAYS -> {
                    json.writeByte('[');
                    while (rows.hasNext()) {
                        if (count > 0) {
                            json.writeByte(',');
                        }
                        writer.writeArray(rows.next());
                        count++;
                    }
                    json.writeByte(']');
                }
                case NDJSON -> {
                    while (rows.hasNext()) {
                        writer.writeObject(rows.next());
                        json.writeByte('\n');
                        count++;
                    }
                }
            }
            json.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("writing JSON failed: rowsWritten=" + count, e);
        }
        return count;
    }
}
