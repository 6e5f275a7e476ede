package io.sluice.bench.pg;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.util.concurrent.locks.ReentrantLock;
import org.openjdk.jmh.infra.Blackhole;

/**
 * vertx-pg-client 4.5, one connection per benchmark thread; {@code preparedQuery} (statement cache on)
 * for {@code prepared}, {@code query} (simple protocol) for {@code statement}. The benchmark thread
 * blocks on each operation's future.
 */
final class VertxPgClient implements PgClient {
    private static final ReentrantLock LOCK = new ReentrantLock();
    /** One Vert.x instance for all open clients: its event loops serve every connection. */
    private static Vertx shared;

    private static int users;

    private final PgConnection connection;
    private final Workload workload;
    private final String sql;

    VertxPgClient(PgEndpoint endpoint, Workload workload) {
        PgConnectOptions options = new PgConnectOptions()
                .setHost(endpoint.host())
                .setPort(endpoint.port())
                .setDatabase(PgEndpoint.DATABASE)
                .setUser(PgEndpoint.USER)
                .setCachePreparedStatements(true)
                .addProperty("application_name", endpoint.applicationName());
        Vertx vertx = acquire();
        try {
            this.connection = await(PgConnection.connect(vertx, options));
        } catch (RuntimeException e) {
            release();
            throw e;
        }
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
        try {
            await(connection.close());
        } finally {
            release();
        }
    }

    private static Vertx acquire() {
        LOCK.lock();
        try {
            if (users++ == 0) {
                shared = Vertx.vertx();
            }
            return shared;
        } finally {
            LOCK.unlock();
        }
    }

    /**
     * Closes Vert.x with its last client: its event-loop threads are not daemons, and a JMH fork waits
     * 30 s for stray threads before it exits.
     */
    private static void release() {
        LOCK.lock();
        try {
            if (--users == 0) {
                await(shared.close());
                shared = null;
            }
        } finally {
            LOCK.unlock();
        }
    }
}
