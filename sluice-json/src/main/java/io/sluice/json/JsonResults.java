package io.sluice.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import io.sluice.Connection;
import io.sluice.PreparedStatement;
import io.sluice.RowStream;
import io.sluice.SluiceException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * Runs a query and writes its result as JSON to an {@link OutputStream} while the rows arrive:
 * nothing but {@link JsonOptions#fetchSize()} rows and Jackson's output buffer is held, whatever the
 * result's size. The stream is flushed, not closed.
 */
public final class JsonResults {
    /**
     * Jackson's buffers are recycled through a pool shared by all threads, not its default
     * per-thread one: a service on virtual threads starts a thread per request, which would find its
     * thread-local pool empty every time and allocate the buffers anew.
     */
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .recyclerPool(JsonRecyclerPools.newConcurrentDequePool())
            .build();

    private JsonResults() {}

    /**
     * Runs {@code sql} on {@code connection} and writes the result; returns the number of rows.
     *
     * @throws SluiceException as the query would
     * @throws UncheckedIOException if writing to {@code out} fails (the result is then discarded)
     */
    public static long write(
            Connection connection, String sql, OutputStream out, JsonOptions options, Object... params) {
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
        RowJsonWriter writer = RowJsonWriter.forColumns(rows.columns(), options.nonFinite());
        long count = 0;
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            switch (options.shape()) {
                case OBJECTS -> {
                    g.writeStartArray();
                    while (rows.hasNext()) {
                        writer.writeObject(rows.next(), g);
                        count++;
                    }
                    g.writeEndArray();
                }
                case ARRAYS -> {
                    g.writeStartArray();
                    while (rows.hasNext()) {
                        writer.writeArray(rows.next(), g);
                        count++;
                    }
                    g.writeEndArray();
                }
                case NDJSON -> {
                    g.setRootValueSeparator(new SerializedString(""));
                    while (rows.hasNext()) {
                        writer.writeObject(rows.next(), g);
                        g.writeRaw('\n');
                        count++;
                    }
                }
            }
            g.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("writing JSON failed: rowsWritten=" + count, e);
        }
        return count;
    }
}
