package io.sluice.bench.mapping;

import io.sluice.RowMapper;
import io.sluice.bench.mysql.MyLdbcTable;
import io.sluice.bench.pg.LdbcTable;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;

/**
 * The ldbc fetch as records, per server, with the hand-written lambda that builds the same record
 * through the same typed getters the record mapper picks for each component type.
 */
final class MappedRows {
    private MappedRows() {}

    /** A row of PostgreSQL's {@code bench_ldbc}, components named after its columns. */
    record PgLdbc(
            long id,
            short cSmallint,
            int cInt,
            float cReal,
            double cDouble,
            BigDecimal cNumeric,
            String cVarchar,
            String cText,
            LocalDate cDate,
            LocalTime cTime,
            LocalDateTime cTimestamp,
            OffsetDateTime cTimestamptz,
            boolean cBoolean,
            int cInt2,
            long cBigint2,
            String cVarchar2) {}

    /** A row of MariaDB's {@code my_ldbc}, components named after its columns. */
    record MyLdbc(
            long id,
            short cSmallint,
            int cInt,
            float cFloat,
            double cDouble,
            BigDecimal cDecimal,
            String cVarchar,
            String cText,
            LocalDate cDate,
            LocalTime cTime,
            LocalDateTime cDatetime,
            LocalDateTime cTimestamp,
            boolean cBoolean,
            int cInt2,
            long cBigint2,
            String cVarchar2) {}

    /** The fetch with a portable {@code ?} placeholder for the row count. */
    static final String PG_SQL = LdbcTable.FETCH_PARAM.replace("$1", "?");

    static final String MY_SQL = MyLdbcTable.FETCH_PARAM;

    static final RowMapper<PgLdbc> PG_LAMBDA = r -> new PgLdbc(
            r.getLong(0),
            r.getShort(1),
            r.getInt(2),
            r.getFloat(3),
            r.getDouble(4),
            r.getBigDecimal(5),
            r.getString(6),
            r.getString(7),
            r.getLocalDate(8),
            r.getLocalTime(9),
            r.getLocalDateTime(10),
            r.getOffsetDateTime(11),
            r.getBoolean(12),
            r.getInt(13),
            r.getLong(14),
            r.getString(15));

    static final RowMapper<MyLdbc> MY_LAMBDA = r -> new MyLdbc(
            r.getLong(0),
            r.getShort(1),
            r.getInt(2),
            r.getFloat(3),
            r.getDouble(4),
            r.getBigDecimal(5),
            r.getString(6),
            r.getString(7),
            r.getLocalDate(8),
            r.getLocalTime(9),
            r.getLocalDateTime(10),
            r.getLocalDateTime(11),
            r.getBoolean(12),
            r.getInt(13),
            r.getLong(14),
            r.getString(15));
}
