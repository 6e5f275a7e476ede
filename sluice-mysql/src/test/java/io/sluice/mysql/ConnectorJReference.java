package io.sluice.mysql;

import io.sluice.Connection;
import io.sluice.PreparedStatement;
import io.sluice.Row;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Reads one query through MariaDB Connector/J (text protocol, then server-side prepared: binary rows) and
 * through this driver's three paths (COM_QUERY text rows; the statement cache's third use of a text, binary
 * rows; {@link Connection#prepare}), for tests that compare the two drivers value by value.
 */
final class ConnectorJReference {
    private ConnectorJReference() {}

    /** One column value of a Connector/J row, which may throw. */
    @FunctionalInterface
    interface JdbcReader<T> {
        T read(ResultSet rs) throws SQLException;
    }

    /** The paths of this driver, in the order {@link #sluice} returns them. */
    static final List<String> SLUICE_PATHS = List.of("text (COM_QUERY)", "binary (cached)", "binary (prepare)");

    /** The paths of Connector/J, in the order {@link #connectorJ} returns them. */
    static final List<String> CONNECTOR_J_PATHS = List.of("text", "binary (useServerPrepStmts)");

    /** The values {@code reader} gives for every row of {@code sql}: one list per Connector/J path. */
    static <T> List<List<T>> connectorJ(String sql, JdbcReader<T> reader) {
        List<List<T>> paths = new ArrayList<>();
        for (boolean serverPrepared : new boolean[] {false, true}) {
            String url = "jdbc:mariadb://" + MysqlTestSupport.HOST + ":" + MysqlTestSupport.PORT
                    + "/test?user=root&yearIsDateType=false&useServerPrepStmts=" + serverPrepared;
            try (java.sql.Connection c = DriverManager.getConnection(url);
                    java.sql.PreparedStatement ps = c.prepareStatement(sql);
                    ResultSet rs = ps.executeQuery()) {
                List<T> values = new ArrayList<>();
                while (rs.next()) {
                    values.add(reader.read(rs));
                }
                paths.add(values);
            } catch (SQLException e) {
                throw new AssertionError("Connector/J failed: sql=" + sql, e);
            }
        }
        return paths;
    }

    /** The values {@code reader} gives for every row of {@code sql}: one list per path of this driver. */
    static <T> List<List<T>> sluice(String sql, Function<Row, T> reader) {
        List<List<T>> paths = new ArrayList<>();
        try (Connection c = MysqlTestSupport.connect(MysqlTestSupport.root().statementCacheSize(0))) {
            paths.add(c.query(sql, reader::apply));
        }
        try (Connection c = MysqlTestSupport.connect(MysqlTestSupport.root())) {
            c.query(sql, r -> 0); // text rows on the first two uses of a parameterless text
            c.query(sql, r -> 0);
            paths.add(c.query(sql, reader::apply));
        }
        try (Connection c = MysqlTestSupport.connect(MysqlTestSupport.root());
                PreparedStatement ps = c.prepare(sql)) {
            paths.add(ps.query(reader::apply));
        }
        return paths;
    }
}
