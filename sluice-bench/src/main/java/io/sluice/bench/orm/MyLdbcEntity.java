package io.sluice.bench.orm;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/** The MariaDB ldbc table {@code my_ldbc} (16 columns) as a Hibernate entity, with an assigned id. */
@Entity
@Table(name = "my_ldbc")
public class MyLdbcEntity {
    @Id
    long id;

    @Column(name = "c_smallint", nullable = false)
    short cSmallint;

    @Column(name = "c_int", nullable = false)
    int cInt;

    @Column(name = "c_float", nullable = false)
    float cFloat;

    @Column(name = "c_double", nullable = false)
    double cDouble;

    @Column(name = "c_decimal", nullable = false, precision = 10, scale = 2)
    BigDecimal cDecimal;

    @Column(name = "c_varchar", nullable = false, length = 64)
    String cVarchar;

    @Column(name = "c_text", nullable = false)
    String cText;

    @Column(name = "c_date", nullable = false)
    LocalDate cDate;

    @Column(name = "c_time", nullable = false)
    LocalTime cTime;

    @Column(name = "c_datetime", nullable = false)
    LocalDateTime cDatetime;

    @Column(name = "c_timestamp", nullable = false)
    LocalDateTime cTimestamp;

    @Column(name = "c_boolean", nullable = false)
    boolean cBoolean;

    @Column(name = "c_int2", nullable = false)
    int cInt2;

    @Column(name = "c_bigint2", nullable = false)
    long cBigint2;

    @Column(name = "c_varchar2", nullable = false, length = 32)
    String cVarchar2;

    /** For Hibernate. */
    protected MyLdbcEntity() {}

    /** Row {@code seq} with the values the table's fill statement gives it. */
    static MyLdbcEntity of(long seq) {
        MyLdbcEntity e = new MyLdbcEntity();
        e.id = seq;
        e.cSmallint = (short) (seq % 32000);
        e.cInt = (int) (seq * 7);
        e.cFloat = seq * 1.5f;
        e.cDouble = seq * 2.25;
        e.cDecimal = BigDecimal.valueOf(seq * 314, 2);
        e.cVarchar = "name-" + seq;
        e.cText = "lorem ipsum lorem ipsum lorem ipsum " + seq;
        e.cDate = LocalDate.of(2024, 1, 1).plusDays(seq % 365);
        e.cTime = LocalTime.ofSecondOfDay(seq % 86400);
        e.cDatetime = LocalDateTime.of(2024, 1, 1, 0, 0).plusMinutes(seq);
        e.cTimestamp = e.cDatetime;
        e.cBoolean = seq % 2 == 0;
        e.cInt2 = (int) (seq * 13);
        e.cBigint2 = seq * 1000003L;
        e.cVarchar2 = "v" + seq;
        return e;
    }
}
