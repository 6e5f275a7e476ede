package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

class IntervalTest {

    @Test
    void shouldRoundTripDurationWhenMicrosecondPrecise() {
        Duration d = Duration.ofHours(-838).minusMinutes(59).minusSeconds(59).minusNanos(999_000);
        assertThat(Interval.of(d).toDuration()).isEqualTo(d);
    }

    @Test
    void shouldCountDaysAsTwentyFourHoursWhenConvertingToDuration() {
        assertThat(new Interval(0, 2, 3_000_000).toDuration())
                .isEqualTo(Duration.ofDays(2).plusSeconds(3));
    }

    /** Regression: micros * 1000 overflowed for intervals of more than about 2,562,047 hours. */
    @Test
    void shouldConvertTheLongestIntervalsToDuration() {
        assertThat(new Interval(0, 0, Long.MAX_VALUE).toDuration())
                .isEqualTo(Duration.of(Long.MAX_VALUE, ChronoUnit.MICROS));
        assertThat(new Interval(0, -3, Long.MIN_VALUE).toDuration())
                .isEqualTo(Duration.ofDays(-3).plus(Long.MIN_VALUE, ChronoUnit.MICROS));
        assertThat(new Interval(0, 0, 2562047788L * 3_600_000_000L).toDuration())
                .isEqualTo(Duration.ofHours(2562047788L));
    }

    @Test
    void shouldRefuseDurationWhenIntervalHasMonths() {
        assertThatThrownBy(() -> new Interval(1, 0, 0).toDuration())
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("months=1");
    }

    @Test
    void shouldParseAndPrintLibpqSpellingWhenSslModeIsGiven() {
        for (SslMode mode : SslMode.values()) {
            assertThat(SslMode.parse(mode.urlName())).isEqualTo(mode);
        }
        assertThat(SslMode.VERIFY_FULL.urlName()).isEqualTo("verify-full");
    }

    @Test
    void shouldDescribeEveryKeyFieldWhenServerMessageIsPrinted() {
        var fields = new java.util.LinkedHashMap<String, String>();
        fields.put("severity", "ERROR");
        fields.put("sqlstate", "23505");
        fields.put("message", "duplicate key");
        fields.put("detail", "Key (id)=(1) already exists.");
        ServerException e = new ServerException(new ServerMessage(fields));
        assertThat(e.getMessage()).isEqualTo("ERROR 23505: duplicate key (detail=Key (id)=(1) already exists.)");
        assertThat(e.sqlState()).isEqualTo("23505");
        assertThat(e.isFatal()).isFalse();
    }
}
