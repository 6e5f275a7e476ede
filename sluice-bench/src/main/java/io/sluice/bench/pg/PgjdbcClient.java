package io.sluice.bench.pg;

import io.sluice.bench.LdbcRows;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.openjdk.jmh.infra.Blackhole;

/**
 * pgjdbc, one connection per benchmark thread as ldbc does: {@link PreparedStatement} made once for
 * {@code prepared}, a {@link Statement} with the SQL text for {@code statement}. Default settings
 * (prepareThreshold 5), TLS off.
 */
final class PgjdbcClient implements PgClient {
    private final Connection connection;
    private final Workload workload;
    private final PreparedStatement prepared;

    PgjdbcClient(PgEndpoint endpoint, Workload workload) throws SQLException {
        this.connection = DriverManager.getConnection(endpoint.jdbcUrl());
        this.workload = workload;
        this.prepared =
                workload.prepared() ? connection.prepareStatement(LdbcTable.jdbc(workload.parameterizedSql())) : null;
    }

    @Override
    public void run(Blackhole bh) throws SQLException {
        int parameter = workload.nextParameter();
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

    static void read(ResultSet rs, Blackhole bh) throws SQLException {
        LdbcRows.read(rs, true, bh);
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
