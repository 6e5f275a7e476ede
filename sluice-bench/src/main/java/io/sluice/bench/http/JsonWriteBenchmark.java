package io.sluice.bench.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.Column;
import io.sluice.Connection;
import io.sluice.Row;
import io.sluice.RowStream;
import io.sluice.Sluice;
import io.sluice.json.JsonOptions;
import io.sluice.json.JsonResults;
import io.sluice.postgres.internal.codec.PgRow;
import java.io.OutputStream;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The JSON step of an {@code http-json} response alone: one operation writes one endpoint's 500 rows,
 * fetched once at set-up, to a stream that counts bytes. {@code sluice} writes the driver's rows
 * (detached binary DataRows, read through the same getters as in the server) with
 * {@link JsonResults}; {@code jackson-databind} writes pgjdbc's rows, already read into maps, with
 * {@code ObjectMapper}, as the baseline server does. Not part of the main job; run with
 * {@code java -cp "sluice-bench/target/classes:$(cat sluice-bench/target/classpath.txt)"
 * org.openjdk.jmh.Main JsonWriteBenchmark -prof gc} after {@code bin/bench --smoke --suite http-json}
 * (which builds the class path and fills {@code http_ldbc}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class JsonWriteBenchmark {
    private static final String URL = "postgresql://postgres@127.0.0.1:5432/test?sslmode=disable";
    private static final int PARAMETER = 1234;

    /** {@code sluice} or {@code jackson-databind}. */
    @Param({"sluice", "jackson-databind"})
    public String system;
    /** {@code /rows} or {@code /ldbc} (see {@link HttpWorkload}). */
    @Param({"/rows", "/ldbc"})
    public String endpoint;
    /**
     * {@code platform}: the benchmark thread writes; {@code virtual}: each write runs on a new
     * virtual thread, as in a server that starts one per request (thread-local caches start empty).
     */
    @Param({"platform"})
    public String thread;

    private final CountingStream out = new CountingStream();
    private final ObjectMapper mapper = new ObjectMapper();
    private List<Column> columns;
    private List<Row> rows;
    private List<Map<String, Object>> maps;

    @Setup(Level.Trial)
    public void fetch() throws Exception {
        String sql = HttpWorkload.sqlFor(endpoint);
        if (system.equals("sluice")) {
            try (Connection c = Sluice.connect(URL)) {
                for (int i = 0; i < 3; i++) { // the third use is prepared: binary rows, as in the server
                    c.stream(sql, 1000, PARAMETER).close();
                }
                rows = new ArrayList<>();
                try (RowStream stream = c.stream(sql, 1000, PARAMETER)) {
                    columns = stream.columns();
                    while (stream.hasNext()) {
                        rows.add(((PgRow) stream.next()).detach());
                    }
                }
            }
        } else {
            try (java.sql.Connection c =
                            DriverManager.getConnection("jdbc:" + URL.replace("postgres@", ""), "postgres", "");
                    PreparedStatement ps = c.prepareStatement(sql.replace("$1", "?"))) {
                for (int i = 0; i < 6; i++) { // past prepareThreshold: binary transfer, as in the server
                    ps.setInt(1, PARAMETER);
                    maps = new ArrayList<>();
                    try (ResultSet rs = ps.executeQuery()) {
                        ResultSetMetaData meta = rs.getMetaData();
                        while (rs.next()) {
                            Map<String, Object> row = new LinkedHashMap<>();
                            for (int k = 1; k <= meta.getColumnCount(); k++) {
                                row.put(meta.getColumnLabel(k), rs.getObject(k));
                            }
                            maps.add(row);
                        }
                    }
                }
            }
        }
    }

    @Benchmark
    public long write() throws Exception {
        if (thread.equals("virtual")) {
            Thread t = Thread.ofVirtual().start(() -> {
                try {
                    writeHere();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            t.join();
            return out.count;
        }
        return writeHere();
    }

    private long writeHere() throws Exception {
        if (rows != null) {
            JsonResults.write(new ListRowStream(columns, rows), out, JsonOptions.DEFAULT);
        } else {
            mapper.writeValue(out, maps);
        }
        return out.count;
    }

    /** Rows already in memory, as a stream. */
    private static final class ListRowStream implements RowStream {
        private final List<Column> columns;
        private final List<Row> rows;
        private int next;

        ListRowStream(List<Column> columns, List<Row> rows) {
            this.columns = columns;
            this.rows = rows;
        }

        @Override
        public List<Column> columns() {
            return columns;
        }

        @Override
        public boolean hasNext() {
            return next < rows.size();
        }

        @Override
        public Row next() {
            return rows.get(next++);
        }

        @Override
        public void close() {
            // nothing held
        }
    }

    private static final class CountingStream extends OutputStream {
        long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }
}
