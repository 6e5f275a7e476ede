package io.sluice.jdbc;

import io.sluice.Column;
import io.sluice.ColumnType;
import io.sluice.Row;
import java.math.BigDecimal;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.Calendar;
import java.util.Locale;

/**
 * The slow paths of the result set's getters: the JDBC conversions (JDBC 4.3 table B-6) the native
 * row does not make itself, such as a number read from a text column, and the java.sql date-time
 * classes. The hot path calls the native getter first and comes here only when it refuses.
 */
final class Conversions {
    private Conversions() {}

    /** A number from a text or boolean column, as pgjdbc reads one (surrounding blanks allowed); else the native failure. */
    static BigDecimal number(Row row, int i, RuntimeException nativeFailure) throws SQLException {
        Column c = row.column(i);
        switch (c.type()) {
            case SMALLINT, INTEGER, BIGINT, REAL, DOUBLE, DECIMAL -> {
                try {
                    return row.getBigDecimal(i); // a fraction the native integer getter refused: truncated by exact()
                } catch (RuntimeException e) {
                    throw SqlExceptions.translate(nativeFailure); // NaN or an infinity
                }
            }
            default -> {
                // text and boolean below
            }
        }
        if (c.type() == ColumnType.BOOLEAN) {
            return row.getBoolean(i) ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        if (c.type() == ColumnType.TEXT || c.type() == ColumnType.OTHER) {
            String s = row.getString(i).strip();
            try {
                return new BigDecimal(s);
            } catch (NumberFormatException e) {
                throw new SQLDataException("bad value for a number: column=" + c.name() + ", value=" + s, "22018", e);
            }
        }
        throw SqlExceptions.translate(nativeFailure);
    }

    /** {@code v} as a long, refusing a value out of {@code [min, max]} rather than wrapping (pgjdbc truncates the fraction). */
    static long exact(BigDecimal v, long min, long max, Column c) throws SQLException {
        BigDecimal whole = v.setScale(0, java.math.RoundingMode.DOWN);
        if (whole.compareTo(BigDecimal.valueOf(min)) < 0 || whole.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw new SQLDataException("value out of range: column=" + c.name() + ", value=" + v, "22003");
        }
        return whole.longValue();
    }

    /** A boolean from a number or text column, as pgjdbc reads one ({@code t, true, y, yes, on, 1} and their opposites). */
    static boolean bool(Row row, int i, RuntimeException nativeFailure) throws SQLException {
        Column c = row.column(i);
        switch (c.type()) {
            case SMALLINT, INTEGER, BIGINT, REAL, DOUBLE, DECIMAL -> {
                BigDecimal v = row.getBigDecimal(i);
                if (v.compareTo(BigDecimal.ONE) == 0) {
                    return true;
                }
                if (v.signum() == 0) {
                    return false;
                }
                throw new SQLDataException("bad value for a boolean: column=" + c.name() + ", value=" + v, "22018");
            }
            case TEXT, OTHER -> {
                String s = row.getString(i).strip().toLowerCase(Locale.ROOT);
                return switch (s) {
                    case "t", "true", "y", "yes", "on", "1" -> true;
                    case "f", "false", "n", "no", "off", "0" -> false;
                    default ->
                        throw new SQLDataException(
                                "bad value for a boolean: column=" + c.name() + ", value=" + s, "22018");
                };
            }
            default -> throw SqlExceptions.translate(nativeFailure);
        }
    }

    /** The column's date-time value as a LocalDateTime in {@code zone} (timestamptz converted, date at midnight). */
    static LocalDateTime localDateTime(Row row, int i, ZoneId zone) {
        return switch (JdbcTypes.type(row.column(i))) {
            case TIMESTAMP_TZ ->
                row.getOffsetDateTime(i).atZoneSameInstant(zone).toLocalDateTime();
            case DATE -> row.getLocalDate(i).atStartOfDay();
            default -> row.getLocalDateTime(i);
        };
    }

    /** {@code getDate}: the date of a date, timestamp or timestamptz column, in the calendar's (or the JVM's) time zone. */
    static java.sql.Date date(Row row, int i, Calendar cal) {
        ColumnType t = JdbcTypes.type(row.column(i));
        if (t == ColumnType.DATE && cal == null) {
            return java.sql.Date.valueOf(row.getLocalDate(i));
        }
        ZoneId zone = zone(cal);
        LocalDate d =
                switch (t) {
                    case DATE -> row.getLocalDate(i);
                    case TIME, TIME_TZ -> LocalDate.EPOCH; // as pgjdbc: a time of day on 1970-01-01
                    case TIMESTAMP_TZ ->
                        row.getOffsetDateTime(i).atZoneSameInstant(zone).toLocalDate();
                    default -> row.getLocalDateTime(i).toLocalDate();
                };
        return cal == null
                ? java.sql.Date.valueOf(d)
                : new java.sql.Date(d.atStartOfDay(zone).toInstant().toEpochMilli());
    }

    /** {@code getTime}: the time of day of a time, timetz, timestamp or timestamptz column. */
    static Time time(Row row, int i, Calendar cal) {
        ColumnType t = JdbcTypes.type(row.column(i));
        ZoneId zone = zone(cal);
        LocalTime lt =
                switch (t) {
                    case TIME_TZ ->
                        row.getOffsetTime(i)
                                .atDate(LocalDate.EPOCH)
                                .atZoneSameInstant(zone)
                                .toLocalTime();
                    case TIMESTAMP_TZ ->
                        row.getOffsetDateTime(i).atZoneSameInstant(zone).toLocalTime();
                    case TIMESTAMP -> row.getLocalDateTime(i).toLocalTime();
                    case DATE -> LocalTime.MIDNIGHT; // as pgjdbc: a date's time of day is midnight
                    default -> row.getLocalTime(i);
                };
        if (cal == null) {
            Time time = Time.valueOf(lt);
            time.setTime(time.getTime() + lt.getNano() / 1_000_000);
            return time;
        }
        return new Time(lt.atDate(LocalDate.EPOCH).atZone(zone).toInstant().toEpochMilli());
    }

    /** {@code getTimestamp}: a timestamptz is an instant; a timestamp, date or time is read in the calendar's zone. */
    static Timestamp timestamp(Row row, int i, Calendar cal) {
        ColumnType t = JdbcTypes.type(row.column(i));
        if (t == ColumnType.TIMESTAMP_TZ) {
            return Timestamp.from(row.getInstant(i));
        }
        LocalDateTime ldt =
                switch (t) {
                    case DATE -> row.getLocalDate(i).atStartOfDay();
                    case TIME -> row.getLocalTime(i).atDate(LocalDate.EPOCH);
                    default -> row.getLocalDateTime(i);
                };
        if (cal == null) {
            return Timestamp.valueOf(ldt);
        }
        Timestamp ts = Timestamp.from(ldt.atZone(zone(cal)).toInstant());
        return ts;
    }

    /** {@code getObject(i, OffsetDateTime.class)} for a timestamp without zone: read as UTC, as pgjdbc does. */
    static OffsetDateTime offsetDateTime(Row row, int i) {
        return JdbcTypes.type(row.column(i)) == ColumnType.TIMESTAMP
                ? row.getLocalDateTime(i).atOffset(java.time.ZoneOffset.UTC)
                : row.getOffsetDateTime(i);
    }

    private static ZoneId zone(Calendar cal) {
        return cal == null ? ZoneId.systemDefault() : cal.getTimeZone().toZoneId();
    }
}
