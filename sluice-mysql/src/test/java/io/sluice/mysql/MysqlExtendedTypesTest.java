package io.sluice.mysql;

import static io.sluice.mysql.ConnectorJReference.CONNECTOR_J_PATHS;
import static io.sluice.mysql.ConnectorJReference.SLUICE_PATHS;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.Connection;
import io.sluice.Json;
import io.sluice.Row;
import io.sluice.ValueConversionException;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.time.Year;
import java.util.Arrays;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * ENUM, SET, JSON, BIT(n), spatial values and YEAR through every path of this driver (text rows, binary
 * rows of a cached and of an explicitly prepared statement), each compared with what MariaDB Connector/J
 * reads from the same query in its text and binary modes. Where the two drivers differ on purpose,
 * sluice-mysql/TYPES.md says why. Table prefix slmt_.
 */
class MysqlExtendedTypesTest {

    enum Size {
        SMALL,
        Large
    }

    enum Clash {
        LARGE,
        large
    }

    enum Letter {
        A,
        B,
        C
    }

    private static final String POLYGON = "POLYGON((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 2 1, 2 2, 1 1))";

    @BeforeAll
    static void createTable() {
        try (Connection c = MysqlTestSupport.connect()) {
            c.executeScript("""
                    CREATE OR REPLACE TABLE slmt_types (id INT PRIMARY KEY, en ENUM('small','Large'), st SET('a','b','c'),
                      js JSON, b1 BIT(1), b12 BIT(12), b64 BIT(64), g GEOMETRY, yr YEAR, pt POINT)""");
            c.executeScript("SET SESSION sql_mode = ''; INSERT INTO slmt_types VALUES"
                    + " (1, 'small', 'a,c', '{\"k\": [1, 2.50], \"s\": \"é😀\"}', b'1', b'101010101010',"
                    + "  b'1000000000000000000000000000000000000000000000000000000000000001',"
                    + "  ST_GeomFromText('POINT(1 2)', 4326), 2024, POINT(3, 4)),"
                    + " (2, 'Large', '', '[]', b'0', b'0', x'ffffffffffffffff', ST_GeomFromText('" + POLYGON + "'),"
                    + "  1901, NULL),"
                    + " (3, 'bogus', 'c,b', 'null', b'1', b'000000000101', 0, ST_GeomFromText('LINESTRING(0 0, 1 1)', 3857),"
                    + "  '0000', NULL),"
                    + " (4, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)");
        }
    }

    @AfterAll
    static void dropTable() {
        try (Connection c = MysqlTestSupport.connect()) {
            c.executeScript("DROP TABLE IF EXISTS slmt_types");
        }
    }

    private static String select(String column) {
        return "SELECT " + column + " FROM slmt_types ORDER BY id";
    }

    /** Connector/J's two modes agree, and this driver's three paths all give what they give. */
    private static <T> void assertLikeConnectorJ(
            String sql, ConnectorJReference.JdbcReader<T> reference, Function<Row, T> reader) {
        List<List<T>> expected = ConnectorJReference.connectorJ(sql, reference);
        assertThat(expected.get(1)).as(CONNECTOR_J_PATHS.get(1)).isEqualTo(expected.get(0));
        assertEverywhere(sql, reader, expected.get(0));
    }

    private static <T> void assertEverywhere(String sql, Function<Row, T> reader, List<T> expected) {
        List<List<T>> actual = ConnectorJReference.sluice(sql, reader);
        for (int k = 0; k < actual.size(); k++) {
            assertThat(actual.get(k)).as(SLUICE_PATHS.get(k)).isEqualTo(expected);
        }
    }

    /** {@code read}'s value as text, or the class and message of the ValueConversionException it threw. */
    private static String orError(Function<Row, Object> read, Row r) {
        try {
            Object v = read.apply(r);
            return v instanceof byte[] b ? HexFormat.of().formatHex(b) : String.valueOf(v);
        } catch (ValueConversionException e) {
            return "ValueConversionException: " + e.getMessage();
        }
    }

    private static String hex(byte[] b) {
        return b == null ? null : HexFormat.of().formatHex(b);
    }

    @Test
    void shouldReadEnumLabelsAsConnectorJAndAsConstantsByNameThenIgnoringCase() {
        String sql = select("en");
        assertLikeConnectorJ(sql, rs -> rs.getString(1), r -> r.getString(0));
        assertLikeConnectorJ(sql, rs -> String.valueOf(rs.getObject(1)), r -> String.valueOf(r.getObject(0)));
        assertEverywhere(
                sql,
                r -> orError(row -> row.get(0, Size.class), r),
                List.of(
                        "SMALL",
                        "Large",
                        "ValueConversionException: no enum constant for label: column=en, label=, enum="
                                + Size.class.getName() + ", constants=[SMALL, Large]",
                        "null"));
        assertEverywhere(
                "SELECT en FROM slmt_types WHERE id <> 3 ORDER BY id",
                r -> r.getEnum("en", Size.class),
                Arrays.asList(Size.SMALL, Size.Large, null));
        assertEverywhere(
                sql,
                r -> orError(row -> row.getEnum(0, Clash.class), r).replaceAll(", enum=.*", ""),
                List.of(
                        "ValueConversionException: no enum constant for label: column=en, label=small",
                        "ValueConversionException: label matches two enum constants ignoring case: column=en,"
                                + " label=Large",
                        "ValueConversionException: no enum constant for label: column=en, label=",
                        "null"));
    }

    @Test
    void shouldReadSetMembersAsEnumSetsAndListsOfLabels() {
        String sql = select("st");
        assertLikeConnectorJ(sql, rs -> rs.getString(1), r -> r.getString(0));
        assertEverywhere(
                sql,
                r -> r.getEnumSet(0, Letter.class),
                Arrays.asList(
                        EnumSet.of(Letter.A, Letter.C),
                        EnumSet.noneOf(Letter.class),
                        EnumSet.of(Letter.B, Letter.C),
                        null));
        assertEverywhere(
                sql,
                r -> r.getList(0, String.class),
                Arrays.asList(List.of("a", "c"), List.of(), List.of("b", "c"), null));
        assertEverywhere(
                sql,
                r -> r.getList(0, Letter.class),
                Arrays.asList(List.of(Letter.A, Letter.C), List.of(), List.of(Letter.B, Letter.C), null));
        assertEverywhere(
                "SELECT st FROM slmt_types WHERE id = 1",
                r -> orError(row -> row.get(0, EnumSet.class), r),
                List.of("ValueConversionException: a set needs its element type: column=st"
                        + " (use getEnumSet(i, MyEnum.class) or getList(i, String.class))"));
    }

    @Test
    void shouldReadJsonAsItsTextLikeConnectorJ() {
        String sql = select("js");
        assertLikeConnectorJ(sql, rs -> rs.getString(1), r -> r.getString(0));
        assertLikeConnectorJ(sql, rs -> hex(rs.getBytes(1)), r -> hex(r.getBytes(0)));
        assertLikeConnectorJ(sql, rs -> String.valueOf(rs.getObject(1)), r -> String.valueOf(r.getObject(0)));
        assertLikeConnectorJ(
                sql, rs -> rs.getString(1) == null ? null : new Json(rs.getString(1)), r -> r.get(0, Json.class));
        assertEverywhere(
                "SELECT JSON_OBJECT('a', 1, 'b', JSON_ARRAY(true, NULL)) AS j",
                r -> r.get("j", Json.class),
                List.of(new Json("{\"a\": 1, \"b\": [true, null]}")));
    }

    @Test
    void shouldReportMariadbJsonAndSpatialSubtypesFromExtendedTypeInformation() {
        String sql = "SELECT js, g, pt, st FROM slmt_types WHERE id = 1";
        assertLikeConnectorJ(
                sql,
                rs -> rs.getMetaData().getColumnTypeName(1) + " "
                        + rs.getMetaData().getColumnTypeName(3),
                r -> r.column(0).nativeType() + " " + r.column(2).nativeType());
        assertEverywhere(
                sql,
                r -> r.columns().stream()
                        .map(c -> c.type() + "/" + c.nativeType())
                        .toList(),
                List.of(List.of("JSON/JSON", "BYTES/GEOMETRY", "BYTES/POINT", "TEXT/SET")));
        // MariaDB marks JSON expressions too; Connector/J names only a JSON LONGTEXT JSON, this one VARCHAR.
        String expression = "SELECT JSON_OBJECT('a', 1)";
        assertLikeConnectorJ(expression, rs -> rs.getMetaData().getColumnTypeName(1), r -> "VARCHAR");
        assertEverywhere(expression, r -> r.column(0).type() + "/" + r.column(0).nativeType(), List.of("JSON/JSON"));
    }

    @Test
    void shouldReadBitsAsNumbersBytesBitSetsAndBooleansLikeConnectorJ() {
        for (String column : List.of("b1", "b12", "b64")) {
            String sql = select(column);
            assertLikeConnectorJ(sql, rs -> nullable(rs, rs.getLong(1)), r -> r.isNull(0) ? null : r.getLong(0));
            assertLikeConnectorJ(sql, rs -> nullable(rs, rs.getBoolean(1)), r -> r.isNull(0) ? null : r.getBoolean(0));
            assertLikeConnectorJ(sql, rs -> hex(rs.getBytes(1)), r -> hex(r.getBytes(0)));
            assertLikeConnectorJ(sql, rs -> rs.getObject(1, BitSet.class), r -> r.get(0, BitSet.class));
            assertLikeConnectorJ(
                    sql,
                    rs -> rs.getObject(1) instanceof byte[] b ? hex(b) : rs.getObject(1),
                    r -> r.getObject(0) instanceof byte[] b ? hex(b) : r.getObject(0));
            assertLikeConnectorJ(sql, rs -> rs.getString(1), r -> r.getString(0));
        }
        assertEverywhere(select("b1"), r -> r.getString(0), Arrays.asList("true", "false", "true", null));
        assertEverywhere(select("b12"), r -> r.getString(0), Arrays.asList("b'101010101010'", "b''", "b'101'", null));
        // Connector/J reads BIT(64)'s top bit as a sign in getBigDecimal too; BIT is unsigned, as b64 + 0 shows.
        assertThat(ConnectorJReference.connectorJ(select("b64 + 0"), rs -> rs.getBigDecimal(1))
                        .getFirst())
                .containsExactly(
                        new BigDecimal("9223372036854775809"),
                        new BigDecimal("18446744073709551615"),
                        BigDecimal.ZERO,
                        null);
        assertEverywhere(
                select("b64"),
                r -> r.getBigDecimal(0),
                Arrays.asList(
                        new BigDecimal("9223372036854775809"),
                        new BigDecimal("18446744073709551615"),
                        BigDecimal.ZERO,
                        null));
    }

    private static <T> T nullable(ResultSet rs, T value) throws java.sql.SQLException {
        return rs.wasNull() ? null : value;
    }

    @Test
    void shouldReadSpatialValuesAsInternalBytesOrSridAndWkb() {
        String sql = select("g");
        assertLikeConnectorJ(sql, rs -> hex(rs.getBytes(1)), r -> hex(r.getBytes(0)));
        List<List<String>> wkb = ConnectorJReference.connectorJ(
                select("ST_SRID(g), ST_AsBinary(g)"),
                rs -> rs.getString(1) == null ? null : rs.getLong(1) + " " + hex(rs.getBytes(2)));
        assertEverywhere(
                sql,
                r -> {
                    Geometry g = r.get(0, Geometry.class);
                    return g == null ? null : Integer.toUnsignedString(g.srid()) + " " + hex(g.wkb());
                },
                wkb.get(0));
        assertThat(wkb.get(0).getFirst()).isEqualTo("4326 0101000000000000000000f03f0000000000000040");
    }

    @Test
    void shouldReadYearsAsShortsTextAndJavaYearsLikeConnectorJ() {
        String sql = select("yr");
        assertLikeConnectorJ(sql, rs -> nullable(rs, rs.getShort(1)), r -> r.isNull(0) ? null : r.getShort(0));
        assertLikeConnectorJ(sql, rs -> nullable(rs, rs.getInt(1)), r -> r.isNull(0) ? null : r.getInt(0));
        assertEverywhere(sql, r -> r.getString(0), Arrays.asList("2024", "1901", "0000", null));
        assertEverywhere(sql, r -> r.getObject(0), Arrays.asList((short) 2024, (short) 1901, (short) 0, null));
        assertEverywhere(sql, r -> r.get(0, Year.class), Arrays.asList(Year.of(2024), Year.of(1901), Year.of(0), null));
    }
}
