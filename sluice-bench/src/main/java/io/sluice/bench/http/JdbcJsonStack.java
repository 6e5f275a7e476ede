package io.sluice.bench.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The usual Spring-style stack, the baseline: HikariCP over pgjdbc, rows read into a list of maps
 * ({@code rs.getObject}, as Spring's {@code ColumnMapRowMapper} does), written by Jackson databind
 * (what next.jdbc + Ring JSON do in the PG2 seed). The mapper writes dates as ISO-8601 text, as
 * Spring Boot configures it ({@code WRITE_DATES_AS_TIMESTAMPS} off) and as sluice-json does: with
 * Jackson's own default, dates and timestamps went out as epoch milliseconds, a different (and
 * cheaper) answer than the Sluice stack's.
 */
final class JdbcJsonStack implements JsonServer.Stack {
    /** Names this stack's backends in pg_stat_activity, so that the suite can read their CPU time. */
    static final String APPLICATION_NAME = "http-json-pgjdbc";

    private final HikariDataSource pool;
    private final ObjectMapper mapper = new ObjectMapper().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    JdbcJsonStack(String host, int port, String database, String user, int poolSize) {
        HikariConfig config = new HikariConfig();
        // Loopback without TLS for both stacks: the benchmark measures the client, not the cipher.
        config.setJdbcUrl("jdbc:postgresql://" + host + ":" + port + "/" + database + "?sslmode=disable");
        config.setUsername(user);
        config.addDataSourceProperty("ApplicationName", APPLICATION_NAME);
        config.setMaximumPoolSize(poolSize);
        config.setMinimumIdle(poolSize);
        pool = new HikariDataSource(config);
    }

    @Override
    public void write(String path, int parameter, OutputStream out) throws IOException {
        List<Map<String, Object>> rows = new ArrayList<>();
        try (Connection c = pool.getConnection();
                PreparedStatement ps = c.prepareStatement(jdbcSql(path))) {
            ps.setInt(1, parameter);
            try (ResultSet rs = ps.executeQuery()) {
                ResultSetMetaData meta = rs.getMetaData();
                int n = meta.getColumnCount();
                String[] names = new String[n];
                for (int i = 0; i < n; i++) {
                    names[i] = meta.getColumnLabel(i + 1);
                }
                while (rs.next()) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    for (int i = 0; i < n; i++) {
                        row.put(names[i], rs.getObject(i + 1));
                    }
                    rows.add(row);
                }
            }
        } catch (SQLException e) {
            throw new IOException("query failed: path=" + path, e);
        }
        mapper.writeValue(out, rows);
    }

    private static String jdbcSql(String path) {
        String sql = HttpWorkload.sqlFor(path);
        if (sql.indexOf("$1") != sql.lastIndexOf("$1") || sql.contains("$2")) {
            throw new IllegalStateException("the workload's SQL must use one parameter once: path=" + path);
        }
        return sql.replace("$1", "?");
    }

    @Override
    public void close() {
        pool.close();
    }
}
