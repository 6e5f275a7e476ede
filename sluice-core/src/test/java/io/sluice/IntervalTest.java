package io.sluice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class IntervalTest {

    @Test
    void shouldRoundTripDurationWhenMicrosecondPrecise() {
        Duration d = Duration.ofHours(-838).minusMinutes(59).minusSeconds(59).minusNanos(999_000);
        assertThat(Interval.of(d).toDuration()).isEqualTo(d);
    }

    @Test
    void shouldCountDaysAsTwentyFourHoursWhenConvertingToDuration() {
        assertThat(new Interval(0, 2, 3_000_000).toDuration()).isEqualTo(Duration.ofDays(2).plusSeconds(3));
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
