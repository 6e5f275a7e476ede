package io.sluice.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.sluice.Column;
import io.sluice.Interval;
import io.sluice.Row;
import io.sluice.ValueConversionException;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.TemporalAccessor;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

/**
 * The per-type {@link ColumnWriter}s and the rules of the package overview's type table. Numbers and
 * booleans go through primitive getters, so a binary-format row allocates nothing for them.
 */
final class ColumnWriters {
    private ColumnWriters() {}

    /**
     * Text: the driver's UTF-8 bytes go to the generator in place (Jackson escapes what JSON needs),
     * so a text value costs no String; drivers that cannot offer the bytes get {@link Row#getString}.
     */
    private static ColumnWriter text() {
        Utf8ToGenerator sink = new Utf8ToGenerator(); // one per result: RowJsonWriter is single-threaded
        return (r, i, g) -> {
            sink.generator = g;
            if (!r.writeUtf8(i, sink)) {
                g.writeString(r.getString(i));
            }
        };
    }

    private static final class Utf8ToGenerator implements Row.Utf8Sink {
        JsonGenerator generator;

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            generator.writeUTF8String(bytes, offset, length);
        }
    }

    static ColumnWriter forColumn(Column column, NonFinite nonFinite) {
        return switch (column.type()) {
            case BOOLEAN -> (r, i, g) -> g.writeBoolean(r.getBoolean(i));
            case SMALLINT, INTEGER -> (r, i, g) -> g.writeNumber(r.getInt(i));
            // An unsigned 64-bit value may exceed long: its decimal text is already a valid JSON number.
            case BIGINT -> column.unsigned()
                    ? (r, i, g) -> g.writeNumber(r.getString(i))
                    : (r, i, g) -> g.writeNumber(r.getLong(i));
            case REAL -> (r, i, g) -> writeDouble(r.getFloat(i), g, nonFinite);
            case DOUBLE -> (r, i, g) -> writeDouble(r.getDouble(i), g, nonFinite);
            case DECIMAL -> (r, i, g) -> writeDecimal(r, i, g, nonFinite);
            case JSON -> (r, i, g) -> g.writeRawValue(r.getString(i));
            case BYTES -> (r, i, g) -> g.writeBinary(r.getBytes(i));
            // Each date/time column gets its own scratch buffer: a RowJsonWriter serves one thread.
            case DATE -> {
                char[] buf = new char[IsoFormat.MAX_LENGTH];
                yield (r, i, g) -> writeDate(r.getLocalDate(i), g, buf);
            }
            case TIME -> {
                char[] buf = new char[IsoFormat.MAX_LENGTH];
                yield (r, i, g) -> writeTime(r.getLocalTime(i), g, buf);
            }
            case TIME_TZ -> {
                char[] buf = new char[IsoFormat.MAX_LENGTH];
                yield (r, i, g) -> g.writeString(buf, 0, IsoFormat.offsetTime(r.getOffsetTime(i), buf));
            }
            case TIMESTAMP -> {
                char[] buf = new char[IsoFormat.MAX_LENGTH];
                yield (r, i, g) -> writeTimestamp(r.getLocalDateTime(i), g, buf);
            }
            case TIMESTAMP_TZ -> {
                char[] buf = new char[IsoFormat.MAX_LENGTH];
                yield (r, i, g) -> writeTimestampTz(r.getOffsetDateTime(i), g, buf);
            }
            case INTERVAL -> (r, i, g) -> g.writeString(isoDuration(r.getInterval(i)));
            case ARRAY -> (r, i, g) -> writeList(r.getList(i, Object.class), g, nonFinite);
            case TEXT, UUID, OTHER -> text();
        };
    }

    static void writeDouble(double d, JsonGenerator g, NonFinite nonFinite) throws IOException {
        if (Double.isFinite(d)) {
            g.writeNumber(d);
        } else {
            writeNonFinite(d, g, nonFinite);
        }
    }

    static void writeDouble(float f, JsonGenerator g, NonFinite nonFinite) throws IOException {
        if (Float.isFinite(f)) {
            g.writeNumber(f);
        } else {
            writeNonFinite(f, g, nonFinite);
        }
    }

    private static void writeNonFinite(double d, JsonGenerator g, NonFinite nonFinite) throws IOException {
        if (nonFinite == NonFinite.NULL) {
            g.writeNull();
        } else {
            g.writeString(Double.isNaN(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity");
        }
    }

    private static void writeDecimal(Row r, int i, JsonGenerator g, NonFinite nonFinite) throws IOException {
        BigDecimal value;
        try {
            value = r.getBigDecimal(i);
        } catch (ValueConversionException notFinite) {
            // numeric NaN / Infinity have no BigDecimal; the slow path asks for the double instead.
            writeNonFinite(r.getDouble(i), g, nonFinite);
            return;
        }
        g.writeNumber(value.toPlainString());
    }

    private static void writeDate(LocalDate d, JsonGenerator g, char[] buf) throws IOException {
        if (d.equals(LocalDate.MAX) || d.equals(LocalDate.MIN)) {
            g.writeString(d.equals(LocalDate.MAX) ? "infinity" : "-infinity");
        } else {
            g.writeString(buf, 0, IsoFormat.date(d, buf));
        }
    }

    private static void writeTime(LocalTime t, JsonGenerator g, char[] buf) throws IOException {
        if (t.equals(LocalTime.MAX)) {
            g.writeString("24:00:00"); // PostgreSQL's 24:00:00 reads as LocalTime.MAX: JSON gets the server's spelling
        } else {
            g.writeString(buf, 0, IsoFormat.time(t, buf));
        }
    }

    private static void writeTimestamp(LocalDateTime t, JsonGenerator g, char[] buf) throws IOException {
        if (t.equals(LocalDateTime.MAX) || t.equals(LocalDateTime.MIN)) {
            g.writeString(t.equals(LocalDateTime.MAX) ? "infinity" : "-infinity");
        } else {
            g.writeString(buf, 0, IsoFormat.dateTime(t, buf));
        }
    }

    private static void writeTimestampTz(OffsetDateTime t, JsonGenerator g, char[] buf) throws IOException {
        if (t.equals(OffsetDateTime.MAX) || t.equals(OffsetDateTime.MIN)) {
            g.writeString(t.equals(OffsetDateTime.MAX) ? "infinity" : "-infinity");
        } else {
            g.writeString(buf, 0, IsoFormat.offsetDateTime(t, buf));
        }
    }

    /** ISO-8601 duration in PostgreSQL's {@code intervalstyle = iso_8601} form: {@code P1Y2M3DT4H5M6.5S}. */
    static String isoDuration(Interval v) {
        if (v.months() == 0 && v.days() == 0 && v.micros() == 0) {
            return "PT0S";
        }
        StringBuilder b = new StringBuilder(24).append('P');
        int years = v.months() / 12;
        int months = v.months() % 12;
        if (years != 0) {
            b.append(years).append('Y');
        }
        if (months != 0) {
            b.append(months).append('M');
        }
        if (v.days() != 0) {
            b.append(v.days()).append('D');
        }
        long micros = v.micros();
        if (micros != 0) {
            b.append('T');
            long hours = micros / 3_600_000_000L;
            long minutes = micros % 3_600_000_000L / 60_000_000L;
            long secondMicros = micros % 60_000_000L;
            if (hours != 0) {
                b.append(hours).append('H');
            }
            if (minutes != 0) {
                b.append(minutes).append('M');
            }
            if (secondMicros != 0) {
                b.append(BigDecimal.valueOf(secondMicros, 6).stripTrailingZeros().toPlainString()).append('S');
            }
        }
        return b.toString();
    }

    /** Array elements arrive as Java objects; this is the slow, general path. */
    static void writeList(List<?> values, JsonGenerator g, NonFinite nonFinite) throws IOException {
        g.writeStartArray();
        for (Object value : values) {
            writeObject(value, g, nonFinite);
        }
        g.writeEndArray();
    }

    static void writeObject(Object value, JsonGenerator g, NonFinite nonFinite) throws IOException {
        switch (value) {
            case null -> g.writeNull();
            case Boolean b -> g.writeBoolean(b);
            case Double d -> writeDouble(d, g, nonFinite);
            case Float f -> writeDouble(f, g, nonFinite);
            case BigDecimal d -> g.writeNumber(d.toPlainString());
            case Number n -> g.writeNumber(n.toString());
            case byte[] bytes -> g.writeString(Base64.getEncoder().encodeToString(bytes));
            case LocalDate d -> writeDate(d, g, new char[IsoFormat.MAX_LENGTH]);
            case LocalDateTime t -> writeTimestamp(t, g, new char[IsoFormat.MAX_LENGTH]);
            case LocalTime t -> writeTime(t, g, new char[IsoFormat.MAX_LENGTH]);
            case OffsetDateTime t -> writeTimestampTz(t, g, new char[IsoFormat.MAX_LENGTH]);
            case OffsetTime t -> g.writeString(DateTimeFormatter.ISO_OFFSET_TIME.format(t));
            case TemporalAccessor t -> g.writeString(t.toString());
            case Interval v -> g.writeString(isoDuration(v));
            case UUID u -> g.writeString(u.toString());
            case List<?> list -> writeList(list, g, nonFinite);
            default -> g.writeString(value.toString());
        }
    }
}
