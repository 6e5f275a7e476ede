package io.sluice.jdbc.metadata;

import io.sluice.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@link DatabaseMetaData#getBestRowIdentifier} and {@link DatabaseMetaData#getVersionColumns} on MySQL and
 * MariaDB: the best row identifier is the primary key (reported with session scope, as MariaDB Connector/J
 * does); the version columns are those the server updates on every row change
 * ({@code ON UPDATE CURRENT_TIMESTAMP}).
 */
final class MysqlRowIdentifiers {

    /** Columns with their types; the caller adds the filters and the condition that picks the columns. */
    static final String SELECT = """
            SELECT COLUMN_NAME, DATA_TYPE, COALESCE(NUMERIC_PRECISION, CHARACTER_MAXIMUM_LENGTH), NUMERIC_SCALE
            FROM information_schema.COLUMNS WHERE 1 = 1""";

    private MysqlRowIdentifiers() {}

    /** Runs {@code sql} (on {@link #SELECT}) and reports the columns as a best row identifier. */
    static MetaResultSet bestRow(Connection connection, CatalogSql sql) throws SQLException {
        return read(connection, sql.append(" AND COLUMN_KEY = 'PRI' ORDER BY ORDINAL_POSITION"), true);
    }

    /** Runs {@code sql} (on {@link #SELECT}) and reports the columns as version columns. */
    static MetaResultSet versionColumns(Connection connection, CatalogSql sql) throws SQLException {
        return read(connection, sql.append(" AND EXTRA LIKE '%on update%' ORDER BY ORDINAL_POSITION"), false);
    }

    private static MetaResultSet read(Connection connection, CatalogSql sql, boolean bestRow) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        for (Object[] raw : sql.rows(connection)) {
            String dataType = ((String) raw[1]).toLowerCase(Locale.ROOT);
            Long size = raw[2] == null ? null : Math.min(((Number) raw[2]).longValue(), Integer.MAX_VALUE);
            rows.add(new Object[] {
                bestRow ? DatabaseMetaData.bestRowSession : null,
                raw[0],
                MysqlColumns.jdbcType(dataType),
                dataType,
                size,
                0,
                raw[3],
                bestRow ? DatabaseMetaData.bestRowNotPseudo : DatabaseMetaData.versionColumnNotPseudo
            });
        }
        return new MetaResultSet(MetaLayouts.BEST_ROW_IDENTIFIER, rows);
    }
}
