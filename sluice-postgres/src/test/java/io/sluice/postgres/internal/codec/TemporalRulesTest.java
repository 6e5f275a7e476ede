package io.sluice.postgres.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Interval;
import io.sluice.ValueConversionException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** The documented rules for special date and time values (TYPES.md), in both formats and both directions. */
class TemporalRulesTest {

    @Test
    void shouldMapInfinityToMinAndMaxWhenReadingAndWriting() {
        assertThat(Rows.binary(PgTypes.DATE, "7fffffff").getLocalDate(0)).isEqualTo(LocalDate.MAX);
        assertThat(Rows.text(PgTypes.DATE, "-infinity").getLocalDate(0)).isEqualTo(LocalDate.MIN);
        assertThat(Rows.binary(PgTypes.TIMESTAMP, "8000000000000000").getLocalDateTime(0))
                .isEqualTo(LocalDateTime.MIN);
        assertThat(Rows.text(PgTypes.TIMESTAMP, "infinity").getLocalDateTime(0)).isEqualTo(LocalDateTime.MAX);
        PgRow tz = Rows.binary(PgTypes.TIMESTAMPTZ, "7fffffffffffffff");
        assertThat(tz.getOffsetDateTime(0)).isEqualTo(OffsetDateTime.MAX);
        assertThat(tz.getInstant(0)).isEqualTo(Instant.MAX);
        assertThat(Rows.text(PgTypes.TIMESTAMPTZ, "-infinity").getInstant(0)).isEqualTo(Instant.MIN);
        assertThat(Rows.encodeHex(LocalDate.MAX)).isEqualTo("7fffffff");
        assertThat(Rows.encodeHex(LocalDate.MIN)).isEqualTo("80000000");
        assertThat(Rows.encodeHex(LocalDateTime.MAX)).isEqualTo("7fffffffffffffff");
        assertThat(Rows.encodeHex(OffsetDateTime.MIN)).isEqualTo("8000000000000000");
        assertThat(Rows.encodeHex(Instant.MAX)).isEqualTo("7fffffffffffffff");
        assertThat(Rows.encodeHex(Instant.MIN)).isEqualTo("8000000000000000");
    }

    @Test
    void shouldUseProlepticYearZeroWhenDateIsOneBc() {
        assertThat(Rows.text(PgTypes.DATE, "0001-01-01 BC").getLocalDate(0)).isEqualTo(LocalDate.of(0, 1, 1));
        assertThat(Rows.text(PgTypes.TIMESTAMP, "0044-03-15 12:00:00 BC").getLocalDateTime(0))
                .isEqualTo(LocalDateTime.of(-43, 3, 15, 12, 0));
        assertThat(Rows.encodeHex(LocalDate.of(0, 1, 1))).isEqualTo("fff4da8b");
    }

    @Test
    void shouldReadTwentyFourHundredAsLocalTimeMaxAndFullDayInterval() {
        PgRow binary = Rows.binary(PgTypes.TIME, "000000141dd76000");
        PgRow text = Rows.text(PgTypes.TIME, "24:00:00");
        for (PgRow row : new PgRow[] {binary, text}) {
            assertThat(row.getLocalTime(0)).isEqualTo(LocalTime.MAX);
            assertThat(row.getDuration(0)).isEqualTo(Duration.ofHours(24));
            assertThat(row.getInterval(0)).isEqualTo(new Interval(0, 0, 86_400_000_000L));
            assertThat(row.getString(0)).isEqualTo("24:00:00");
        }
        assertThat(Rows.encodeHex(LocalTime.MAX)).isEqualTo("000000141dd76000");
        assertThat(Rows.text(PgTypes.TIMETZ, "24:00:00+02").getOffsetTime(0))
                .isEqualTo(OffsetTime.of(LocalTime.MAX, ZoneOffset.ofHours(2)));
    }

    @Test
    void shouldReturnUtcWhenTimestamptzTextCarriesSessionOffset() {
        OffsetDateTime expected =
                OffsetDateTime.of(2024, 1, 1, 0, 0, 0, 1000, ZoneOffset.UTC).minusMinutes(330);
        assertThat(Rows.text(PgTypes.TIMESTAMPTZ, "2024-01-01 00:00:00.000001+05:30")
                        .getOffsetDateTime(0))
                .isEqualTo(expected);
        // Local mean time offsets carry seconds (Asia/Kolkata before 1942 is +05:21:10).
        assertThat(Rows.text(PgTypes.TIMESTAMPTZ, "1900-01-01 00:00:00+05:21:10")
                        .getOffsetDateTime(0))
                .isEqualTo(OffsetDateTime.of(1899, 12, 31, 18, 38, 50, 0, ZoneOffset.UTC));
        assertThat(Rows.text(PgTypes.TIMESTAMPTZ, "0044-03-15 10:00:00+05:53:28 BC")
                        .getOffsetDateTime(0)
                        .getYear())
                .isEqualTo(-43);
    }

    @Test
    void shouldRenderTimestamptzInUtcWhenTextCarriesSessionOffset() {
        assertThat(Rows.text(PgTypes.TIMESTAMPTZ, "2024-01-01 00:00:00.000001+05:30")
                        .getString(0))
                .isEqualTo("2023-12-31 18:30:00.000001+00");
        assertThat(Rows.text(PgTypes.TIMESTAMPTZ, "0001-01-01 03:00:00+05:53:28 BC")
                        .getString(0))
                .isEqualTo("0002-12-31 21:06:32+00 BC");
        assertThat(Rows.text(PgTypes.TIMESTAMPTZ, "infinity").getString(0)).isEqualTo("infinity");
        assertThat(Rows.text(PgTypes.TIMESTAMPTZ_ARRAY, "{\"2024-01-01 00:00:00-01\",NULL}")
                        .getString(0))
                .isEqualTo("{\"2024-01-01 01:00:00+00\",NULL}");
        assertThat(Rows.text(PgTypes.TIMESTAMPTZ_ARRAY, "{{\"2024-01-01 00:00:00-01\"}}")
                        .getString(0))
                .isEqualTo("{{\"2024-01-01 00:00:00-01\"}}");
    }

    @Test
    void shouldRenderOneFormWhenTextFollowsSessionSettings() {
        assertThat(Rows.text(PgTypes.INTERVAL, "P1Y2M-3DT4H5M6.5S").getString(0))
                .isEqualTo("1 year 2 mons -3 days +04:05:06.5");
        assertThat(Rows.text(PgTypes.INTERVAL, "@ 1 day 1 hour ago").getString(0))
                .isEqualTo("-1 days -01:00:00");
        assertThat(Rows.text(PgTypes.INTERVAL_ARRAY, "{\"-1 1:00:00\",NULL}").getString(0))
                .isEqualTo("{\"-1 days -01:00:00\",NULL}");
        assertThat(Rows.text(PgTypes.BYTEA, "a\\\\b\\001").getString(0)).isEqualTo("\\x615c6201");
    }

    @Test
    void shouldTruncateNanosecondsWhenWritingTimestamps() {
        assertThat(Rows.encodeHex(LocalDateTime.of(2000, 1, 1, 0, 0, 0, 1999))).isEqualTo("0000000000000001");
        assertThat(Rows.encodeHex(Instant.parse("1999-12-31T23:59:59.999999999Z")))
                .isEqualTo("ffffffffffffffff");
    }

    @Test
    void shouldRefuseDurationWhenIntervalHasMonths() {
        PgRow row = Rows.text(PgTypes.INTERVAL, "1 mon 2 days");
        assertThat(row.getInterval(0)).isEqualTo(new Interval(1, 2, 0));
        assertThatThrownBy(() -> row.getDuration(0))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("months=1");
        assertThat(Rows.text(PgTypes.INTERVAL, "2 days -00:00:01").getDuration(0))
                .isEqualTo(Duration.ofDays(2).minusSeconds(1));
        assertThat(Rows.encodeHex(Duration.ofSeconds(1))).isEqualTo("00000000000f42400000000000000000");
    }

    @Test
    void shouldRefuseWhenTimestamptzIsReadAsLocalDateTime() {
        assertThatThrownBy(() ->
                        Rows.text(PgTypes.TIMESTAMPTZ, "2024-01-01 00:00:00+00").getLocalDateTime(0))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("type=timestamptz");
    }
}
