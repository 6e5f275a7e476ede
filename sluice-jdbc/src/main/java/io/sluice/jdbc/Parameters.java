package io.sluice.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.Calendar;

/**
 * JDBC parameter values to the Java values the native drivers bind: java.sql date-time classes
 * become java.time ({@code Timestamp} a LocalDateTime in the JVM's or the calendar's zone), streams
 * are read, arrays become Java arrays, and {@code setObject(x, targetSqlType)} converts as the JDBC
 * 4.3 table B-5 requires (a String to a number, a number to a String or a boolean...).
 */
final class Parameters {
    private Parameters() {}

    static LocalDate date(java.sql.Date d, Calendar cal) {
        if (d == null) {
            return null;
        }
        return cal == null
                ? d.toLocalDate()
                : d.toInstant().atZone(cal.getTimeZone().toZoneId()).toLocalDate();
    }

    static LocalTime time(Time t, Calendar cal) {
        if (t == null) {
            return null;
        }
        ZoneId zone = cal == null ? ZoneId.systemDefault() : cal.getTimeZone().toZoneId();
        return java.time.Instant.ofEpochMilli(t.getTime()).atZone(zone).toLocalTime();
    }

    static LocalDateTime timestamp(Timestamp ts, Calendar cal) {
        if (ts == null) {
            return null;
        }
        return cal == null
                ? ts.toLocalDateTime()
                : ts.toInstant().atZone(cal.getTimeZone().toZoneId()).toLocalDateTime();
    }

    /** A value given to setObject without a target type. */
    static Object object(Object x) throws SQLException {
        return switch (x) {
            case null -> null;
            case java.sql.Date d -> d.toLocalDate();
            case Time t -> time(t, null);
            case Timestamp ts -> ts.toLocalDateTime();
            case java.util.Date d -> new Timestamp(d.getTime()).toLocalDateTime();
            case Calendar c ->
                OffsetDateTime.ofInstant(c.toInstant(), c.getTimeZone().toZoneId());
            case SluiceArray a -> a.elements();
            case Array a -> (Object[]) a.getArray();
            case Byte b -> (short) b;
            case Character c -> c.toString();
            default -> x;
        };
    }

    /** {@code x} converted for {@code targetSqlType}; {@code scale} applies to DECIMAL and NUMERIC (-1: keep). */
    static Object convert(Object x, int targetSqlType, int scale) throws SQLException {
        if (x == null) {
            return null;
        }
        try {
            return switch (targetSqlType) {
                case Types.BIT, Types.BOOLEAN -> toBoolean(x);
                case Types.TINYINT, Types.SMALLINT -> (short) toNumber(x).intValueExact();
                case Types.INTEGER -> toNumber(x).intValueExact();
                case Types.BIGINT -> toNumber(x).longValueExact();
                case Types.REAL -> toNumber(x).floatValue();
                case Types.FLOAT, Types.DOUBLE -> toNumber(x).doubleValue();
                case Types.DECIMAL, Types.NUMERIC ->
                    scale >= 0 ? toNumber(x).setScale(scale, java.math.RoundingMode.HALF_UP) : toNumber(x);
                case Types.CHAR,
                        Types.VARCHAR,
                        Types.LONGVARCHAR,
                        Types.NCHAR,
                        Types.NVARCHAR,
                        Types.LONGNVARCHAR,
                        Types.CLOB,
                        Types.NCLOB -> toText(x);
                case Types.DATE ->
                    x instanceof String s
                            ? LocalDate.parse(s.strip())
                            : x instanceof LocalDateTime ldt ? ldt.toLocalDate() : x;
                case Types.TIME ->
                    x instanceof String s
                            ? LocalTime.parse(s.strip())
                            : x instanceof LocalDateTime ldt ? ldt.toLocalTime() : x;
                case Types.TIMESTAMP ->
                    x instanceof String s
                            ? Timestamp.valueOf(s.strip()).toLocalDateTime()
                            : x instanceof LocalDate d ? d.atStartOfDay() : x;
                case Types.TIMESTAMP_WITH_TIMEZONE -> x instanceof String s ? OffsetDateTime.parse(s.strip()) : x;
                case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB ->
                    x instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : x;
                default -> x;
            };
        } catch (ArithmeticException | IllegalArgumentException | java.time.DateTimeException e) {
            throw new SQLDataException(
                    "cannot convert the parameter: value=" + x + ", targetSqlType=" + targetSqlType, "22018", e);
        }
    }

    private static Boolean toBoolean(Object x) throws SQLException {
        return switch (x) {
            case Boolean b -> b;
            case Number n -> new BigDecimal(n.toString()).signum() != 0;
            case String s ->
                switch (s.strip().toLowerCase(java.util.Locale.ROOT)) {
                    case "1", "t", "true", "y", "yes", "on" -> true;
                    case "0", "f", "false", "n", "no", "off" -> false;
                    default -> throw new SQLDataException("cannot convert to a boolean: value=" + s, "22018");
                };
            default ->
                throw new SQLDataException(
                        "cannot convert to a boolean: type=" + x.getClass().getName(), "22018");
        };
    }

    private static BigDecimal toNumber(Object x) throws SQLException {
        return switch (x) {
            case BigDecimal d -> d;
            case BigInteger i -> new BigDecimal(i);
            case Long l -> BigDecimal.valueOf(l);
            case Integer i -> BigDecimal.valueOf(i);
            case Short s -> BigDecimal.valueOf(s);
            case Double d -> BigDecimal.valueOf(d);
            case Float f -> new BigDecimal(f.toString());
            case Boolean b -> b ? BigDecimal.ONE : BigDecimal.ZERO;
            case String s -> new BigDecimal(s.strip());
            default ->
                throw new SQLDataException(
                        "cannot convert to a number: type=" + x.getClass().getName(), "22018");
        };
    }

    private static String toText(Object x) {
        return switch (x) {
            case BigDecimal d -> d.toPlainString();
            case Boolean b -> b ? "1" : "0";
            default -> x.toString();
        };
    }

    static int vendorNumber(SQLType type) throws SQLException {
        Integer n = type == null ? null : type.getVendorTypeNumber();
        if (n == null) {
            throw SqlExceptions.unsupported("SQLType " + type);
        }
        return n;
    }

    /** Reads a binary stream (up to {@code length} bytes; all of it when negative). */
    static byte[] bytes(InputStream in, long length) throws SQLException {
        if (in == null) {
            return null;
        }
        try {
            return length < 0 ? in.readAllBytes() : in.readNBytes(Math.toIntExact(length));
        } catch (IOException | ArithmeticException e) {
            throw new SQLException("reading the parameter stream failed: " + e.getMessage(), "HY000", e);
        }
    }

    static String ascii(InputStream in, long length) throws SQLException {
        byte[] b = bytes(in, length);
        return b == null ? null : new String(b, StandardCharsets.US_ASCII);
    }

    /** Reads a character stream (up to {@code length} characters; all of it when negative). */
    static String chars(Reader in, long length) throws SQLException {
        if (in == null) {
            return null;
        }
        try {
            StringBuilder b = new StringBuilder();
            char[] buf = new char[8192];
            long left = length < 0 ? Long.MAX_VALUE : length;
            int n;
            while (left > 0 && (n = in.read(buf, 0, (int) Math.min(buf.length, left))) > 0) {
                b.append(buf, 0, n);
                left -= n;
            }
            return b.toString();
        } catch (IOException e) {
            throw new SQLException("reading the parameter reader failed: " + e.getMessage(), "HY000", e);
        }
    }
}
