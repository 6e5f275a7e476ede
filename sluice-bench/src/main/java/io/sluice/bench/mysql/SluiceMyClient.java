package io.sluice.bench.mysql;

import io.sluice.Connection;
import io.sluice.PreparedStatement;
import io.sluice.Row;
import io.sluice.RowHandler;
import io.sluice.Sluice;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Sluice's MySQL driver, one connection per benchmark thread: {@link Connection#prepare} once for
 * {@code prepared}, {@link Connection#forEach} with the SQL text for {@code statement} (served by the
 * driver's statement cache). Rows are read in place through the typed getters. The drizzle batch is
 * one {@link PreparedStatement#executeBatch} of the rows (pipelined executes).
 */
final class SluiceMyClient implements MyClient {
    private static final LocalDateTime CREATED = LocalDateTime.of(2024, 1, 1, 12, 0);

    private final Connection connection;
    private final MyWorkload workload;
    private final PreparedStatement prepared;
    private Blackhole bh;
    private final RowHandler ldbcReader = r -> readLdbc(r, bh);
    private final RowHandler drizzleReader = r -> readDrizzle(r, bh);

    SluiceMyClient(MyWorkload workload) {
        this.connection = Sluice.connect(MyEndpoint.sluiceUrl());
        this.workload = workload;
        if (workload.inserts() || workload.kind().equals("read")) {
            connection.executeScript(DrizzleTable.DDL);
        }
        this.prepared = workload.prepared() ? connection.prepare(workload.parameterizedSql()) : null;
        if (workload.kind().equals("read")) {
            insertAll();
        }
    }

    @Override
    public void run(Blackhole bh) {
        this.bh = bh;
        switch (workload.kind()) {
            case "insert", "batch" -> insertAll();
            case "read" -> {
                if (prepared != null) {
                    prepared.forEach(drizzleReader, 0);
                } else {
                    connection.forEach(DrizzleTable.READ_LITERAL, drizzleReader);
                }
            }
            default -> {
                int parameter = workload.nextParameter();
                if (prepared != null) {
                    prepared.forEach(ldbcReader, parameter);
                } else {
                    connection.forEach(workload.literalSql(parameter), ldbcReader);
                }
            }
        }
    }

    private void insertAll() {
        connection.begin();
        connection.execute(DrizzleTable.CLEAR);
        if (workload.kind().equals("batch")) {
            List<Object[]> rows = new ArrayList<>(DrizzleTable.ROWS);
            for (int i = 1; i <= DrizzleTable.ROWS; i++) {
                rows.add(new Object[] {i, DrizzleTable.name(i), i * 1.25, CREATED});
            }
            prepared.executeBatch(rows);
        } else {
            for (int i = 1; i <= DrizzleTable.ROWS; i++) {
                if (prepared != null && workload.inserts()) {
                    prepared.execute(i, DrizzleTable.name(i), i * 1.25, CREATED);
                } else {
                    connection.execute(DrizzleTable.INSERT, i, DrizzleTable.name(i), i * 1.25, CREATED);
                }
            }
        }
        connection.commit();
    }

    static void readDrizzle(Row r, Blackhole b) {
        b.consume(r.getInt(0));
        b.consume(r.getString(1));
        b.consume(r.getDouble(2));
        b.consume(r.getLocalDateTime(3));
    }

    static void readLdbc(Row r, Blackhole b) {
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
        b.consume(r.getLocalDateTime(11));
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
