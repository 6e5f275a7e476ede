package io.sluice.json;

import io.sluice.Column;
import io.sluice.Interval;
import io.sluice.Row;
import io.sluice.ValueConversionException;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.temporal.TemporalAccessor;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

/**
 * The per-type {@link ColumnWriter}s and the rules of the package overview's type table. Numbers and
 * booleans go through primitive getters, so a binary-format row allocates nothing for them; dates and
 * times are rendered as ASCII straight into the output buffer.
 */
final class ColumnWriters {
    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};

    private ColumnWriters() {}

    /** Renders a java.time value as ISO text into {@code buf} at {@code at}; returns the end (see {@link IsoFormat}). */
    @FunctionalInterface
    private interface IsoWriter<T> {
        int put(T value, byte[] buf, int at);
    }

    /**
     * Text: the driver's UTF-8 bytes are escaped into the output in place, so a text value costs no
     * String; drivers that cannot offer the bytes get {@link Row#getString}.
     */
    private static ColumnWriter text() {
        Utf8ToOutput sink = new Utf8ToOutput(); // one per result: RowJsonWriter is single-threaded
        return (r, i, out) -> {
            sink.out = out;
            if (!r.writeUtf8(i, sink)) {
                out.writeQuoted(r.getString(i));
            }
        };
    }

    private static final class Utf8ToOutput implements Row.Utf8Sink {
        JsonOutput out;

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            out.writeQuotedUtf8(bytes, offset, length);
        }
    }

    static ColumnWriter forColumn(Column column, NonFinite nonFinite) {
        return switch (column.type()) {
            case BOOLEAN -> (r, i, out) -> out.writeRaw(r.getBoolean(i) ? TRUE : FALSE);
            case SMALLINT, INTEGER -> (r, i, out) -> out.writeInt(r.getInt(i));
            // An unsigned 64-bit value may exceed long: its decimal text is already a valid JSON number.
            case BIGINT -> column.unsigned()
                    ? (r, i, out) -> out.writeAscii(r.getString(i))
                    : (r, i, out) -> out.writeLong(r.getLong(i));
            case REAL -> (r, i, out) -> writeFloat(r.getFloat(i), out, nonFinite);
            case DOUBLE -> (r, i, out) -> writeDouble(r.getDouble(i), out, nonFinite);
            case DECIMAL -> (r, i, out) -> writeDecimal(r, i, out, nonFinite);
            case JSON -> (r, i, out) -> out.writeRaw(r.getString(i).getBytes(StandardCharsets.UTF_8));
            case BYTES -> (r, i, out) -> writeBase64(r.getBytes(i), out);
            case DATE -> (r, i, out) -> writeDate(r.getLocalDate(i), out);
            case TIME -> (r, i, out) -> writeTime(r.getLocalTime(i), out);
            case TIME_TZ -> (r, i, out) -> writeIso(r.getOffsetTime(i), IsoFormat::offsetTime, out);
            case TIMESTAMP -> (r, i, out) -> writeTimestamp(r.getLocalDateTime(i), out);
            case TIMESTAMP_TZ -> (r, i, out) -> writeTimestampTz(r.getOffsetDateTime(i), out);
            case INTERVAL -> (r, i, out) -> out.writeQuoted(isoDuration(r.getInterval(i)));
            case ARRAY -> (r, i, out) -> writeList(r.getList(i, Object.class), out, nonFinite);
            case TEXT, UUID, OTHER -> text();
        };
    }

    static void writeNull(JsonOutput out) throws IOException {
        out.writeRaw(NULL);
    }

    /** Java's shortest round-trip form ({@link Double#toString}), as jackson-core writes it too. */
    static void writeDouble(double d, JsonOutput out, NonFinite nonFinite) throws IOException {
        if (Double.isFinite(d)) {
            out.writeDouble(d);
        } else {
            writeNonFinite(d, out, nonFinite);
        }
    }

    static void writeFloat(float f, JsonOutput out, NonFinite nonFinite) throws IOException {
        if (Float.isFinite(f)) {
            out.writeFloat(f);
        } else {
            writeNonFinite(f, out, nonFinite);
        }
    }

    private static void writeNonFinite(double d, JsonOutput out, NonFinite nonFinite) throws IOException {
        if (nonFinite == NonFinite.NULL) {
            writeNull(out);
        } else {
            out.writeQuoted(Double.isNaN(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity");
        }
    }

    private static void writeDecimal(Row r, int i, JsonOutput out, NonFinite nonFinite) throws IOException {
        BigDecimal value;
        try {
            value = r.getBigDecimal(i);
        } catch (ValueConversionException notFinite) {
            // numeric NaN / Infinity have no BigDecimal; the slow path asks for the double instead.
            writeNonFinite(r.getDouble(i), out, nonFinite);
            return;
        }
        out.writeAscii(value.toPlainString());
    }

    private static void writeBase64(byte[] bytes, JsonOutput out) throws IOException {
        out.writeByte('"');
        out.writeRaw(Base64.getEncoder().encode(bytes));
        out.writeByte('"');
    }

    /** Writes {@code "<ISO text>"} into the output buffer in place. */
    private static <T> void writeIso(T value, IsoWriter<T> format, JsonOutput out) throws IOException {
        byte[] b = out.room(IsoFormat.MAX_LENGTH + 2);
        int p = out.position();
        b[p] = '"';
        p = format.put(value, b, p + 1);
        b[p] = '"';
        out.position(p + 1);
    }

    private static void writeDate(LocalDate d, JsonOutput out) throws IOException {
        if (d.equals(LocalDate.MAX) || d.equals(LocalDate.MIN)) {
            out.writeQuoted(d.equals(LocalDate.MAX) ? "infinity" : "-infinity");
        } else {
            writeIso(d, IsoFormat::date, out);
        }
    }

    private static void writeTime(LocalTime t, JsonOutput out) throws IOException {
        if (t.equals(LocalTime.MAX)) {
            out.writeQuoted("24:00:00"); // PostgreSQL's 24:00:00 reads as LocalTime.MAX: JSON gets the server's spelling
        } else {
            writeIso(t, IsoFormat::time, out);
        }
    }

    private static void writeTimestamp(LocalDateTime t, JsonOutput out) throws IOException {
        if (t.equals(LocalDateTime.MAX) || t.equals(LocalDateTime.MIN)) {
            out.writeQuoted(t.equals(LocalDateTime.MAX) ? "infinity" : "-infinity");
        } else {
            writeIso(t, IsoFormat::dateTime, out);
        }
    }

    private static void writeTimestampTz(OffsetDateTime t, JsonOutput out) throws IOException {
        if (t.equals(OffsetDateTime.MAX) || t.equals(OffsetDateTime.MIN)) {
            out.writeQuoted(t.equals(OffsetDateTime.MAX) ? "infinity" : "-infinity");
        } else {
            writeIso(t, IsoFormat::offsetDateTime, out);
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
    static void writeList(List<?> values, JsonOutput out, NonFinite nonFinite) throws IOException {
        out.writeByte('[');
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                out.writeByte(',');
            }
            writeObject(values.get(i), out, nonFinite);
        }
        out.writeByte(']');
    }

    static void writeObject(Object value, JsonOutput out, NonFinite nonFinite) throws IOException {
        switch (value) {
            case null -> writeNull(out);
            case Boolean b -> out.writeRaw(b ? TRUE : FALSE);
            case Double d -> writeDouble(d, out, nonFinite);
            case Float f -> writeFloat(f, out, nonFinite);
            case BigDecimal d -> out.writeAscii(d.toPlainString());
            case Number n -> out.writeAscii(n.toString());
            case byte[] bytes -> writeBase64(bytes, out);
            case LocalDate d -> writeDate(d, out);
            case LocalDateTime t -> writeTimestamp(t, out);
            case LocalTime t -> writeTime(t, out);
            case OffsetDateTime t -> writeTimestampTz(t, out);
            case OffsetTime t -> writeIso(t, IsoFormat::offsetTime, out);
            case TemporalAccessor t -> out.writeQuoted(t.toString());
            case Interval v -> out.writeQuoted(isoDuration(v));
            case UUID u -> out.writeQuoted(u.toString());
            case List<?> list -> writeList(list, out, nonFinite);
            default -> out.writeQuoted(value.toString());
        }
    }
}
