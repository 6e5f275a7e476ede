package io.sluice.bench.pg;

import io.sluice.Connection;
import io.sluice.PreparedStatement;
import io.sluice.Row;
import io.sluice.RowHandler;
import io.sluice.Sluice;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Sluice's PostgreSQL driver, one connection per benchmark thread: {@link Connection#prepare} once for
 * {@code prepared}, {@link Connection#forEach} with the SQL text for {@code statement} (served by the
 * driver's statement cache). Rows are read in place through {@link Row}'s typed getters.
 */
final class SluiceClient implements PgClient {
    private final Connection connection;
    private final Workload workload;
    private final PreparedStatement prepared;
    private Blackhole bh;
    private final RowHandler reader = r -> read(r, bh);

    SluiceClient(PgEndpoint endpoint, Workload workload) {
        this.connection = Sluice.connect(endpoint.sluiceUrl());
        this.workload = workload;
        this.prepared = workload.prepared() ? connection.prepare(workload.parameterizedSql()) : null;
    }

    /** True when a Sluice driver for {@code postgresql://} is on the class path. */
    static boolean available() {
        try {
            Sluice.driverFor("postgresql");
            return true;
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    @Override
    public void run(Blackhole bh) {
        this.bh = bh;
        int parameter = workload.nextParameter();
        if (prepared != null) {
            prepared.forEach(reader, parameter);
        } else {
            connection.forEach(workload.literalSql(parameter), reader);
        }
    }

    /** Reads all 16 columns of an ldbc row through the typed getters. */
    static void read(Row r, Blackhole b) {
        b.consume(r.getLong(0));
        b.consume(r.getShort(1));
        b.consume(r.getInt(2));
        b.consume(r.getFloat(3));
        b.consume(r.getDouble(4));
        b.consume(r.getBigDecimal(5));
        b.consume(r.getString(6));
        b.consume(r.getString(7));
        b.consume(r.getLocalDate(8));
        b.consume(r.getLocalTime(9));
        b.consume(r.getLocalDateTime(10));
        b.consume(r.getOffsetDateTime(11));
        b.consume(r.getBoolean(12));
        b.consume(r.getInt(13));
        b.consume(r.getLong(14));
        b.consume(r.getString(15));
    }

    @Override
    public void close() {
        if (prepared != null) {
            prepared.close();
        }
        connection.close();
    }
}
