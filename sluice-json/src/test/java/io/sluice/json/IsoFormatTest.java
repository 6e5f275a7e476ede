package io.sluice.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** The fast ISO writer must print exactly what the JDK's ISO formatters print, for every value. */
class IsoFormatTest {
    private final byte[] buf = new byte[IsoFormat.MAX_LENGTH];

    @Property(tries = 2000)
    void shouldMatchJdkFormattersWhenWritingAnyDateTime(
            @ForAll @LongRange(min = -30_000_000_000L, max = 400_000_000_000L) long epochSecond,
            @ForAll @IntRange(min = 0, max = 999_999_999) int nanos,
            @ForAll @IntRange(min = -18 * 3600, max = 18 * 3600) int offsetSeconds,
            @ForAll @IntRange(min = 0, max = 3) int precision) {
        int truncated =
                switch (precision) { // whole seconds, millis, micros and nanos all occur in practice
                    case 0 -> 0;
                    case 1 -> nanos / 1_000_000 * 1_000_000;
                    case 2 -> nanos / 1_000 * 1_000;
                    default -> nanos;
                };
        ZoneOffset offset = ZoneOffset.ofTotalSeconds(offsetSeconds);
        LocalDateTime local = LocalDateTime.ofEpochSecond(epochSecond, truncated, ZoneOffset.UTC);
        OffsetDateTime withOffset = OffsetDateTime.of(local, offset);

        assertThat(text(IsoFormat.dateTime(local, buf))).isEqualTo(DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(local));
        assertThat(text(IsoFormat.date(local.toLocalDate(), buf)))
                .isEqualTo(DateTimeFormatter.ISO_LOCAL_DATE.format(local.toLocalDate()));
        assertThat(text(IsoFormat.time(local.toLocalTime(), buf)))
                .isEqualTo(DateTimeFormatter.ISO_LOCAL_TIME.format(local.toLocalTime()));
        assertThat(text(IsoFormat.offsetDateTime(withOffset, buf)))
                .isEqualTo(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(withOffset));
        Instant instant = local.toInstant(ZoneOffset.UTC);
        assertThat(text(IsoFormat.instant(instant, buf)))
                .isEqualTo(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(instant.atOffset(ZoneOffset.UTC)));
        OffsetTime time = withOffset.toOffsetTime();
        assertThat(text(IsoFormat.offsetTime(time, buf))).isEqualTo(DateTimeFormatter.ISO_OFFSET_TIME.format(time));
    }

    @Property(tries = 200)
    void shouldMatchJdkFormatterWhenYearIsOutsideFourDigits(@ForAll @IntRange(min = -4713, max = 294276) int year) {
        LocalDate date = LocalDate.of(year, 2, 28);
        assertThat(text(IsoFormat.date(date, buf))).isEqualTo(DateTimeFormatter.ISO_LOCAL_DATE.format(date));
        OffsetDateTime t = OffsetDateTime.of(date, LocalTime.NOON, ZoneOffset.UTC);
        assertThat(text(IsoFormat.offsetDateTime(t, buf))).isEqualTo(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(t));
        assertThat(text(IsoFormat.instant(t.toInstant(), buf)))
                .isEqualTo(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(t));
    }

    @Property(tries = 2000)
    void shouldMatchJdkFormatterWhenInstantIsAnyDayAroundYearBoundaries(
            @ForAll @LongRange(min = -800_000, max = 3_000_000) long epochDay,
            @ForAll @IntRange(min = 0, max = 86_399) int second) {
        Instant t = Instant.ofEpochSecond(epochDay * 86_400 + second);
        assertThat(text(IsoFormat.instant(t, buf)))
                .isEqualTo(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(t.atOffset(ZoneOffset.UTC)));
    }

    private String text(int length) {
        return new String(buf, 0, length, StandardCharsets.US_ASCII);
    }
}
