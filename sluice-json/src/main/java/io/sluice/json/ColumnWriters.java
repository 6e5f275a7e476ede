package io.sluice.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.UTF8JsonGenerator;
import io.sluice.Column;
import io.sluice.Interval;
import io.sluice.Row;
import io.sluice.ValueConversionException;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
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
            if (generator instanceof UTF8JsonGenerator) {
                generator.writeUTF8String(bytes, offset, length);
            } else { // a character generator cannot take UTF-8 bytes
                generator.writeString(new String(bytes, offset, length, StandardCharsets.UTF_8));
            }
        }
    }

    /**
     * Doubles and floats in Java's shortest round-trip form (Jackson's spelling too): StringBuilder
     * appends them without the String that {@code Double.toString} and Jackson's own
     * {@code writeNumber(double)} make per value.
     */
    private static final class NumberText {
        private final NonFinite nonFinite;
        private final StringBuilder digits = new StringBuilder(32);
        private final char[] chars = new char[32];

        NumberText(NonFinite nonFinite) {
            this.nonFinite = nonFinite;
        }

        void write(double d, JsonGenerator g) throws IOException {
            digits.setLength(0);
            write(Double.isFinite(d) ? digits.append(d) : null, d, g);
        }

        void write(float f, JsonGenerator g) throws IOException {
            digits.setLength(0);
            write(Float.isFinite(f) ? digits.append(f) : null, f, g);
        }

        /** {@code spelt} is the finite value's spelling, null for NaN and the infinities. */
        private void write(StringBuilder spelt, double value, JsonGenerator g) throws IOException {
            if (spelt == null) {
                writeNonFinite(value, g, nonFinite);
                return;
            }
            int n = spelt.length();
            spelt.getChars(0, n, chars, 0);
            g.writeNumber(chars, 0, n);
        }
    }

    /**
     * A decimal's text from the driver ({@link Row#writeUtf8}: PostgreSQL's numeric and MySQL's
     * DECIMAL text, ASCII digits, never an exponent) is already a JSON number and goes to the
     * generator as it is, without a BigDecimal; only NaN and the infinities need the rule.
     */
    private static final class DecimalText implements Row.Utf8Sink {
        private final NonFinite nonFinite;
        private char[] chars = new char[32];
        JsonGenerator generator;

        DecimalText(NonFinite nonFinite) {
            this.nonFinite = nonFinite;
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            byte first = length > 0 ? bytes[offset] : 0;
            if (first == 'N' || first == 'I' || first == '-' && length > 1 && bytes[offset + 1] == 'I') {
                writeNonFinite(
                        first == 'N' ? Double.NaN : first == 'I' ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY,
                        generator,
                        nonFinite);
            } else {
                // As chars through writeNumber, so that a generator set to quote numbers still does.
                if (chars.length < length) {
                    chars = new char[Math.max(length, 2 * chars.length)];
                }
                for (int i = 0; i < length; i++) {
                    chars[i] = (char) bytes[offset + i];
                }
                generator.writeNumber(chars, 0, length);
            }
        }
    }

    /**
     * ISO-8601 text (ASCII, nothing to escape) as a JSON string: a byte generator copies it as it
     * is; any other generator gets a String.
     */
    private static void writeAscii(byte[] buf, int length, JsonGenerator g) throws IOException {
        if (g instanceof UTF8JsonGenerator) {
            g.writeRawUTF8String(buf, 0, length);
        } else {
            g.writeString(new String(buf, 0, length, StandardCharsets.US_ASCII));
        }
    }

    static ColumnWriter forColumn(Column column, NonFinite nonFinite) {
        return switch (column.type()) {
            case BOOLEAN -> (r, i, g) -> g.writeBoolean(r.getBoolean(i));
            case SMALLINT, INTEGER -> (r, i, g) -> g.writeNumber(r.getInt(i));
            // An unsigned 64-bit value may exceed long: its decimal text is already a valid JSON number.
            case BIGINT ->
                column.unsigned()
                        ? (r, i, g) -> g.writeNumber(r.getString(i))
                        : (r, i, g) -> g.writeNumber(r.getLong(i));
            case REAL -> {
                NumberText text = new NumberText(nonFinite); // one per column: a RowJsonWriter serves one thread
                yield (r, i, g) -> text.write(r.getFloat(i), g);
            }
            case DOUBLE -> {
                NumberText text = new NumberText(nonFinite);
                yield (r, i, g) -> text.write(r.getDouble(i), g);
            }
            case DECIMAL -> {
                DecimalText text = new DecimalText(nonFinite);
                yield (r, i, g) -> {
                    text.generator = g;
                    if (!r.writeUtf8(i, text)) {
                        writeDecimal(r, i, g, nonFinite);
                    }
                };
            }
            case JSON -> (r, i, g) -> g.writeRawValue(r.getString(i));
            case BYTES -> (r, i, g) -> g.writeBinary(r.getBytes(i));
            // Each date/time column gets its own scratch buffer: a RowJsonWriter serves one thread.
            case DATE -> {
                byte[] buf = new byte[IsoFormat.MAX_LENGTH];
                yield (r, i, g) -> writeDate(r.getLocalDate(i), g, buf);
            }
            case TIME -> {
                byte[] buf = new byte[IsoFormat.MAX_LENGTH];
                yield (r, i, g) -> writeTime(r.getLocalTime(i), g, buf);
            }
            case TIME_TZ -> {
                byte[] buf = new byte[IsoFormat.MAX_LENGTH];
                yield (r, i, g) -> writeAscii(buf, IsoFormat.offsetTime(r.getOffsetTime(i), buf), g);
            }
            case TIMESTAMP -> {
                byte[] buf = new byte[IsoFormat.MAX_LENGTH];
                yield (r, i, g) -> writeTimestamp(r.getLocalDateTime(i), g, buf);
            }
            case TIMESTAMP_TZ -> {
                byte[] buf = new byte[IsoFormat.MAX_LENGTH];
                // An Instant, not an OffsetDateTime: every driver's timestamptz is UTC, and one object is cheaper than
                // three.
                yield (r, i, g) -> writeInstant(r.getInstant(i), g, buf);
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

    private static void writeDate(LocalDate d, JsonGenerator g, byte[] buf) throws IOException {
        if (!writeInfinity(d, LocalDate.MAX, LocalDate.MIN, g)) {
            writeAscii(buf, IsoFormat.date(d, buf), g);
        }
    }

    private static void writeTime(LocalTime t, JsonGenerator g, byte[] buf) throws IOException {
        if (t.equals(LocalTime.MAX)) {
            g.writeString("24:00:00"); // PostgreSQL's 24:00:00 reads as LocalTime.MAX: JSON gets the server's spelling
        } else {
            writeAscii(buf, IsoFormat.time(t, buf), g);
        }
    }

    private static void writeTimestamp(LocalDateTime t, JsonGenerator g, byte[] buf) throws IOException {
        if (!writeInfinity(t, LocalDateTime.MAX, LocalDateTime.MIN, g)) {
            writeAscii(buf, IsoFormat.dateTime(t, buf), g);
        }
    }

    private static void writeTimestampTz(OffsetDateTime t, JsonGenerator g, byte[] buf) throws IOException {
        if (!writeInfinity(t, OffsetDateTime.MAX, OffsetDateTime.MIN, g)) {
            writeAscii(buf, IsoFormat.offsetDateTime(t, buf), g);
        }
    }

    private static void writeInstant(Instant t, JsonGenerator g, byte[] buf) throws IOException {
        if (!writeInfinity(t, Instant.MAX, Instant.MIN, g)) {
            writeAscii(buf, IsoFormat.instant(t, buf), g);
        }
    }

    /** PostgreSQL's infinity and -infinity, read as the type's MAX and MIN, go out as those words; true if it was one. */
    private static boolean writeInfinity(Object value, Object max, Object min, JsonGenerator g) throws IOException {
        if (value.equals(max) || value.equals(min)) {
            g.writeString(value.equals(max) ? "infinity" : "-infinity");
            return true;
        }
        return false;
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
                b.append(BigDecimal.valueOf(secondMicros, 6)
                                .stripTrailingZeros()
                                .toPlainString())
                        .append('S');
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
            case LocalDate d -> writeDate(d, g, new byte[IsoFormat.MAX_LENGTH]);
            case LocalDateTime t -> writeTimestamp(t, g, new byte[IsoFormat.MAX_LENGTH]);
            case LocalTime t -> writeTime(t, g, new byte[IsoFormat.MAX_LENGTH]);
            case OffsetDateTime t -> writeTimestampTz(t, g, new byte[IsoFormat.MAX_LENGTH]);
            case OffsetTime t -> g.writeString(DateTimeFormatter.ISO_OFFSET_TIME.format(t));
            case TemporalAccessor t -> g.writeString(t.toString());
            case Interval v -> g.writeString(isoDuration(v));
            case UUID u -> g.writeString(u.toString());
            case List<?> list -> writeList(list, g, nonFinite);
            default -> g.writeString(value.toString());
        }
    }
}
