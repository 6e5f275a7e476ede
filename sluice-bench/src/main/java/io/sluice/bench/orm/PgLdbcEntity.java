package io.sluice.bench.orm;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** The ldbc table {@code bench_ldbc} (16 columns) as a Hibernate entity, with an assigned id. */
@Entity
@Table(name = "bench_ldbc")
public class PgLdbcEntity {
    @Id
    long id;

    @Column(name = "c_smallint", nullable = false)
    short cSmallint;

    @Column(name = "c_int", nullable = false)
    int cInt;

    @Column(name = "c_real", nullable = false)
    float cReal;

    @Column(name = "c_double", nullable = false)
    double cDouble;

    @Column(name = "c_numeric", nullable = false, precision = 10, scale = 2)
    BigDecimal cNumeric;

    @Column(name = "c_varchar", nullable = false, length = 64)
    String cVarchar;

    @Column(name = "c_text", nullable = false)
    String cText;

    @Column(name = "c_date", nullable = false)
    LocalDate cDate;

    @Column(name = "c_time", nullable = false)
    LocalTime cTime;

    @Column(name = "c_timestamp", nullable = false)
    LocalDateTime cTimestamp;

    @Column(name = "c_timestamptz", nullable = false)
    OffsetDateTime cTimestamptz;

    @Column(name = "c_boolean", nullable = false)
    boolean cBoolean;

    @Column(name = "c_int2", nullable = false)
    int cInt2;

    @Column(name = "c_bigint2", nullable = false)
    long cBigint2;

    @Column(name = "c_varchar2", nullable = false, length = 32)
    String cVarchar2;

    /** For Hibernate. */
    protected PgLdbcEntity() {}

    /** Row {@code g} with the values the table's fill statement gives it. */
    static PgLdbcEntity of(long g) {
        PgLdbcEntity e = new PgLdbcEntity();
        e.id = g;
        e.cSmallint = (short) (g % 32000);
        e.cInt = (int) (g * 7);
        e.cReal = g * 1.5f;
        e.cDouble = g * 2.25;
        e.cNumeric = BigDecimal.valueOf(g * 314, 2);
        e.cVarchar = "name-" + g;
        e.cText = "lorem ipsum lorem ipsum lorem ipsum " + g;
        e.cDate = LocalDate.of(2024, 1, 1).plusDays(g % 365);
        e.cTime = LocalTime.ofSecondOfDay(g % 86400);
        e.cTimestamp = LocalDateTime.of(2024, 1, 1, 0, 0).plusMinutes(g);
        e.cTimestamptz = OffsetDateTime.of(e.cTimestamp, ZoneOffset.UTC);
        e.cBoolean = g % 2 == 0;
        e.cInt2 = (int) (g * 13);
        e.cBigint2 = g * 1000003L;
        e.cVarchar2 = "v" + g;
        return e;
    }
}
