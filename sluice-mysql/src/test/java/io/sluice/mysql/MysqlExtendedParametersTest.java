package io.sluice.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.Connection;
import io.sluice.Json;
import io.sluice.PreparedStatement;
import io.sluice.ValueConversionException;
import java.time.Year;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Java enums, sets of them, {@link Json}, {@link BitSet}, {@link Geometry} and {@link Year} as parameters:
 * written by a cached statement, an explicitly prepared one and a batch (COM_STMT_BULK_EXECUTE on
 * MariaDB), then read back by MariaDB Connector/J and by every path of this driver. Table prefix slmt_.
 */
class MysqlExtendedParametersTest {

    enum Size {
        SMALL,
        Large
    }

    enum Letter {
        A,
        B,
        C
    }

    /** POINT(1 2), little-endian WKB. */
    private static final byte[] POINT_WKB = HexFormat.of().parseHex("0101000000000000000000f03f0000000000000040");

    private static final String INSERT = "INSERT INTO slmt_params VALUES (?, ?, ?, ?, ?, ?, ?, ?)";

    @BeforeEach
    void createTable() {
        try (Connection c = MysqlTestSupport.connect()) {
            c.executeScript("CREATE OR REPLACE TABLE slmt_params (id INT PRIMARY KEY, en ENUM('small','Large'),"
                    + " st SET('a','b','c'), js JSON, b64 BIT(64), b12 BIT(12), g GEOMETRY, yr YEAR)");
        }
    }

    @AfterEach
    void dropTable() {
        try (Connection c = MysqlTestSupport.connect()) {
            c.executeScript("DROP TABLE IF EXISTS slmt_params");
        }
    }

    private static BitSet bits(int... set) {
        BitSet b = new BitSet();
        for (int k : set) {
            b.set(k);
        }
        return b;
    }

    /** Three rows of parameters, each type in its edge forms (case-folded label, empty set, BIT(64)'s top bit). */
    private static List<Object[]> rows() {
        Set<String> labels = new LinkedHashSet<>(List.of("c", "a"));
        return List.of(
                new Object[] {
                    1,
                    Size.SMALL,
                    EnumSet.of(Letter.A, Letter.C),
                    new Json("{\"k\": [1, \"é\"]}"),
                    bits(0, 63),
                    bits(0, 2),
                    new Geometry(4326, POINT_WKB),
                    Year.of(1999)
                },
                new Object[] {
                    2, Size.Large, EnumSet.noneOf(Letter.class), new Json("[]"), bits(), bits(11), null, Year.of(2155)
                },
                new Object[] {3, null, labels, null, null, null, new Geometry(0, POINT_WKB), Year.of(1901)});
    }

    private static final List<String> STORED = List.of(
            "1|small|a,c|{\"k\": [1, \"é\"]}|9223372036854775809|5|4326 "
                    + HexFormat.of().formatHex(POINT_WKB) + "|1999",
            "2|Large||[]|0|2048|null|2155",
            "3|null|a,c|null|null|null|0 " + HexFormat.of().formatHex(POINT_WKB) + "|1901");

    private static final String SELECT =
            "SELECT id, en, st, js, b64 + 0, b12 + 0, ST_SRID(g), ST_AsBinary(g), yr FROM slmt_params ORDER BY id";

    /** What Connector/J reads: the stored text of each column, BITs as the server's numbers, g as SRID and WKB. */
    private static List<String> storedByConnectorJ() {
        List<List<String>> paths = ConnectorJReference.connectorJ(SELECT, rs -> {
            List<String> v = new ArrayList<>();
            for (int k = 1; k <= 9; k++) {
                if (k == 8) {
                    continue;
                }
                String s = rs.getString(k);
                v.add(k == 7 && s != null ? s + " " + HexFormat.of().formatHex(rs.getBytes(8)) : s);
            }
            return String.join("|", v.stream().map(String::valueOf).toList());
        });
        assertThat(paths.get(1)).isEqualTo(paths.get(0));
        return paths.get(0);
    }

    /** What this driver reads on each of its paths, with the getters each type has. */
    private static void assertReadBack() {
        List<List<String>> paths = ConnectorJReference.sluice(
                "SELECT * FROM slmt_params ORDER BY id",
                r -> r.getInt("id") + "|" + r.getEnum("en", Size.class) + "|" + r.getEnumSet("st", Letter.class) + "|"
                        + r.get("js", Json.class) + "|" + r.get("b64", BitSet.class) + "|" + r.get("b12", BitSet.class)
                        + "|" + r.get("g", Geometry.class) + "|" + r.get("yr", Year.class));
        String point = "Geometry[srid=%s, wkb=" + HexFormat.of().formatHex(POINT_WKB) + "]";
        List<String> expected = List.of(
                "1|SMALL|[A, C]|Json[text={\"k\": [1, \"é\"]}]|{0, 63}|{0, 2}|" + point.formatted(4326) + "|1999",
                "2|Large|[]|Json[text=[]]|{}|{11}|null|2155",
                "3|null|[A, C]|null|null|null|" + point.formatted(0) + "|1901");
        for (int k = 0; k < paths.size(); k++) {
            assertThat(paths.get(k)).as(ConnectorJReference.SLUICE_PATHS.get(k)).isEqualTo(expected);
        }
    }

    @Test
    void shouldStoreEachTypeWhenSentByACachedStatement() {
        try (Connection c = MysqlTestSupport.connect()) {
            for (Object[] row : rows()) {
                c.execute(INSERT, row);
            }
        }
        assertThat(storedByConnectorJ()).isEqualTo(STORED);
        assertReadBack();
    }

    @Test
    void shouldStoreEachTypeWhenSentByAPreparedStatement() {
        try (Connection c = MysqlTestSupport.connect(MysqlTestSupport.root().statementCacheSize(0));
                PreparedStatement ps = c.prepare(INSERT)) {
            for (Object[] row : rows()) {
                ps.execute(row);
            }
        }
        assertThat(storedByConnectorJ()).isEqualTo(STORED);
        assertReadBack();
    }

    @Test
    void shouldStoreEachTypeWhenSentAsABatch() {
        try (Connection c = MysqlTestSupport.connect()) {
            c.executeBatch(INSERT, rows());
        }
        assertThat(storedByConnectorJ()).isEqualTo(STORED);
        assertReadBack();
    }

    @Test
    void shouldRefuseSetLabelsWithCommasAndBitSetsWiderThanBit64() {
        try (Connection c = MysqlTestSupport.connect()) {
            assertThatThrownBy(() -> c.execute(INSERT, 9, null, Set.of("a,b"), null, null, null, null, null))
                    .isInstanceOf(ValueConversionException.class)
                    .hasMessage("a SET label cannot hold a comma: label=a,b");
            assertThatThrownBy(() -> c.execute(INSERT, 9, null, Set.of(1), null, null, null, null, null))
                    .isInstanceOf(ValueConversionException.class)
                    .hasMessageContaining("member=java.lang.Integer");
            assertThatThrownBy(() -> c.execute(INSERT, 9, null, null, null, bits(64), null, null, null))
                    .isInstanceOf(ValueConversionException.class)
                    .hasMessage("BitSet longer than BIT(64): length=65");
            assertThat(c.query("SELECT COUNT(*) FROM slmt_params", r -> r.getLong(0)))
                    .containsExactly(0L);
        }
    }
}
