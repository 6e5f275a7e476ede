package io.sluice.jdbc.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The in-memory result set every metadata call returns: conversions, navigation, metadata, life cycle. */
class MetaResultSetTest {

    /** Two rows in the getPrimaryKeys layout; the second has nulls and a KEY_SEQ given as a Long. */
    private static MetaResultSet keys() {
        List<Object[]> rows = new ArrayList<>();
        rows.add(new Object[] {"db", "public", "orders", "id", (short) 1, "orders_pkey"});
        rows.add(new Object[] {null, null, "orders", "region", 2L, null});
        return new MetaResultSet(MetaLayouts.PRIMARY_KEYS, rows);
    }

    @Test
    void shouldReadValuesWithTheGettersTheirTypesCallFor() throws SQLException {
        try (ResultSet result = keys()) {
            assertThat(result.next()).isTrue();
            assertThat(result.getString("TABLE_NAME")).isEqualTo("orders");
            assertThat(result.getShort("KEY_SEQ")).isEqualTo((short) 1);
            assertThat(result.getInt("KEY_SEQ")).isEqualTo(1);
            assertThat(result.getLong(5)).isEqualTo(1L);
            assertThat(result.getObject("KEY_SEQ")).isEqualTo((short) 1);
            assertThat(result.getString("KEY_SEQ")).isEqualTo("1");
            assertThat(result.getBigDecimal("KEY_SEQ")).isEqualByComparingTo(BigDecimal.ONE);
            assertThat(result.getDouble("KEY_SEQ")).isEqualTo(1.0);
            assertThat(result.getBoolean("KEY_SEQ")).isTrue();
            assertThat(result.getObject("KEY_SEQ", Integer.class)).isEqualTo(1);
            assertThat(result.getObject("KEY_SEQ", String.class)).isEqualTo("1");
            assertThat(result.wasNull()).isFalse();
        }
    }

    @Test
    void shouldNarrowIntegralValuesToTheColumnTypeWhenBuilt() throws SQLException {
        try (ResultSet result = keys()) {
            result.absolute(2);
            assertThat(result.getObject("KEY_SEQ")).isEqualTo((short) 2);
        }
        List<Object[]> rows = new ArrayList<>();
        rows.add(new Object[] {"t", 12, BigInteger.valueOf(10), 1L, "f"});
        List<MetaColumn> layout = List.of(
                new MetaColumn("A", java.sql.JDBCType.VARCHAR),
                new MetaColumn("B", java.sql.JDBCType.SMALLINT),
                new MetaColumn("C", java.sql.JDBCType.INTEGER),
                new MetaColumn("D", java.sql.JDBCType.BOOLEAN),
                new MetaColumn("E", java.sql.JDBCType.BOOLEAN));
        try (ResultSet result = new MetaResultSet(layout, rows)) {
            result.next();
            assertThat(result.getObject(2)).isEqualTo((short) 12);
            assertThat(result.getObject(3)).isEqualTo(10);
            assertThat(result.getObject(4)).isEqualTo(true);
            assertThat(result.getObject(5)).isEqualTo(false);
        }
    }

    @Test
    void shouldRefuseValuesThatCannotHaveTheirColumnType() {
        List<Object[]> outOfRange = new ArrayList<>();
        outOfRange.add(new Object[] {null, null, "t", "c", 70000, null});
        assertThatThrownBy(() -> new MetaResultSet(MetaLayouts.PRIMARY_KEYS, outOfRange))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("KEY_SEQ");
        List<Object[]> wrongClass = new ArrayList<>();
        wrongClass.add(new Object[] {null, null, 42, "c", 1, null});
        assertThatThrownBy(() -> new MetaResultSet(MetaLayouts.PRIMARY_KEYS, wrongClass))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TABLE_NAME");
        List<Object[]> tooShort = new ArrayList<>();
        tooShort.add(new Object[] {null, null});
        assertThatThrownBy(() -> new MetaResultSet(MetaLayouts.PRIMARY_KEYS, tooShort))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldReportNullsThroughWasNull() throws SQLException {
        try (ResultSet result = keys()) {
            result.absolute(2);
            assertThat(result.getString("PK_NAME")).isNull();
            assertThat(result.wasNull()).isTrue();
            assertThat(result.getInt("TABLE_CAT")).isZero();
            assertThat(result.wasNull()).isTrue();
            assertThat(result.getBoolean(1)).isFalse();
            assertThat(result.getObject(1, Integer.class)).isNull();
            assertThat(result.getString(3)).isEqualTo("orders");
            assertThat(result.wasNull()).isFalse();
        }
    }

    @Test
    void shouldThrowDataExceptionsForValuesThatDoNotConvert() throws SQLException {
        try (ResultSet result = keys()) {
            result.next();
            assertThatThrownBy(() -> result.getInt("TABLE_NAME"))
                    .isInstanceOf(SQLDataException.class)
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22018");
            assertThatThrownBy(() -> result.getBoolean("TABLE_NAME")).isInstanceOf(SQLDataException.class);
            assertThatThrownBy(() -> result.getDate("TABLE_NAME")).isInstanceOf(SQLDataException.class);
            assertThatThrownBy(() -> result.getObject("TABLE_NAME", java.util.UUID.class))
                    .isInstanceOf(SQLDataException.class);
        }
        List<Object[]> rows = new ArrayList<>();
        rows.add(new Object[] {"x", 1L << 40});
        List<MetaColumn> layout =
                List.of(new MetaColumn("A", java.sql.JDBCType.VARCHAR), new MetaColumn("B", java.sql.JDBCType.BIGINT));
        try (ResultSet result = new MetaResultSet(layout, rows)) {
            result.next();
            assertThatThrownBy(() -> result.getInt(2))
                    .isInstanceOf(SQLDataException.class)
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22003");
            assertThat(result.getLong(2)).isEqualTo(1L << 40);
        }
    }

    @Test
    void shouldFindColumnsWhateverTheirCase() throws SQLException {
        try (ResultSet result = keys()) {
            assertThat(result.findColumn("table_name")).isEqualTo(3);
            assertThat(result.findColumn("Key_Seq")).isEqualTo(5);
            assertThatThrownBy(() -> result.findColumn("NO_SUCH")).isInstanceOf(SQLException.class);
        }
    }

    @Test
    void shouldNavigateTheRowsInMemory() throws SQLException {
        try (ResultSet result = keys()) {
            assertThat(result.getType()).isEqualTo(ResultSet.TYPE_SCROLL_INSENSITIVE);
            assertThat(result.getConcurrency()).isEqualTo(ResultSet.CONCUR_READ_ONLY);
            assertThat(result.isBeforeFirst()).isTrue();
            assertThat(result.getRow()).isZero();
            assertThatThrownBy(() -> result.getString(1)).isInstanceOf(SQLException.class);
            assertThat(result.next()).isTrue();
            assertThat(result.isFirst()).isTrue();
            assertThat(result.getRow()).isEqualTo(1);
            assertThat(result.next()).isTrue();
            assertThat(result.isLast()).isTrue();
            assertThat(result.next()).isFalse();
            assertThat(result.isAfterLast()).isTrue();
            assertThat(result.next()).isFalse();
            assertThat(result.previous()).isTrue();
            assertThat(result.getString("COLUMN_NAME")).isEqualTo("region");
            assertThat(result.relative(-1)).isTrue();
            assertThat(result.getString("COLUMN_NAME")).isEqualTo("id");
            assertThat(result.absolute(-1)).isTrue();
            assertThat(result.getRow()).isEqualTo(2);
            assertThat(result.first()).isTrue();
            assertThat(result.last()).isTrue();
            result.afterLast();
            assertThat(result.getRow()).isZero();
            result.beforeFirst();
            assertThat(result.isBeforeFirst()).isTrue();
        }
        try (ResultSet empty = MetaResultSet.empty(MetaLayouts.PRIMARY_KEYS)) {
            assertThat(empty.isBeforeFirst()).isFalse();
            assertThat(empty.next()).isFalse();
            assertThat(empty.isAfterLast()).isFalse();
        }
    }

    @Test
    void shouldDescribeItsColumnsInResultSetMetaData() throws SQLException {
        try (ResultSet result = keys()) {
            ResultSetMetaData metaData = result.getMetaData();
            assertThat(metaData.getColumnCount()).isEqualTo(6);
            assertThat(metaData.getColumnName(5)).isEqualTo("KEY_SEQ");
            assertThat(metaData.getColumnLabel(4)).isEqualTo("COLUMN_NAME");
            assertThat(metaData.getColumnType(5)).isEqualTo(Types.SMALLINT);
            assertThat(metaData.getColumnType(1)).isEqualTo(Types.VARCHAR);
            assertThat(metaData.getColumnClassName(5)).isEqualTo(Short.class.getName());
            assertThat(metaData.isReadOnly(1)).isTrue();
            assertThatThrownBy(() -> metaData.getColumnName(7)).isInstanceOf(SQLException.class);
        }
    }

    @Test
    void shouldRefuseChangesAndCloseIdempotently() throws SQLException {
        ResultSet result = keys();
        result.next();
        assertThatThrownBy(() -> result.updateString(1, "x")).isInstanceOf(SQLFeatureNotSupportedException.class);
        assertThatThrownBy(result::deleteRow).isInstanceOf(SQLFeatureNotSupportedException.class);
        assertThatThrownBy(() -> result.getBlob(1)).isInstanceOf(SQLFeatureNotSupportedException.class);
        assertThat(result.unwrap(MetaResultSet.class)).isSameAs(result);
        assertThat(result.isWrapperFor(ResultSet.class)).isTrue();
        assertThatThrownBy(() -> result.unwrap(String.class)).isInstanceOf(SQLException.class);
        result.close();
        result.close();
        assertThat(result.isClosed()).isTrue();
        assertThatThrownBy(result::next).isInstanceOf(SQLException.class);
        assertThatThrownBy(() -> result.getString(1)).isInstanceOf(SQLException.class);
    }
}
