package io.sluice.mysql.internal.codec;

import static io.sluice.mysql.internal.protocol.FieldTypes.*;

import io.sluice.Interval;
import io.sluice.Json;
import io.sluice.ParameterException;
import io.sluice.ValueConversionException;
import io.sluice.mysql.Geometry;
import io.sluice.mysql.internal.protocol.Commands;
import io.sluice.mysql.internal.protocol.PacketWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Year;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.BitSet;
import java.util.Set;
import java.util.UUID;

/**
 * Renders a COM_STMT_EXECUTE packet (https://mariadb.com/kb/en/com_stmt_execute/):
 *
 * <pre>
 *  int<1>  0x17 COM_STMT_EXECUTE
 *  int<4>  statement id
 *  int<1>  flags (cursor type)
 *  int<4>  iteration count (1)
 *  -- when the statement has parameters:
 *  byte<n> NULL bitmap, n = (parameters + 7) / 8
 *  int<1>  send types (1)
 *  int<2>  per parameter: field type, 0x80 in the high byte when unsigned
 *  values  of the non-NULL parameters in binary form
 * </pre>
 */
public final class ParameterEncoder {
    private ParameterEncoder() {}

    public static void writeExecute(PacketWriter w, int statementId, int flags, int paramCount, Object[] params) {
        if (params.length != paramCount) {
            throw new ParameterException(
                    "wrong number of parameters: expected=" + paramCount + ", given=" + params.length);
        }
        w.command(Commands.COM_STMT_EXECUTE).int4(statementId).int1(flags).int4(1);
        if (paramCount > 0) {
            int bitmap = w.reserve((paramCount + 7) >>> 3);
            w.int1(1);
            for (int i = 0; i < paramCount; i++) {
                Object v = params[i];
                if (v == null) {
                    w.setBit(bitmap, i);
                }
                w.int2(typeOf(v));
            }
            for (Object v : params) {
                if (v != null) {
                    writeValue(w, v);
                }
            }
        }
        w.end();
    }

    public static int typeOf(Object v) {
        return switch (v) {
            case null -> MYSQL_TYPE_NULL;
            case Boolean b -> MYSQL_TYPE_TINY;
            case Byte b -> MYSQL_TYPE_TINY;
            case Short s -> MYSQL_TYPE_SHORT;
            case Integer n -> MYSQL_TYPE_LONG;
            case Long n -> MYSQL_TYPE_LONGLONG;
            case Float f -> MYSQL_TYPE_FLOAT;
            case Double d -> MYSQL_TYPE_DOUBLE;
            case BigDecimal d -> MYSQL_TYPE_NEWDECIMAL;
            case BigInteger b when b.signum() >= 0 && b.bitLength() <= 64 -> MYSQL_TYPE_LONGLONG | PARAM_UNSIGNED << 8;
            case BigInteger b -> MYSQL_TYPE_NEWDECIMAL;
            case byte[] b -> MYSQL_TYPE_BLOB;
            case LocalDate d -> MYSQL_TYPE_DATE;
            case LocalDateTime d -> MYSQL_TYPE_DATETIME;
            case Instant d -> MYSQL_TYPE_DATETIME;
            case OffsetDateTime d -> MYSQL_TYPE_DATETIME;
            case ZonedDateTime d -> MYSQL_TYPE_DATETIME;
            case LocalTime t -> MYSQL_TYPE_TIME;
            case Duration d -> MYSQL_TYPE_TIME;
            case Interval t -> MYSQL_TYPE_TIME;
            case Year y -> MYSQL_TYPE_LONG;
            case BitSet b -> MYSQL_TYPE_LONGLONG | PARAM_UNSIGNED << 8;
            case Geometry g -> MYSQL_TYPE_BLOB;
            default -> MYSQL_TYPE_VAR_STRING;
        };
    }

    public static void writeValue(PacketWriter w, Object v) {
        switch (v) {
            case Boolean b -> w.int1(b ? 1 : 0);
            case Byte b -> w.int1(b);
            case Short s -> w.int2(s);
            case Integer n -> w.int4(n);
            case Long n -> w.int8(n);
            case Float f -> w.int4(Float.floatToIntBits(f));
            case Double d -> w.int8(Double.doubleToLongBits(d));
            case BigDecimal d -> w.lengthEncodedString(d.toPlainString());
            case BigInteger b when b.signum() >= 0 && b.bitLength() <= 64 -> w.int8(b.longValue());
            case BigInteger b -> w.lengthEncodedString(b.toString());
            case byte[] b -> w.lengthEncodedBytes(b);
            case LocalDate d ->
                w.int1(4).int2(d.getYear()).int1(d.getMonthValue()).int1(d.getDayOfMonth());
            case LocalDateTime d -> writeDateTime(w, d);
            case Instant d -> writeDateTime(w, LocalDateTime.ofInstant(d, ZoneOffset.UTC));
            case OffsetDateTime d ->
                writeDateTime(w, d.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime());
            case ZonedDateTime d ->
                writeDateTime(w, d.withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime());
            case LocalTime t -> writeTime(w, t.toNanoOfDay() / 1000);
            case Duration d -> writeTime(w, Interval.of(d).micros());
            case Interval t -> {
                if (t.months() != 0) {
                    throw new ValueConversionException("MySQL TIME cannot hold months: interval=" + t);
                }
                writeTime(w, Math.addExact(Math.multiplyExact(t.days(), 86_400_000_000L), t.micros()));
            }
            case String s -> w.lengthEncodedString(s);
            case Json j -> w.lengthEncodedString(j.text());
            case UUID u -> w.lengthEncodedString(u.toString());
            case Character c -> w.lengthEncodedString(c.toString());
            case Enum<?> e -> w.lengthEncodedString(e.name());
            case Set<?> s -> w.lengthEncodedString(setText(s));
            case Year y -> w.int4(y.getValue());
            case BitSet b -> w.int8(bitValue(b));
            case Geometry g -> w.lengthEncodedBytes(g.toInternal());
            default ->
                throw new ValueConversionException(
                        "unsupported parameter type: type=" + v.getClass().getName());
        }
    }

    /**
     * A SET value: the members' labels (an enum constant's name, or the text of a String) joined by
     * commas, which MySQL takes in any order and case. A label holding a comma, a null member or a
     * member of another type is a {@link ValueConversionException}.
     */
    static String setText(Set<?> members) {
        StringBuilder text = new StringBuilder();
        for (Object m : members) {
            String label =
                    switch (m) {
                        case Enum<?> e -> e.name();
                        case String s -> s;
                        case null, default ->
                            throw new ValueConversionException("SET members are enum constants or strings: member="
                                    + (m == null ? "null" : m.getClass().getName()));
                    };
            if (label.indexOf(',') >= 0) {
                throw new ValueConversionException("a SET label cannot hold a comma: label=" + label);
            }
            if (!text.isEmpty()) {
                text.append(',');
            }
            text.append(label);
        }
        return text.toString();
    }

    /** A BitSet as BIT's value: bit k weighs 2^k; BIT holds at most 64 bits. */
    static long bitValue(BitSet bits) {
        if (bits.length() > 64) {
            throw new ValueConversionException("BitSet longer than BIT(64): length=" + bits.length());
        }
        long[] words = bits.toLongArray();
        return words.length == 0 ? 0 : words[0];
    }

    private static void writeDateTime(PacketWriter w, LocalDateTime d) {
        w.int1(11)
                .int2(d.getYear())
                .int1(d.getMonthValue())
                .int1(d.getDayOfMonth())
                .int1(d.getHour())
                .int1(d.getMinute())
                .int1(d.getSecond())
                .int4(d.getNano() / 1000);
    }

    /** TIME: sign, days, hours, minutes, seconds, microseconds. */
    private static void writeTime(PacketWriter w, long micros) {
        boolean negative = micros < 0;
        long m = Math.abs(micros);
        long totalSeconds = m / 1_000_000;
        long days = totalSeconds / 86_400;
        if (days > 0xffffffffL) {
            throw new ValueConversionException("time out of MySQL TIME range: micros=" + micros);
        }
        w.int1(12)
                .int1(negative ? 1 : 0)
                .int4((int) days)
                .int1((int) (totalSeconds % 86_400 / 3600))
                .int1((int) (totalSeconds % 3600 / 60))
                .int1((int) (totalSeconds % 60))
                .int4((int) (m % 1_000_000));
    }
}
