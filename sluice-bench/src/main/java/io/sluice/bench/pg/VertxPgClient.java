package io.sluice.bench.pg;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import org.openjdk.jmh.infra.Blackhole;

/**
 * vertx-pg-client 4.5, one connection per benchmark thread; {@code preparedQuery} (statement cache on)
 * for {@code prepared}, {@code query} (simple protocol) for {@code statement}. The benchmark thread
 * blocks on each operation's future.
 */
final class VertxPgClient implements PgClient {
    /** One Vert.x instance per JVM: its event loops serve every connection. */
    private static final Vertx VERTX = Vertx.vertx();

    private final PgConnection connection;
    private final Workload workload;
    private final String sql;

    VertxPgClient(PgEndpoint endpoint, Workload workload) {
        PgConnectOptions options = new PgConnectOptions().setHost(endpoint.host()).setPort(endpoint.port())
                .setDatabase(PgEndpoint.DATABASE).setUser(PgEndpoint.USER).setCachePreparedStatements(true)
                .addProperty("application_name", endpoint.applicationName());
        this.connection = await(PgConnection.connect(VERTX, options));
        this.workload = workload;
        this.sql = workload.parameterizedSql();
    }

    @Override
    public void run(Blackhole bh) {
        int parameter = workload.nextParameter();
        RowSet<Row> rows = workload.prepared()
                ? await(connection.preparedQuery(sql).execute(Tuple.of(parameter)))
                : await(connection.query(workload.literalSql(parameter)).execute());
        for (Row r : rows) {
            bh.consume(r.getLong(0));
            bh.consume(r.getShort(1));
            bh.consume(r.getInteger(2));
            bh.consume(r.getFloat(3));
            bh.consume(r.getDouble(4));
            bh.consume(r.getBigDecimal(5));
            bh.consume(r.getString(6));
            bh.consume(r.getString(7));
            bh.consume(r.getLocalDate(8));
            bh.consume(r.getLocalTime(9));
            bh.consume(r.getLocalDateTime(10));
            bh.consume(r.getOffsetDateTime(11));
            bh.consume(r.getBoolean(12));
            bh.consume(r.getInteger(13));
            bh.consume(r.getLong(14));
            bh.consume(r.getString(15));
        }
    }

    private static <T> T await(Future<T> future) {
        return future.toCompletionStage().toCompletableFuture().join();
    }

    @Override
    public void close() {
        await(connection.close());
    }
}
