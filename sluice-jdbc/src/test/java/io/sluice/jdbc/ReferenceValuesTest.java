package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * Every getter on every column of a mixed-type row, read through sluice-jdbc and through the reference
 * driver (pgjdbc, MariaDB Connector/J) on the text path (first execution) and the binary path (later
 * executions of the same prepared statement): the values must be equal, or both drivers must refuse.
 * Cells where the reference driver disagrees with itself, or where Sluice deliberately differs, are
 * listed in {@link #DOCUMENTED} (see the README's type notes).
 */
class ReferenceValuesTest {
    private static final String PG_SQL = "SELECT 7::int2, 42::int4, 9000000000::int8, 1.5::float4, 2.25::float8, "
            + "123.45::numeric(10,2), 'text'::text, 'vc'::varchar(10), 'ab'::char(4), true, date '2024-02-29', "
            + "time '13:14:15.123456', timestamp '2024-02-29 13:14:15.5', '42'::text, NULL::int, '1'::text, "
            + "'\\x0102'::bytea, '3.5'::text WHERE ? = 1";
    private static final String MY_SQL =
            "SELECT CAST(7 AS SIGNED), 42, 9000000000, CAST(1.5 AS FLOAT), CAST(2.25 AS DOUBLE), "
                    + "CAST(123.45 AS DECIMAL(10,2)), 'text', CAST('vc' AS CHAR(10)), 'ab', TRUE, DATE '2024-02-29', "
                    + "TIME '13:14:15.123456', TIMESTAMP '2024-02-29 13:14:15.5', '42', NULL, '1', X'0102', '3.5' FROM DUAL WHERE ? = 1";

    /**
     * Cells where sluice-jdbc deliberately answers otherwise than pgjdbc (README, type notes): JDBC's
     * conversion table lets a boolean be read as a number, which pgjdbc refuses; a date read as a
     * LocalDateTime is its midnight; getBytes of a boolean is refused (pgjdbc's wire bytes, as for
     * every non-binary type, where its text and binary paths disagree).
     */
    private static final List<String> PG_DOCUMENTED = List.of(
            "col10:getShort",
            "col10:getInt",
            "col10:getLong",
            "col10:getFloat",
            "col10:getDouble",
            "col10:getBigDecimal",
            "col11:LocalDateTime",
            "col10:getBytes");
    /**
     * The same for MariaDB Connector/J: it takes any number but 0, and any text but "0", "false" and "",
     * for true (Sluice: 0 and 1, and the boolean spellings, on both servers); refuses a number from a
     * text with a fraction; reads '3.5' as a time; formats a DATETIME's fraction to six digits (Sluice:
     * as the server sent it); gives getDate on a DATETIME the time of day (Sluice: midnight, as
     * java.sql.Date requires); reads a TIME as a LocalDateTime on 1970-01-01 (Sluice refuses); and
     * refuses getTime on a DATE and getDate on a TIME, which Sluice answers as pgjdbc does (midnight,
     * 1970-01-01).
     */
    private static final List<String> MY_DOCUMENTED = List.of(
            "col4:getBoolean",
            "col5:getBoolean",
            "col7:getBoolean",
            "col8:getBoolean",
            "col9:getBoolean",
            "col17:getBoolean",
            "col18:getLong",
            "col18:getTime",
            "col13:getString",
            "col13:getDate",
            "col12:LocalDateTime",
            "col11:getTime",
            "col12:getDate");

    private interface Getter {
        Object get(ResultSet rs, int i) throws SQLException;
    }

    private static final String[] NAMES = {
        "getString",
        "getBoolean",
        "getShort",
        "getInt",
        "getLong",
        "getFloat",
        "getDouble",
        "getBigDecimal",
        "getBytes",
        "getDate",
        "getTime",
        "getTimestamp",
        "getObject",
        "LocalDate",
        "LocalTime",
        "LocalDateTime",
        "wasNull"
    };
    private static final Getter[] GETTERS = {
        ResultSet::getString,
        ResultSet::getBoolean,
        ResultSet::getShort,
        ResultSet::getInt,
        ResultSet::getLong,
        ResultSet::getFloat,
        ResultSet::getDouble,
        ResultSet::getBigDecimal,
        ResultSet::getBytes,
        ResultSet::getDate,
        ResultSet::getTime,
        ResultSet::getTimestamp,
        ResultSet::getObject,
        (rs, i) -> rs.getObject(i, LocalDate.class),
        (rs, i) -> rs.getObject(i, LocalTime.class),
        (rs, i) -> rs.getObject(i, LocalDateTime.class),
        (rs, i) -> {
            rs.getObject(i);
            return rs.wasNull();
        }
    };

    @Test
    void shouldReadWhatPgjdbcReads() throws SQLException {
        compare(
                JdbcPostgresTest.URL + "&user=postgres",
                "jdbc:postgresql://127.0.0.1:5432/test?user=postgres&sslmode=disable",
                PG_SQL,
                PG_DOCUMENTED);
    }

    @Test
    void shouldReadWhatMariadbConnectorReads() throws SQLException {
        compare(
                JdbcMysqlTest.URL + "&user=root",
                "jdbc:mariadb://127.0.0.1:3306/test?user=root&sslMode=disable",
                MY_SQL,
                MY_DOCUMENTED);
    }

    private static void compare(String sluiceUrl, String referenceUrl, String sql, List<String> documented)
            throws SQLException {
        List<List<Object>> sluiceRuns = new ArrayList<>();
        List<List<Object>> referenceRuns = new ArrayList<>();
        try (Connection s = DriverManager.getConnection(sluiceUrl);
                Connection r = DriverManager.getConnection(referenceUrl);
                PreparedStatement ss = s.prepareStatement(sql);
                PreparedStatement rs = r.prepareStatement(sql)) {
            for (int run = 0; run < 7; run++) { // pgjdbc goes binary from the fifth execution, Sluice from the second
                sluiceRuns.add(readAll(ss));
                referenceRuns.add(readAll(rs));
            }
        }
        List<String> differences = new ArrayList<>();
        for (int k = 0; k < sluiceRuns.get(0).size(); k++) {
            String cell = "col" + (k / NAMES.length + 1) + ":" + NAMES[k % NAMES.length];
            Object first = sluiceRuns.get(0).get(k);
            boolean referenceConsistent = true;
            for (int run = 0; run < sluiceRuns.size(); run++) {
                if (!same(sluiceRuns.get(run).get(k), first)) {
                    differences.add(cell + " differs between Sluice's own paths: " + first + " / "
                            + sluiceRuns.get(run).get(k));
                    break;
                }
                referenceConsistent &=
                        same(referenceRuns.get(run).get(k), referenceRuns.get(0).get(k));
            }
            Object reference = referenceRuns.get(0).get(k);
            if (referenceConsistent && !documented.contains(cell) && !same(first, reference)) {
                differences.add(cell + " sluice=" + first + " reference=" + reference);
            }
            if (referenceConsistent && documented.contains(cell) && same(first, reference)) {
                differences.add(cell + " is listed as a documented difference but agrees: remove it from the list");
            }
        }
        assertEquals(List.of(), differences, () -> String.join("\n", differences));
    }

    private static List<Object> readAll(PreparedStatement ps) throws SQLException {
        ps.setInt(1, 1);
        List<Object> values = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                for (Getter g : GETTERS) {
                    try {
                        values.add(normalise(g.get(rs, i)));
                    } catch (SQLException | RuntimeException e) {
                        values.add(Refused.INSTANCE);
                    }
                }
            }
        }
        return values;
    }

    private enum Refused {
        INSTANCE
    }

    private static Object normalise(Object v) {
        if (v instanceof java.util.Date d) {
            return d.getClass().getSimpleName() + ":" + d.getTime() + ":" + d; // the millis too: toString hides them
        }
        if (v instanceof byte[] b) {
            return Arrays.toString(b);
        }
        if (v instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (v instanceof OffsetDateTime o) {
            return o.toInstant();
        }
        return v;
    }

    private static boolean same(Object a, Object b) {
        return Objects.equals(a, b)
                || (a != null
                        && b != null
                        && a.getClass() != b.getClass()
                        && a.toString().equals(b.toString()));
    }
}
