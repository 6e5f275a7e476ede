package io.sluice.bench.pg;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The allocation floor of the ldbc fetch ({@code objects-floor}): no query at all, only the Java
 * objects that every client's row reading hands back (a BigDecimal, three Strings, a LocalDate, a
 * LocalTime, a LocalDateTime and an OffsetDateTime per row), made from the table's own values with the
 * cheapest JDK factory for each. As in Sluice's driver, a date column's LocalDate is reused while the
 * day stays the same (the rows' timestamps share their day), since it is immutable. A driver that
 * allocated nothing else would measure this B/row; a target below it cannot be met by any driver.
 * Its ops/s mean nothing and are not reported.
 *
 * <p>The values are read once, when the client opens, through pgjdbc: the same rows, so the same
 * string lengths and numeric scales, as the measured clients get.
 */
final class ObjectsFloorClient implements PgClient {
    static final String SYSTEM = "objects-floor";

    private final int rows;
    private final long[] longs; // per row: id, smallint, int, int2, bigint2
    private final float[] reals;
    private final double[] doubles;
    private final boolean[] bools;
    private final long[] unscaled;
    private final int[] scales;
    private final byte[] text; // the three strings of every row, UTF-8, back to back
    private final int[] textEnds; // 3 per row: where each string ends in text
    private final long[] epochDays;
    private final long[] timeNanos;
    private final long[] timestampSeconds;
    private final long[] timestamptzSeconds;
    private final LocalDate[] lastDates = new LocalDate[3]; // date, timestamp, timestamptz columns

    ObjectsFloorClient(PgEndpoint endpoint, Workload workload) throws SQLException {
        rows = workload.rows();
        longs = new long[5 * rows];
        reals = new float[rows];
        doubles = new double[rows];
        bools = new boolean[rows];
        unscaled = new long[rows];
        scales = new int[rows];
        textEnds = new int[3 * rows];
        epochDays = new long[rows];
        timeNanos = new long[rows];
        timestampSeconds = new long[rows];
        timestamptzSeconds = new long[rows];
        ByteArrayOutputStream utf8 = new ByteArrayOutputStream();
        try (Connection c = DriverManager.getConnection(endpoint.jdbcUrl());
                PreparedStatement ps = c.prepareStatement(LdbcTable.jdbc(workload.parameterizedSql()))) {
            ps.setInt(1, rows);
            try (ResultSet rs = ps.executeQuery()) {
                int r = 0;
                while (rs.next()) {
                    longs[5 * r] = rs.getLong(1);
                    longs[5 * r + 1] = rs.getShort(2);
                    longs[5 * r + 2] = rs.getInt(3);
                    reals[r] = rs.getFloat(4);
                    doubles[r] = rs.getDouble(5);
                    BigDecimal d = rs.getBigDecimal(6);
                    unscaled[r] = d.unscaledValue().longValueExact();
                    scales[r] = d.scale();
                    for (int k = 0; k < 3; k++) {
                        utf8.writeBytes(rs.getString(k == 2 ? 16 : 7 + k).getBytes(StandardCharsets.UTF_8));
                        textEnds[3 * r + k] = utf8.size();
                    }
                    epochDays[r] = rs.getObject(9, LocalDate.class).toEpochDay();
                    timeNanos[r] = rs.getObject(10, LocalTime.class).toNanoOfDay();
                    timestampSeconds[r] = rs.getObject(11, LocalDateTime.class).toEpochSecond(ZoneOffset.UTC);
                    timestamptzSeconds[r] =
                            rs.getObject(12, OffsetDateTime.class).toEpochSecond();
                    bools[r] = rs.getBoolean(13);
                    longs[5 * r + 3] = rs.getInt(14);
                    longs[5 * r + 4] = rs.getLong(15);
                    r++;
                }
                if (r != rows) {
                    throw new IllegalStateException(
                            "bench_ldbc has fewer rows than asked: rows=" + rows + ", found=" + r);
                }
            }
        }
        text = utf8.toByteArray();
    }

    /** One "fetch": every row's values, the objects made as a driver must make them, into the blackhole. */
    @Override
    public void run(Blackhole b) {
        for (int r = 0; r < rows; r++) {
            b.consume(longs[5 * r]);
            b.consume((short) longs[5 * r + 1]);
            b.consume((int) longs[5 * r + 2]);
            b.consume(reals[r]);
            b.consume(doubles[r]);
            b.consume(BigDecimal.valueOf(unscaled[r], scales[r]));
            int start = r == 0 ? 0 : textEnds[3 * r - 1];
            for (int k = 0; k < 3; k++) {
                int end = textEnds[3 * r + k];
                b.consume(new String(text, start, end - start, StandardCharsets.UTF_8));
                start = end;
            }
            b.consume(day(0, epochDays[r]));
            b.consume(LocalTime.ofNanoOfDay(timeNanos[r]));
            b.consume(dateTime(1, timestampSeconds[r]));
            b.consume(OffsetDateTime.of(dateTime(2, timestamptzSeconds[r]), ZoneOffset.UTC));
            b.consume(bools[r]);
            b.consume((int) longs[5 * r + 3]);
            b.consume(longs[5 * r + 4]);
        }
    }

    /** The LocalDate of {@code epochDay}: the column's previous one when the day is the same. */
    private LocalDate day(int column, long epochDay) {
        LocalDate last = lastDates[column];
        if (last == null || last.toEpochDay() != epochDay) {
            last = lastDates[column] = LocalDate.ofEpochDay(epochDay);
        }
        return last;
    }

    private LocalDateTime dateTime(int column, long epochSecond) {
        return LocalDateTime.of(
                day(column, Math.floorDiv(epochSecond, 86_400)),
                LocalTime.ofSecondOfDay(Math.floorMod(epochSecond, 86_400)));
    }

    @Override
    public void close() {
        // holds no connection
    }
}
