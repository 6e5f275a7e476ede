package io.sluice.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Interval;
import org.junit.jupiter.api.Test;

class IsoDurationTest {

    @Test
    void shouldWriteEveryComponentWhenIntervalHasAll() {
        assertThat(ColumnWriters.isoDuration(new Interval(14, 3, 4 * 3_600_000_000L + 5 * 60_000_000L + 6_500_000L)))
                .isEqualTo("P1Y2M3DT4H5M6.5S");
    }

    @Test
    void shouldWriteZeroAsPT0SWhenIntervalIsEmpty() {
        assertThat(ColumnWriters.isoDuration(Interval.ZERO)).isEqualTo("PT0S");
    }

    @Test
    void shouldKeepSignsPerComponentWhenNegative() {
        // PostgreSQL: SET intervalstyle = iso_8601; SELECT interval '-1 year -2 months 3 days -04:05:06.000001'
        assertThat(ColumnWriters.isoDuration(
                        new Interval(-14, 3, -(4 * 3_600_000_000L + 5 * 60_000_000L + 6_000_001L))))
                .isEqualTo("P-1Y-2M3DT-4H-5M-6.000001S");
    }

    @Test
    void shouldWriteMicrosecondsWhenOnlyFraction() {
        assertThat(ColumnWriters.isoDuration(new Interval(0, 0, 1))).isEqualTo("PT0.000001S");
    }
}
