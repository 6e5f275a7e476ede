package io.sluice.bench;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import org.openjdk.jmh.infra.Blackhole;

/** Reads the seed 16-column ldbc rows through {@code java.sql}, every column with its typed getter. */
public final class LdbcRows {
    private LdbcRows() {}

    /**
     * Consumes every remaining row of {@code rs}; column 12 is read as an {@link OffsetDateTime} on PostgreSQL
     * ({@code timestamptz}) and as a {@link LocalDateTime} on MySQL ({@code timestamp}). Returns the rows read.
     */
    public static int read(ResultSet rs, boolean postgres, Blackhole bh) throws SQLException {
        int n = 0;
        while (rs.next()) {
            bh.consume(rs.getLong(1));
            bh.consume(rs.getShort(2));
            bh.consume(rs.getInt(3));
            bh.consume(rs.getFloat(4));
            bh.consume(rs.getDouble(5));
            bh.consume(rs.getBigDecimal(6));
            bh.consume(rs.getString(7));
            bh.consume(rs.getString(8));
            bh.consume(rs.getObject(9, LocalDate.class));
            bh.consume(rs.getObject(10, LocalTime.class));
            bh.consume(rs.getObject(11, LocalDateTime.class));
            bh.consume(postgres ? rs.getObject(12, OffsetDateTime.class) : rs.getObject(12, LocalDateTime.class));
            bh.consume(rs.getBoolean(13));
            bh.consume(rs.getInt(14));
            bh.consume(rs.getLong(15));
            bh.consume(rs.getString(16));
            n++;
        }
        return n;
    }
}
