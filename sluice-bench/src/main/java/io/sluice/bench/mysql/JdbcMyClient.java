package io.sluice.bench.mysql;

import io.sluice.bench.LdbcRows;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A JDBC peer (MariaDB Connector/J or MySQL Connector/J) at its default settings, one connection per
 * benchmark thread as ldbc does: a {@link PreparedStatement} made once for {@code prepared}, a
 * {@link Statement} with the SQL text for {@code statement}; the drizzle batch is
 * {@code addBatch} per row and one {@code executeBatch}.
 */
final class JdbcMyClient implements MyClient {
    private final Connection connection;
    private final MyWorkload workload;
    private final PreparedStatement prepared;

    JdbcMyClient(String system, MyWorkload workload) throws SQLException {
        this.connection = DriverManager.getConnection(MyEndpoint.jdbcUrl(system));
        this.workload = workload;
        try (Statement s = connection.createStatement()) {
            s.execute("SET time_zone = '+00:00'");
            if (workload.inserts() || workload.kind().equals("read")) {
                s.execute(DrizzleTable.DDL);
            }
        }
        this.prepared = workload.prepared() ? connection.prepareStatement(workload.parameterizedSql()) : null;
        if (workload.kind().equals("read")) {
            insertAll();
        }
    }

    @Override
    public void run(Blackhole bh) throws SQLException {
        if (workload.inserts()) {
            insertAll();
            return;
        }
        int parameter = workload.nextParameter();
        if (workload.kind().equals("read")) {
            parameter = 0;
        }
        if (prepared != null) {
            prepared.setInt(1, parameter);
            try (ResultSet rs = prepared.executeQuery()) {
                read(rs, bh);
            }
        } else {
            try (Statement s = connection.createStatement();
                    ResultSet rs = s.executeQuery(workload.literalSql(parameter))) {
                read(rs, bh);
            }
        }
    }

    private void insertAll() throws SQLException {
        connection.setAutoCommit(false);
        try (Statement s = connection.createStatement()) {
            s.executeUpdate(DrizzleTable.CLEAR);
        }
        PreparedStatement insert =
                prepared != null && workload.inserts() ? prepared : connection.prepareStatement(DrizzleTable.INSERT);
        Timestamp created = Timestamp.valueOf(LocalDateTime.of(2024, 1, 1, 12, 0));
        boolean batch = workload.kind().equals("batch");
        for (int i = 1; i <= DrizzleTable.ROWS; i++) {
            insert.setInt(1, i);
            insert.setString(2, DrizzleTable.name(i));
            insert.setDouble(3, i * 1.25);
            insert.setTimestamp(4, created);
            if (batch) {
                insert.addBatch();
            } else {
                insert.executeUpdate();
            }
        }
        if (batch) {
            insert.executeBatch();
        }
        if (insert != prepared) {
            insert.close();
        }
        connection.commit();
        connection.setAutoCommit(true);
    }

    private void read(ResultSet rs, Blackhole bh) throws SQLException {
        if (workload.kind().equals("read")) {
            while (rs.next()) {
                bh.consume(rs.getInt(1));
                bh.consume(rs.getString(2));
                bh.consume(rs.getDouble(3));
                bh.consume(rs.getObject(4, LocalDateTime.class));
            }
            return;
        }
        LdbcRows.read(rs, false, bh);
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
